"""PartyPoker's words for a shown hand, read into what they claim (a category and its
ranks): "two pairs, Sevens and Sixes", "a flush, Jack high", "a straight, Ten to Ace",
"high card Ace", "a full house, Nines full of Fours"; its 2005 and 2026 layouts write the
ranks in lower case ("a straight, three to seven", "two pairs, aces and jacks"). A low
is written on a line of its own: "shows7,5,4,2,A  for low".

>>> read_high("two pairs, Queens and Sixes")
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(10, 4))
>>> read_high("a straight, three to seven")
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(5,))
>>> read_low("7,5,4,2,A")
ClaimedLow(ranks=(7, 5, 4, 2, 1))
"""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.cards import RANK_NAMES
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

_RANK_OF_WORD: dict[str, int] = {}
for _i, _name in enumerate(RANK_NAMES):
    _RANK_OF_WORD[_name.lower()] = _i
    _RANK_OF_WORD[(_name + ("es" if _name.endswith("x") else "s")).lower()] = _i
_RANK_OF_WORD.update({"two": 0, "twos": 0, "deuces": 0})

_PATTERNS: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"high card (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"a pair of (\w+)$"), Category.PAIR),
    (re.compile(r"two pairs?, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"a straight, \w+ to (\w+)$"), Category.STRAIGHT),
    (re.compile(r"a flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"a full house, (\w+) full of (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"a straight flush, \w+ to (\w+)$"), Category.STRAIGHT_FLUSH),
)


@lru_cache(maxsize=4096)  # the same few hundred wordings recur hand after hand
def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this room does not write."""
    words = text.strip().rstrip(".").lower()
    if words in ("a royal flush", "royal flush"):
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _PATTERNS:
        found = pattern.match(words)
        if found:
            try:
                return ClaimedHand(category, tuple(_RANK_OF_WORD[g] for g in found.groups()))
            except KeyError:
                return None
    return None


def read_low(text: str) -> ClaimedLow | None:
    """``"7,5,4,2,A"``: the low's ranks highest first, the ace as 1."""
    try:
        return ClaimedLow(tuple(1 if p == "A" else int(p) for p in text.strip().split(",")))
    except ValueError:
        return None


def claim(high_text: str, low_text: str | None = None) -> Claim:
    """What a shown hand's words say: the high wording and, for hi/lo, the low line's."""
    if not high_text and low_text is None:
        return NO_CLAIM
    words = high_text if low_text is None else f"{high_text}; low {low_text}"
    low = read_low(low_text) if low_text is not None else None
    return Claim(words, high_text, read_high(high_text) if high_text else None, low_text, low)
