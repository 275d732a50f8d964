"""The game a Run It Once Poker header names: "Run It Once Poker Hand #34011543: Omaha Pot
Limit (€0.10/€0.20) - 2019/04/19 17:52 UTC [2019/04/19 18:52 CET]"."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

HEADER_START = "Run It Once Poker Hand #"
HEADER = re.compile(
    r"\ufeff?Run It Once Poker Hand #(?P<id>[0-9]+): +(?P<game>[^(\n]+?) \("
    r"(?P<small>[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)/(?P<big>[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)\) - "
    r"(?P<year>[0-9]{4})/(?P<month>[0-9]{2})/(?P<day>[0-9]{2}) "
    r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2})(?::(?P<second>[0-9]{2}))? (?P<zone>[A-Z]{2,5})"
)
_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Limit": ev.Limit.FIXED}


def header_game(header: str) -> str:
    """The game a header names ("Omaha Pot Limit"; "" when it is no header)."""
    found = HEADER.match(header)
    return found["game"] if found else ""


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of an Omaha game as the header names it.

    >>> game_facts("Omaha Hi/Lo Pot Limit")
    (<Limit.POT: 'PL'>, True, 4, 'PLO8')
    """
    hi_lo = game.startswith("Omaha Hi/Lo ")
    limit = _LIMITS.get(game.removeprefix("Omaha Hi/Lo " if hi_lo else "Omaha "))
    if limit is None:
        raise ValueError(f"not an Omaha game: {game!r}")
    return limit, hi_lo, 4, variant(limit, hi_lo, 4)
