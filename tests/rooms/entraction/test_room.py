"""Entraction's room: its headers, games and table names, and its wordings read into the
same events as every room's (amounts as the chips put in, All-In told apart as a bet, a
call or a raise, Payback, the returning player's and the newcomer's blinds, a seat with no
line out of the hand, side pots, hi/lo halves, a loser's cards written, the end time and
its zone)."""

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
from auditor.rooms.entraction import EntractionRoom
from auditor.rooms.entraction.reader import EntractionReader
from auditor.rooms.everleaf import EverleafRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.rooms.wpn import WpnRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "entraction" / "entraction_side_pots_blinds_and_hi_lo.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
PLO, FLO8 = (part.strip() + "\n" for part in TEXT.split("\n\n\n"))
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")
# the 2012 layout (HHSmithy's samples) writes the same lines; a walk, from the corpus
WALK = """\
Game # 2137934990 - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri"

Players(max 6):
Makesdy                     (EUR 3.96 in seat 1)
F4UXR34L                    (EUR 4.10 in seat 3)
ulisse12                    (EUR 2.19 in seat 5)

Dealer:                     F4UXR34L
Small Blind:                ulisse12    (0.02)
Big Blind:                  Makesdy     (0.04)

F4UXR34L                    Fold
ulisse12                    Fold
Makesdy                     Payback     (0.02)

Makesdy didn't show hand

Makesdy wins:               EUR 0.04
Rake:                       EUR 0.00

Game ended 2011-03-21 17:17:28 GMT
"""


def read(text: str) -> ev.Hand:
    """The hand read, its chips lines as the replay tells them (the reader gives the chips
    and the verb as written: "All-In (x)" names none)."""
    raw = RawHand("f.txt", 1, tuple(text.splitlines()), "entraction")
    return as_replayed(EntractionReader().read(raw), "entraction")


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = EntractionRoom(), (PokerStarsRoom(), EverleafRoom(), WpnRoom())
    for text in (PLO, FLO8, WALK):
        header = text.splitlines()[0]
        assert room.is_header(header) and header.startswith(room.header_starts)
        assert not any(other.is_header(header) or other.sniff(text) for other in others)
        assert room.sniff(text)
    assert not room.is_header("Game ended 2011-03-21 17:17:28 GMT")
    assert not room.is_header("Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6")
    assert not room.sniff(STARS)
    assert rooms.profile_for_site("Entraction") == "entraction"


def test_game_table_and_id_without_the_reader() -> None:
    room = EntractionRoom()
    raws = [RawHand("f", 1, tuple(t.splitlines()), "entraction") for t in (PLO, FLO8, WALK)]
    assert [room.game(r) for r in raws] == [
        "Omaha High Pot Limit",
        "Omaha Hi/Lo Fixed Limit",
        "Omaha High Pot Limit",
    ]
    assert room.is_omaha("5-Card Omaha Hi/Lo Pot Limit")
    assert not room.is_omaha("Texas Hold'em No Limit")
    assert [room.table_name(r) for r in raws] == ["Waco", "Portland", "Abashiri"]
    assert [r.hand_id for r in raws] == ["2137990001", "2646519001", "2137934990"]


def test_head_facts_stakes_time_and_zone() -> None:
    plo, flo8 = read(PLO).start, read(FLO8).start
    assert (plo.variant, plo.small_stake, plo.big_stake, plo.currency) == ("PLO", 50, 100, "EUR")
    assert (plo.max_seats, plo.button_seat, plo.table_name) == (6, 6, "Waco")
    # fixed limit: the stakes are the bets (its blinds are 50/100); "4,000.00" has commas
    assert (flo8.variant, flo8.limit, flo8.small_stake, flo8.big_stake) == (
        "FLO8",
        ev.Limit.FIXED,
        10000,
        20000,
    )
    assert of(read(FLO8), ev.SeatTaken)[0].stack == 400000
    # the only time written is the hand's end, with its zone as written
    assert plo.time_zone == "CEST" and plo.started_at is not None and plo.started_at.hour == 18
    assert flo8.time_zone == "GMT+01:00"
    five = read(PLO.replace("Omaha High Pot Limit", "5-Card Omaha High Pot Limit"))
    assert (five.start.variant, five.start.hole_card_count) == ("PLO5", 5)


def test_amounts_are_the_chips_put_in_and_all_ins_are_told_apart() -> None:
    hand = read(PLO)
    raises = [(r.player, r.by, r.given, r.all_in) for r in of(hand, ev.RaisedTo)]
    assert raises == [
        ("Back", 300, ev.RaiseGiven.BY, False),  # his live 1.00 and these 3.00: 4.00
        ("zinzan 71", 1800, ev.RaiseGiven.BY, True),  # All-In past the 4.00: a raise
        ("Hero", 8150, ev.RaiseGiven.BY, True),  # All-In over the flop bet: a raise
    ]
    assert [(c.player, c.amount) for c in of(hand, ev.Called)][:2] == [
        ("Hero", 400),
        ("Villain", 1750),
    ]
    # an All-In that does not pass the bet is a call; with nothing bet, a bet
    short = PLO.replace("All-In      (18.00)", "All-In      (3.00)").replace(
        "(EUR 18.50 in seat 1)", "(EUR 3.50 in seat 1)"
    )
    called = [c for c in of(read(short), ev.Called) if c.player == "zinzan 71"]
    assert [(c.amount, c.all_in) for c in called] == [(300, True)]
    bet_line = "Villain".ljust(28) + "Bet         (30.00)"
    opened = PLO.replace(bet_line, "Villain".ljust(28) + "All-In      (30.00)")
    bet = of(read(opened), ev.Bet)
    assert [(b.player, b.amount, b.all_in) for b in bet] == [("Villain", 3000, True)]


def test_blinds_of_a_newcomer_and_a_returning_player() -> None:
    posts = [(p.player, p.kind, p.amount) for p in of(read(PLO), ev.Posted)]
    assert posts == [
        ("zinzan 71", ev.PostKind.SMALL_BLIND, 50),
        ("Villain", ev.PostKind.BIG_BLIND, 100),
        ("Newcomer", ev.PostKind.BIG_BLIND, 100),  # "Blind out of turn": live
        ("Back", ev.PostKind.SMALL_AND_BIG, 150),  # "Small + Big Blind": the small dead
    ]
    # written before the big blind, its live part is the stakes' big blind all the same:
    # after a raise to 2.50, his all-in for 1.50 more (2.50 live) is a call
    lines = [
        'Game # 1 - Omaha High Pot Limit EUR 0.50/1 - Table "T"',
        "",
        "Players(max 6):",
        "Back".ljust(28) + "(EUR 3.00 in seat 1)",
        "Ann".ljust(28) + "(EUR 50.00 in seat 2)",
        "Bob".ljust(28) + "(EUR 50.00 in seat 3)",
        "",
        "Dealer:".ljust(28) + "Back",
        "Small + Big Blind:".ljust(28) + "Back".ljust(12) + "(1.50)",
        "Small Blind:".ljust(28) + "Ann".ljust(12) + "(0.50)",
        "Big Blind:".ljust(28) + "Bob".ljust(12) + "(1.00)",
        "",
        "Ann".ljust(28) + "Raise".ljust(12) + "(2.00)",
        "Back".ljust(28) + "All-In".ljust(12) + "(1.50)",
    ]
    calls = of(read("\n".join(lines) + "\n"), ev.Called)
    assert [(c.player, c.amount, c.all_in) for c in calls] == [("Back", 150, True)]


def test_a_seat_with_no_line_is_out_of_the_hand() -> None:
    seats = {s.player: s.out_of_hand for s in of(read(PLO), ev.SeatTaken)}
    assert seats["Away"] and not any(v for k, v in seats.items() if k != "Away")
    assert [s.player for s in of(read(WALK), ev.SeatTaken)] == ["Makesdy", "F4UXR34L", "ulisse12"]


def test_side_pots_shown_hands_and_the_pot_gross() -> None:
    hand = read(PLO)
    collected = [(c.player, c.amount, c.pot, c.names_pot) for c in of(hand, ev.Collected)]
    assert collected == [("Villain", 16300, 1, True), ("zinzan 71", 5800, 0, True)]
    shown = of(hand, ev.Shown)
    assert [s.player for s in shown] == ["Villain", "Hero", "zinzan 71"]
    high = shown[2].claim.high
    assert high is not None and (high.category.name, high.ranks) == ("FULL_HOUSE", (0, 11))
    # no total pot is written: the pots paid and the rake are the pot, gross
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.rake, pot.main) == (16300 + 5800 + 300, 300, None)
    assert not hand.truncated


def test_hi_lo_halves_a_loser_s_cards_and_a_walk() -> None:
    hand = read(FLO8)
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [
        ("Ballyhoo", 49925),
        ("Ballyhoo", 49925),
    ]
    ((player, cards),) = [(m.player, " ".join(map(str, m.cards))) for m in of(hand, ev.Mucked)]
    assert (player, cards) == ("YoOyYo", "Kd Kh 9s 9d")
    assert of(hand, ev.Shown)[0].claim.high is None  # cards shown with no words
    walk = read(WALK)
    assert [(u.player, u.amount) for u in of(walk, ev.UncalledReturned)] == [("Makesdy", 2)]
    assert [n.player for n in of(walk, ev.NotShown)] == ["Makesdy"]


def test_kickers_and_second_flush_cards_are_claimed() -> None:
    from auditor.rooms.entraction.wording import read_high

    trips = read_high("three of a kind, Aces, with Jack as kicker")
    assert trips is not None and trips.ranks == (12, 9)
    pair = read_high("a pair of Sixes, with Ace and Queen as kickers")
    assert pair is not None and pair.ranks == (4, 12, 10)
    assert read_high("high card King") is not None
    assert read_high("a pair of Jokers") is None


def test_the_fixture_audits_clean_and_other_games_are_skipped() -> None:
    results = audit_text(TEXT + "\n\n" + WALK)
    assert [(r.format, r.status, r.findings) for r in results] == [
        ("entraction", Status.AUDITED, ())
    ] * 3
    holdem = WALK.replace("Omaha High Pot Limit", "Texas Hold'em No Limit")
    (skipped,) = audit_text(holdem)
    assert (skipped.status, skipped.game, skipped.hand_id) == (
        Status.SKIPPED,
        "Texas Hold'em No Limit",
        "2137934990",
    )


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = WALK.replace("ulisse12                    Fold", "ulisse12                    Shove")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (13, Code.PARSE_ERROR)
    assert caught.value.text == "ulisse12                    Shove"
    assert "a line of play" in caught.value.expected
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "Abashiri")
    # which known mistake it resembles (Lark's match_examples on the room's own examples)
    shove = WALK.replace("F4UXR34L                    Fold", "F4UXR34L".ljust(28) + "Shove (0.10)")
    with pytest.raises(HandParseError) as labelled:
        read(shove)
    assert labelled.value.kind == "a line of play the layout does not have"
    seat = WALK.replace("(EUR 2.19 in seat 5)", "(2.19 in chips)")
    with pytest.raises(HandParseError) as labelled:
        read(seat)
    assert (labelled.value.line, labelled.value.kind) == (6, "a seat line the layout does not have")


def test_an_amount_finer_than_a_cent_or_a_seat_twice_is_its_line_s_error() -> None:
    with pytest.raises(HandParseError) as caught:
        read(WALK.replace("(0.02)\n", "(0.025)\n", 1))
    assert caught.value.line == 9
    twice = WALK.replace("in seat 3)", "in seat 1)")
    with pytest.raises(HandParseError) as seat:
        read(twice)
    assert (seat.value.line, seat.value.code) == (5, Code.SEAT_INVALID)


def test_a_hand_cut_before_its_pots_are_paid_is_truncated() -> None:
    cut = PLO.split("Villain wins:")[0]
    hand = read(cut)
    assert hand.truncated and of(hand, ev.Collected) == []
    # a record whose last line ("Game ended") is missing is whole: its pots are paid
    whole = read(WALK.split("Game ended")[0])
    assert not whole.truncated and whole.start.started_at is None
