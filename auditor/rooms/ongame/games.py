"""The game an OnGame table line names, so that hands of other games are skipped: "(POT_LIMIT
OMAHA_HI_LO $5/$5, Real money)", the limit and the game in capitals joined by underscores."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(
    r"^Table: .*? \[[0-9]+\] \((?P<limit>NO_LIMIT|POT_LIMIT|LIMIT) (?P<game>[A-Z][A-Z0-9_]*) "
)
_LIMITS = {"NO_LIMIT": ev.Limit.NO, "POT_LIMIT": ev.Limit.POT, "LIMIT": ev.Limit.FIXED}


def table_game(line: str) -> str:
    """The game a table line names, as written ("" when it is no table line).

    >>> table_game("Table: [SPEED] Oslo [9] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)")
    'NO_LIMIT TEXAS_HOLDEM'
    """
    found = _GAME.match(line)
    return f"{found['limit']} {found['game']}" if found else ""


def is_omaha(game: str) -> bool:
    return " OMAHA_" in game  # OMAHA_HI and OMAHA_HI_LO, in any limit


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code.

    >>> game_facts("POT_LIMIT OMAHA_HI_LO")
    (<Limit.POT: 'PL'>, True, 4, 'PLO8')
    """
    limit_word, _, name = game.partition(" ")
    limit = _LIMITS.get(limit_word, ev.Limit.POT)
    hi_lo = name.endswith("_HI_LO")
    return limit, hi_lo, 4, variant(limit, hi_lo, 4)
