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
# Some rooms write tens as "10" and ranks in lower case; they are the same cards.
for _ri, _r in enumerate(RANKS):
    for _si, _s in enumerate(SUITS):
        _c = _CANONICAL[_r + _s]
        _CANONICAL.setdefault(_r.lower() + _s, _c)
        if _r == "T":
            _CANONICAL["10" + _s] = _c

DECK: tuple[Card, ...] = tuple(_CANONICAL[r + s] for r in RANKS for s in SUITS)


def card(text: str) -> Card:
    """The card named by ``text``; an unknown text gives an invalid card, never an error."""
    found = _CANONICAL.get(text)
    return found if found is not None else Card(text, -1)


@lru_cache(maxsize=8192)  # a board is written again on every street
def cards(text: str) -> tuple[Card, ...]:
    """Cards from a space-separated list such as ``"Ah Kd 5c"``.

    >>> [str(c) for c in cards("Ah Kd  5c")]
    ['Ah', 'Kd', '5c']
    """
    return tuple(card(t) for t in text.split())
