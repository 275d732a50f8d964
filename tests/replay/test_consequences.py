"""One defect, one error: a hand with one seeded defect gives one root finding, and what
follows from it is marked with ``caused_by`` and left out of the counts.

The hands are the bundled PokerStars fixture (clean: no finding) with one line edited."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.api import audit_text, load
from auditor.cli import main
from auditor.findings import Code, Finding, Severity
from auditor.replay.consequences import link_consequences
from auditor.source import SourceSpan

FIXTURE = (
    Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"
)


def _hand() -> str:
    text = FIXTURE.read_text(encoding="utf-8").split("\n\n\n")[0]
    assert "PokerStars Hand #200000000001" in text
    return text


def _findings(text: str) -> tuple[Finding, ...]:
    (result,) = audit_text(text)
    return result.findings


def test_the_fixture_hand_is_clean() -> None:
    assert _findings(_hand()) == ()


def test_a_stale_seat_stack_is_one_error_and_the_replay_goes_on() -> None:
    """Ann Lee's seat line says $50, but she puts in 3.50 + 10 (before the flop) + 20 +
    20 (the flop) = 53.50: her own bets show the seat line is stale. Before the re-base
    the replay took her all-in at 16.50 behind and then found eve and Ann herself acting
    "out of turn" on the turn (two more errors for one stale line)."""
    text = _hand().replace("Seat 1: Ann Lee ($100 in chips)", "Seat 1: Ann Lee ($50 in chips)")
    found = _findings(text)
    errors = [f for f in found if f.severity is Severity.ERROR]
    assert [(f.code, f.player, f.recorded) for f in errors] == [
        (Code.STACK_EXCEEDED, "Ann Lee", "20.00")
    ]
    assert all(f.is_root for f in found)


def test_a_raise_written_short_is_one_root_and_its_marked_consequences() -> None:
    """eve's raise written "to $12.50" where the rest of the record (Ann's call of $10 to
    her $3.50, the $113 pot) needs $13.50: the call is wrong by 1.00 against the raise as
    written, and the uncalled bet, the pots and the payout then all miss that 1.00."""
    text = _hand().replace("eve: raises $10 to $13.50", "eve: raises $10 to $12.50")
    found = _findings(text)
    roots = [f for f in found if f.is_root]
    assert [(f.code, f.source.line) for f in roots] == [(Code.CALL_WRONG, 23)]
    followed = [f for f in found if not f.is_root]
    assert {f.code for f in followed} == {
        Code.UNCALLED_WRONG,
        Code.POT_WRONG,
        Code.CHIPS_NOT_CONSERVED,
    }
    assert all(f.caused_by is roots[0] for f in followed)


def test_a_consequence_names_the_root_of_its_cause_never_a_consequence() -> None:
    span = SourceSpan("f", 10, 1)

    def finding(code: Code, line: int, street: str = "preflop", player: str = "") -> Finding:
        return Finding(
            code, "1", code.value, SourceSpan("f", line, 1), street=street, player=player
        )

    missed = finding(Code.OUT_OF_TURN, 10, player="bob")
    call = finding(Code.CALL_WRONG, 11, player="ann")  # the missed turn: what she owes
    excess = finding(Code.UNCALLED_WRONG, 14, player="ann")  # her call's excess
    pot = finding(Code.POT_WRONG, 30, street="summary")  # the excess kept in the pot
    card = Finding(Code.CARD_DUPLICATE, "1", "dup", span)  # no rule links it
    alone = finding(Code.CHIPS_NOT_CONSERVED, 31, street="summary")
    linked = link_consequences([missed, call, excess, pot, card])
    assert [f.caused_by for f in linked] == [None, missed, missed, missed, None]
    # a total that is off with no returned excess before it is a contradiction of its own
    assert link_consequences([call, alone])[1].caused_by is None


def test_a_flop_finding_does_not_follow_a_turn_missed_before_the_flop() -> None:
    missed = Finding(Code.OUT_OF_TURN, "1", "x", SourceSpan("f", 10, 1), street="preflop")
    later = Finding(Code.ILLEGAL_CHECK, "1", "y", SourceSpan("f", 20, 1), street="flop")
    assert [f.caused_by for f in link_consequences([missed, later])] == [None, None]


def test_the_summary_the_json_and_the_exit_code_count_root_causes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = tmp_path / "hand.txt"
    hand.write_text(
        _hand().replace("eve: raises $10 to $13.50", "eve: raises $10 to $12.50") + "\n",
        encoding="utf-8",
    )
    code = main(["audit", str(hand), "--out", str(tmp_path / "out"), "--json"])
    assert code == 1  # the root is an error
    summary = json.loads(capsys.readouterr().out)
    assert summary["findings"] == {"CALL_WRONG": 1}
    assert summary["findings_by_severity"]["error"] == 1
    assert summary["root_causes_total"] == 1
    assert summary["consequences"] == {
        "UNCALLED_WRONG": 1,
        "POT_WRONG": 2,
        "CHIPS_NOT_CONSERVED": 1,
    }
    assert summary["consequences_total"] == 4
    findings = load(tmp_path / "out")["findings"]
    roots = findings[findings.root]
    assert roots.code.astype(str).tolist() == ["CALL_WRONG"]
    rest = findings[~findings.root]
    assert set(rest.caused_by_code.astype(str)) == {"CALL_WRONG"}
    assert set(rest.caused_by_line.astype(int)) == {23}
    assert roots.caused_by_code.isna().all()


def test_the_report_counts_roots_and_marks_each_consequence(tmp_path: Path) -> None:
    from auditor.report.run_tables import load_run
    from auditor.report.summary import findings_list, summary

    hand = tmp_path / "hand.txt"
    hand.write_text(
        _hand().replace("eve: raises $10 to $13.50", "eve: raises $10 to $12.50") + "\n",
        encoding="utf-8",
    )
    assert main(["audit", str(hand), "--out", str(tmp_path / "out"), "--quiet"]) == 1
    run = load_run(tmp_path / "out")
    counts = summary(run)
    assert {s["severity"]: s["count"] for s in counts["severities"]}["error"] == 1
    assert counts["consequences"] == 4
    listed = findings_list(run, set(), 100)
    marked = [row for row in listed if "follows from CALL_WRONG on line 23" in row["message"]]
    assert len(listed) == 5 and len(marked) == 4
