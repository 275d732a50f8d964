"""Run It Once's room: its header (UTC time and the room's zone), games and table name, and
its wordings read into the same events as every room's (raises to and by, "and is all-in",
splash the pot, shown hands with their words, the summary's pots before the rake, summary
seats), its return of an uncalled bet at the showdown, and a damaged hand's error."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.results import Status
from auditor.rooms.kingsclub import KingsClubRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.rooms.runitonce import RunItOnceRoom
from auditor.rooms.runitonce.reader import RunItOnceReader
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "runitonce" / "rio_stp_all_in_late_return.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read(text: str) -> ev.Hand:
    return RunItOnceReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "runitonce"))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = RunItOnceRoom(), (PokerStarsRoom(), KingsClubRoom())
    header = TEXT.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert not any(other.is_header(header) or other.sniff(TEXT) for other in others)
    # the corpus's other spacing: two spaces after the colon
    assert room.is_header(header.replace(": Omaha", ":  Omaha"))
    assert room.sniff(TEXT) and not room.sniff(STARS)
    assert rooms.profile_for_site("Run It Once") == "seeds"


def test_game_table_and_head_facts() -> None:
    room = RunItOnceRoom()
    raw = RawHand("f", 1, tuple(TEXT.splitlines()), "runitonce")
    assert (room.game(raw), room.table_name(raw), raw.hand_id) == (
        "Omaha Pot Limit",
        "40000000",
        "40000001",
    )
    start = read(TEXT).start
    assert (start.variant, start.currency, start.small_stake, start.big_stake) == (
        "PLO",
        "EUR",
        25,
        50,
    )
    assert (start.time_zone, start.max_seats, start.button_seat) == ("UTC", 6, 1)
    assert start.started_at is not None and start.started_at.hour == 12  # the UTC time


def test_raises_all_in_and_the_splash() -> None:
    hand = read(TEXT)
    raises = [(r.player, r.by, r.to, r.given) for r in of(hand, ev.RaisedTo)]
    assert raises[0] == ("Ann B", 125, 175, ev.RaiseGiven.TO_AND_BY)
    (bet,) = [b for b in of(hand, ev.Bet) if b.all_in]
    assert (bet.player, bet.amount) == ("Ben C", 475)
    (extra,) = of(hand, ev.PotExtra)
    assert (extra.amount, extra.text) == (200, "STP added: €2.00")


def test_shown_words_and_the_summary() -> None:
    hand = read(TEXT)
    assert [(s.player, s.description) for s in of(hand, ev.Shown)] == [
        ("Ben C", "a Pair"),
        ("Hero", "a Pair"),
    ]
    (total,) = of(hand, ev.SummaryPot)
    # "Main pot €55.25 | STP €2.00 | Rake €2.50": before the rake, without the splash
    assert (total.total, total.main, total.side_pots, total.rake) == (5725, 5475, (), 250)
    seats = [(s.player, s.positions, s.outcome, s.folded_on) for s in of(hand, ev.SummarySeat)]
    assert seats == [
        ("Ann B", ("button",), ev.SeatOutcome.FOLDED, "on the Turn"),
        ("Ben C", ("small blind",), ev.SeatOutcome.MUCKED, ""),
        ("Hero", ("big blind",), ev.SeatOutcome.SHOWED, ""),
    ]
    assert of(hand, ev.SummarySeat)[2].results[0].won == 5475


def test_the_return_at_the_showdown_is_in_time_and_a_missing_one_is_found() -> None:
    (result,) = audit_text(TEXT)
    assert (result.format, result.status, result.findings) == ("runitonce", Status.AUDITED, ())
    assert read(TEXT).uncalled_returns_late
    (missing,) = audit_text(TEXT.replace("Uncalled bet (€20) returned to Hero\n", ""))
    # the totals still leave the €20 out of the pot: the return is implied, its missing
    # line a warning where the hand ends (no UNCALLED_WRONG)
    found = [(f.code, f.player, f.message) for f in missing.findings]
    assert found == [
        (
            Code.UNCALLED_UNWRITTEN,
            "Hero",
            "no return is written for an uncalled bet by the end of the hand; the record's "
            "totals leave it out of the pot: it went back",
        )
    ]


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = TEXT.replace("Ann B: folds", "Ann B: folds quietly")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (24, Code.PARSE_ERROR)
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "40000000")


def test_a_hand_cut_before_its_summary_is_truncated() -> None:
    hand = read(TEXT.split("*** SUMMARY ***")[0])
    assert hand.truncated and of(hand, ev.SummaryPot) == []
