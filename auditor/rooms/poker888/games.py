"""The game an 888poker stakes line names, so that hands of other games are skipped."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

# "$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:00:36": the game stands between
# "Blinds " and " - " (a "Jackpot table" after it is the table's kind)
_GAME = re.compile(r" Blinds (.+?)(?: Jackpot table)? - ")
_LIMITS = {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Fix Limit": ev.Limit.FIXED}


def line_game(line: str) -> str:
    """The game as written ("" when none).

    >>> line_game("$1/$2 Blinds No Limit Holdem Jackpot table - *** 14 04 2015 03:11:08")
    'No Limit Holdem'
    """
    found = _GAME.search(line)
    return found.group(1) if found else ""


def is_omaha(game: str) -> bool:
    return "Omaha" in game  # "Pot Limit Omaha", "Fix Limit OmahaHL"...


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code.

    >>> game_facts("Fix Limit OmahaHL")
    (<Limit.FIXED: 'FL'>, True, 4, 'FLO8')
    """
    limit = next((lim for words, lim in _LIMITS.items() if game.startswith(words)), ev.Limit.FIXED)
    hi_lo = game.endswith(("OmahaHL", "Omaha Hi/Lo"))
    return limit, hi_lo, 4, variant(limit, hi_lo, 4)
