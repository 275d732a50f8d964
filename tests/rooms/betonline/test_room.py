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
    # "raises 0.90 to 1.00 and is all in": the chips put in, then the bet: a raise TO
    assert [(r.player, r.to, r.given, r.all_in) for r in of(hand, ev.RaisedTo)] == [
        ("Hero", 45, ev.RaiseGiven.TO, False),
        ("Player3", 100, ev.RaiseGiven.TO, True),
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
