"""Enet's room: its headers, games and table names, and its wordings read into the same
events as every room's (euros with decimal commas, raises as the chips put in, all-ins
told apart, the button's seat numbered from 0, seats not dealt in, street rake lines,
collected lines with and without a colon, the summary as written)."""

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
from auditor.rooms.enet import EnetRoom
from auditor.rooms.enet.reader import EnetReader
from auditor.rooms.entraction import EntractionRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.rooms.wpn import WpnRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "enet" / "enet_side_pot_all_in_and_button_from_zero.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read(text: str) -> ev.Hand:
    """The hand read, its chips lines as the replay tells them (the reader gives the chips
    and the verb as written: "goes all-in" names none)."""
    raw = RawHand("f.txt", 1, tuple(text.splitlines()), "enet")
    return as_replayed(EnetReader().read(raw))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = EnetRoom(), (PokerStarsRoom(), EntractionRoom(), WpnRoom())
    header = TEXT.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert not any(other.is_header(header) or other.sniff(TEXT) for other in others)
    assert room.sniff(TEXT) and not room.sniff(STARS)
    entraction = 'Game # 2137921772 - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri"'
    assert not room.is_header(entraction) and EntractionRoom().is_header(entraction)
    assert rooms.profile_for_site("Enet") == "seeds"


def test_game_table_and_id_without_the_reader() -> None:
    room = EnetRoom()
    raw = RawHand("f", 1, tuple(TEXT.splitlines()), "enet")
    assert (room.game(raw), room.table_name(raw), raw.hand_id) == (
        "Omaha",
        "Reunion 1 - Pot Limit",
        "12060001",
    )
    assert room.is_omaha("Omaha") and not room.is_omaha("Hold'em")


def test_head_facts_limit_from_the_table_and_the_button_from_zero() -> None:
    start = read(TEXT).start
    assert (start.game, start.variant, start.small_stake, start.big_stake) == (
        "Omaha Pot Limit",
        "PLO",
        10,
        25,
    )
    assert (start.currency, start.max_seats, start.time_zone) == ("EUR", 6, "")
    assert start.started_at is not None and (start.started_at.day, start.started_at.hour) == (
        23,
        21,
    )
    # "Seat #2 is the button": seat 3, Carl, whom the summary calls the dealer
    assert start.button_seat == 3
    zero = read(TEXT.replace("Seat #2 is the button", "Seat #0 is the button"))
    assert zero.start.button_seat == 1


def test_amounts_with_decimal_commas_raises_and_all_ins() -> None:
    hand = read(TEXT)
    assert [(s.player, s.stack, s.out_of_hand) for s in of(hand, ev.SeatTaken)] == [
        ("Anna", 1000, False),
        ("Bert", 0, True),  # no chips: not dealt in
        ("Carl", 2550, False),
        ("Dora", 350, False),
        ("Emil", 3000, False),
        ("Finn", 1200, True),  # no line in the hand: not dealt in
    ]
    raises = [(r.player, r.by, r.given, r.all_in) for r in of(hand, ev.RaisedTo)]
    assert raises == [
        ("Carl", 110, ev.RaiseGiven.BY, False),
        ("Dora", 340, ev.RaiseGiven.BY, True),  # all-in past the 1,10: a raise
        ("Carl", 2200, ev.RaiseGiven.BY, True),  # all-in over the 5 bet: a raise
    ]
    short = TEXT.replace("Dora: goes all-in €3,40", "Dora: goes all-in €0,60").replace(
        "(€3,50 in chips)", "(€0,70 in chips)"
    )
    called = [c for c in of(read(short), ev.Called) if c.player == "Dora"]
    assert [(c.amount, c.all_in) for c in called] == [(60, True)]
    opened = TEXT.replace("Emil: bets €5", "Emil: goes all-in €5")
    assert [(b.player, b.amount, b.all_in) for b in of(read(opened), ev.Bet)] == [
        ("Emil", 500, True)
    ]
    thousands = read(TEXT.replace("(€30 in chips)", "(€1.030,50 in chips)"))
    assert of(thousands, ev.SeatTaken)[4].stack == 103050


def test_the_showdown_the_returns_and_the_summary() -> None:
    hand = read(TEXT)
    assert [(u.player, u.amount) for u in of(hand, ev.UncalledReturned)] == [("Carl", 1700)]
    # "Carl collected" (no colon) and "Dora: collected"
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [
        ("Carl", 950),
        ("Dora", 1039),
    ]
    shown = of(hand, ev.Shown)
    high = shown[1].claim.high
    assert high is not None and (high.category.name, high.ranks) == ("STRAIGHT", (5,))
    assert [n.text for n in of(hand, ev.Note)] == ["Rake: €0,36", "Rake: €0,50"]
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.rake) == (2075, 86)
    seats = [(s.seat, s.positions, s.outcome) for s in of(hand, ev.SummarySeat)]
    assert seats[1] == (3, ("button",), ev.SeatOutcome.SHOWED)
    assert of(hand, ev.SummarySeat)[2].results[0].won == 1039
    assert not hand.truncated


def test_the_fixture_audits_clean_and_other_games_are_skipped() -> None:
    (result,) = audit_text(TEXT)
    assert (result.format, result.status, result.findings) == ("enet", Status.AUDITED, ())
    # the summary's total is kept as written, but not weighed: Enet's "Total pot €0" (four
    # hands of the corpus) is a field it does not fill with the pot (POT_WRONG before)
    (zero,) = audit_text(TEXT.replace("Total pot €20,75", "Total pot €0"))
    assert zero.findings == ()
    assert zero.hand is not None
    (pot,) = [e for e in zero.hand.events if isinstance(e, ev.SummaryPot)]
    assert (pot.total, pot.total_written) == (0, False)
    # what was paid and raked is still weighed against the chips put in
    raked_more = TEXT.replace("Total pot €20,75 | Rake €0,86", "Total pot €0 | Rake €0,96")
    (short,) = audit_text(raked_more)
    assert [f.code for f in short.findings] == [Code.CHIPS_NOT_CONSERVED]
    holdem = TEXT.replace("Game #12060001: Omaha", "Game #12060001: Hold'em")
    (skipped,) = audit_text(holdem)
    assert (skipped.status, skipped.game) == (Status.SKIPPED, "Hold'em")


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = TEXT.replace("Emil: calls €3,25", "Emil: limps €3,25")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (15, Code.PARSE_ERROR)
    assert caught.value.text == "Emil: limps €3,25"
    assert "a line of play" in caught.value.expected
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "Reunion 1 - Pot Limit")
    with pytest.raises(HandParseError) as seat:
        read(TEXT.replace("Seat 3: Carl", "Seat 1: Carl"))
    assert (seat.value.line, seat.value.code) == (5, Code.SEAT_INVALID)


def test_a_hand_cut_before_its_summary_is_truncated() -> None:
    hand = read(TEXT.split("*** SHOWDOWN ***")[0])
    assert hand.truncated and of(hand, ev.Collected) == []
