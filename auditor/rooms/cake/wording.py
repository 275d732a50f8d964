"""Cake's words for a shown hand, read into what they claim.

Cake words the high hand only, in parentheses after the cards, capitalised and padded:
"(Pair of Sevens  )", "(Two Pairs Aces and Queens  )". Only those wordings appear in
the corpus; any other is kept as written and not checked (its claim is None).

>>> read_high("Two Pairs Aces and Queens")
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(12, 10))
>>> read_high("Pair of Sixes")
ClaimedHand(category=<Category.PAIR: 1>, ranks=(4,))
"""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand

_PLURALS: tuple[str, ...] = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights")
_PLURALS += ("Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")
_RANK_OF_WORD = {word: index for index, word in enumerate(_PLURALS)}

_HIGH: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"Pair of (\w+)$"), Category.PAIR),
    (re.compile(r"Two Pairs (\w+) and (\w+)$"), Category.TWO_PAIR),
)


@lru_cache(maxsize=1024)
def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    for pattern, category in _HIGH:
        found = pattern.match(text.strip())
        if found:
            ranks = tuple(_RANK_OF_WORD.get(word, -1) for word in found.groups())
            return None if -1 in ranks else ClaimedHand(category, ranks)
    return None


def claim(words: str, hi_lo: bool) -> Claim:
    """A "shows" line's words: a high hand; in hi/lo its low is not worded ("", not None,
    which would say "no low")."""
    if not words:
        return NO_CLAIM
    return Claim(words, words, read_high(words), low_text="" if hi_lo else None)
