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
    """A header's fields as written (``grammars/fulltilt.lark``'s HEAD)."""

    site: str
    hand_id: str
    tournament: str | None
    tournament_id: str | None
    table: str
    attrs: str
    small: str
    big: str
    cap: str | None
    game: str
    time: str
    zone: str
    date: tuple[int, int, int]  # year, month, day

    @staticmethod
    def of(fields: re.Match[str]) -> Header:
        """The header of a match of HEAD (or of a line that holds it); its stakes and game
        are in either order."""
        f = fields.groupdict()
        game = f["head_game"] if f["head_game"] is not None else f["head_game2"]
        return Header(
            site="Full Tilt Poker",  # "FullTiltPoker" in some exports: the same room
            hand_id=f["head_id"],
            tournament=f["head_tournament"],
            tournament_id=f["head_tournament_id"],
            table=f["head_table"],
            attrs=f["head_attrs"] or "",
            small=f["head_small"] or f["head_small2"],
            big=f["head_big"] or f["head_big2"],
            cap=f["head_cap"] or f["head_cap2"],
            game=game.strip(),
            time=f["head_time"],
            zone=f["head_zone"],
            date=(int(f["head_year"]), int(f["head_month"]), int(f["head_day"])),
        )


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
    >>> h.table, h.game, h.small, h.big, h.attrs
    ('Dickson', 'FL Omaha H/L', '$0.50', '$1', '6 max')
    >>> h = read_header("Full Tilt Poker Game #2: Table Pam (6 max) - $5/$10 - $400 Pot "
    ...                 "Limit Omaha Hi - 15:35:09 ET - 2010/10/02")
    >>> h.game, h.cap
    ('Pot Limit Omaha Hi', '$400')
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


def is_omaha(game: str) -> bool:
    """Omaha in all Full Tilt's forms: 4, 5 ("5 Card Omaha", "Big O"), 6 cards, Courchevel.

    >>> is_omaha("PL 5 Card Omaha Hi"), is_omaha("Limit 2-7 Triple Draw"), is_omaha("PL Big O")
    (True, False, True)
    """
    return "Omaha" in game or "Courchevel" in game or "Big O" in game


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
