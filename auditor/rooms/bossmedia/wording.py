"""What a Boss Media ``<RESULT>`` says the shown hand is: its ``HAND`` is the client's
string keys, "$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_NINES) $(STR_G_ANDTEXT) $(STR_G_CARDS_SIXES)",
its ``HANDEXT`` the low, " 8,7,5,2,A" ("" none; absent in the older layout)."""

from __future__ import annotations

from auditor.hand_claims import Category, Claim, ClaimedHand, ClaimedLow

_CATEGORIES = {
    "STR_G_WIN_HIGHCARD": (Category.HIGH_CARD, ()),
    "STR_G_WIN_PAIR": (Category.PAIR, ()),
    "STR_G_WIN_TWOPAIR": (Category.TWO_PAIR, ()),
    "STR_G_WIN_THREEOFAKIND": (Category.THREE_OF_A_KIND, ()),
    "STR_G_WIN_STRAIGHT": (Category.STRAIGHT, ()),
    "STR_G_WIN_FLUSH": (Category.FLUSH, ()),
    "STR_G_WIN_ACEHIGHFLUSH": (Category.FLUSH, (12,)),
    "STR_G_WIN_FULLHOUSE": (Category.FULL_HOUSE, ()),
    "STR_G_WIN_FOUROFAKIND": (Category.FOUR_OF_A_KIND, ()),
    "STR_G_WIN_STRAIGHTFLUSH": (Category.STRAIGHT_FLUSH, ()),
    "STR_G_WIN_ROYALFLUSH": (Category.STRAIGHT_FLUSH, (12,)),
}
_NAMES = ["TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "JACK"]
_NAMES += ["QUEEN", "KING", "ACE"]
_WORDS: list[tuple[str, ...]] = [(n, n + ("ES" if n == "SIX" else "S")) for n in _NAMES]
_WORDS[0] += ("DEUCE", "DEUCES")
# "$(STR_G_CARD_KING)" (a flush's or straight's top card), "$(STR_G_CARDS_KINGS)" (a pair's)
_RANKS = {
    f"STR_G_{kind}_{word}": rank
    for rank, words in enumerate(_WORDS)
    for word in words
    for kind in ("CARD", "CARDS")
}
_LOW_VALUES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def claim(hand: str, low: str | None) -> Claim:
    """The claim of a RESULT's ``HAND`` and ``HANDEXT`` (None: no HANDEXT written).

    >>> c = claim("$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_NINES) $(STR_G_ANDTEXT) "
    ...           "$(STR_G_CARDS_SIXES)", " 8,7,5,2,A")
    >>> c.high, c.low
    (ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=(7, 4)), ClaimedLow(ranks=(8, 7, 5, 2, 1)))
    >>> claim("$(STR_G_WIN_FULLHOUSE)", "").low_text is None
    True
    """
    keys = [word.strip("$()") for word in hand.split()]
    high: ClaimedHand | None = None
    if keys and keys[0] in _CATEGORIES:
        category, named = _CATEGORIES[keys[0]]
        ranks = tuple(_RANKS[key] for key in keys[1:] if key in _RANKS)
        if all(key in _RANKS or key == "STR_G_ANDTEXT" for key in keys[1:]):
            high = ClaimedHand(category, named or ranks)
    low_text, low_claim = _low(low)
    return Claim(hand, hand, high, low_text, low_claim)


def _low(text: str | None) -> tuple[str | None, ClaimedLow | None]:
    if text is None:
        return "", None  # the older layout writes no low at all: nothing to check
    words = text.strip()
    if not words:
        return None, None  # a low of nobody: the room says there is none
    values = [_LOW_VALUES.get(w.strip()) or _digit(w.strip()) for w in words.split(",")]
    if any(v is None for v in values):
        return words, None
    return words, ClaimedLow(tuple(v for v in values if v is not None))


def _digit(text: str) -> int | None:
    return int(text) if text.isdigit() and 2 <= int(text) <= 9 else None
