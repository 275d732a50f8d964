"""What a new user meets first: the help texts, `replay` on a one-hand file, the summary's
lines for findings about a whole file, and run-it-twice findings that say which board."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.api import audit_text
from auditor.cli import main
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"


def test_top_level_help_has_no_markup(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "``" not in shown and ":func:" not in shown
    assert "Parquet" in shown


def test_audit_help_names_the_bundled_fixtures_as_an_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["audit", "--help"])
    assert "bundled fixtures/ folder" in " ".join(capsys.readouterr().out.split())


def test_replay_needs_no_hand_id_for_a_file_of_one_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["replay", str(FIXTURES / "run_it_twice_and_talk.txt")])
    shown = capsys.readouterr().out
    assert code == 0
    assert shown.startswith("hand 200000000003 ")
    assert "ending stacks:" in shown


def test_replay_of_a_file_of_several_hands_names_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["replay", str(FIXTURES / "one_bad_hand_in_three.txt")])
    told = capsys.readouterr().err
    assert code == 2
    assert "holds 3 hands" in told and "200000000011" in told and "--hand" in told


def test_a_file_finding_names_no_empty_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a hand history in a layout no room reads: one finding on the file, not on a hand
    notes = tmp_path / "notes.txt"
    notes.write_text("Hand #77 of the home game\nAnn bets 5\nBob calls 5\n", encoding="utf-8")
    main(["audit", str(notes), "--out", str(tmp_path / "out")])
    shown = capsys.readouterr().out
    line = next(x for x in shown.splitlines() if "notes.txt:1:1" in x)
    assert "hand :" not in line and ":1:1 hand" not in line
    assert line.strip().startswith(f"{notes}:1:1: no hand in a layout")


def test_run_it_twice_findings_name_their_board() -> None:
    text = (FIXTURES / "run_it_twice_and_talk.txt").read_text(encoding="utf-8")
    text = text.replace("(three of a kind, Kings)", "(a flush, Ace high)").replace(
        "villain: shows [Kc Ks Jc Js] (a pair of Kings)",
        "villain: shows [Kc Ks Jc Js] (a flush, Ace high)",
    )
    (result,) = audit_text(text)
    messages = sorted(f.message for f in result.findings if f.code == "HAND_DESCRIPTION_WRONG")
    assert messages == [
        "villain's hand is not 'a flush, Ace high' on board 1",
        "villain's hand is not 'a flush, Ace high' on board 2",
    ]


def test_run_it_twice_award_findings_name_board_one_too() -> None:
    text = (FIXTURES / "run_it_twice_and_talk.txt").read_text(encoding="utf-8")
    # board 1's pot paid to the player who lost it on board 1
    text = text.replace("villain collected $148.50", "hero collected $148.50", 1)
    (result,) = audit_text(text)
    wrong = [f.message for f in result.findings if f.code == "WINNER_WRONG"]
    assert wrong and all("(board 1)" in m for m in wrong), wrong
