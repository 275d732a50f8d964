"""WPN's words for a shown hand, read into what they claim (a category and its ranks):
the new layout's "HI - a straight, Five high [5d 4s 3h 2h As] | LO - [5,4,3,2,1]" ("LO -
[]": no low), the old one's "Straight to 10", "Two pairs. 7s and 2s", "Full House (5/8)"
and, for a low, "Low hand (A A 2 3 4 8 )".

>>> read_new("HI - a straight, Five high [5d 4s 3h 2h As] | LO - [5,4,3,2,1]").low
ClaimedLow(ranks=(5, 4, 3, 2, 1))
>>> read_old("Straight to 10").high
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(8,))
"""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.cards import RANK_NAMES
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

_RANK: dict[str, int] = {}
for _i, _name in enumerate(RANK_NAMES):
    _RANK[_name.lower()] = _i
    _RANK[_name.lower() + "s"] = _i
    _RANK[_name.lower() + "es"] = _i
_RANK.update({"deuces": 0, "sixs": 4})  # "Sixs": WPN's plural (NLO8 ...202104.RIT.txt)
# the old layout's ranks: 2..10, J, Q, K, A (a ten is "10")
for _i, _short in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")):
    _RANK[_short.lower()] = _i
    _RANK[_short.lower() + "s"] = _i

_NEW: list[tuple[re.Pattern[str], Category]] = [
    (re.compile(r"high card,? (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"a pair of (\w+)$"), Category.PAIR),
    (re.compile(r"two pair, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (?:\w+ of )?(\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"a straight, (\w+) high$"), Category.STRAIGHT),
    (re.compile(r"a flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"a full house, (\w+) full of (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (?:\w+ of )?(\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"a straight flush, (\w+) high$"), Category.STRAIGHT_FLUSH),
]
_OLD: list[tuple[re.Pattern[str], Category]] = [
    (re.compile(r"High card (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"One pair of (\w+)$"), Category.PAIR),
    (re.compile(r"Two pairs\. (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"Three Of Kind of (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"Straight to (\w+)$"), Category.STRAIGHT),
    (re.compile(r"Flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"Four Of Kind of (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"Straight Flush to (\w+)$"), Category.STRAIGHT_FLUSH),
    # "Full House (5/8)" does not say which rank is the three: not read (no claim)
]
_NEW_PARTS = re.compile(r"HI - (?P<high>.*?)(?: \[[^\]]*\])?(?: \| LO - \[(?P<low>[^\]]*)\])?$")


def _claimed(patterns: list[tuple[re.Pattern[str], Category]], text: str) -> ClaimedHand | None:
    text = text.strip()
    if text.lower() in ("a royal flush", "royal flush"):
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in patterns:
        if found := pattern.match(text):
            try:
                return ClaimedHand(category, tuple(_RANK[g.lower()] for g in found.groups()))
            except KeyError:
                return None
    return None


@lru_cache(maxsize=4096)
def read_new(description: str) -> Claim:
    """A new-layout description ("HI - ... [..] | LO - [..]"), as values."""
    if not description:
        return NO_CLAIM
    found = _NEW_PARTS.match(description)
    if found is None:
        return Claim(description, description, None)
    high_text = found["high"]
    low_text = found["low"] or None  # "LO - []": no low
    low = None
    if low_text:
        try:
            low = ClaimedLow(tuple(1 if p.strip() == "A" else int(p) for p in low_text.split(",")))
        except ValueError:
            low = None
    return Claim(description, high_text, _claimed(_NEW, high_text), low_text, low)


@lru_cache(maxsize=4096)
def read_old(description: str) -> Claim:
    """An old-layout description ("Two pairs. 7s and 2s Low hand (A A 2 3 6 7 )"), as values.

    The low list holds six ranks, lowest first: an ace, then the five cards of the low
    (A-2-3-6-7 for Ac 7s with 6d 3h 2c on the board; A-2-3-4-8 for 2h 8h with Ah 3h 4d:
    the corpus's two): its last five are read as the low. The layout writes a low only
    for the hand that wins one (PLO8 ...201610.disconnected.allin: Player0's 7-6-4-3-2
    lost the low to Player1's and is not written), so no "Low hand" words say nothing of
    a low: an empty ``low_text``, not a claim of no low.

    >>> read_old("Two pairs. 7s and 2s Low hand (A A 2 3 6 7 )").low
    ClaimedLow(ranks=(7, 6, 3, 2, 1))
    >>> read_old("Flush, 7 high").low_text
    ''
    """
    if not description:
        return NO_CLAIM
    high_text, _, low_words = description.partition(" Low hand (")
    low_text = low_words.rstrip(") ").strip()
    low = None
    ranks = low_text.split()[-5:]
    if len(ranks) == 5:
        try:
            low = ClaimedLow(tuple(sorted((_LOW_RANK[r] for r in ranks), reverse=True)))
        except KeyError:
            low = None
    return Claim(description, high_text, _claimed(_OLD, high_text), low_text, low)


_LOW_RANK = {"A": 1, **{str(n): n for n in range(2, 9)}}
