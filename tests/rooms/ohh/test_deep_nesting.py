"""A hand whose JSON nests arrays 100,000 deep (hostile input of issue 22) is one
rejected hand with a PARSE_ERROR at the place the nesting passes the bound, not an
internal error: the file's other hands are audited and the run exits as for findings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd

from tests.corpus import ROOT

GOOD = (ROOT / "fixtures" / "ohh" / "ohh_storage_format_plo_and_hilo_side_pot.txt").read_text()
DEPTH = 100_000


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows, each a dict by column name."""
    return [{str(k): v for k, v in row.items()} for row in frame.to_dict("records")]


def audit(path: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(path), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_a_deeply_nested_hand_is_one_parse_error(tmp_path: Path) -> None:
    deep = '{"ohh": {"game_type": "Omaha", "game_number": "9",\n"x": ' + "[" * DEPTH
    deep += "]" * DEPTH + "}}"
    source = tmp_path / "deep.ohh"
    source.write_text(GOOD.rstrip("\n") + "\n\n" + deep + "\n", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    out = tmp_path / "out"
    done = audit(source, out)
    assert done.returncode == 1, done.stdout + done.stderr  # an error finding, not a bug
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "out"])
    findings = pd.read_parquet(out / "findings")
    assert "INTERNAL_ERROR" not in set(findings["code"])
    (bad,) = records(findings[findings["code"] == "PARSE_ERROR"])
    assert bad["hand_id"] == "9" and bad["source_line"] == GOOD.rstrip("\n").count("\n") + 4
    assert "nested" in bad["message"] and "deep" in bad["message"]
    (counts,) = records(pd.read_parquet(out / "files"))
    assert counts["hands_rejected"] == 1 and counts["hands_audited"] == 2
    assert counts["hands_read"] == counts["hands_audited"] + counts["hands_skipped"] + 1


def test_a_file_that_is_one_deep_array_is_told_as_such(tmp_path: Path) -> None:
    # the look at an unknown file's head parsed it as JSON and hit the recursion limit:
    # the whole file was "unreadable (RecursionError)"
    source = tmp_path / "deep.json"
    source.write_text("[" * DEPTH + "]" * DEPTH + "\n", encoding="utf-8")
    out = tmp_path / "out"
    done = audit(source, out)
    assert done.returncode in (0, 4), done.stdout + done.stderr  # no hand, no bug
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stdout
    (row,) = records(pd.read_parquet(out / "files"))
    assert row["status"] == "not read" and "JSON" in row["reason"]
    assert not len(pd.read_parquet(out / "findings"))
