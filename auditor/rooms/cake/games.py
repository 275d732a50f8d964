"""The game a Cake Poker header names, so that hands of other games are skipped: "Hand#N -
Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58", or a tournament's
"Hand#N - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- $5 + $0.25 -- 2 Max --
Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40" (ante, small and big blinds)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

HEADER = re.compile(
    r"\ufeff?Hand#(?P<id>[0-9A-F]+) - (?P<table>.+?)"
    r"(?: -- (?P<entry>TICKET|CASH|TICKETCASH|FREEROLL) -- (?P<buy_in>[^-]+?) -- "
    r"(?P<tmax>[0-9]+) Max -- (?P<table_no>Table [0-9]+))?"
    r" -- (?P<stakes>[$€]?-?[0-9][0-9.,]*(?:/[$€]?[0-9][0-9.,]*){1,2})"
    r" (?P<game>(?:NL|PL|FL) [A-Za-z'/]+(?: [A-Za-z'/]+)*)"
    r" -- (?P<year>[0-9]{4})[/-](?P<month>[0-9]{2})[/-](?P<day>[0-9]{2})"
    r" - (?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})[ \t]*$"
)
TOURNAMENT = re.compile(r"T[0-9]+$")
_LIMITS = {"NL": ev.Limit.NO, "PL": ev.Limit.POT, "FL": ev.Limit.FIXED}
_OMAHA = {"Omaha": False, "Omaha Hi/Lo": True, "OmahaHiLo": True}  # the name to hi/lo


def header_game(header: str) -> str:
    """The game a header names, limit first ("" when it is no header)."""
    found = HEADER.match(header)
    return found["game"] if found else ""


def is_omaha(game: str) -> bool:
    return game.partition(" ")[2] in _OMAHA


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of an Omaha game.

    >>> game_facts("PL OmahaHiLo")
    (<Limit.POT: 'PL'>, True, 4, 'PLO8')
    """
    word, _, name = game.partition(" ")
    if word not in _LIMITS or name not in _OMAHA:
        raise ValueError(f"not an Omaha game: {game!r}")
    limit, hi_lo = _LIMITS[word], _OMAHA[name]
    return limit, hi_lo, 4, variant(limit, hi_lo, 4)


def table_of(found: re.Match[str], prefix: str = "") -> str:
    """A header's table: "Odesa (6-Max) 13495", or a tournament's "T15042503 Table 1"
    (``prefix``: of the header's group names, the grammar's "head_")."""
    table, table_no = found[prefix + "table"], found[prefix + "table_no"]
    if table_no:
        tournament = TOURNAMENT.search(table)
        return f"{tournament[0]} {table_no}" if tournament else str(table_no)
    return str(table)
