"""PokerStars' words for a shown hand, read into what they claim: a category and its ranks
(:class:`auditor.hand_claims.Claim`; showdown compares it with the cards, never words).
Stars writes "two pair, Nines and Fives", "a straight, Ace to Five", "HI: ...; LO:
8,5,4,2,A"; GGPoker (read by this room's reader) "Pair of Kings and Pair of Sixes",
"Fives-High Straight". A wording says only what it names: "a flush, Ace high" names the
top card, not the kickers.

>>> read_claim("a full house, Eights full of Fours").high
ClaimedHand(category=<Category.FULL_HOUSE: 6>, ranks=(6, 2))
>>> read_claim("Fives-High Straight").high
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(3,))
>>> read_claim("HI: two pair, Eights and Fours; LO: 6,5,4,2,A").low
ClaimedLow(ranks=(6, 5, 4, 2, 1))
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
_RANK_OF_WORD.update({"two": 0, "twos": 0, "trey": 1, "treys": 1, "deuces": 0})

_STARS: list[tuple[re.Pattern[str], Category]] = [
    (re.compile(r"high card (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"a pair of (\w+)$"), Category.PAIR),
    (re.compile(r"two pair, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"a straight, \w+ to (\w+)$"), Category.STRAIGHT),
    (re.compile(r"a flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"a full house, (\w+) full of (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"a straight flush, \w+ to (\w+)$"), Category.STRAIGHT_FLUSH),
    (re.compile(r"(\w+)-High$"), Category.HIGH_CARD),
    (re.compile(r"Pair of (\w+) and Pair of (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"Pair of (\w+)$"), Category.PAIR),
    (re.compile(r"Three (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"(\w+)-High Straight Flush$"), Category.STRAIGHT_FLUSH),
    (re.compile(r"(\w+)-High Straight$"), Category.STRAIGHT),
    (re.compile(r"(\w+) High Flush$"), Category.FLUSH),
    (re.compile(r"(\w+) Full over (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"Four (\w+)$"), Category.FOUR_OF_A_KIND),
]


def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    text = text.strip().rstrip(".")
    if text.lower() in ("a royal flush", "royal flush"):
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _STARS:
        found = pattern.match(text)
        if found:
            try:
                return ClaimedHand(
                    category, tuple(_RANK_OF_WORD[g.lower()] for g in found.groups())
                )
            except KeyError:
                return None
    return None


def read_low(text: str) -> ClaimedLow | None:
    """``"8,5,4,2,A"``: ranks highest first with the ace as 1 (None: not a low)."""
    try:
        return ClaimedLow(tuple(1 if p == "A" else int(p) for p in map(str.strip, text.split(","))))
    except ValueError:
        return None


# Rooms word the same few thousand hands over and over, and trying the patterns in turn
# is most of the cost of reading one: memoized (a Claim is frozen, so shared).
@lru_cache(maxsize=1 << 14)
def read_claim(description: str) -> Claim:
    """Everything a description says, as values; the words are kept for messages."""
    if not description:
        return NO_CLAIM
    text = description.strip()
    high, low = text, None
    if text.startswith("HI: "):
        high, _, low_text = text[4:].partition("; LO: ")
        low = low_text or None
    return Claim(description, high, read_high(high), low, read_low(low) if low else None)
