"""Records that leave out lines every hand would otherwise have (888poker writes no
uncalled bet's return and no total pot): the replay returns the bet by the rules without a
finding for the missing line, and still weighs what was paid against the chips put in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from auditor import events as ev
from auditor.read.split import RawHand, split_hands
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.rooms.pokerstars.reader import PokerStarsReader

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars"
SEEDS = load_profile("seeds")


def _hands(name: str) -> list[ev.Hand]:
    reader = PokerStarsReader()
    text = (FIXTURES / name).read_text(encoding="utf-8").splitlines(keepends=True)
    return [reader.read(raw) for raw in split_hands(text, name) if isinstance(raw, RawHand)]


def _codes(hand: ev.Hand) -> list[str]:
    return [f.code for f in replay_hand(hand, SEEDS).findings]


def _without(hand: ev.Hand, kind: type[ev.Event]) -> ev.Hand:
    return replace(hand, events=tuple(e for e in hand.events if not isinstance(e, kind)))


def _returned_hand() -> ev.Hand:
    hand = next(
        h
        for h in _hands("cash_plo_every_line.txt")
        if any(isinstance(e, ev.UncalledReturned) for e in h.events) and not _codes(h)
    )
    return _without(hand, ev.UncalledReturned)


def test_a_return_left_out_is_flagged_where_the_layout_writes_returns() -> None:
    # the totals still leave the bet out of the pot: implied, the missing line a warning
    assert _codes(_returned_hand()) == ["UNCALLED_UNWRITTEN"]


def test_a_layout_that_never_writes_returns_has_them_made_by_the_rules() -> None:
    hand = replace(_returned_hand(), uncalled_returns_written=False)
    assert _codes(hand) == []  # returned by the rules: the pots and awards still agree


def _tournament_without_total() -> ev.Hand:
    hand = next(h for h in _hands("tournament_plo8_side_pots.txt") if not _codes(h))
    assert hand.start.tournament_id is not None
    return _without(hand, ev.SummaryPot)


def test_a_tournament_hand_with_no_total_pot_line_pays_out_every_chip() -> None:
    hand = _tournament_without_total()
    assert _codes(hand) == []
    collected = next(e for e in hand.events if isinstance(e, ev.Collected))
    short = replace(collected, amount=collected.amount - 1)
    events = tuple(short if e is collected else e for e in hand.events)
    assert _codes(replace(hand, events=events)) == ["CHIPS_NOT_CONSERVED"]


def test_a_cash_hand_with_no_total_pot_line_pays_no_more_than_was_put_in() -> None:
    hand = _without(
        next(
            h
            for h in _hands("cash_plo_every_line.txt")
            if any(isinstance(e, ev.Collected) for e in h.events) and not _codes(h)
        ),
        ev.SummaryPot,
    )
    collected = next(e for e in hand.events if isinstance(e, ev.Collected))
    less = replace(collected, amount=collected.amount - 5)  # the rake is unknown: not judged
    more = replace(collected, amount=collected.amount * 2)  # more than the whole pot
    assert _codes(replace(hand, events=_swap(hand, collected, less))) == []
    assert _codes(replace(hand, events=_swap(hand, collected, more))) == ["CHIPS_NOT_CONSERVED"]


def _swap(hand: ev.Hand, old: ev.Event, new: ev.Event) -> tuple[ev.Event, ...]:
    return tuple(new if e is old else e for e in hand.events)
