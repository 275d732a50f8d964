"""Winamax's words for a shown hand, read into what they claim (:class:`Claim`): ranks
as digits up to nine and words above, singular or plural ("Two pairs : Aces and 7",
"Full of 9 and Tens"), only the top card of a straight, a flush or a low ("LO : High
card : 7"); in hi/lo each half on a line of its own, "HI : ..." and "LO : ..." (2016: the
halves unprefixed, the low second), joined into one claim (:func:`joined`).

>>> read_claim("Full of 9 and Tens").high, read_claim("LO : High card : 7").low
(ClaimedHand(category=<Category.FULL_HOUSE: 6>, ranks=(7, 8)), ClaimedLow(ranks=(7,)))
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
for _i in range(8):  # "2" ... "9"
    _RANK_OF_WORD[str(_i + 2)] = _i
_RANK_OF_WORD.update({"10": 8, "two": 0, "twos": 0, "deuces": 0})

_HIGH: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"High card : (\w+)$"), Category.HIGH_CARD),
    (re.compile(r"One pair : (\w+)$"), Category.PAIR),
    (re.compile(r"Two pairs : (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"Trips of (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"Straight flush (\w+) high$", re.IGNORECASE), Category.STRAIGHT_FLUSH),
    (re.compile(r"Straight (\w+) high$"), Category.STRAIGHT),
    (re.compile(r"Flush (\w+) high$"), Category.FLUSH),
    (re.compile(r"Full of (\w+) and (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"Quads of (\w+)$"), Category.FOUR_OF_A_KIND),
)
# a low as Winamax words it: its top card only ("High card : 7"), or the cards in full
_LOW_TOP = re.compile(r"High card : (\w+)$")
_LOW_CARDS = re.compile(r"[0-9A](?:[ ,-]+[0-9A]){4}$")
HI = "HI : "
LO = "LO : "


def _rank(word: str) -> int:
    return _RANK_OF_WORD[word.lower()]


def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    text = text.strip()
    if text.lower() == "royal flush":
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _HIGH:
        if found := pattern.match(text):
            try:
                return ClaimedHand(category, tuple(_rank(g) for g in found.groups()))
            except KeyError:
                return None
    return None


def read_low(text: str) -> ClaimedLow | None:
    """A low's words as its ranks highest first, ace 1: Winamax names the top card only.

    >>> read_low("High card : 8"), read_low("High card : Ace")
    (ClaimedLow(ranks=(8,)), ClaimedLow(ranks=(1,)))
    """
    text = text.strip()
    found = _LOW_TOP.match(text)
    if found:
        word = found.group(1).lower()
        if word in ("a", "ace"):
            return ClaimedLow((1,))
        rank = _RANK_OF_WORD.get(word)
        return ClaimedLow((rank + 2,)) if rank is not None and rank < 7 else None
    if _LOW_CARDS.match(text):
        ranks = [1 if c == "A" else int(c) for c in re.findall(r"[0-9A]", text)]
        return ClaimedLow(tuple(sorted(ranks, reverse=True)))
    return None


@lru_cache(maxsize=4096)  # a few hundred wordings recur hand after hand
def read_claim(description: str, hi_lo: bool = False) -> Claim:
    """One line's description as a claim. A "LO : " line claims a low only; in a hi/lo
    game a line that names no low leaves the low unstated (``low_text`` "" and ``low``
    None: nothing checked), as Winamax writes the low on a line of its own, and not for
    every player (PLO8-6max-EUR-1.00-2.00-201611.txt shows Player0's hand with no low
    line although [8d 2d] make 8-5-4-2-A on Ac 5s 4h 5d Qc)."""
    if not description:
        return NO_CLAIM
    if description.startswith(LO):
        words = description[len(LO) :]
        return Claim(description, "", None, words, read_low(words))
    words = description.removeprefix(HI)
    return Claim(description, words, read_high(words), "" if hi_lo else None, None)


def low_claim(description: str) -> Claim:
    """A line the record gives as a hand's low (2016's unprefixed second line)."""
    words = description.removeprefix(LO)
    return Claim(description, "", None, words, read_low(words))


def joined(high: Claim, low: Claim) -> Claim:
    """A player's high line and low line as one claim ("HI : ...; LO : ...")."""
    return Claim(f"{high.text}; {low.text}", high.high_text, high.high, low.low_text, low.low)


_HEAD = (
    "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - "
    "2014/07/30 01:25:40 UTC\n"
)
_SEATED = (
    _HEAD + "Table: 'T' 5-max (real money) Seat #1 is the button\nSeat 1: a (200€)\n"
    "Seat 2: b (200€)\n"
)
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state it shares.
MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or date)": [
        "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit - 2014/07/30 01:25:40\n",
    ],
    "a table line the layout does not have": [_HEAD + "Table T\n"],
    "a line of play the layout does not have": [
        _SEATED + "*** ANTE/BLINDS ***\na posts small blind 1€\n*** PRE-FLOP ***\na shoves\n"
    ],
    "a summary line the layout does not have": [
        _SEATED + "*** PRE-FLOP ***\na folds\n*** SUMMARY ***\nTotal pot 0€ | No rake\n"
        "nothing here\n"
    ],
}
