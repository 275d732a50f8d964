"""No false greens: a run that audited no Omaha hand exits 4 and says why (unless
``--allow-empty``), and ``auditor audit`` with no path is a usage error, not an audit of
the bundled fixtures."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from auditor.cli import EXIT_CODES
from tests.command import run_auditor as run
from tests.corpus import ROOT

STARS = ROOT / "fixtures" / "pokerstars"
ONE_BAD = STARS / "one_bad_hand_in_three.txt"




def _holdem_only(folder: Path) -> Path:
    """The fixture's hands relabelled as Hold'em: every one skipped as another game."""
    text = (STARS / "cash_plo_every_line.txt").read_text(encoding="utf-8")
    path = folder / "holdem.txt"
    path.write_text(text.replace("Omaha Pot Limit", "Hold'em No Limit"), encoding="utf-8")
    return path


def _only_the_bad_hand(folder: Path) -> Path:
    """The one unreadable hand of the fixture, alone: every hand rejected."""
    lines = ONE_BAD.read_text(encoding="utf-8").splitlines()
    path = folder / "bad.txt"
    path.write_text("\n".join(lines[15:28]) + "\n", encoding="utf-8")
    return path


def _inputs(kind: str, tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    if kind == "empty folder":
        return folder
    if kind == "other games":
        return _holdem_only(folder)
    if kind == "rejected":
        return _only_the_bad_hand(folder)
    notes = folder / "notes.txt"  # a layout no room reads
    notes.write_text("Hand #77 of the home game\nAnn bets 5\nBob calls 5\n", encoding="utf-8")
    return folder


def _counted(out: Path) -> dict[str, int]:
    files = pq.read_table(out / "files").to_pylist()
    for row in files:
        assert row["hands_read"] == (
            row["hands_audited"] + row["hands_skipped"] + row["hands_rejected"]
        )
    return {key: sum(r[key] for r in files) for key in ("hands_read", "hands_audited")}


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("empty folder", "nothing found"),
        ("other games", "only other games"),
        ("rejected", "nothing readable"),
        ("unsupported", "nothing readable"),
    ],
)
def test_a_run_that_audited_no_omaha_hand_exits_4_and_says_why(
    kind: str, says: str, tmp_path: Path
) -> None:
    path = _inputs(kind, tmp_path)
    out = tmp_path / "out"
    done = run("audit", str(path), "--out", str(out))
    assert done.returncode == 4, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "no Omaha hand audited" in done.stderr and says in done.stderr
    assert "--allow-empty" in done.stderr
    assert _counted(out)["hands_audited"] == 0  # the tables are written all the same
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "out"]


@pytest.mark.parametrize("kind", ["empty folder", "other games"])
def test_allow_empty_accepts_a_run_with_no_omaha_hand(kind: str, tmp_path: Path) -> None:
    path = _inputs(kind, tmp_path)
    done = run("audit", str(path), "--out", str(tmp_path / "out"), "--allow-empty")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_one_omaha_hand_audited_is_not_empty(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    _holdem_only(folder)
    clean = folder / "omaha.txt"
    clean.write_bytes((STARS / "run_it_twice_and_talk.txt").read_bytes())
    done = run("audit", str(folder), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no Omaha hand" not in done.stderr


def test_the_json_summary_says_why_nothing_was_audited(tmp_path: Path) -> None:
    path = _inputs("other games", tmp_path)
    done = run("audit", str(path), "--out", str(tmp_path / "out"), "--json")
    assert done.returncode == 4
    import json

    summary = json.loads(done.stdout)
    assert "only other games" in summary["nothing_audited"]
    assert summary["hands_audited"] == 0 and summary["hands_skipped"] > 0


def test_exit_4_is_in_the_help_and_the_readme() -> None:
    assert any(line.split()[:1] == ["4"] for line in EXIT_CODES.splitlines())
    help_text = run("audit", "--help").stdout
    assert "--allow-empty" in help_text
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "4 when no Omaha hand was audited" in readme


def test_audit_with_no_path_is_a_usage_error_naming_the_fixtures(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run("audit", "--out", str(out))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "fixtures" in done.stderr and "auditor audit fixtures" in done.stderr
    assert not out.exists()
    assert done.stdout == ""


def test_the_readme_quick_start_names_the_fixtures_folder() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "auditor audit fixtures --out audit-out --overwrite" in readme
    assert "auditor audit --out" not in readme
