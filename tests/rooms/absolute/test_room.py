"""Absolute's room: its "Stage #N" headers, games ("Normal" is fixed limit) and table
names, and its wordings read into the same events as every room's (raises TO, "All-In"
as a blind, a call or a raise by the bet faced, returns, hi and lo halves, a gross total
pot)."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.rooms.absolute import AbsoluteRoom
from auditor.rooms.absolute.reader import AbsoluteReader
from auditor.rooms.betonline import BetOnlineRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "absolute" / "absolute_hi_lo_halves_and_short_all_in.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
HI_LO, SHORT = (part.strip() + "\n" for part in TEXT.split("\n\n"))
HOLDEM_HEADER = "Stage #1968055293: Holdem  Normal $200/$400 - 2010-03-24 00:50:15 (ET)"


def raw(text: str) -> RawHand:
    return RawHand("f.txt", 1, tuple(text.splitlines()), "absolute")


def read_lines(text: str) -> ev.Hand:
    """The hand as read: its chips lines ChipsIn, as the record writes them."""
    return AbsoluteReader().read(raw(text))


def read(text: str) -> ev.Hand:
    """The hand as the audit sees it: each chips line told by the replay."""
    return as_replayed(read_lines(text))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room = AbsoluteRoom()
    header = HI_LO.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert room.sniff(TEXT) and not room.is_header(HI_LO.splitlines()[1])
    others = (PokerStarsRoom(), BetOnlineRoom())
    assert not any(r.is_header(header) or r.sniff(TEXT) for r in others)
    assert room.table_name(raw(HI_LO)) == "Linden Ct"
    assert raw(HI_LO).hand_id == "1828600001"


def test_games_normal_is_fixed_limit_and_holdem_is_skipped() -> None:
    room = AbsoluteRoom()
    assert room.game(raw(HI_LO)) == "Omaha Hi/Lo Normal"
    assert room.game(raw(SHORT)) == "Omaha Pot Limit"
    assert room.game(raw(HOLDEM_HEADER)) == "Holdem Normal"
    assert room.is_omaha("Omaha Hi/Lo Normal") and not room.is_omaha("Holdem Normal")
    fixed, pot = read(HI_LO).start, read(SHORT).start
    assert (fixed.variant, fixed.limit, fixed.small_stake, fixed.big_stake) == (
        "FLO8",
        ev.Limit.FIXED,
        100,
        200,
    )
    assert (pot.variant, pot.time_zone, pot.button_seat, pot.max_seats) == ("PLO", "ET", 4, None)


def test_raises_are_to_and_all_in_is_read_by_the_bet_faced() -> None:
    hand = read(SHORT)
    (raised,) = of(hand, ev.RaisedTo)
    assert (raised.to, raised.given) == (175, ev.RaiseGiven.TO)
    (short,) = [c for c in of(hand, ev.Called) if c.all_in]
    assert (short.player, short.amount) == ("Player2", 5)  # 0.25 in, all-in for 0.05 more
    (returned,) = of(hand, ev.UncalledReturned)
    assert (returned.player, returned.amount) == ("Player1", 125)
    # before the cards an All-In is a blind, all the player has
    blind = SHORT.replace("Player2 - Posts small blind $0.25", "Player2 - All-In $0.25")
    blind = blind.replace("Player2 - All-In $0.05\n", "")
    posts = [(p.player, p.kind, p.amount, p.all_in) for p in of(read(blind), ev.Posted)]
    assert posts[0] == ("Player2", ev.PostKind.SMALL_BLIND, 25, True)
    # ... and after a blind, the big blind: the order of the posts tells, no bets kept
    big = SHORT.replace("Hero - Posts big blind $0.50", "Hero - All-In $0.50")
    posts = [(p.player, p.kind, p.amount, p.all_in) for p in of(read(big), ev.Posted)]
    assert posts[1] == ("Hero", ev.PostKind.BIG_BLIND, 50, True)


def test_chips_lines_are_read_as_written() -> None:
    lines = [(c.player, c.verb, c.added, c.to, c.all_in) for c in of(read_lines(SHORT), ev.ChipsIn)]
    assert lines == [
        ("Player1", ev.Verb.RAISE, 175, 175, False),  # "Raises $1.75 to $1.75"
        ("Player2", ev.Verb.ALL_IN, 5, None, True),  # "All-In $0.05": the replay tells a call
    ]
    raised = SHORT.replace("Player2 - All-In $0.05", "Player2 - All-In(Raise) $0.05 to $0.30")
    (line,) = [c for c in of(read_lines(raised), ev.ChipsIn) if c.player == "Player2"]
    assert (line.verb, line.added, line.to, line.all_in) == (ev.Verb.RAISE, 5, 30, True)


def test_the_summary_gross_pot_and_the_halves() -> None:
    hand = read(HI_LO)
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.rake) == (1800, 50)
    seats = of(hand, ev.SummarySeat)
    assert [(s.player, s.positions, [r.won for r in s.results]) for s in seats] == [
        ("Hero", ("dealer",), [None]),
        ("Player1", ("small blind",), [875]),
        ("Player2", ("big blind",), [875]),
    ]
    assert [c.amount for c in of(hand, ev.Collected)] == [875, 875]
    folded = of(read(SHORT), ev.SummarySeat)[0]
    assert (folded.outcome, folded.folded_on) == (ev.SeatOutcome.FOLDED, "before Flop")


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    damaged = HI_LO.replace("Player1 - Bets $1", "Player1 - Bets one dollar")
    with pytest.raises(HandParseError) as caught:
        read(damaged)
    assert caught.value.line == 14 and caught.value.code is Code.PARSE_ERROR
