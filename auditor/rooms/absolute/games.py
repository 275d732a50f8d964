"""The game an Absolute Poker header names. The limit words: "No Limit", "Pot Limit", and
"Normal" for fixed limit (the $30/$60 Omaha Hi/Lo hand bets $30 on the flop after a raise
to $60 before it: the small and big bets)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(
    r"^Stage #C?[0-9]+: (?P<game>Holdem|HOLDEM|Omaha Hi/Lo|Omaha|OMAHA|[A-Za-z/ ]+?)"
    r"(?: \((?:1 on 1|1 ON 1)\))? +(?P<limit>No Limit|NO LIMIT|Pot Limit|POT LIMIT|Normal|NORMAL)"
)
_LIMITS = {"NO LIMIT": ev.Limit.NO, "POT LIMIT": ev.Limit.POT, "NORMAL": ev.Limit.FIXED}


def header_game(header: str) -> str:
    """The game and limit a header names ("" when it is no header).

    >>> header_game("Stage #1968055293: Holdem  Normal $200/$400 - 2010-03-24 00:50:15 (ET)")
    'Holdem Normal'
    """
    found = _GAME.match(header)
    return f"{found['game']} {found['limit']}" if found else ""


def is_omaha(game: str) -> bool:
    return game.upper().startswith("OMAHA")


def game_facts(game: str) -> tuple[ev.Limit, bool, str]:
    """Limit, hi/lo and variant code of a game as :func:`header_game` names it.

    >>> game_facts("Omaha Hi/Lo Normal")
    (<Limit.FIXED: 'FL'>, True, 'FLO8')
    """
    upper = game.upper()
    limit = next((v for k, v in _LIMITS.items() if upper.endswith(k)), ev.Limit.FIXED)
    hi_lo = "HI/LO" in upper
    return limit, hi_lo, variant(limit, hi_lo, 4)
