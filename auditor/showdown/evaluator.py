"""Exact Omaha hand values: high, and 8-or-better low.

An Omaha hand is made of EXACTLY two hole cards and EXACTLY three board cards,
for the high and for the low separately (the two may use different cards).
Values are plain ints where bigger is better, so hands of different players
compare with ``<`` / ``==`` / ``max`` and equal values split.

Speed comes from tables built once at import (about 40,000 five-card values
keyed by hole-pair ranks x board-triple ranks) and from tables memoised per
board: every board rank pattern gets, once, the best non-flush value for each
of the 91 hole-pair rank patterns, so a hand costs one lookup per hole pair.
Flushes are only looked at when the board holds three cards of a suit and the
hole two of the same suit. The low is a single lookup keyed by the bitmask of
the hole's low ranks and the bitmask of the board's low ranks.

>>> from auditor.cards import cards
>>> hi = omaha_high(cards("Ah Ad Kc Qs"), cards("As 2c 3h 7d Td"))
>>> describe_high(hi)
HighHand(category=<Category.THREE_OF_A_KIND: 3>, ranks=(12, 8, 5))
>>> lo = omaha_low8(cards("Ah 2d Kc Qs"), cards("As 3c 4h 7d Td"))
>>> low_ranks(lo)
(7, 4, 3, 2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from operator import attrgetter, itemgetter
from typing import NewType

from auditor.cards import Card
from auditor.hand_claims import Category as Category  # re-exported: its values name it

__all__ = [
    "Category",
    "HighHand",
    "HighRank",
    "LowRank",
    "describe_high",
    "low_ranks",
    "omaha_hi_lo",
    "omaha_high",
    "omaha_low8",
]

HighRank = NewType("HighRank", int)
"""Value of a high hand: bigger is better; equal values tie (suits never rank)."""

LowRank = NewType("LowRank", int)
"""Value of a qualifying 8-or-better low: bigger is better; equal values tie."""


@dataclass(frozen=True, slots=True)
class HighHand:
    """A high hand spelled out: its category and the ranks that define it.

    Ranks follow :mod:`auditor.cards` (0 = deuce .. 12 = ace), most significant
    first: high card and flush give all five ranks; a pair gives the pair then
    three kickers; two pair the high pair, low pair, kicker; trips the trips
    then two kickers; a full house the trips then the pair; quads the quads then
    the kicker; a straight or straight flush only its top card (3, the five,
    for the wheel A-2-3-4-5).
    """

    category: Category
    ranks: tuple[int, ...]


# A high value is ``category << 20`` plus up to five ranks, 4 bits each, packed
# from bit 16 downwards in the order HighHand.ranks lists them.
_CAT_SHIFT = 20
_RANK_COUNT = {
    Category.HIGH_CARD: 5,
    Category.PAIR: 4,
    Category.TWO_PAIR: 3,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 1,
    Category.FLUSH: 5,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 2,
    Category.STRAIGHT_FLUSH: 1,
}
_WHEEL = (0, 1, 2, 3, 12)


def _pack(category: Category, ranks: Sequence[int]) -> int:
    value = category << _CAT_SHIFT
    for position, rank in enumerate(ranks):
        value |= rank << (16 - 4 * position)
    return value


def _straight_top(distinct_desc: Sequence[int]) -> int:
    """Top rank of five distinct ranks forming a straight, or -1."""
    if len(distinct_desc) != 5:
        return -1
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if tuple(sorted(distinct_desc)) == _WHEEL:
        return 3
    return -1


def _five_card_value(ranks: Sequence[int], suited: bool) -> int:
    """Value of five cards given their ranks; ``suited`` if all share a suit.

    Returns -1 for five of one rank, which no deck deals.
    """
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # Ranks by (count, rank), most significant first.
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        return -1
    top = _straight_top(groups)
    if suited:
        if top >= 0:
            return _pack(Category.STRAIGHT_FLUSH, (top,))
        return _pack(Category.FLUSH, groups)
    if shape[0] == 4:
        return _pack(Category.FOUR_OF_A_KIND, groups)
    if shape[:2] == [3, 2]:
        return _pack(Category.FULL_HOUSE, groups)
    if top >= 0:
        return _pack(Category.STRAIGHT, (top,))
    if shape[0] == 3:
        return _pack(Category.THREE_OF_A_KIND, groups)
    if shape[:2] == [2, 2]:
        return _pack(Category.TWO_PAIR, groups)
    if shape[0] == 2:
        return _pack(Category.PAIR, groups)
    return _pack(Category.HIGH_CARD, groups)


# --- Non-flush tables -----------------------------------------------------------
# Rank multisets of a hole pair (91) and of a board triple (455), numbered.
_PAIRS = list(combinations_with_replacement(range(13), 2))
_TRIPLES = list(combinations_with_replacement(range(13), 3))
_TRIPLE_ID = {t: i for i, t in enumerate(_TRIPLES)}
# _PAIR_TRIPLE[pair_id][triple_id]: non-flush value of those five ranks.
_NON_FLUSH: dict[tuple[int, ...], int] = {
    five: _five_card_value(five, False) for five in combinations_with_replacement(range(13), 5)
}
_PAIR_TRIPLE: list[list[int]] = [
    [_NON_FLUSH[tuple(sorted(p + t))] for t in _TRIPLES] for p in _PAIRS
]
# _PAIR_ID[i][j]: pair id of the cards with indices i and j.
_PAIR_ID: list[list[int]] = [
    [_PAIRS.index((min(i >> 2, j >> 2), max(i >> 2, j >> 2))) for j in range(52)] for i in range(52)
]

# A board key is the sum of _BOARD_KEY over its cards: rank counts in 3-bit
# fields (bits 0..38), suit counts in 3-bit fields above bit 39.
_SUIT_SHIFT = 39
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
_BOARD_KEY = [(1 << (3 * (i >> 2))) + (1 << (_SUIT_SHIFT + 3 * (i & 3))) for i in range(52)]
# _FLUSH_SUIT[suit counts]: the suit with three or more cards, or -1.
_FLUSH_SUIT = [
    next((s for s in range(4) if (key >> (3 * s)) & 7 >= 3), -1) for key in range(1 << 12)
]
# Per-board memo: board rank key -> best non-flush value for each pair id.
_BOARD_ROWS: dict[int, list[int]] = {}


def _board_row(rank_key: int) -> list[int]:
    """Best non-flush value per hole-pair id for one board rank pattern (memoised)."""
    ranks = [r for r in range(13) for _ in range((rank_key >> (3 * r)) & 7)]
    triple_ids = sorted({_TRIPLE_ID[t] for t in combinations(ranks, 3)})
    if len(triple_ids) == 1:
        triple_ids.append(triple_ids[0])  # itemgetter of one item gives no tuple
    pick: Callable[[list[int]], tuple[int, ...]] = itemgetter(*triple_ids)
    row = [max(pick(values)) for values in _PAIR_TRIPLE]
    _BOARD_ROWS[rank_key] = row
    return row


# --- Flush tables ---------------------------------------------------------------
# _SUITED_VALUE[13-bit rank mask of five suited cards]: flush or straight flush.
_SUITED_VALUE = [0] * (1 << 13)
for _five in combinations(range(13), 5):
    _SUITED_VALUE[sum(1 << r for r in _five)] = _five_card_value(_five, True)


def _flush_value(hole: Sequence[int], board: Sequence[int], suit: int) -> int:
    """Best flush or straight flush with two hole and three board cards of ``suit``, or 0."""
    hole_bits = [1 << (i >> 2) for i in hole if i & 3 == suit]
    if len(hole_bits) < 2:
        return 0
    board_bits = [1 << (i >> 2) for i in board if i & 3 == suit]
    triples = [a | b | c for a, b, c in combinations(board_bits, 3)]
    table = _SUITED_VALUE
    return max(table[a | b | t] for a, b in combinations(hole_bits, 2) for t in triples)


# _CARD_BIT[index]: one bit per card; index -1 (a card that does not exist)
# reads the last entry, a bit above the deck's 52.
_CARD_BIT = [1 << i for i in range(53)]
_INDEX = attrgetter("index")


def _indices(hole: Sequence[Card], board: Sequence[Card]) -> tuple[list[int], list[int]]:
    """Card indices of a hand, after checking sizes, validity and duplicates.

    A sum of distinct powers of two has one bit per term; a repeated card
    carries into fewer bits, and an invalid card sets bit 52.
    """
    h = list(map(_INDEX, hole))
    b = list(map(_INDEX, board))
    every = h + b
    seen = sum(map(_CARD_BIT.__getitem__, every))
    if seen.bit_count() != len(every) or seen >> 52 or len(h) < 2 or not 2 < len(b) < 6:
        raise ValueError(
            "an Omaha hand needs 2+ hole cards and 3 to 5 board cards, all real and distinct: "
            f"{' '.join(map(str, hole))} / {' '.join(map(str, board))}"
        )
    return h, b


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> HighRank:
    """Best high hand from exactly two of ``hole`` and exactly three of ``board``.

    ``hole`` may hold 4, 5 or 6 cards (any number from 2), ``board`` 3 to 5.
    Raises ValueError for an invalid or repeated card.

    Four spades in the hand and one on the board make no flush:

    >>> from auditor.cards import cards
    >>> describe_high(omaha_high(cards("As Ks Qs Js"), cards("2s 7d 8c 9h 3d"))).category.label
    'high card'
    """
    return _high(*_indices(hole, board))


def _high(h: list[int], b: list[int]) -> HighRank:
    """:func:`omaha_high` of checked card indices."""
    key = sum(map(_BOARD_KEY.__getitem__, b))
    rank_key = key & _RANK_MASK
    row = _BOARD_ROWS.get(rank_key)
    if row is None:
        row = _board_row(rank_key)
    pid = _PAIR_ID
    if len(h) == 4:
        h0, h1, h2, h3 = h
        p0, p1, p2 = pid[h0], pid[h1], pid[h2]
        best = max(row[p0[h1]], row[p0[h2]], row[p0[h3]], row[p1[h2]], row[p1[h3]], row[p2[h3]])
    else:
        best = max([row[pid[x][y]] for x, y in combinations(h, 2)])
    suit = _FLUSH_SUIT[key >> _SUIT_SHIFT]
    if suit >= 0:
        flush = _flush_value(h, b, suit)
        if flush > best:
            best = flush
    return HighRank(best)


def describe_high(rank: HighRank | int) -> HighHand:
    """Category and defining ranks of a value from :func:`omaha_high`.

    >>> from auditor.cards import cards
    >>> describe_high(omaha_high(cards("8c 8d 4h Ks"), cards("8h 4c 4d 2s Jc")))
    HighHand(category=<Category.FULL_HOUSE: 6>, ranks=(6, 2))
    """
    found = _DESCRIBED.get(rank)
    if found is None:
        category = Category(rank >> _CAT_SHIFT)
        ranks = tuple((rank >> (16 - 4 * i)) & 15 for i in range(_RANK_COUNT[category]))
        found = HighHand(category, ranks)
        if len(_DESCRIBED) < _DESCRIBED_MAX:
            _DESCRIBED[rank] = found
    return found


# Memo of describe_high: some 7,500 values are possible, and a showdown's wording is
# checked against the same few hands again and again. HighHand is frozen, so shared.
_DESCRIBED: dict[int, HighHand] = {}
_DESCRIBED_MAX = 1 << 14


# --- 8-or-better low --------------------------------------------------------------
# A low is kept as an 8-bit mask of its five ranks (bit 0 = ace .. bit 7 = eight).
# For five distinct ranks, comparing highest card first then the next is the
# same as comparing the masks as numbers, smaller being better; a LowRank is
# 255 minus the mask so that bigger is better (0 is never a low).
_LOW_BIT = [0] * 52
for _i in range(52):
    _rank = _i >> 2
    if _rank == 12:
        _LOW_BIT[_i] = 1
    elif _rank <= 6:
        _LOW_BIT[_i] = 1 << (_rank + 1)
_LOW_MEMO: dict[int, int] = {}


def _lowest_three(mask: int) -> int:
    """The three lowest set bits of ``mask`` (which must have three or more)."""
    a = mask & -mask
    mask ^= a
    b = mask & -mask
    mask ^= b
    return a | b | (mask & -mask)


def _best_low(hole_mask: int, board_mask: int) -> int:
    """Best low as a LowRank (0 for none) from the low-rank masks of hole and board.

    Any two distinct low ranks of the hole come from two hole cards, and any
    three distinct low ranks of the board from three board cards, so the masks
    decide: for each hole pair, the board's three lowest ranks not in the pair.
    """
    hole_bits = [1 << r for r in range(8) if hole_mask >> r & 1]
    best = 256
    for a, b in combinations(hole_bits, 2):
        rest = board_mask & ~(a | b)
        if rest.bit_count() >= 3:
            best = min(best, a | b | _lowest_three(rest))
    value = 255 - best if best < 256 else 0
    _LOW_MEMO[hole_mask << 8 | board_mask] = value
    return value


def omaha_low8(hole: Sequence[Card], board: Sequence[Card]) -> LowRank | None:
    """Best 8-or-better low from exactly two hole and three board cards, or None.

    A low needs five distinct ranks, eight or lower, ace low; straights and
    flushes do not count. Bigger is better; :func:`low_ranks` spells it out.

    >>> from auditor.cards import cards
    >>> board = cards("As 4c 6h 8d Kd")
    >>> omaha_low8(cards("2c 7d Qs Qh"), board) > omaha_low8(cards("2d 3d Qc Js"), board)
    False
    >>> omaha_low8(cards("Kc Kh Qs Qh"), board) is None
    True
    """
    return _low8(*_indices(hole, board))


def omaha_hi_lo(hole: Sequence[Card], board: Sequence[Card]) -> tuple[HighRank, LowRank | None]:
    """:func:`omaha_high` and :func:`omaha_low8` of one hand, its cards checked once.

    >>> from auditor.cards import cards
    >>> hi, lo = omaha_hi_lo(cards("Ah 2d Kc Qs"), cards("As 3c 4h 7d Td"))
    >>> describe_high(hi).category.label, low_ranks(lo) if lo else None
    ('pair', (7, 4, 3, 2, 1))
    """
    h, b = _indices(hole, board)
    return _high(h, b), _low8(h, b)


def _low8(h: list[int], b: list[int]) -> LowRank | None:
    """:func:`omaha_low8` of checked card indices."""
    bits = _LOW_BIT
    hole_mask = 0
    for i in h:
        hole_mask |= bits[i]
    board_mask = bits[b[0]] | bits[b[1]] | bits[b[2]]
    for i in b[3:]:
        board_mask |= bits[i]
    key = hole_mask << 8 | board_mask
    value = _LOW_MEMO.get(key)
    if value is None:
        value = _best_low(hole_mask, board_mask)
    return LowRank(value) if value else None


def low_ranks(rank: LowRank | int) -> tuple[int, ...]:
    """The five ranks of a low, highest first, ace = 1 (e.g. ``(8, 5, 4, 2, 1)``).

    >>> from auditor.cards import cards
    >>> low_ranks(omaha_low8(cards("Ac 2d 9s 9h"), cards("3c 4d 5h Kd Ks")))
    (5, 4, 3, 2, 1)
    """
    found = _LOW_RANKS.get(rank)
    if found is None:
        found = _spell_low(rank)
        if len(found) != 5:
            raise ValueError(f"not a low value: {rank}")
    return found


def _spell_low(rank: int) -> tuple[int, ...]:
    mask = 255 - rank
    return tuple(r + 1 for r in range(7, -1, -1) if mask >> r & 1)


# low_ranks of every low value, spelled once (a hi/lo showdown reads them again and again)
_LOW_RANKS = {rank: _spell_low(rank) for rank in range(256) if len(_spell_low(rank)) == 5}
