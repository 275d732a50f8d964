"""BetOnline's room: its headers, the game a hand deals whatever its header says (a
"Hold'em Pot Limit" header over four hole cards is PLO, with GAME_MISLABELED; over two it
is Hold'em, skipped), and its wordings read into the same events as every room's."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.results import Status
from auditor.rooms.betonline import BetOnlineRoom
from auditor.rooms.betonline.reader import BetOnlineReader
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "betonline" / "betonline_holdem_header_over_omaha.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
SIDE_POTS, COLLECTED = (part.strip() + "\n" for part in TEXT.split("\n\n\n\n"))
# the same hand as dealt at a Hold'em table: two hole cards
HOLDEM = SIDE_POTS.replace("Dealt to Hero [Ah Kd 10s 9c]", "Dealt to Hero [Ah Kd]")


def raw(text: str) -> RawHand:
    return RawHand("f.txt", 1, tuple(text.splitlines()), "betonline")


def read(text: str) -> ev.Hand:
    return BetOnlineReader().read(raw(text))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, stars = BetOnlineRoom(), PokerStarsRoom()
    header = SIDE_POTS.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert room.sniff(TEXT) and not stars.sniff(TEXT) and not stars.is_header(header)
    assert not room.is_header(SIDE_POTS.splitlines()[1])
    assert room.table_name(raw(SIDE_POTS)) == "Weeds (Hi)"
    assert raw(SIDE_POTS).hand_id == "1073100001"


def test_the_game_is_what_the_hand_deals_not_what_its_header_says() -> None:
    room = BetOnlineRoom()
    assert room.game(raw(SIDE_POTS)) == "Omaha Pot Limit"
    assert room.is_omaha(room.game(raw(SIDE_POTS)))
    assert room.game(raw(HOLDEM)) == "Hold'em Pot Limit"
    assert not room.is_omaha(room.game(raw(HOLDEM)))
    # an observed hand (no "Dealt to"): the summary's shown cards tell
    observed = SIDE_POTS.replace("Dealt to Hero [Ah Kd 10s 9c]\n", "")
    assert room.game(raw(observed)) == "Omaha Pot Limit"


def test_a_mislabeled_header_is_read_as_omaha_and_said_so() -> None:
    hand = read(SIDE_POTS)
    start = hand.start
    assert (start.variant, start.limit, start.hole_card_count) == ("PLO", ev.Limit.POT, 4)
    assert start.game == "Hold'em Pot Limit"  # as written
    (mislabeled,) = of(hand, ev.GameMislabeled)
    assert (mislabeled.span.line, mislabeled.written, mislabeled.shown) == (
        1,
        "Hold'em Pot Limit",
        "PLO",
    )
    result = audit_text(TEXT)
    assert [h.status for h in result] == [Status.AUDITED, Status.AUDITED]
    assert [(f.code, f.source.line) for h in result for f in h.findings] == [
        (Code.GAME_MISLABELED, 1),
        (Code.GAME_MISLABELED, 51),
    ]


def test_a_holdem_hand_is_skipped() -> None:
    (result,) = audit_text(HOLDEM)
    assert result.status is Status.SKIPPED


def test_head_facts_seats_from_zero_and_the_zone() -> None:
    start = read(COLLECTED).start
    assert (start.small_stake, start.big_stake, start.currency) == (5, 10, "USD")
    assert (start.max_seats, start.button_seat, start.time_zone) == (10, 3, "EDT")
    seats = {s.seat: s for s in of(read(COLLECTED), ev.SeatTaken)}
    assert seats[0].player == "Hero" and seats[0].stack == 1510
    # "- Sitting out" and not in the summary: not dealt in
    assert seats[7].sitting_out and seats[7].out_of_hand


def test_raises_posts_and_the_ten() -> None:
    hand = read(SIDE_POTS)
    # "raises 0.90 to 1.00 and is all in": the chips put in, then the bet: both given
    raises = [c for c in of(hand, ev.ChipsIn) if c.verb is ev.Verb.RAISE]
    assert [(c.player, c.added, c.to, c.all_in) for c in raises] == [
        ("Hero", 45, 45, False),
        ("Player3", 90, 100, True),
    ]
    posts = [(p.player, p.kind, p.amount) for p in of(hand, ev.Posted)]
    assert posts[-1] == ("Player4", ev.PostKind.LIVE, 10)  # "post now 0.10"
    (dealt,) = of(hand, ev.Dealt)
    assert [c.text for c in dealt.cards] == ["Ah", "Kd", "Ts", "9c"]
    turn = of(hand, ev.StreetDealt)[2]
    assert [c.text for c in turn.new_cards] == ["5s"] and len(turn.cards) == 4
    statuses = [(s.player, s.status) for s in of(hand, ev.PlayerStatus)]
    assert statuses == [("Player9", ev.Status.JOINS), ("Player1", ev.Status.LEAVES)]
    assert [t.text for t in of(hand, ev.TableTalk)] == ["nh", "gg"]


def test_pot_lines_are_net_of_rake_main_pot_last() -> None:
    text = SIDE_POTS.replace("Total pot 6.00 | Rake 0.00", "Total pot 5.70 | Rake 0.30")
    (pot,) = of(read(text), ev.SummaryPot)
    # gross total: the rake added back; main and side pots as written, net
    assert (pot.total, pot.main, pot.side_pots, pot.rake) == (910, 310, (570,), 30)
    (single,) = of(read(COLLECTED), ev.SummaryPot)
    assert (single.total, single.main, single.side_pots) == (75, None, ())


def test_summary_seats() -> None:
    seats = of(read(SIDE_POTS), ev.SummarySeat)
    assert [(s.player, s.outcome, [r.won for r in s.results]) for s in seats] == [
        ("Player1", ev.SeatOutcome.FOLDED, []),
        ("Player2", ev.SeatOutcome.SHOWED, [None]),
        ("Player3", ev.SeatOutcome.SHOWED, [None]),
        ("Hero", ev.SeatOutcome.SHOWED, [910]),
        ("Player4", ev.SeatOutcome.FOLDED, []),
    ]
    (collected,) = [s for s in of(read(COLLECTED), ev.SummarySeat) if s.results]
    assert collected.outcome is ev.SeatOutcome.COLLECTED and collected.results[0].won == 75


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    damaged = SIDE_POTS.replace("Hero: bets 1.50", "Hero: bets one fifty")
    with pytest.raises(HandParseError) as caught:
        read(damaged)
    assert caught.value.line == 26 and caught.value.code is Code.PARSE_ERROR
    assert caught.value.text == "Hero: bets one fifty"


def test_the_summary_takes_a_player_s_lines_but_no_street() -> None:
    # the summary's "said" lines are a run of the play's kind: a street there is an error
    lines = SIDE_POTS.splitlines()
    at = lines.index("*** SUMMARY ***") + 1
    talk = [*lines[:at], 'Player1 said "gg"', *lines[at:]]
    assert [t.text for t in of(read("\n".join(talk) + "\n"), ev.TableTalk)][-1] == "gg"
    street = [*lines[:at], "*** FLOP *** [5d Jd 9h]", *lines[at:]]
    with pytest.raises(HandParseError) as caught:
        read("\n".join(street) + "\n")
    assert (caught.value.line, caught.value.text) == (at + 1, "*** FLOP *** [5d Jd 9h]")


# BetOnline #1073060614 as the corpus has it (lines 224-264): Player8 all-in for 0.74
# preflop, Player2 calls; no street line after the all-in, the board only in the summary.
# Player8's K-Q-J-T-9 straight wins 1.63 less 0.05 rake.
ALL_IN_SHOWDOWN = """\
BetOnline Poker Game #1073060614: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 21:32:09 EDT
Table 'Weeds (Hi)' 10-Max, Seat #0 is the button
Seat 8: Player0 (5.60 in chips)
Seat 7: Player1 (9.10 in chips)
Seat 6: Player2 (98.60 in chips)
Seat 4: Player3 (4.18 in chips) - Big Blind
Seat 0: Hero (8.45 in chips) - The button
Seat 9: Player6 (2.60 in chips)
Seat 2: Player7 (13.25 in chips) - Small Blind
Seat 5: Player8 (0.74 in chips)
Player7: posts small blind 0.05
Player3: posts big blind 0.10
*** HOLE CARDS ***
Dealt to Hero [3h 5s Jd As]
Player8: calls 0.10
Player2: raises 0.45 to 0.45
Player1: folds
Player0: folds
Player6: folds
Hero: folds
Player7 said "had a good day in NFL so got 30 to donate"
Player7: folds
Player3: folds
Player8: raises 0.64 to 0.74 and is all in
Player2: calls 0.29
*** SHOW DOWN ***
Player2 shows 2s 2c 9h Js
Player8 shows 10d Kd Qh 2d
*** SUMMARY ***
Total pot 1.58 | Rake 0.05
Board [Qd Jh 9c 8d 7h]
Seat 8: Player0 folded before Flop
Seat 7: Player1 folded before Flop
Seat 6: Player2 showed [2s 2c 9h Js] but did not win
Seat 4: Player3 folded before Flop
Seat 0: Hero folded before Flop
Seat 9: Player6 folded before Flop
Seat 2: Player7 folded before Flop
Seat 5: Player8 showed [10d Kd Qh 2d] and won (1.58)
"""

# The same table, shaped on it: Player8 all-in for 0.74, Player2 and Player3 play a side
# pot of 2.00 on; all three make K-Q-J-T-9. Main pot 0.05 + 3 x 0.74 = 2.27, three ways
# (0.76, 0.76, 0.75: the odd cent to the first left of the button, Player3 at seat 4,
# then Player8); the side pot 2.00 two ways. Totals: Player3 1.76, Player8 0.76,
# Player2 1.75, one "won (X)" each.
TIED_SIDE_POT = """\
BetOnline Poker Game #1073060614: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 21:32:09 EDT
Table 'Weeds (Hi)' 10-Max, Seat #0 is the button
Seat 8: Player0 (5.60 in chips)
Seat 7: Player1 (9.10 in chips)
Seat 6: Player2 (98.60 in chips)
Seat 4: Player3 (4.18 in chips) - Big Blind
Seat 0: Hero (8.45 in chips) - The button
Seat 9: Player6 (2.60 in chips)
Seat 2: Player7 (13.25 in chips) - Small Blind
Seat 5: Player8 (0.74 in chips)
Player7: posts small blind 0.05
Player3: posts big blind 0.10
*** HOLE CARDS ***
Dealt to Hero [3h 5s Jd As]
Player8: calls 0.10
Player2: raises 0.45 to 0.45
Player1: folds
Player0: folds
Player6: folds
Hero: folds
Player7: folds
Player3: calls 0.35
Player8: raises 0.64 to 0.74 and is all in
Player2: calls 0.29
Player3: calls 0.29
*** FLOP *** [Qd Jh 9c]
Player3: checks
Player2: bets 1.00
Player3: calls 1.00
*** TURN *** [Qd Jh 9c][8d]
Player3: checks
Player2: checks
*** RIVER *** [Qd Jh 9c 8d][7h]
Player3: checks
Player2: checks
*** SHOW DOWN ***
Player3 shows Ks 10h 4c 4h
Player2 shows Kc 10c 2s 2c
Player8 shows 10d Kd Qh 2d
*** SUMMARY ***
Total pot 2.00 | Rake 0.00
Total pot 2.27 | Rake 0.00
Board [Qd Jh 9c 8d 7h]
Seat 8: Player0 folded before Flop
Seat 7: Player1 folded before Flop
Seat 6: Player2 showed [Kc 10c 2s 2c] and won (1.75)
Seat 4: Player3 showed [Ks 10h 4c 4h] and won (1.76)
Seat 0: Hero folded before Flop
Seat 9: Player6 folded before Flop
Seat 2: Player7 folded before Flop
Seat 5: Player8 showed [10d Kd Qh 2d] and won (0.76)
"""


def _findings(text: str) -> list[tuple[str, str]]:
    (result,) = audit_text(text)
    return [(f.code, f.player or "") for f in result.findings if f.code != Code.GAME_MISLABELED]


def test_a_showdown_is_judged_from_the_summarys_won() -> None:
    """The record pays the winner: nothing. Paying the losing hand was passed (no line
    collects, so no showdown was judged; the board is only the summary's)."""
    assert _findings(ALL_IN_SHOWDOWN) == []
    losing = ALL_IN_SHOWDOWN.replace(
        "[2s 2c 9h Js] but did not win", "[2s 2c 9h Js] and won (1.58)"
    ).replace("[10d Kd Qh 2d] and won (1.58)", "[10d Kd Qh 2d] but did not win")
    assert _findings(losing) == [("WINNER_WRONG", "Player2")]


def test_one_total_per_player_is_his_shares_of_every_pot() -> None:
    """A tied side pot paid to one of its winners passed ("paid without winning" only):
    each player's total is now the sum of his shares."""
    assert _findings(TIED_SIDE_POT) == []
    one = TIED_SIDE_POT.replace("and won (1.75)", "and won (2.75)").replace(
        "and won (1.76)", "and won (0.76)"
    )
    assert _findings(one) == [("AWARD_WRONG", "Player2")]
    alone = TIED_SIDE_POT.replace("and won (1.75)", "and won (4.27)")
    alone = alone.replace("[Ks 10h 4c 4h] and won (1.76)", "[Ks 10h 4c 4h] but did not win")
    alone = alone.replace("[10d Kd Qh 2d] and won (0.76)", "[10d Kd Qh 2d] but did not win")
    assert _findings(alone) == [("WINNER_WRONG", "Player2")]
