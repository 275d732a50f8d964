"""Finding codes are a StrEnum: typed in the code, the same plain text everywhere outside."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa

from auditor.findings import CATALOGUE, Code, Finding, Severity
from auditor.source import SourceSpan

ROOT = Path(__file__).resolve().parents[1]


def test_every_code_is_catalogued_in_order_and_is_its_own_name() -> None:
    assert list(CATALOGUE) == list(Code)
    assert all(code.value == code.name for code in Code)
    assert Code.PARSE_ERROR == "PARSE_ERROR" and Code("POT_WRONG") is Code.POT_WRONG


def test_a_finding_code_leaves_as_plain_text() -> None:
    found = Finding(Code.RAKE_WRONG, "H1", "rake", SourceSpan("f.txt", 3))
    assert found.severity is Severity.ERROR
    assert f"{found.code}" == str(found.code) == "RAKE_WRONG"
    assert json.dumps({found.code: [found.code]}) == '{"RAKE_WRONG": ["RAKE_WRONG"]}'
    column = pa.array([found.code])
    assert column.type == pa.string() and type(column.to_pylist()[0]) is str


def _explain(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", "explain", code],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )


def test_explain_reads_a_code_in_any_case_and_refuses_an_unknown_one() -> None:
    shown = _explain("pot_wrong")
    assert shown.returncode == 0
    assert shown.stdout.startswith("POT_WRONG (error): the record shows")
    unknown = _explain("POT_RIGHT")
    assert unknown.returncode == 2 and "unknown finding code 'POT_RIGHT'" in unknown.stderr
