"""Hostile PHH documents (issue 22): an array nested 5,000 deep, and a ``variant`` that
is no string, are each one rejected hand with a PARSE_ERROR at the key's line, not an
internal error (exit 3), a file "in no layout", or a hand skipped as an unknown game;
the file's other hands are audited and every hand is counted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd

from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "phh"
ONE_A_LINE = (FIXTURES / "phh_pot_limit_side_pot_one_action_a_line.txt").read_text()
SESSION = (FIXTURES / "phh_fixed_limit_hilo_session.txt").read_text()


def audit(path: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(path), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows, each a dict by column name."""
    return [{str(k): v for k, v in row.items()} for row in frame.to_dict("records")]


def rejected_one(source: Path, tmp_path: Path, audited: int) -> dict[str, Any]:
    """Audits ``source``; checks the run and gives its one PARSE_ERROR."""
    before = sorted(p.name for p in tmp_path.iterdir())
    out = tmp_path / "out"
    done = audit(source, out)
    # an error finding, no bug; with no other hand, no Omaha hand audited (exit 4)
    assert done.returncode == (1 if audited else 4), done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "out"])
    findings = pd.read_parquet(out / "findings")
    assert set(findings["code"]) == {"PARSE_ERROR"}, findings[["code", "message"]]
    (counts,) = records(pd.read_parquet(out / "files"))
    told = (counts["hands_rejected"], counts["hands_audited"], counts["hands_skipped"])
    assert told == (1, audited, 0)
    assert counts["hands_read"] == 1 + audited
    (finding,) = records(findings)
    return finding


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_an_array_nested_5000_deep_is_a_parse_error(tmp_path: Path) -> None:
    text = SESSION.replace("small_bet = 2000", "small_bet = " + "[" * 5000 + "]" * 5000, 1)
    source = tmp_path / "deep.phhs"
    source.write_text(text, encoding="utf-8")
    finding = rejected_one(source, tmp_path, audited=1)
    assert finding["source_line"] == line_of(text, "small_bet = [")
    assert "nested" in finding["message"] and "deep" in finding["message"]


def test_a_variant_written_as_a_number_in_a_phh_file(tmp_path: Path) -> None:
    text = ONE_A_LINE.replace('variant = "PO"', "variant = 7", 1)
    source = tmp_path / "hand.phh"
    source.write_text(text, encoding="utf-8")
    finding = rejected_one(source, tmp_path, audited=0)
    assert finding["source_line"] == line_of(text, "variant = 7")
    assert "variant" in finding["message"] and "string" in finding["message"]
    assert "integer 7" in finding["message"]
    assert finding["message"].startswith(f"cannot read line {finding['source_line']}:")


def test_a_variant_written_as_an_array_in_a_phhs_table(tmp_path: Path) -> None:
    # the second table's variant; the first table's hand is still audited
    parts = SESSION.split("[2]\nvariant = 'FO/8'")
    assert len(parts) == 2
    text = parts[0] + "[2]\nvariant = ['FO/8']" + parts[1]
    source = tmp_path / "session.phhs"
    source.write_text(text, encoding="utf-8")
    finding = rejected_one(source, tmp_path, audited=1)
    assert finding["source_line"] == line_of(text, "variant = [")
    assert "variant" in finding["message"] and "string" in finding["message"]
    assert "array" in finding["message"]
