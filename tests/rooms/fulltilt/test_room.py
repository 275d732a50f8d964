"""Full Tilt's room: its headers over the years, its games, its wordings read into the
same events as every room's, and a damaged hand reported at its line."""

from __future__ import annotations

from datetime import datetime
from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand, split_hands
from auditor.results import Status
from auditor.rooms.fulltilt import FullTiltRoom
from auditor.rooms.fulltilt.reader import FullTiltReader
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURES = ROOT / "fixtures" / "fulltilt"
CASH = (FIXTURES / "cash_plo_every_line.txt").read_text(encoding="utf-8")
RUNS = (FIXTURES / "run_twice_hilo_and_2006.txt").read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")

# Real header lines of the corpus, old and new layouts: (header, game, table, variant)
HEADERS = [
    (
        "Full Tilt Poker Game #33727835942: Table Dickson (6 max) - FL Omaha H/L - $0.50/$1 - "
        "20:31:38 ET - 2014/01/05",
        "FL Omaha H/L", "Dickson", "FLO8",
    ),
    (
        "Full Tilt Poker Game #31319837969: Table Rymer (6 max, shallow) - $2/$4 - Pot Limit "
        "Omaha Hi - 18:33:09 CET - 2012/11/06 [12:33:09 ET - 2012/11/06]",
        "Pot Limit Omaha Hi", "Rymer", "PLO",
    ),
    (
        "Full Tilt Poker Game #1088791321: Table Vero (6 max) - $200/$400 - Limit Omaha Hi/Lo - "
        "0:03:34 ET - 2006/10/11",
        "Limit Omaha Hi/Lo", "Vero", "FLO8",
    ),
    (
        "FullTiltPoker Game #579366587: $200 + $10 Heads Up Sit & Go (3795352), Table 1 - 40/80 "
        "- Limit Omaha H/L - 21:27:00 ET - 2006/04/19",
        "Limit Omaha H/L", "1", "FLO8",
    ),
    (
        "Full Tilt Poker Game #32635413160: Table Play Chip 2409 (6 max) - PL Courchevel Hi - "
        "25/50 - 14:04:16 ET - 2013/05/11",
        "PL Courchevel Hi", "Play Chip 2409", "PLC",
    ),
    (
        "Full Tilt Poker Game #32635624005: Table .COM Play 6118 (6 max, deep) - PL 5 Card "
        "Omaha Hi - 5/10 - 14:39:50 ET - 2013/05/11",
        "PL 5 Card Omaha Hi", ".COM Play 6118", "PLO5",
    ),
    (
        "Full Tilt Poker Game #32973699160: Table Systrum (6 max) - PL 6 Card Omaha Hi - "
        "$0.50/$1 - 10:04:25 ET - 2013/07/14",
        "PL 6 Card Omaha Hi", "Systrum", "PLO6",
    ),
    (
        "FullTiltPoker Game #28014530000: Table Atable (6 max) - $25/$50 - $2,000 Cap Pot Limit "
        "Omaha Hi - 11:00:00 ET - 2011/02/01",
        "Pot Limit Omaha Hi", "Atable", "PLO",
    ),
    (
        "Full Tilt Poker Game #33729249937: Table Mason (6 max, shallow) - NL Omaha H/L - "
        "$0.05/$0.10 - 08:25:48 ET - 2014/01/06",
        "NL Omaha H/L", "Mason", "NLO8",
    ),
    (
        "Full Tilt Poker Game #40000000022: Table Fixture IV (heads up) - PL Big O - $0.25/$0.50 "
        "- 14:10:00 ET - 2013/05/11",
        "PL Big O", "Fixture IV", "PLO5-8",
    ),
]  # fmt: skip


def raw(text: str) -> RawHand:
    (hand,) = [h for h in split_hands(text.splitlines(), "t.txt") if isinstance(h, RawHand)]
    return hand


def read(text: str) -> ev.Hand:
    return FullTiltReader().read(raw(text))


def hands(text: str) -> list[str]:
    return [h.text for h in split_hands(text.splitlines(), "t.txt") if isinstance(h, RawHand)]


def of_type(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


@pytest.mark.parametrize("header,game,table,variant", HEADERS, ids=[h[3] for h in HEADERS])
def test_headers_old_and_new(header: str, game: str, table: str, variant: str) -> None:
    room = FullTiltRoom()
    assert room.is_header(header) and room.sniff("\ufeff" + header + "\n")
    assert not PokerStarsRoom().is_header(header)
    hand = RawHand("t.txt", 1, (header,), "fulltilt")
    assert (room.game(hand), room.table_name(hand), room.is_omaha(game)) == (game, table, True)
    text = header + "\nSeat 1: a ($10)\nSeat 2: b ($10)\n*** HOLE CARDS ***\n"
    start = read(text).start
    assert (start.game, start.table_name, start.variant) == (game, table, variant)


def test_other_rooms_and_games_are_not_taken() -> None:
    room = FullTiltRoom()
    assert not room.is_header(STARS.splitlines()[0]) and not room.sniff(STARS)
    assert not room.is_header("Full Tilt Poker Tournament Summary 250 Play Money Sit & Go")
    stud = RawHand(
        "t.txt",
        1,
        (
            "Full Tilt Poker Game #29704127410: Table Jackrabbit (6 max) - $2.50/$5 Ante $0.40 - "
            "Limit Stud Hi - 19:37:32 CET - 2011/04/07 [13:37:32 ET - 2011/04/07]",
        ),
        "fulltilt",
    )
    assert room.game(stud) == "Limit Stud Hi" and not room.is_omaha(room.game(stud))
    assert rooms.profile_for_site("Full Tilt Poker") == "fulltilt"


def test_the_start_keeps_the_zone_the_local_time_and_the_button() -> None:
    first = read(hands(RUNS)[0]).start
    assert (first.time_zone, first.started_at) == ("CET", datetime(2012, 11, 6, 18, 33, 9))
    assert (first.button_seat, first.max_seats, first.currency, first.scale) == (3, 6, "USD", 100)
    sng = read(hands(RUNS)[2]).start
    assert (sng.tournament_id, sng.buy_in, sng.currency, sng.scale) == (
        "123456",
        "$10 + $1 Sit & Go",
        "chips",
        1,
    )
    assert sng.max_seats is None  # Full Tilt writes no size for this table


def test_wordings_become_the_same_events() -> None:
    hand = read(hands(CASH)[0])
    # the chips lines as written: "raises to $3.50" the total, "calls $1" the chips added
    chips = of_type(hand, ev.ChipsIn)
    raises = [e for e in chips if e.verb is ev.Verb.RAISE]
    assert raises[0] == ev.ChipsIn(raises[0].span, "Ann Lee", ev.Verb.RAISE, None, 350, False)
    calls = [e for e in chips if e.verb is ev.Verb.CALL and e.all_in]
    assert [(c.player, c.added) for c in calls] == [("frank", 100), ("Ann Lee", 4650)]
    posts = [(e.player, e.kind, e.amount) for e in of_type(hand, ev.Posted)]
    assert ("frank", ev.PostKind.BIG_BLIND, 100) in posts  # "frank posts $1": a newcomer's
    collected = [(e.player, e.amount, e.pot, e.names_pot) for e in of_type(hand, ev.Collected)]
    assert collected == [("eve", 19750, 1, True), ("eve", 550, 0, True)]
    (pot,) = of_type(hand, ev.SummaryPot)
    assert isinstance(pot, ev.SummaryPot)
    # written "Main pot $8.50. Side pot $197.50. | Rake $3": the main pot net of the rake
    assert (pot.total, pot.main, pot.side_pots, pot.rake) == (20600, 550, (19750,), 300)
    added = of_type(hand, ev.StackAdded)
    top_up = ev.StackAdded(added[0].span, "gina", ev.StackChange.TOP_UP, 5000, "gina adds $50")
    assert added == [top_up]
    statuses = {(e.player, e.status) for e in of_type(hand, ev.PlayerStatus)}
    assert {
        ("carl", ev.Status.DISCONNECTED),
        ("carl", ev.Status.CONNECTED),
        ("bob", ev.Status.LEAVES),
        ("gina", ev.Status.JOINS),
        ("dave", ev.Status.RETURNED),
        ("Ann Lee", ev.Status.OTHER),  # the clock: "has 15 seconds left to act"
    } <= statuses
    talk = [(e.player, e.text) for e in of_type(hand, ev.TableTalk)]
    assert talk == [("bob", "gl all"), ("railbird", "nice pot")]
    seats = {e.player: e.sitting_out for e in of_type(hand, ev.SeatTaken)}
    assert seats["dave"] and not seats["eve"]
    # the 2014 layout's shown hand is "shows [..] a straight, ...": the cards carried on
    shown = [e for e in of_type(hand, ev.Shown) if e.description]
    assert shown[0].cards[0].text == "Qs" and shown[0].claim.high is not None


def test_dead_blinds_and_a_seat_sat_out_in_the_summary() -> None:
    second = read(hands(CASH)[1])
    posts = [(e.player, e.kind, e.amount) for e in of_type(second, ev.Posted)]
    assert ("gina", ev.PostKind.MISSED_BLIND, 50) in posts
    # hal's seat line does not say he sits out; only the summary does
    seat, out = "Seat 6: gina ($50)", "Seat 6: gina folded before the Flop"
    summary_only = hands(CASH)[1].replace(seat, seat + "\nSeat 7: hal ($9)")
    summary_only = summary_only.replace(out, out + "\nSeat 7: hal is sitting out")
    seats = {e.player: e.sitting_out for e in of_type(read(summary_only), ev.SeatTaken)}
    assert seats["hal"] and not seats["gina"]


def test_hi_lo_halves_ties_and_runs() -> None:
    runs, hilo, old = (read(h) for h in hands(RUNS))
    # "wins pot 2": the second run's pot, its award on that run's board
    marks = [e.board for e in runs.events if isinstance(e, ev.ShowdownStarted)]
    assert marks == [1, 2, 1, 2]
    second = of_type(runs, ev.SummarySeat)[3]
    assert [r.won for r in second.results] == [None, 4850]  # the second run's result, second
    assert [b.board for b in of_type(runs, ev.SummaryBoard)] == [1, 2]
    ties = [(e.player, e.amount) for e in of_type(hilo, ev.Collected)]
    assert ties == [("eli", 380), ("dan", 380), ("eli", 760)]
    low = of_type(hilo, ev.Shown)[0].claim.low
    assert low is not None and low.ranks == (6, 5, 4, 2, 1)
    # 2006: the low of a shown hand on a line of its own, " (7,4,3,2,A)"
    hero = of_type(old, ev.Shown)[0]
    assert hero.claim.high_text == "a pair of Nines"
    assert hero.claim.low is not None and hero.claim.low.ranks == (7, 4, 3, 2, 1)


def test_courchevel_flop_holds_the_card_dealt_before_the_betting() -> None:
    text = (FIXTURES / "courchevel_and_big_o.txt").read_text(encoding="utf-8")
    hand = read(hands(text)[0])
    flop = of_type(hand, ev.StreetDealt)[1]
    assert [c.text for c in flop.cards] == ["9h", "9s", "Kd"] == [c.text for c in flop.new_cards]
    assert hand.start.hole_card_count == 5


def test_a_capped_player_is_all_in_for_the_betting() -> None:
    text = hands(CASH)[1].replace("eve bets $5", "eve bets $5, and is capped")
    hand = read(text)
    bets = [e for e in of_type(hand, ev.ChipsIn) if e.verb is ev.Verb.BET]
    assert bets[0].all_in and bets[0].added == 500
    (capped,) = [s for s in of_type(hand, ev.PlayerStatus) if s.status is ev.Status.CAPPED]
    assert capped.player == "eve" and capped.span == bets[0].span  # no action left to take


def test_a_damaged_hand_is_a_parse_error_at_its_line() -> None:
    text = hands(CASH)[1]
    broken = text.replace("eve checks", "eve shoves")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    line = broken.splitlines().index("eve shoves") + 1
    assert (caught.value.line, caught.value.text) == (line, "eve shoves")
    assert caught.value.code == "PARSE_ERROR" and "^" in caught.value.context
    (result,) = audit_text(broken)
    assert result.status is Status.REJECTED and result.format == "fulltilt"
    assert result.table_name == "Fixture I"
    assert [(f.code, f.source.line) for f in result.findings] == [("PARSE_ERROR", line)]


def test_a_header_whose_parts_cannot_be_told_apart_is_line_one() -> None:
    bad = hands(CASH)[1].replace(" - PL Omaha Hi - $0.50/$1", " - PL Omaha Hi", 1)
    with pytest.raises(HandParseError) as caught:
        read(bad)
    assert caught.value.line == 1


def test_fixtures_audit_under_the_room_and_its_profile() -> None:
    results = audit_text(CASH + "\n\n" + RUNS)
    assert [r.format for r in results] == ["fulltilt"] * 5
    assert [r.status for r in results] == [Status.AUDITED] * 5
    assert all(r.findings == () for r in results)
    assert {r.replay.profile for r in results if r.replay is not None} == {"fulltilt"}


def test_runs_written_first_and_second_read_as_runs_one_and_two() -> None:
    numbered = hands(RUNS)[0]
    worded = numbered.replace("Players agree to Run It Twice", "Hand was run twice")
    for street in ("FLOP", "TURN", "RIVER", "SHOW DOWN"):
        worded = worded.replace(f"*** {street} 1 ***", f"*** FIRST {street} ***")
        worded = worded.replace(f"*** {street} 2 ***", f"*** SECOND {street} ***")
    assert worded != numbered and "FIRST FLOP" in worded

    def boards(hand: ev.Hand) -> list[tuple[str, int, int]]:
        return [(e.street.value, e.board, len(e.cards)) for e in of_type(hand, ev.StreetDealt)]

    assert boards(read(worded)) == boards(read(numbered))
    assert "Hand was run twice" in [e.text for e in of_type(read(worded), ev.Note)]


def test_a_cancelled_hand_says_so() -> None:
    text = hands(CASH)[1].replace(
        "*** HOLE CARDS ***", "*** HOLE CARDS ***\nHand #40000000002 has been canceled"
    )
    assert len(of_type(read(text), ev.HandCancelled)) == 1


# FLO8/FixedLimitOmahaHiLo.txt #33727835942 as the corpus has it: $8 less $0.25 rake is
# $7.75, split by Full Tilt in its table's $0.05 chip (155 chips: 78 high, 77 low).
SPLIT_IN_TABLE_CHIP = """\
Full Tilt Poker Game #33727835942: Table Dickson (6 max) - FL Omaha H/L - $0.50/$1 - 20:31:38 ET - 2014/01/05
Seat 1: SomeStupid ($10.90)
Seat 3: Greszik ($4)
Greszik posts the small blind of $0.25
SomeStupid posts the big blind of $0.50
The button is in seat #3
*** HOLE CARDS ***
Greszik raises to $1
SomeStupid calls $0.50
*** FLOP *** [2h 3c Jh] (Total Pot: $2, 2 Players)
SomeStupid checks
Greszik bets $0.50
SomeStupid calls $0.50
*** TURN *** [2h 3c Jh] [Kh] (Total Pot: $3, 2 Players)
SomeStupid checks
Greszik bets $1
SomeStupid calls $1
*** RIVER *** [2h 3c Jh Kh] [8d] (Total Pot: $5, 2 Players)
SomeStupid bets $1
Greszik raises to $1.50, and is all in
SomeStupid calls $0.50
*** SHOW DOWN ***
Greszik shows [9c Qh Ah Js] a flush, Ace high, for high
SomeStupid shows [5d 3h 4c Kd] two pair, Kings and Threes, for high and 8,5,4,3,2, for low
Greszik wins the high pot ($3.90) with a flush, Ace high
SomeStupid wins the low pot ($3.85) with 8,5,4,3,2
*** SUMMARY ***
Total pot $8 | Rake $0.25
Board: [2h 3c Jh Kh 8d]
Seat 1: SomeStupid (big blind) showed [5d 3h 4c Kd] and won ($3.85) with HI: two pair, Kings and Threes; LO: 8,5,4,3,2
Seat 3: Greszik (small blind) showed [9c Qh Ah Js] and won ($3.90) with HI: a flush, Ace high
"""  # noqa: E501


def test_a_split_in_the_tables_chip_is_right() -> None:
    """Full Tilt splits in its table's chip ($0.05 at $0.50/$1), not in cents: the split
    of the record passes; the cent split ($3.88/$3.87) was AWARD_WRONG before."""
    (result,) = audit_text(SPLIT_IN_TABLE_CHIP)
    assert result.status is Status.AUDITED
    assert [f.code for f in result.findings] == []
    assert result.showdown is not None
    awards = {(a.half, a.player): (a.expected, a.recorded) for a in result.showdown.awards}
    assert awards[("hi", "Greszik")] == (390, 390)
    assert awards[("lo", "SomeStupid")] == (385, 385)


@pytest.mark.parametrize(
    ("high", "low", "code"),
    [("$4", "$3.75", "AWARD_WRONG"), ("$3.85", "$3.90", "ODD_CHIP_WRONG")],
)
def test_a_split_against_the_tables_chip_is_found(high: str, low: str, code: str) -> None:
    """$4 / $3.75 is four chips of $0.05 off; the high half given the lower share puts
    the odd chip on the low half."""
    text = SPLIT_IN_TABLE_CHIP.replace("high pot ($3.90)", f"high pot ({high})")
    text = text.replace("low pot ($3.85)", f"low pot ({low})")
    text = text.replace("won ($3.85)", f"won ({low})").replace("won ($3.90)", f"won ({high})")
    (result,) = audit_text(text)
    assert code in [f.code for f in result.findings]


def test_each_half_the_room_names_is_judged_against_its_own_winners() -> None:
    """The high half written as paid to the low hand (and the low to the high): each
    player's sum is still right (3.90 and 3.85), but SomeStupid is paid the high half,
    which Greszik's flush won: WINNER_WRONG at that line (the halves were summed per
    player and this passed). The half is a typed fact of the event."""
    swapped = SPLIT_IN_TABLE_CHIP.replace(
        "Greszik wins the high pot ($3.90)", "Greszik wins the low pot ($3.90)"
    ).replace("SomeStupid wins the low pot ($3.85)", "SomeStupid wins the high pot ($3.85)")
    (result,) = audit_text(swapped)
    assert [(f.code, f.player, f.source.line) for f in result.findings] == [
        ("WINNER_WRONG", "SomeStupid", 26)
    ]
    halves = {(c.player, c.half) for c in of_type(read(swapped), ev.Collected)}
    assert halves == {("Greszik", ev.Half.LOW), ("SomeStupid", ev.Half.HIGH)}
