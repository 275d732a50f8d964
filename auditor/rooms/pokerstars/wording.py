"""PokerStars' words for a shown hand, read into what they claim: a category and its ranks.

The reader puts the claim on the events (:class:`auditor.hand_claims.Claim`); showdown
compares it with the cards and never reads words. PokerStars writes "two pair, Nines and
Fives", "a straight, Ace to Five", "HI: ...; LO: 8,5,4,2,A"; GGPoker, read by this room's
reader until it has its own, writes "Pair of Kings and Pair of Sixes", "Fives-High
Straight", "Sevens Full over Fives". A wording is compared with the cards only in what it
says: "a flush, Ace high" names the top card, not the kickers.

>>> read_high("a full house, Eights full of Fours")
ClaimedHand(category=<Category.FULL_HOUSE: 6>, ranks=(6, 2))
>>> read_high("Fives-High Straight")
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(3,))
>>> read_low("8,5,4,2,A")
(8, 5, 4, 2, 1)
"""

from __future__ import annotations

import re

from auditor.cards import RANK_NAMES
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

_RANK_OF_WORD: dict[str, int] = {}
for _i, _name in enumerate(RANK_NAMES):
    _RANK_OF_WORD[_name.lower()] = _i
    _RANK_OF_WORD[(_name + ("es" if _name.endswith("x") else "s")).lower()] = _i
_RANK_OF_WORD.update({"two": 0, "twos": 0, "trey": 1, "treys": 1, "deuces": 0})


def _rank(word: str) -> int:
    return _RANK_OF_WORD[word.strip().lower()]


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
    if text in _CLAIMS:
        return _CLAIMS[text]
    claim = _read_high(text)
    if len(_CLAIMS) < _CLAIMS_MAX:
        _CLAIMS[text] = claim
    return claim


# Memo of read_high: rooms word the same few thousand hands over and over, and trying
# the patterns in turn is most of the cost of reading one. ClaimedHand is frozen, so shared.
_CLAIMS: dict[str, ClaimedHand | None] = {}
_CLAIMS_MAX = 1 << 14


def _read_high(text: str) -> ClaimedHand | None:
    text = text.strip().rstrip(".")
    if text.lower() in ("a royal flush", "royal flush"):
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _STARS:
        found = pattern.match(text)
        if found:
            try:
                return ClaimedHand(category, tuple(_rank(g) for g in found.groups()))
            except KeyError:
                return None
    return None


def read_low(text: str) -> tuple[int, ...] | None:
    """``"8,5,4,2,A"`` as ranks highest first with the ace as 1."""
    parts = [p.strip() for p in text.strip().split(",")]
    try:
        return tuple(1 if p == "A" else int(p) for p in parts)
    except ValueError:
        return None


def split_hi_lo(description: str) -> tuple[str, str | None]:
    """``"HI: a pair of Aces; LO: 8,5,4,2,A"`` -> (high words, low words or None).

    >>> split_hi_lo("HI: two pair, Eights and Fours; LO: 6,5,4,2,A")
    ('two pair, Eights and Fours', '6,5,4,2,A')
    >>> split_hi_lo("a pair of Nines")
    ('a pair of Nines', None)
    """
    text = description.strip()
    if text.startswith("HI: "):
        high, _, low = text[4:].partition("; LO: ")
        return high, (low or None)
    return text, None


def read_claim(description: str) -> Claim:
    """Everything a description says, as values; the words are kept for messages.

    >>> read_claim("HI: two pair, Eights and Fours; LO: 6,5,4,2,A").low
    ClaimedLow(ranks=(6, 5, 4, 2, 1))
    """
    if not description:
        return NO_CLAIM
    found = _DESCRIPTIONS.get(description)
    if found is None:
        high_text, low_text = split_hi_lo(description)
        low_ranks = read_low(low_text) if low_text else None
        low = ClaimedLow(low_ranks) if low_ranks is not None else None
        found = Claim(description, high_text, read_high(high_text), low_text, low)
        if len(_DESCRIPTIONS) < _CLAIMS_MAX:
            _DESCRIPTIONS[description] = found
    return found


_DESCRIPTIONS: dict[str, Claim] = {}
