"""What a room's record says a shown hand is, as values: the category and the ranks it
names (high), and the ranks of the low. Room-neutral: each room reads its own words into
these (in the room's folder); showdown compares them
with what the cards make.

Ranks are the cards' rank indices (0 = deuce ... 12 = ace) for a high claim, and the
low's card values highest first with the ace as 1 for a low claim.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Category(enum.IntEnum):
    """High-hand categories, weakest first (the value's top bits)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """Lower-case words, e.g. ``"full house"``."""
        return self.name.lower().replace("_", " ")


@dataclass(frozen=True, slots=True)
class ClaimedHand:
    """A high hand as the record words it: its category and the ranks the words name
    ("a flush, Ace high" names the top card only, so ``ranks`` is ``(12,)``)."""

    category: Category
    ranks: tuple[int, ...]

    def matches(self, category: Category, ranks: tuple[int, ...]) -> bool:
        """Does the claim say what the cards make? Only the ranks it names are compared."""
        return self.category == category and ranks[: len(self.ranks)] == self.ranks


@dataclass(frozen=True, slots=True)
class ClaimedLow:
    """A low as the record words it: card values highest first, the ace as 1 (a room
    that names the top card only, "High card : 7", gives that one)."""

    ranks: tuple[int, ...]

    def matches(self, ranks: tuple[int, ...] | None) -> bool:
        """Does the claim say what the cards make? Only the ranks it names are compared."""
        return ranks is not None and ranks[: len(self.ranks)] == self.ranks


@dataclass(frozen=True, slots=True)
class Claim:
    """Everything one description says: the words as written (for messages), the high
    claim and the low claim, each None when the words name none or are not understood.

    ``high_text`` / ``low_text`` are the record's words for each half; ``low_text`` is
    None when the description names no low, and ``low`` None with a ``low_text`` means
    words no reader understood (nothing is then checked)."""

    text: str
    high_text: str
    high: ClaimedHand | None
    low_text: str | None = None
    low: ClaimedLow | None = None


NO_CLAIM = Claim("", "", None)
"""A line that describes no hand."""
