"""The header of a Full Tilt hand, taken apart: table, stakes, game, date, in either of
the orders Full Tilt wrote them over the years, and the facts of its game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from auditor import events as ev
from auditor.parse.facts import variant


@dataclass(frozen=True, slots=True)
class Header:
    """The parts of a header (``grammars/fulltilt.lark``'s HEAD) that Full Tilt wrote in
    either order: stakes then game, or game then stakes."""

    table: str
    game: str
    small: str
    big: str

    @staticmethod
    def of(f: re.Match[str]) -> Header:
        """The header of a match of HEAD (or of a line that holds it)."""
        game = f["head_game"] if f["head_game"] is not None else f["head_game2"]
        small, big = f["head_small"] or f["head_small2"], f["head_big"] or f["head_big2"]
        return Header(f["head_table"], game.strip(), small, big)


@cache
def _head() -> re.Pattern[str]:
    """The grammar's own pattern of a header line (the room reads a hand's game and table
    before its reader runs; lark loaded then, once)."""
    from auditor.parse.grammar import grammar_text, new_lark

    terminals = new_lark(grammar_text("fulltilt"), parser=None, lexer="basic")
    return re.compile(terminals.get_terminal("HEAD").pattern.to_regexp())


def read_header(line: str) -> Header | None:
    """The header's fields, or None if the line is not a Full Tilt header.

    >>> h = read_header("Full Tilt Poker Game #1: Table Dickson (6 max) - FL Omaha H/L - "
    ...                 "$0.50/$1 - 20:31:38 ET - 2014/01/05")
    >>> h.table, h.game, h.small, h.big
    ('Dickson', 'FL Omaha H/L', '$0.50', '$1')
    >>> read_header("Full Tilt Poker Game #2: Table Pam (6 max) - $5/$10 - $400 Pot "
    ...             "Limit Omaha Hi - 15:35:09 ET - 2010/10/02").game
    'Pot Limit Omaha Hi'
    """
    found = _head().fullmatch(line.rstrip())
    return Header.of(found) if found is not None else None


def header_game(header: str) -> str:
    """The game a header names, as written ("" when it cannot be told).

    >>> header_game("Full Tilt Poker Game #1: Table J (6 max) - $2.50/$5 Ante $0.40 - "
    ...             "Limit Stud Hi - 19:37:32 CET - 2011/04/07")
    'Limit Stud Hi'
    """
    found = read_header(header)
    return found.game if found is not None else ""


@lru_cache(maxsize=64)
def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a header's game.

    >>> game_facts("PL Courchevel Hi")
    (<Limit.POT: 'PL'>, False, 5, 'PLC')
    >>> game_facts("Limit Omaha Hi/Lo")
    (<Limit.FIXED: 'FL'>, True, 4, 'FLO8')
    """
    if game.startswith(("Pot Limit", "PL ")):
        limit = ev.Limit.POT
    elif game.startswith(("No Limit", "NL ")):
        limit = ev.Limit.NO
    else:  # "Limit", "FL"
        limit = ev.Limit.FIXED
    hi_lo = "H/L" in game or "Hi/Lo" in game or "Big O" in game  # Big O is played hi/lo
    courchevel = "Courchevel" in game
    hole = 4
    if courchevel or "5 Card" in game or "Big O" in game:
        hole = 5
    elif "6 Card" in game:
        hole = 6
    return limit, hi_lo, hole, variant(limit, hi_lo, hole, courchevel)
