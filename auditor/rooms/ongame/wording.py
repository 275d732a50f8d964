"""OnGame's words for a shown hand, read into what they claim.

OnGame writes the category in capitals and the ranks it names after it, in the summary
only: "(TWO_PAIR KING, SEVEN)", "(THREE_OF_A_KIND TWO)", "(FULL_HOUSE JACK, FOUR)",
"(STRAIGHT EIGHT)" (the straight's top card), "(FLUSH ACE)" (the top card). In hi/lo it
words the high hand only, never the low (R-186-1481_1.txt: tsop13 wins "(125 Low)" with
his hand worded "(THREE_OF_A_KIND EIGHT)").

>>> read_claim("TWO_PAIR KING, SEVEN").high
ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(11, 5))
>>> read_claim("STRAIGHT EIGHT").high
ClaimedHand(category=<Category.STRAIGHT: 4>, ranks=(6,))
>>> read_claim("ROYAL_SOMETHING ACE").high is None
True
"""

from __future__ import annotations

from functools import lru_cache

from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand

_RANKS: tuple[str, ...] = ("TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
_RANKS += ("TEN", "JACK", "QUEEN", "KING", "ACE")
_RANK_OF_WORD = {word: index for index, word in enumerate(_RANKS)}
_CATEGORY_OF_WORD = {
    "HIGH_CARD": Category.HIGH_CARD,
    "PAIR": Category.PAIR,
    "ONE_PAIR": Category.PAIR,
    "TWO_PAIR": Category.TWO_PAIR,
    "TWO_PAIRS": Category.TWO_PAIR,
    "THREE_OF_A_KIND": Category.THREE_OF_A_KIND,
    "STRAIGHT": Category.STRAIGHT,
    "FLUSH": Category.FLUSH,
    "FULL_HOUSE": Category.FULL_HOUSE,
    "FOUR_OF_A_KIND": Category.FOUR_OF_A_KIND,
    "STRAIGHT_FLUSH": Category.STRAIGHT_FLUSH,
    "ROYAL_FLUSH": Category.STRAIGHT_FLUSH,
}


@lru_cache(maxsize=1024)
def read_claim(description: str) -> Claim:
    """What ``description`` (the words inside the summary's brackets) claims."""
    if not description:
        return NO_CLAIM
    word, _, ranks_text = description.partition(" ")
    category = _CATEGORY_OF_WORD.get(word)
    ranks = tuple(_RANK_OF_WORD.get(r.strip(), -1) for r in ranks_text.split(",") if r.strip())
    if word == "ROYAL_FLUSH" and not ranks:
        ranks = (12,)
    high = None
    if category is not None and -1 not in ranks:
        high = ClaimedHand(category, ranks)
    # its words never speak of the low: "" (not None, which would say "no low") leaves it
    # unchecked
    return Claim(description, description, high, low_text="")
