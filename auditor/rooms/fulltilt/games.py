"""The header of a Full Tilt hand, taken apart: table, stakes, game, date, in either of
the orders Full Tilt wrote them over the years, and the facts of its game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from auditor import events as ev
from auditor.parse.facts import variant

_AMOUNT = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?"
_STAKES = rf"(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: Ante (?P<ante>{_AMOUNT}))?"
# "$400 Pot Limit Omaha Hi", "$2,000 Cap Pot Limit Omaha Hi": a capped table
_GAME = rf"(?:(?P<cap>{_AMOUNT}) (?:Cap )?)?(?P<game>[A-Za-z0-9][A-Za-z0-9' /&-]*?)"
HEADER = re.compile(
    r"(?P<site>Full Tilt Poker|FullTiltPoker) Game #(?P<hand_id>[0-9]+): "
    r"(?:(?P<tournament>.+?) \((?P<tournament_id>[0-9]+)\), )?"
    r"(?:Table )?(?P<table>.+?)(?: \((?P<attrs>[^()]*)\))? - "
    rf"(?:{_STAKES} - {_GAME}|{_GAME.replace('?P<', '?P<g2_')} - "
    rf"{_STAKES.replace('?P<', '?P<s2_')})"
    r" - (?P<time>[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?) (?P<zone>[A-Z]{1,5})"
    r" - (?P<date>[0-9]{4}/[0-9]{1,2}/[0-9]{1,2})"
    r"(?: \[[^\]\n]*\])?(?: \(partial\))?\s*$"
)


@dataclass(frozen=True, slots=True)
class Header:
    """A header's fields as written."""

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
    date: str


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
    found = HEADER.match(line)
    if found is None:
        return None
    g = found.groupdict()

    def either(name: str, other: str) -> str | None:
        return g[name] if g[name] is not None else g[other]

    return Header(
        site="Full Tilt Poker",  # "FullTiltPoker" in some exports: the same room
        hand_id=g["hand_id"],
        tournament=g["tournament"],
        tournament_id=g["tournament_id"],
        table=g["table"],
        attrs=g["attrs"] or "",
        small=either("small", "s2_small") or "0",
        big=either("big", "s2_big") or "0",
        cap=either("cap", "g2_cap"),
        game=(either("game", "g2_game") or "").strip(),
        time=g["time"],
        zone=g["zone"],
        date=g["date"],
    )


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
