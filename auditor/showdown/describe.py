"""Hand descriptions in plain words ("a flush, Ace high"), for findings' expected values.

Built from the evaluator's values, so a room's text can be checked against the
cards: ``high_description(omaha_high(hole, board))`` is what the room should
have written after "with" / "HI:", and ``low_description`` what follows "LO:".

>>> from auditor.cards import cards
>>> from auditor.showdown.evaluator import omaha_high, omaha_low8
>>> board = cards("8h 4c 4d 2s Jc")
>>> high_description(omaha_high(cards("8c 8d Ah 3s"), board))
'a full house, Eights full of Fours'
>>> low_description(omaha_low8(cards("8c 5d Ah Ks"), board))
'8,5,4,2,A'
"""

from __future__ import annotations

from auditor.cards import RANK_NAMES
from auditor.showdown.evaluator import (
    Category,
    HighRank,
    LowRank,
    describe_high,
    low_ranks,
)

__all__ = ["high_description", "low_description", "plural"]


def plural(rank: int) -> str:
    """Plural rank name (0 = deuce .. 12 = ace): ``"Sixes"``, ``"Aces"``.

    >>> plural(4), plural(12)
    ('Sixes', 'Aces')
    """
    name = RANK_NAMES[rank]
    return name + "es" if name.endswith("x") else name + "s"


def high_description(rank: HighRank | int) -> str:
    """The room's wording of a high hand value.

    >>> from auditor.cards import cards
    >>> from auditor.showdown.evaluator import omaha_high
    >>> high_description(omaha_high(cards("Ac 2d Kh Qs"), cards("3c 4d 5h 9s Ts")))
    'a straight, Ace to Five'
    >>> high_description(omaha_high(cards("Qc 9c Kh Qs"), cards("3c 4c 5h 9s Tc")))
    'a flush, Queen high'
    """
    hand = describe_high(rank)
    r = hand.ranks
    name = RANK_NAMES
    category = hand.category
    if category is Category.HIGH_CARD:
        return f"high card {name[r[0]]}"
    if category is Category.PAIR:
        return f"a pair of {plural(r[0])}"
    if category is Category.TWO_PAIR:
        return f"two pair, {plural(r[0])} and {plural(r[1])}"
    if category is Category.THREE_OF_A_KIND:
        return f"three of a kind, {plural(r[0])}"
    if category is Category.FLUSH:
        return f"a flush, {name[r[0]]} high"
    if category is Category.FULL_HOUSE:
        return f"a full house, {plural(r[0])} full of {plural(r[1])}"
    if category is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {plural(r[0])}"
    top = r[0]
    low = name[12] if top == 3 else name[top - 4]  # the wheel runs Ace to Five
    if category is Category.STRAIGHT:
        return f"a straight, {low} to {name[top]}"
    if top == 12:
        return "a Royal Flush"
    return f"a straight flush, {low} to {name[top]}"


def low_description(rank: LowRank | int) -> str:
    """The room's wording of a low, highest card first, ace as ``A``: ``"8,5,4,2,A"``."""
    return ",".join("A" if r == 1 else str(r) for r in low_ranks(rank))
