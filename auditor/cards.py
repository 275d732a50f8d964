"""Playing cards as validated values.

A card is kept even when its text names no real card, so that the replay
engine (not the parser) can report it as CARD_INVALID.

>>> card("Ah").index, card("Ah").valid
(50, True)
>>> card("1x").valid
False
>>> str(card("Td"))
'Td'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: ``index`` is rank * 4 + suit (0..51), or -1 for a card that does not exist."""

    text: str
    index: int

    @property
    def valid(self) -> bool:
        return self.index >= 0

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return self.index >> 2

    @property
    def suit(self) -> int:
        return self.index & 3

    def __str__(self) -> str:
        return self.text


_CANONICAL: dict[str, Card] = {
    r + s: Card(r + s, ri * 4 + si) for ri, r in enumerate(RANKS) for si, s in enumerate(SUITS)
}
DECK: tuple[Card, ...] = tuple(_CANONICAL[r + s] for r in RANKS for s in SUITS)


class CardNotation:
    """How one room writes its cards: which texts name which card, and no others.

    A room's reader holds its notation (rooms differ: most write a ten "Th", some
    write "10h"); a text outside it is kept as an invalid card, for CARD_INVALID.
    Cards read are the deck's own (``Card.text`` canonical), whatever the spelling.

    >>> CardNotation("letters").card("Th").index, CardNotation("letters").card("10h").valid
    (34, False)
    >>> str(CardNotation("tens as 10", ten="10").card("10h"))
    'Th'
    """

    __slots__ = ("_seen", "_texts", "name", "ten")

    def __init__(self, name: str, *, ten: str = "T", lower_case: bool = False) -> None:
        self.name = name
        self.ten = ten
        texts: dict[str, Card] = {}
        for text, found in _CANONICAL.items():
            rank = ten if text[0] == "T" else text[0]
            texts[rank + text[1]] = found
            if lower_case:
                texts[rank.lower() + text[1]] = found
        self._texts = texts
        self._seen: dict[str, tuple[Card, ...]] = {}  # a board is written again on every street

    def card(self, text: str) -> Card:
        """The card ``text`` names in this notation; any other text gives an invalid card."""
        found = self._texts.get(text)
        return found if found is not None else Card(text, -1)

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards from a space-separated list such as ``"Ah Kd 5c"``."""
        found = self._seen.get(text)
        if found is None:
            if len(self._seen) >= 8192:
                self._seen.clear()
            found = self._seen[text] = tuple(map(self.card, text.split()))
        return found

    def __repr__(self) -> str:
        return f"CardNotation({self.name!r})"


LETTERS = CardNotation("letters (Th)")
"""Ranks 2-9, T, J, Q, K, A in capitals, suits c d h s: the notation of most rooms'
layouts."""

# Code that names cards itself (tests, the evaluator's examples) may spell them any way;
# hand histories are read with their room's notation, never with this.
_ANY = CardNotation("any spelling", lower_case=True)
_ANY._texts.update(CardNotation("tens as 10", ten="10", lower_case=True)._texts)


def card(text: str) -> Card:
    """The card named by ``text`` in any common spelling ("Th", "10h", "th"); an unknown
    text gives an invalid card, never an error."""
    return _ANY.card(text)


@lru_cache(maxsize=8192)
def cards(text: str) -> tuple[Card, ...]:
    """Cards from a space-separated list such as ``"Ah Kd 5c"``, any common spelling.

    >>> [str(c) for c in cards("Ah Kd  5c")]
    ['Ah', 'Kd', '5c']
    """
    return tuple(card(t) for t in text.split())


def other_notation(text: str) -> Card | None:
    """The card ``text`` would name in some room's notation, if any (for a finding's
    message: "10h" is not a card in letters notation, but it means the ten of hearts)."""
    found = card(text)
    return found if found.valid else None
