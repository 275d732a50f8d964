"""The game an Enet hand is of: its header names the game ("Game #7732419: Omaha
(€0,25/€0,50) - ..."), its table line the limit, as the table name's end ("Table 'Reunion
1 - Pot Limit' 9-max ..."); the corpus has Omaha Pot Limit only."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

HEADER = re.compile(
    r"^Game #(?P<id>[0-9]+): (?P<game>[^(]+?) \([^)]*\) - [0-9]{1,2}:[0-9]{2}:[0-9]{2} "
    r"[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{4}"
)
_TABLE = re.compile(r"^Table '(?P<name>[^']*)' ")
_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED}


def header_game(header: str) -> str:
    """The game a header names ("" when it is no header).

    >>> header_game("Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6")
    'Omaha'
    """
    found = HEADER.match(header)
    return found["game"] if found else ""


def table_name(line: str) -> str:
    found = _TABLE.match(line)
    return found["name"] if found else ""


def game_facts(game: str, table: str) -> tuple[str, ev.Limit, bool, int, str]:
    """The game named with its limit (the table name's end; none: pot limit), limit,
    hi/lo, hole cards and variant code.

    >>> game_facts("Omaha", "Reunion 1 - Pot Limit")[0::4]
    ('Omaha Pot Limit', 'PLO')
    """
    words = next((name for name in _LIMITS if table.endswith(name)), "Pot Limit")
    limit, hi_lo = _LIMITS[words], "Hi/Lo" in game or "Hi-Lo" in game
    hole = 5 if game.startswith("5") else 4
    return f"{game} {words}", limit, hi_lo, hole, variant(limit, hi_lo, hole)
