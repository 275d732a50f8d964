"""Names from the input reach the terminal shown, never obeyed; the tables keep them exact.

A player name (or a file name) holding ESC ] 0 ; ... BEL sets the window title of whoever
reads the output, ESC [ 2 J clears the screen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

import auditor
from auditor.cli import main
from auditor.terminal import printable

EVIL = "eve\x1b]0;pwned\x07\x1b[2J"
# ESC, BEL, every other C0 control but newline, DEL and the C1 controls (U+009B is a CSI)
CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def fold_hand(number: int, button: int, seats: Sequence[tuple[int, str, int]]) -> str:
    """A PokerStars hand ($1/$2) that everyone folds to the big blind; stacks in dollars."""
    names = [name for _, name, _ in seats]
    at = names.index(next(n for s, n, _ in seats if s == button))
    sb, bb = names[(at + 1) % len(names)], names[(at + 2) % len(names)]
    order = names[(at + 3) % len(names) :] + names[: (at + 3) % len(names)]
    return "\n".join(
        [
            f"PokerStars Hand #{1000 + number}:  Omaha Pot Limit ($1/$2 USD) - "
            f"2014/02/21 12:{number:02d}:08 ET",
            f"Table 'T' 6-max Seat #{button} is the button",
            *(f"Seat {seat}: {name} (${stack} in chips)" for seat, name, stack in seats),
            f"{sb}: posts small blind $1",
            f"{bb}: posts big blind $2",
            "*** HOLE CARDS ***",
            *(f"{name}: folds" for name in order if name != bb),
            f"Uncalled bet ($1) returned to {bb}",
            f"{bb} collected $2 from pot",
            "*** SUMMARY ***",
            "Total pot $2 | Rake $0",
            "",
            "",
        ]
    )


@pytest.fixture
def evil_file(tmp_path: Path) -> Path:
    """Two hands at one table; the evil player's stack shrinks between them with no rebuy
    (a STACK_CONTINUITY whose message names him); the file name holds a title escape."""
    first = [(1, "ann", 200), (2, "bob", 200), (3, "cat", 200), (4, EVIL, 200)]
    second = [(1, "ann", 200), (2, "bob", 199), (3, "cat", 201), (4, EVIL, 187)]
    path = tmp_path / "hands\x1b]0;file\x07.txt"
    path.write_text(fold_hand(1, 1, first) + fold_hand(2, 2, second), encoding="utf-8")
    return path


def test_printable_escapes_every_control() -> None:
    assert printable(EVIL) == "eve\\x1b]0;pwned\\x07\\x1b[2J"
    assert printable("a\x9bb\x7fc\x00d\ne") == "a\\x9bb\\x7fc\\x00d\\x0ae"
    assert printable("Çağla (7): the [builder] \\ ok") == "Çağla (7): the [builder] \\ ok"


def test_audit_summary_shows_names_escaped(
    evil_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    main(["audit", str(evil_file), "--out", str(out)])
    printed = capsys.readouterr()
    assert "STACK_CONTINUITY" in printed.out
    assert printable(EVIL) in printed.out  # the example's message names him, escaped
    assert "hands\\x1b]0;file\\x07.txt" in printed.out
    assert not CONTROLS.search(printed.out), printed.out
    assert not CONTROLS.search(printed.err), printed.err
    # the tables keep the name exactly as the record has it
    tables = auditor.load(out)
    assert EVIL in set(tables["seats"].player)
    (finding,) = tables["findings"][tables["findings"].code == "STACK_CONTINUITY"].itertuples()
    assert finding.player == EVIL


def test_replay_shows_names_escaped(evil_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["replay", str(evil_file), "--hand", "1002"])
    printed = capsys.readouterr()
    assert f"  {printable(EVIL)}: 187" in printed.out
    assert not CONTROLS.search(printed.out), printed.out


def test_error_lines_show_names_escaped(
    tmp_path: Path, evil_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / f"gone{EVIL}.txt")
    assert main(["audit", missing, "--out", str(tmp_path / "out")]) == 2
    assert main(["replay", str(evil_file), "--hand", f"9{EVIL}"]) == 2
    assert main(["replay", missing, "--hand", "1"]) == 2
    assert main(["explain", f"X{EVIL}"]) == 2
    printed = capsys.readouterr()
    assert printed.err.count(printable(EVIL)) == 4, printed.err
    assert not CONTROLS.search(printed.err), printed.err
    assert not CONTROLS.search(printed.out), printed.out
