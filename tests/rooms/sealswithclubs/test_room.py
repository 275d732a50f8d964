"""Seals With Clubs' room: its "Hand #N-M - date" header (WPN's "Hand #N - Omaha ..."
starts the same: neither room reads the other's), its game line, and its wordings read
into the same events as every room's (raises TO, "(All-in)", the button named by player,
"refunded", pots won with each one's rake, chips added for the next hand)."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.rooms.sealswithclubs import SealsWithClubsRoom
from auditor.rooms.sealswithclubs.reader import SealsWithClubsReader
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "sealswithclubs" / "sealswithclubs_side_pot_refund_and_rake.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
WPN_HEADER = "Hand #54474398 - Omaha H/L(Pot Limit) - $0.10/$0.25 - 2016/08/22 21:44:58 UTC"


def raw(text: str) -> RawHand:
    return RawHand("f.txt", 1, tuple(text.splitlines()), "sealswithclubs")


def read(text: str) -> ev.Hand:
    return SealsWithClubsReader().read(raw(text))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_the_header_is_the_room_s_alone() -> None:
    header = TEXT.splitlines()[0]
    assert [n for n, r in rooms.REGISTRY.items() if r.is_header(header)] == ["sealswithclubs"]
    assert [n for n, r in rooms.REGISTRY.items() if r.sniff(TEXT)] == ["sealswithclubs"]
    assert not SealsWithClubsRoom().is_header(WPN_HEADER)
    assert raw(TEXT).hand_id == "5297790-12"


def test_game_table_and_head_facts() -> None:
    room = SealsWithClubsRoom()
    assert room.game(raw(TEXT)) == "PL Omaha" and room.table_name(raw(TEXT)) == "PLO 9max 1/1 #1"
    assert not room.is_omaha("NL Hold'em")
    start = read(TEXT).start
    assert (start.variant, start.currency, start.scale, start.small_stake) == (
        "PLO",
        "mBTC",
        100,
        100,
    )
    # the button named by player: Player0's seat
    assert (start.max_seats, start.button_seat, start.time_zone) == (9, 1, "")
    seats = {s.player: s for s in of(read(TEXT), ev.SeatTaken)}
    assert seats["Player4"].sitting_out and not seats["Hero"].sitting_out


def test_actions_refunds_pots_and_rake() -> None:
    hand = read(TEXT)
    # the chips lines as written: "raises to" gives the total, "(All-in)" where said
    chips = of(hand, ev.ChipsIn)
    raises = [(c.player, c.added, c.to) for c in chips if c.verb is ev.Verb.RAISE]
    assert raises == [("Player0", None, 400), ("Hero", None, 1600)]
    assert [c.player for c in chips if c.all_in] == ["Player3"]
    assert {c.all_in for c in chips} == {True, False}  # the layout always says all-in
    (refund,) = of(hand, ev.UncalledReturned)
    assert (refund.player, refund.amount) == ("Hero", 5000)
    assert [(c.pot, c.amount) for c in of(hand, ev.Collected)] == [(1, 4600), (0, 3500)]
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.rake) == (8400, 300)  # the pots won and their rakes
    (added,) = of(hand, ev.StackAdded)
    assert (added.player, added.chips, added.change) == ("Hero", 5000, ev.StackChange.TOP_UP)


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    damaged = TEXT.replace("Hero bets 20", "Hero bets twenty")
    with pytest.raises(HandParseError) as caught:
        read(damaged)
    assert caught.value.line == 20 and caught.value.code is Code.PARSE_ERROR
