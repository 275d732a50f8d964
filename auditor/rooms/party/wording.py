"""PartyPoker's words for a shown hand, read into what they claim (a category and its
ranks): "two pairs, Sevens and Sixes", "a straight, Ten to Ace", "high card Ace"; its 2005
and 2026 layouts write the ranks in lower case. A low is a line of its own ("shows7,5,4,2,A
for low").

>>> read_high("two pairs, Queens and Sixes")
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(10, 4))
>>> read_high("a straight, three to seven")
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(5,))
"""

from __future__ import annotations

import re
from contextlib import suppress
from functools import lru_cache

from auditor.cards import RANK_NAMES
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

# a rank's name and its plural ("six", "sixes", "deuces"), and "two" for the deuce
_RANK_OF_WORD = {
    word.lower(): rank
    for rank, name in enumerate(RANK_NAMES)
    for word in (name, name + ("es" if name.endswith("x") else "s"))
} | {"two": 0, "twos": 0}
# each category's words, in lower case; the groups are the ranks that name the hand
_WORDINGS = {
    Category.HIGH_CARD: r"high card (\w+)",
    Category.PAIR: r"a pair of (\w+)",
    Category.TWO_PAIR: r"two pairs?, (\w+) and (\w+)",
    Category.THREE_OF_A_KIND: r"three of a kind, (\w+)",
    Category.STRAIGHT: r"a straight, \w+ to (\w+)",
    Category.FLUSH: r"a flush, (\w+) high",
    Category.FULL_HOUSE: r"a full house, (\w+) full of (\w+)",
    Category.FOUR_OF_A_KIND: r"four of a kind, (\w+)",
    Category.STRAIGHT_FLUSH: r"a straight flush, \w+ to (\w+)",
}
_PATTERNS = tuple((re.compile(words + "$"), category) for category, words in _WORDINGS.items())


@lru_cache(maxsize=4096)  # the same few hundred wordings recur hand after hand
def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this room does not write."""
    words = text.strip().rstrip(".").lower()
    if words in ("a royal flush", "royal flush"):
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _PATTERNS:
        found = pattern.match(words)
        if found:
            ranks = tuple(_RANK_OF_WORD[g] for g in found.groups() if g in _RANK_OF_WORD)
            return ClaimedHand(category, ranks) if len(ranks) == len(found.groups()) else None
    return None


def claim(high_text: str, low_text: str | None = None) -> Claim:
    """What a shown hand's words say: the high wording and, for hi/lo, the low line's
    ("7,5,4,2,A": the low's ranks highest first, the ace as 1)."""
    if not high_text and low_text is None:
        return NO_CLAIM
    words = high_text if low_text is None else f"{high_text}; low {low_text}"
    low = None
    with suppress(ValueError):  # not a low: no claim of one
        ranks = (low_text or "").strip().split(",")
        low = (
            None
            if low_text is None
            else ClaimedLow(tuple(1 if p == "A" else int(p) for p in ranks))
        )
    return Claim(words, high_text, read_high(high_text) if high_text else None, low_text, low)
