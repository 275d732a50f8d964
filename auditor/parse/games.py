"""What a room's name of a game says: the limit, hi/lo and hole cards, from the words the
room writes for them (data on the room, one reading for every room)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from auditor import events as ev
from auditor.parse.facts import variant


class Game(NamedTuple):
    limit: ev.Limit
    hi_lo: bool
    hole_cards: int
    variant: str  # the variant's code: "PLO8"


def _words(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``words`` as whole words, any case ("LIMIT" is not in "POT_LIMIT"), the
    longest first where two start at one place."""
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])", re.IGNORECASE)


@dataclass(frozen=True)
class GameWords:
    """How a room names its games' limits, hi/lo and hole cards.

    >>> words = GameWords({"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT}, ("Hi/Lo",))
    >>> words.of("Omaha Hi/Lo Pot Limit")
    Game(limit=<Limit.POT: 'PL'>, hi_lo=True, hole_cards=4, variant='PLO8')
    >>> words.of("Omaha").variant  # no limit words: the default, fixed limit
    'FLO'
    """

    limits: Mapping[str, ev.Limit]  # a limit's words; the first found in the name wins
    hi_lo: tuple[str, ...]  # any of these in the name makes it hi/lo
    default: ev.Limit = ev.Limit.FIXED  # the limit of a name with none of the words
    hole_cards: Mapping[str, int] = field(default_factory=dict)  # "5-Card": 5; else 4

    @cached_property
    def _limit_words(self) -> re.Pattern[str]:
        return _words(tuple(self.limits))

    @cached_property
    def _case(self) -> dict[str, ev.Limit]:
        return {words.casefold(): limit for words, limit in self.limits.items()}

    def of(self, game: str) -> Game:
        found = self._limit_words.search(game)
        limit = self._case[found.group().casefold()] if found else self.default
        folded = game.casefold()
        hi_lo = any(words.casefold() in folded for words in self.hi_lo)
        hole = next((n for words, n in self.hole_cards.items() if words in game), 4)
        return Game(limit, hi_lo, hole, variant(limit, hi_lo, hole))
