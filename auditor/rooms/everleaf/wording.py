"""Everleaf's words for a hand, read into what they claim.

Everleaf words the high hand in lower case: "three of a kind, queens", "two pairs, queens
and nines", "a pair of tens", "a straight, king high", "a flush, queen high", "a full
house, twos full of sixes", "high card ace". A "shows" line words the high hand only,
whatever the game; the low is worded only on its "wins  low (...) from main pot with 6,
5, 4, 3, A [ ... ]" line, whose words no event holds (a pot collected has none).

>>> read_high("two pairs, queens and nines")
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(10, 7))
>>> read_high("a straight, king high")
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(11,))
"""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand

_SINGULAR: tuple[str, ...] = ("two", "three", "four", "five", "six", "seven", "eight", "nine")
_SINGULAR += ("ten", "jack", "queen", "king", "ace")
_RANK_OF_WORD = {word: index for index, word in enumerate(_SINGULAR)}
# plurals: "twos", "sixes", "queens"
_RANK_OF_WORD.update({w + ("es" if w == "six" else "s"): i for w, i in _RANK_OF_WORD.items()})

_HIGH: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"high card (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"a pair of (\w+)$"), Category.PAIR),
    (re.compile(r"two pairs?, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"a straight, (\w+) high$"), Category.STRAIGHT),
    (re.compile(r"a flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"a full house, (\w+) full of (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"a straight flush, (\w+) high$"), Category.STRAIGHT_FLUSH),
)


@lru_cache(maxsize=1024)
def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    text = text.strip()
    if text == "a royal flush":
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _HIGH:
        found = pattern.match(text)
        if found:
            ranks = tuple(_RANK_OF_WORD.get(word, -1) for word in found.groups())
            return None if -1 in ranks else ClaimedHand(category, ranks)
    return None


def high_claim(description: str) -> Claim:
    """A "shows" line's words: a high hand; its low is not worded ("", not None, which
    would say "no low")."""
    if not description:
        return NO_CLAIM
    return Claim(description, description, read_high(description), low_text="")
