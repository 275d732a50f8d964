"""``auditor replay FILE --hand ID`` on a hand that was not audited says so and why: a hand
of another game is skipped, an unreadable one rejected (its finding's message and line).
Neither was replayed: exit 4, as for a run that audited no Omaha hand. And ``audit --html
--hand ID`` naming such a hand says why it is not replayed in the report, rather than
failing with exit 2 after the tables are written."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from tests.command import run_auditor as run
from tests.corpus import ROOT

ONE_BAD = ROOT / "fixtures" / "pokerstars" / "one_bad_hand_in_three.txt"
HOLDEM_HEADER = "PokerStars Hand #200000000012:  Hold'em No Limit ($0.50/$1.00 USD)"




def _three_hands(tmp_path: Path) -> Path:
    """Hand ...10 audited, ...11 rejected (a line no grammar reads), ...12 Hold'em."""
    text = ONE_BAD.read_text(encoding="utf-8").replace(
        "PokerStars Hand #200000000012:  Omaha Hi/Lo No Limit ($0.50/$1.00 USD)", HOLDEM_HEADER
    )
    path = tmp_path / "three.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_of_a_skipped_hand_says_it_is_another_game(tmp_path: Path) -> None:
    done = run("replay", str(_three_hands(tmp_path)), "--hand", "200000000012")
    assert done.returncode == 4, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "hand 200000000012" in done.stderr and "skipped" in done.stderr
    assert "Hold'em No Limit" in done.stderr and "not Omaha" in done.stderr


def test_replay_of_a_rejected_hand_says_why_and_where(tmp_path: Path) -> None:
    source = _three_hands(tmp_path)
    done = run("replay", str(source), "--hand", "200000000011")
    assert done.returncode == 4, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    told = done.stderr
    assert "hand 200000000011" in told and "rejected" in told and "not replayed" in told
    assert "PARSE_ERROR" in told and f"{source}:23:1" in told
    assert "cannot read line 23: expected *** SUMMARY *** or a line of play" in told
    assert "b: shoves everything" in told


def test_replay_of_the_audited_hand_beside_them_is_unchanged(tmp_path: Path) -> None:
    done = run("replay", str(_three_hands(tmp_path)), "--hand", "200000000010")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("hand 200000000010 ")


def test_audit_html_hand_naming_a_rejected_hand_is_not_exit_2_after_writing(
    tmp_path: Path,
) -> None:
    source = _three_hands(tmp_path)
    out, html = tmp_path / "out", tmp_path / "report.html"
    done = run(
        "audit", str(source), "--out", str(out), "--html", str(html),
        "--hand", "200000000011", "--hand", "200000000012", "--hand", "200000000010",
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr  # the PARSE_ERROR, as without --hand
    assert "Traceback" not in done.stderr
    assert "200000000011" in done.stderr and "rejected" in done.stderr
    assert "PARSE_ERROR" in done.stderr and "line 23" in done.stderr
    assert "200000000012" in done.stderr and "skipped" in done.stderr
    assert html.is_file() and "200000000010" in html.read_text(encoding="utf-8")
    files = pq.read_table(out / "files").to_pylist()
    assert [(r["hands_read"], r["hands_audited"], r["hands_skipped"], r["hands_rejected"])
            for r in files] == [(3, 1, 1, 1)]  # fmt: skip
