"""``--json``: the run's id and elapsed time beside the counts; ``--json-findings``: every
finding of the run located (file, line, column, hand, street, action) with what was
expected and recorded, and a consequence's root."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.corpus import ROOT

STARS = ROOT / "fixtures" / "pokerstars"
ONE_BAD = STARS / "one_bad_hand_in_three.txt"
KEYS_BEFORE = {
    "files", "files_not_read", "hands_read", "hands_audited", "hands_skipped",
    "hands_rejected", "files_unsupported", "skipped_games", "findings",
    "findings_by_severity", "worst_severity", "consequences", "consequences_total",
    "root_causes_total", "out",
}  # fmt: skip


def _audit(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stderr
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary


def _short_raise(folder: Path) -> Path:
    """A raise written $1 short: one CALL_WRONG and the findings that follow from it."""
    hand = (STARS / "cash_plo_every_line.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    path = folder / "short_raise.txt"
    path.write_text(hand.replace("eve: raises $10 to $13.50", "eve: raises $10 to $12.50"))
    return path


def test_json_names_the_run_and_its_time(tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary = _audit(str(ONE_BAD), "--out", str(out), "--json")
    assert set(summary) >= KEYS_BEFORE
    assert summary["findings"] == {"PARSE_ERROR": 1}  # the counts keep their key
    runs = json.loads((out / "_auditor_run.json").read_text(encoding="utf-8"))["runs"]
    assert summary["run_id"] == runs[-1]
    assert isinstance(summary["elapsed_seconds"], float) and summary["elapsed_seconds"] >= 0
    assert "finding_list" not in summary  # a million findings are not a summary


def test_json_findings_locates_every_finding(tmp_path: Path) -> None:
    summary = _audit(str(ONE_BAD), "--out", str(tmp_path / "out"), "--json-findings")
    (found,) = summary["finding_list"]
    assert re.fullmatch("[0-9a-f]{16}", found.pop("fingerprint"))  # tests/regress: stable
    assert found == {
        "code": "PARSE_ERROR",
        "severity": "error",
        "hand_id": "200000000011",
        "file": str(ONE_BAD),
        "line": 23,
        "column": 1,
        "street": "",
        "seq": None,
        "player": "",
        "expected": "expected *** SUMMARY *** or a line of play",
        "recorded": "b: shoves everything",
        "message": "cannot read line 23: expected *** SUMMARY *** or a line of play",
        "root": True,
        "suppressed_by": None,
        "caused_by": None,
    }


def test_json_findings_names_a_consequences_root(tmp_path: Path) -> None:
    source = _short_raise(tmp_path)
    summary = _audit(str(source), "--out", str(tmp_path / "out"), "--json-findings")
    listed = summary["finding_list"]
    roots = [f for f in listed if f["root"]]
    followed = [f for f in listed if not f["root"]]
    assert [(f["code"], f["line"]) for f in roots] == [("CALL_WRONG", 23)]
    assert followed and len(followed) == summary["consequences_total"]
    assert all(f["caused_by"] == {"code": "CALL_WRONG", "line": 23, "seq": roots[0]["seq"]}
               for f in followed)  # fmt: skip
    assert {f["file"] for f in listed} == {str(source)}
    assert len(roots) == summary["root_causes_total"]


def test_json_findings_lists_this_run_only(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _audit(str(ONE_BAD), "--out", str(out), "--json")
    again = _audit(str(ONE_BAD), "--out", str(out), "--append", "--json-findings")
    assert len(again["finding_list"]) == 1


def test_json_findings_of_a_clean_run_is_an_empty_list(tmp_path: Path) -> None:
    clean = STARS / "run_it_twice_and_talk.txt"
    summary = _audit(str(clean), "--out", str(tmp_path / "out"), "--json-findings")
    assert summary["finding_list"] == [] and summary["findings"] == {}
