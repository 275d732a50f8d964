"""Full Tilt's words for a shown hand, read into what they claim (a category and its ranks,
and the low).

Full Tilt names a straight and a straight flush by their top card ("a straight, King
high", not Stars' "Nine to King"), a high card by every rank it counts ("Ace King
high"), and writes the halves of a hi/lo hand on the play line as "..., for high and
8,5,4,3,2, for low" and in the summary as "HI: ...; LO: 8,5,4,3,2".

>>> read_high("a straight, King high")
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(11,))
>>> read_high("Ace King high")
ClaimedHand(category=<Category.HIGH_CARD: 0>, ranks=(12, 11))
>>> read_shown("two pair, Kings and Threes, for high and 8,5,4,3,2, for low").low
ClaimedLow(ranks=(8, 5, 4, 3, 2))
>>> read_summary("HI: a flush, Ace high; LO: 7,4,3,2,A").high
ClaimedHand(category=<Category.FLUSH: 5>, ranks=(12,))
"""

from __future__ import annotations

import re

from auditor.cards import RANK_NAMES
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

_RANK_OF_WORD: dict[str, int] = {}
for _i, _name in enumerate(RANK_NAMES):
    _RANK_OF_WORD[_name.lower()] = _i
    _RANK_OF_WORD[(_name + ("es" if _name.endswith("x") else "s")).lower()] = _i
_RANK_OF_WORD.update({"two": 0, "twos": 0, "deuces": 0})

_PATTERNS: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"a pair of (\w+)$"), Category.PAIR),
    (re.compile(r"two pair, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"a straight, (\w+) high$"), Category.STRAIGHT),
    (re.compile(r"a flush, (\w+) high$"), Category.FLUSH),
    (re.compile(r"a full house, (\w+) full of (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"a straight flush, (\w+) high$"), Category.STRAIGHT_FLUSH),
    # high card: every rank it names, "Ace King high", "King Queen Jack Nine Seven high"
    (re.compile(r"((?:[A-Z][a-z]+ )*[A-Z][a-z]+) high$"), Category.HIGH_CARD),
)
_FOR_LOW = re.compile(r"^(.*?),? for high(?: and (.+?),? for low)?$")
_LOW = re.compile(r"^[0-9A](?:,[0-9A]){4}$")


def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    text = text.strip().rstrip(".")
    if text.lower() in ("a royal flush", "royal flush"):
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _PATTERNS:
        found = pattern.match(text)
        if found:
            words = " ".join(found.groups()).split()
            try:
                return ClaimedHand(category, tuple(_RANK_OF_WORD[w.lower()] for w in words))
            except KeyError:
                return None
    return None


def read_low(text: str) -> ClaimedLow | None:
    """``"8,5,4,3,A"`` as ranks highest first with the ace as 1 (None: not a low)."""
    text = text.strip()
    if not _LOW.match(text):
        return None
    return ClaimedLow(tuple(1 if p == "A" else int(p) for p in text.split(",")))


def claim(text: str, high_text: str, low_text: str | None) -> Claim:
    """A claim of the high words and the low words (None: no low named)."""
    low = read_low(low_text) if low_text is not None else None
    return Claim(text, high_text, read_high(high_text), low_text, low)


def read_shown(description: str) -> Claim:
    """A play line's description: "a flush, Ace high", "(a pair of Nines)" (2006),
    "two pair, Kings and Threes, for high and 8,5,4,3,2, for low"."""
    text = description.strip()
    if not text:
        return NO_CLAIM
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    found = _FOR_LOW.match(text)
    if found:
        return claim(description, found.group(1), found.group(2))
    return claim(description, text, None)


def read_summary(description: str) -> Claim:
    """A summary line's description: "a straight, King high", "HI: ...; LO: 8,5,4,3,2"."""
    text = description.strip()
    if not text:
        return NO_CLAIM
    if text.startswith("HI: "):
        high, _, low = text[4:].partition("; LO: ")
        return claim(description, high, low or None)
    return claim(description, text, None)
