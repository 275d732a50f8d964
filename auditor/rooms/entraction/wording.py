"""Entraction's words for a shown hand, read into what they claim.

Entraction words the high hand with capitalised ranks, in brackets after the cards of a
"shows:" line and after "with" on a "wins:" line: "a pair of Queens", "two pairs, Sixes
and Threes", "three of a kind, Deuces", "a straight, Nine high", "a flush, Ace high" (or
"a flush, Ace and Queen high": the second card named where it tells two flushes apart),
"a full house, Fours full of Eights", "high card King"; a kicker that decides is added:
"three of a kind, Aces, with Jack as kicker", "a pair of Sixes, with Ace and Queen as
kickers". It words no low (its hi/lo hands of the corpus show cards with no words).

>>> read_high("two pairs, Aces and Sevens, with Queen as kicker")
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(12, 5, 10))
>>> read_high("a flush, Ace and Queen high")
ClaimedHand(category=<Category.FLUSH: 5>, ranks=(12, 10))
"""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand

_SINGULAR: tuple[str, ...] = ("deuce", "three", "four", "five", "six", "seven", "eight")
_SINGULAR += ("nine", "ten", "jack", "queen", "king", "ace")
_RANK_OF_WORD = {word: index for index, word in enumerate(_SINGULAR)}
_RANK_OF_WORD["two"] = 0
# plurals: "Deuces", "Sixes", "Queens"
_RANK_OF_WORD.update({w + ("es" if w == "six" else "s"): i for w, i in list(_RANK_OF_WORD.items())})

_RANKS = r"(\w+(?: and \w+)*)"  # "Ace", "Ace and Queen"
_HIGH: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"high card " + _RANKS + "$"), Category.HIGH_CARD),
    (re.compile(r"a pair of (\w+)$"), Category.PAIR),
    (re.compile(r"two pairs?, (\w+) and (\w+)$"), Category.TWO_PAIR),
    (re.compile(r"three of a kind, (\w+)$"), Category.THREE_OF_A_KIND),
    (re.compile(r"a straight, (\w+) high$"), Category.STRAIGHT),
    (re.compile(r"a flush, " + _RANKS + " high$"), Category.FLUSH),
    (re.compile(r"a full house, (\w+) full of (\w+)$"), Category.FULL_HOUSE),
    (re.compile(r"four of a kind, (\w+)$"), Category.FOUR_OF_A_KIND),
    (re.compile(r"a straight flush, (\w+) high$"), Category.STRAIGHT_FLUSH),
)
# ", with Jack as kicker", ", with Ace and Queen as kickers"
_KICKERS = re.compile(r", with " + _RANKS + r" as kickers?$")


def _ranks(words: tuple[str, ...]) -> tuple[int, ...]:
    named = [word for group in words for word in group.split(" and ")]
    return tuple(_RANK_OF_WORD.get(word.lower(), -1) for word in named)


@lru_cache(maxsize=1024)
def read_high(text: str) -> ClaimedHand | None:
    """The claim of a high-hand wording, or None for words this reader does not know."""
    text = text.strip()
    kickers: tuple[int, ...] = ()
    found = _KICKERS.search(text)
    if found:
        kickers = _ranks(found.groups())
        text = text[: found.start()]
    if text == "a royal flush":
        return ClaimedHand(Category.STRAIGHT_FLUSH, (12,))
    for pattern, category in _HIGH:
        found = pattern.match(text)
        if found:
            ranks = _ranks(found.groups()) + kickers
            return None if -1 in ranks else ClaimedHand(category, ranks)
    return None


def high_claim(description: str) -> Claim:
    """A "shows:" line's words: a high hand; its low is not worded ("", not None, which
    would say "no low")."""
    if not description:
        return NO_CLAIM
    return Claim(description, description, read_high(description), low_text="")
