"""The evaluator against pokerkit (see shared/ORACLES.md): on random two-player
showdowns, who wins or ties must be what pokerkit says, for PLO high, PLO8
high and low, and 5- and 6-card PLO high.

pokerkit is slow (a few thousand Omaha evaluations a second), so each showdown
has two players: two pokerkit evaluations per comparison. A third of the deals
come from a deck of six ranks (pairs, trips, full houses, quads, wheels) and a
third from a deck of two suits (flushes), where the hard cases live.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from auditor.cards import DECK, Card
from auditor.showdown import describe_high, low_ranks, omaha_high, omaha_low8

pytestmark = pytest.mark.slow  # pokerkit evaluates a few thousand hands a second

SHOWDOWNS = 5000
_CROWDED = [c for c in DECK if c.rank in (0, 1, 2, 3, 7, 12)]
_TWO_SUITS = [c for c in DECK if c.suit in (1, 2)]
_LOW_HEAVY = [c for c in DECK if c.rank <= 6 or c.rank in (9, 12)]
# pokerkit's labels, weakest first, as our Category numbers.
_LABELS = [
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
]


def _text(cs: Sequence[Card]) -> str:
    return "".join(c.text for c in cs)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _deals(
    seed: int, hole_size: int, decks: Sequence[list[Card]], count: int = SHOWDOWNS
) -> list[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]]:
    """``count`` two-player deals (hole, hole, five-card board), cycling through ``decks``."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        dealt = rng.sample(decks[n % len(decks)], 2 * hole_size + 5)
        out.append(
            (
                tuple(dealt[:hole_size]),
                tuple(dealt[hole_size : 2 * hole_size]),
                tuple(dealt[2 * hole_size :]),
            )
        )
    return out


def _check_high(deals: Sequence[tuple[tuple[Card, ...], ...]]) -> None:
    for a, b, board in deals:
        ours = [omaha_high(a, board), omaha_high(b, board)]
        theirs = [OmahaHoldemHand.from_game(_text(h), _text(board)) for h in (a, b)]
        expected = 0 if theirs[0] == theirs[1] else (1 if theirs[0] > theirs[1] else -1)
        assert _sign(ours[0] - ours[1]) == expected, (a, b, board)
        for value, hand in zip(ours, theirs, strict=True):
            assert _LABELS[describe_high(value).category] == hand.entry.label.value, (a, board)


def _check_low(deals: Sequence[tuple[tuple[Card, ...], ...]]) -> int:
    """Compare the lows; returns how many showdowns had a low for at least one player."""
    with_low = 0
    for a, b, board in deals:
        ours = [omaha_low8(a, board), omaha_low8(b, board)]
        theirs = [
            OmahaEightOrBetterLowHand.from_game_or_none(_text(h), _text(board)) for h in (a, b)
        ]
        assert [o is None for o in ours] == [t is None for t in theirs], (a, b, board)
        for value, hand in zip(ours, theirs, strict=True):
            if value is not None and hand is not None:
                ranks = sorted("A23456789TJQK".index(c.rank) + 1 for c in hand.cards)
                assert sorted(low_ranks(value)) == ranks, (a, board)
        x, y = (-1 if o is None else o for o in ours)
        tx, ty = theirs
        if tx is None or ty is None:
            expected = (tx is not None) - (ty is not None)
        else:
            expected = 0 if tx == ty else (1 if tx > ty else -1)
        assert _sign(x - y) == expected, (a, b, board)
        with_low += x > 0 or y > 0
    return with_low


@pytest.mark.parametrize(
    ("variant", "seed", "hole_size"),
    [("PLO", 1, 4), ("PLO5", 5, 5), ("PLO6", 6, 6)],
)
def test_high_order_matches_pokerkit(variant: str, seed: int, hole_size: int) -> None:
    count = SHOWDOWNS if hole_size < 6 else 1000  # 6-card is beyond the brief: a lighter check
    deals = _deals(seed, hole_size, (list(DECK), _CROWDED, _TWO_SUITS), count)
    _check_high(deals)


def test_plo8_high_and_low_order_matches_pokerkit() -> None:
    deals = _deals(8, 4, (list(DECK), _LOW_HEAVY, _CROWDED))
    _check_high(deals)
    with_low = _check_low(deals)
    assert with_low > SHOWDOWNS // 2  # the low-heavy decks make lows common
