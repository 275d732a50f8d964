"""Enet's words for a shown hand, read into what they claim: "A Pair, Jacks", "Two Pairs,
Aces and Twos", "Three of a kind, Kings", "Straight, Queens high" (the top card, in the
plural), "Flush, Aces high", "Full house, Kings and Twos", "Four of a kind, Nines",
"High card, Ace". It words no low.

>>> read_high("Straight, Fives high")
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(3,))
>>> read_high("Two Pairs, Aces and Twos")
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(12, 0))
"""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand

_SINGULAR: tuple[str, ...] = ("two", "three", "four", "five", "six", "seven", "eight", "nine")
_SINGULAR += ("ten", "jack", "queen", "king", "ace")
_RANK_OF_WORD = {word: index for index, word in enumerate(_SINGULAR)}
_RANK_OF_WORD["deuce"] = 0
_RANK_OF_WORD.update({w + ("es" if w == "six" else "s"): i for w, i in list(_RANK_OF_WORD.items())})

_HIGH: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"high card,? (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"a pair,? (?:of )?(\w+)$"), Category.PAIR),
    (re.compile(r"two pairs?, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"straight, (\w+) high$"), Category.STRAIGHT),
    (re.compile(r"flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"full house, (\w+) (?:and|full of) (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"straight flush, (\w+) high$"), Category.STRAIGHT_FLUSH),
)


@lru_cache(maxsize=1024)
def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    text = text.strip().lower()
    for pattern, category in _HIGH:
        found = pattern.match(text)
        if found:
            ranks = tuple(_RANK_OF_WORD.get(word, -1) for word in found.groups())
            return None if -1 in ranks else ClaimedHand(category, ranks)
    return None


def high_claim(description: str) -> Claim:
    """A shown hand's words: a high hand; its low is not worded ("", not None)."""
    if not description:
        return NO_CLAIM
    return Claim(description, description, read_high(description), low_text="")
