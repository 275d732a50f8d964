"""A rejected hand's finding counts for its room and table in the report's summary.

A hand the grammar cannot read has no hands row, but its room (from the sniff) and table
(from its table line) are known and written in the findings table; the report's counts
by room and by table must include it, as they do every other finding."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from auditor.report.run_tables import load_run
from auditor.report.summary import summary
from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "one_bad_hand_in_three.txt"


def test_a_rejected_hand_counts_for_its_room_and_table(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(FIXTURE), "--out", str(out), "--quiet"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert done.returncode == 1, done.stderr  # the PARSE_ERROR is an error
    run = load_run(out)
    rejected = run.findings[run.findings["code"] == "PARSE_ERROR"]
    assert len(rejected) == 1
    assert rejected["hand_key"].isna().all() or not run.hands["hand_key"].isin(
        rejected["hand_key"].dropna()
    ).any()  # no hands row to take the room from
    made = summary(run)
    by_room = {row["name"]: row["count"] for row in made["by_room"]}
    by_table = {row["name"]: row["count"] for row in made["by_table"]}
    assert by_room == {"PokerStars": len(run.findings)}
    assert by_table.get("Fixture Three", 0) >= 1
    assert sum(by_table.values()) == len(run.findings)
