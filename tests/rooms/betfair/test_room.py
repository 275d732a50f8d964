"""Betfair's room: its header (not 888poker's nor PartyPoker's, which have its shape), its
game line, and its wordings read into the same events as every room's (raises TO, "goes
all-in" before the action it makes all-in, a late big blind live, a dead small blind, pots
won with no summary, "Game N ends")."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.rooms.betfair import BetfairRoom
from auditor.rooms.betfair.reader import BetfairReader
from tests.corpus import CORPUS, ROOT, require_corpus

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "betfair" / "betfair_dead_blind_all_in_for_less.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")


def raw(text: str) -> RawHand:
    return RawHand("f.txt", 1, tuple(text.splitlines()), "betfair")


def read(text: str) -> ev.Hand:
    return BetfairReader().read(raw(text))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_the_header_is_betfair_s_alone() -> None:
    header = TEXT.splitlines()[0]
    assert [name for name, room in rooms.REGISTRY.items() if room.is_header(header)] == ["betfair"]
    assert [name for name, room in rooms.REGISTRY.items() if room.sniff(TEXT)] == ["betfair"]
    for other in ("***** 888poker Hand History for Game 385494443 *****",
                  "***** Hand History for Game 4458541564 *****"):  # fmt: skip
        assert not BetfairRoom().is_header(other)
    assert rooms.profile_for_site("Betfair") == "seeds"


def test_game_table_and_head_facts() -> None:
    room = BetfairRoom()
    assert room.game(raw(TEXT)) == "PL Omaha" and room.is_omaha("PL Omaha")
    assert not room.is_omaha("NL Texas Hold'em")
    assert room.table_name(raw(TEXT)) == "Death 1" and raw(TEXT).hand_id == "100000001"
    start = read(TEXT).start
    assert (start.variant, start.small_stake, start.big_stake, start.max_seats) == (
        "PLO",
        5,
        10,
        6,
    )
    assert (start.time_zone, start.button_seat) == ("GMT", 3)
    assert start.started_at is not None and start.started_at.month == 10


def test_posts_raises_and_all_in() -> None:
    hand = read(TEXT)
    posts = [(p.player, p.kind, p.amount) for p in of(hand, ev.Posted)]
    assert posts[2] == ("Player1", ev.PostKind.SMALL_AND_BIG, 15)
    chips = [(c.player, c.verb, c.added, c.to, c.all_in) for c in of(hand, ev.ChipsIn)]
    (raised,) = [c for c in chips if c[1] is ev.Verb.RAISE]
    assert raised[2:4] == (None, 45)  # "raises to [$0.45]": a raise TO
    # "goes all-in", then "calls [$1.05]"
    assert ("Player2", ev.Verb.CALL, 105, None, True) in chips
    (won,) = of(hand, ev.Collected)
    assert (won.player, won.amount, won.pot) == ("Hero", 360, 0)
    assert not read(TEXT).truncated


def test_a_late_big_blind_is_live() -> None:
    text = require_corpus(
        CORPUS / "Betfair/PLO/PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt"
    )
    hand = read(text.read_text(encoding="utf-8"))
    posts = [(p.player, p.kind) for p in of(hand, ev.Posted)]
    assert posts == [
        ("Player2", ev.PostKind.SMALL_BLIND),
        ("Player4", ev.PostKind.BIG_BLIND),
        ("Hero", ev.PostKind.LIVE),
    ]
    assert [(c.pot, c.amount) for c in of(hand, ev.Collected)] == [(1, 626), (0, 444)]


def test_a_hand_with_no_end_line_is_cut_short() -> None:
    cut = "\n".join(TEXT.splitlines()[:-3]) + "\n"
    assert read(cut).truncated


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    damaged = TEXT.replace("Hero bets [$1.20]", "Hero bets [one twenty]")
    with pytest.raises(HandParseError) as caught:
        read(damaged)
    assert caught.value.line == 26 and caught.value.code is Code.PARSE_ERROR
