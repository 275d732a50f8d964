"""The game a Cake Poker header names, so that hands of other games are skipped: "Hand#N -
Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58", or a tournament's
"Hand#N - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- $5 + $0.25 -- 2 Max --
Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40" (ante, small and big blinds)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.games import GameWords
from auditor.parse.runs import terminal_pattern

GAMES = GameWords({"NL": ev.Limit.NO, "PL": ev.Limit.POT, "FL": ev.Limit.FIXED}, ("Hi/Lo", "HiLo"))
# the Omaha games by name after the limit: those only (another would be read as four-card
# Omaha high, its cards unknown)
_OMAHA = frozenset({"Omaha", "Omaha Hi/Lo", "OmahaHiLo"})
TOURNAMENT = re.compile(r"T[0-9]+$")


def header(line: str) -> re.Match[str] | None:
    """The header's fields, read with the grammar's HEADER (None: no header)."""
    return terminal_pattern("cake", "HEADER").match(line + "\n")


def is_omaha(game: str) -> bool:
    return game.partition(" ")[2] in _OMAHA


def table_of(found: re.Match[str]) -> str:
    """A header's table: "Odesa (6-Max) 13495", or a tournament's "T15042503 Table 1"."""
    table, table_no = found["head_table"], found["head_table_no"]
    if table_no:
        tournament = TOURNAMENT.search(table)
        return f"{tournament[0]} {table_no}" if tournament else str(table_no)
    return str(table)
