"""What Bovada's words about a hand claim: "(Two pair)", "(Royal Straight Flush)" name
a category only; a hi/lo showdown line lists the high five and then the low five
("Showdown [Ad As 9d 3h 3c Ad 4c 2c 6h 3h] (Two pair)"), so the low is claimed by its cards.
"""

from __future__ import annotations

from auditor.cards import Card
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

# the category words Bovada writes, lower-cased
_CATEGORY = {
    "high card": Category.HIGH_CARD,
    "one pair": Category.PAIR,
    "two pair": Category.TWO_PAIR,
    "three of a kind": Category.THREE_OF_A_KIND,
    "straight": Category.STRAIGHT,
    "flush": Category.FLUSH,
    "full house": Category.FULL_HOUSE,
    "four of a kind": Category.FOUR_OF_A_KIND,
    "straight flush": Category.STRAIGHT_FLUSH,
}
_ACE = 12
_EIGHT = 6


def read_claim(words: str, low_five: tuple[Card, ...] = (), hi_lo: bool = False) -> Claim:
    """The claim of a shown hand's words and (hi/lo) the low five its line lists.

    A hi/lo line that lists no low five says nothing of the low: Bovada leaves it out even
    for a hand that has one and is paid for it (PLO8-9max-USD-0.02-0.05-201408, hand
    2902256725: "Dealer : Showdown [Ac Ah 9h 8c Jh] (One pair)", then "Dealer HI $4.82
    with One pair [Ac 3d Ah 8s   ] LO $2.40" for his 8-4-3-2-A), so its low is "not
    stated" (an empty low text: nothing is checked), not "no low".

    >>> read_claim("Two pair").high
    ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=())
    >>> read_claim("Royal Straight Flush").high
    ClaimedHand(category=<Category.STRAIGHT_FLUSH: 8>, ranks=(12,))
    >>> read_claim("Sandwich").high is None
    True
    >>> read_claim("One pair", hi_lo=True).low_text
    ''
    """
    if not words and not low_five:
        return NO_CLAIM
    key = words.strip().lower()
    high: ClaimedHand | None
    if key == "royal straight flush":
        high = ClaimedHand(Category.STRAIGHT_FLUSH, (_ACE,))  # the ace-high straight flush
    else:
        category = _CATEGORY.get(key)
        high = ClaimedHand(category, ()) if category is not None else None
    if not low_five:
        return Claim(words, words, high, "" if hi_lo else None)
    low_text = " ".join(str(card) for card in low_five)
    return Claim(f"{words}; low {low_text}", words, high, low_text, _low(low_five))


def _low(five: tuple[Card, ...]) -> ClaimedLow | None:
    """The low five cards make, highest first with the ace as 1 (None: they make no low)."""
    values = sorted((1 if c.rank == _ACE else c.rank + 2 for c in five), reverse=True)
    if len(set(values)) != 5 or any(c.rank > _EIGHT and c.rank != _ACE for c in five):
        return None
    return ClaimedLow(tuple(values))
