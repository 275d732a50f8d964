"""Cake's room: its headers (cash and tournament), games and table names, and its wordings
read into the same events as every room's (a euro display beside dollar amounts, a decimal
comma, calls as chips added, "is all in", returned bets, hi/lo pots won, a seat with no
line out of the hand), and a damaged hand's error."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.hand_claims import Category
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.results import Status
from auditor.rooms.cake import CakeRoom
from auditor.rooms.cake.reader import CakeReader
from auditor.rooms.everleaf import EverleafRoom
from auditor.rooms.kingsclub import KingsClubRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "cake" / "cake_euro_display_all_in_and_hilo_tournament.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
EURO, TOURNEY = (part.strip() + "\n" for part in TEXT.split("\n\n\n"))
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read_lines(text: str) -> ev.Hand:
    """The hand as read: its chips lines ChipsIn, as the record writes them."""
    return CakeReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "cake"))


def read(text: str) -> ev.Hand:
    """The hand as the audit sees it: its chips lines told by the replay."""
    return as_replayed(read_lines(text))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = CakeRoom(), (PokerStarsRoom(), KingsClubRoom(), EverleafRoom())
    for text in (EURO, TOURNEY):
        header = text.splitlines()[0]
        assert room.is_header(header) and header.startswith(room.header_starts)
        assert not any(other.is_header(header) for other in others)
    holdem = (
        "Hand#2701011985001690 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em"
        " -- 2011/08/28 - 00:54:03"
    )
    assert room.is_header(holdem) and not room.is_omaha(
        room.game(RawHand("f", 1, (holdem,), "cake"))
    )
    assert not room.is_header("Hand# of no shape")
    assert room.sniff(TEXT) and not room.sniff(STARS)
    assert not any(other.sniff(TEXT) for other in others)
    assert rooms.profile_for_site("Cake") == "seeds"


def test_game_table_and_id_without_the_reader() -> None:
    room = CakeRoom()
    raws = [RawHand("f", 1, tuple(t.splitlines()), "cake") for t in (EURO, TOURNEY)]
    assert [room.game(r) for r in raws] == ["PL Omaha", "PL OmahaHiLo"]
    assert all(room.is_omaha(room.game(r)) for r in raws)
    assert [room.table_name(r) for r in raws] == ["Kyiv (6-Max) 20001", "T20000001 Table 1"]
    assert [r.hand_id for r in raws] == ["4000000000000001", "4000000000000002"]


def test_a_euro_display_at_a_dollar_table_reads_the_dollars() -> None:
    start = read(EURO).start
    # the header's €0,04/€0,08 are the blinds posted as "$0,05 (EUR €0,04)", "$0,10 (EUR €0,08)"
    assert (start.currency, start.scale, start.small_stake, start.big_stake) == ("USD", 100, 5, 10)
    assert (start.button_seat, start.max_seats, start.time_zone) == (1, None, "")
    seats = {s.player: (s.stack, s.out_of_hand) for s in of(read(EURO), ev.SeatTaken)}
    assert seats == {
        "Alice": (1000, False),
        "Bob": (200, False),
        "Hero": (1200, False),
        "Newbie": (1000, True),  # no line of his own: not dealt in
    }


def test_calls_add_chips_and_is_all_in_puts_in_chips() -> None:
    hand = read(EURO)
    assert [(c.player, c.amount) for c in of(hand, ev.Called)] == [
        ("Bob", 30),
        ("Hero", 25),
        ("Hero", 60),
    ]
    raises = [(r.player, r.by, r.to, r.given, r.all_in) for r in of(hand, ev.RaisedTo)]
    assert raises == [
        ("Alice", 0, 35, ev.RaiseGiven.TO, False),
        ("Bob", 165, 0, ev.RaiseGiven.BY, True),
    ]


def test_tournament_chips_hi_lo_pots_and_shown_words() -> None:
    hand = read(TOURNEY)
    start = hand.start
    assert (start.currency, start.scale, start.tournament_id, start.buy_in) == (
        "chips",
        1,
        "20000001",
        "$5 + $0.25",
    )
    assert (start.variant, start.button_seat, start.big_stake) == ("PLO8", 3, 20)
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [("Hero", 3000)]
    assert [n.text for n in of(hand, ev.Note)] == ["There is no low hand"]
    villain = of(hand, ev.Shown)[1]
    assert villain.claim.high is not None
    assert (villain.claim.high.category, villain.claim.high.ranks) == (Category.TWO_PAIR, (12, 7))
    assert villain.claim.low_text == ""  # the low is not worded


def test_is_all_in_names_no_verb_and_the_replay_tells_what_it_was() -> None:
    """Fixed with ChipsIn: "Hero: is all in 960" on a turn nobody has bet (line 41 of the
    tournament hand) was read as a raise; the line names chips only, so the replay makes it
    the bet it was (nothing to call: to_call 0). "Villain: calls 960" puts in the 960 he has
    left (1,500 less 60 + 480): the call is all-in, which the old reader wrote as not."""
    lines = read_lines(TOURNEY)
    chips = [(c.player, c.verb, c.added, c.to, c.all_in) for c in of(lines, ev.ChipsIn)]
    assert chips[-2:] == [
        ("Hero", ev.Verb.ALL_IN, 960, None, True),
        ("Villain", ev.Verb.CALL, 960, None, None),
    ]
    hand = read(TOURNEY)
    assert of(hand, ev.Bet)[-1] == ev.Bet(of(hand, ev.Bet)[-1].span, "Hero", 960, True)
    assert of(hand, ev.Called)[-1].all_in


def test_returned_bets_and_mucks() -> None:
    text = EURO.replace(
        "Bob: is all in $1,65 (EUR €1,30)\nHero: calls $0,60 (EUR €0,47)\n*** TURN *** [3d]\n"
        "*** RIVER *** [Jh]\n***SHOW DOWN***\nBob: shows [6s 6c 4d 8c] (Pair of Sixes  )\n"
        "Hero: shows [Ah Kh Qs Js] (Flush  )\nHero wins $4,15 with Flush   (EUR €3,28)",
        "Bob: folds\nHero: returns uncalled bet $1,05 (EUR €0,83)\n***SHOW DOWN***\n"
        "Hero: mucks\nHero wins $1,00 (EUR €0,79)",
    )
    hand = read(text)
    assert [(u.player, u.amount) for u in of(hand, ev.UncalledReturned)] == [("Hero", 105)]
    assert [m.player for m in of(hand, ev.Mucked)] == ["Hero"]
    (result,) = audit_text(text)
    assert result.findings == ()


def test_the_fixture_audits_clean() -> None:
    results = audit_text(TEXT)
    assert [(r.format, r.status, r.findings) for r in results] == [("cake", Status.AUDITED, ())] * 2


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = EURO.replace("Alice: folds", "Alice: folds the hand")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (16, Code.PARSE_ERROR)
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "Kyiv (6-Max) 20001")


def test_a_hand_cut_before_its_pots_are_won_is_truncated() -> None:
    hand = read(EURO.split("***SHOW DOWN***")[0])
    assert hand.truncated and of(hand, ev.Collected) == []
