"""``auditor replay`` in the terminal shows what the hand was about, not just its bets:
the hole cards (as dealt or shown), each board by street, the showdown (who shows what,
with the record's words for it), each pot's awards (expected against recorded) and the
rake. The hand is the bundled PokerStars fixture's first, whose every line is read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"


def _first_hand(tmp_path: Path, edit: tuple[str, str] = ("", "")) -> Path:
    text = FIXTURE.read_text(encoding="utf-8").split("\n\n\n")[0]
    if edit[0]:
        assert edit[0] in text
        text = text.replace(*edit)
    path = tmp_path / "hand.txt"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def _replay(path: Path) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, [line.strip() for line in done.stdout.splitlines()]


def test_replay_shows_hole_cards_boards_showdown_awards_and_rake(tmp_path: Path) -> None:
    code, lines = _replay(_first_hand(tmp_path))
    assert code == 0
    # hole cards beside the starting stacks: dealt (Ann), shown (eve), mucked face up (frank)
    assert "Ann Lee: 100.00  [Ah Kd 5c 5s]" in lines
    assert "eve: 100.00  [As Ks 9d 9c]" in lines
    assert "frank: 2.00  [8h 6h 4d 3c]" in lines
    assert "dave: 40.00" in lines  # nothing shown of his
    assert "-- flop: [2c 7d Th]" in lines and "-- river: [2c 7d Th Qs 3h]" in lines
    # the showdown, as the record has it, at its lines
    assert "39 eve shows [As Ks 9d 9c] (a pair of Nines)" in lines
    assert "40 frank mucks" in lines
    assert "36 uncalled 46.50 returned to eve" in lines
    assert "41 eve collects 101.00 from side pot 1" in lines
    assert "42 eve collects 8.50 from the main pot" in lines
    # the pots (the chips put in) and each award, expected against recorded; the rake
    assert "main pot 8.50, eligible eve, frank; won by eve" in lines
    assert "side pot 1 104.50, eligible eve; won by eve"  # before the rake in lines
    assert "main pot scoop: eve expected 8.50, recorded 8.50" in lines
    assert "side pot 1 scoop: eve expected 101.00, recorded 101.00" in lines
    assert "total pot 113.00, rake 3.50 (written)" in lines


def test_replay_marks_an_award_that_differs_from_the_rules(tmp_path: Path) -> None:
    paid_wrong = ("eve collected $8.50 from main pot", "frank collected $8.50 from main pot")
    code, lines = _replay(_first_hand(tmp_path, paid_wrong))
    assert code == 1  # WINNER_WRONG
    assert "42 frank collects 8.50 from the main pot" in lines
    awards = [x for x in lines if x.startswith("main pot scoop:")]
    assert awards == [
        "main pot scoop: eve expected 8.50, recorded 0.00  << differs",
        "main pot scoop: frank expected 0.00, recorded 8.50  << differs",
    ]
