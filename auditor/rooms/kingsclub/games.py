"""The game a KingsClub header names: "#45395871: Limit Omaha - 60/120", "#37660193: Pot
Limit Omaha 5 Card - 5/10", "#37580510: Pot Limit Big O - 11/22" (Big O: five-card Omaha
hi/lo), and the room's other games ("Limit Razz", "No Limit Holdem"), skipped."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

HEADER = re.compile(
    r"#(?P<id>[0-9]+): (?P<game>(?:No Limit|Pot Limit|Limit) [A-Za-z0-9' -]+?)"
    r" - (?P<small>[0-9][0-9,]*(?:\.[0-9]+)?)/(?P<big>[0-9][0-9,]*(?:\.[0-9]+)?)$"
)
_LIMITS = (("No Limit ", ev.Limit.NO), ("Pot Limit ", ev.Limit.POT), ("Limit ", ev.Limit.FIXED))
# the Omaha games by name (after the limit words): hi/lo and hole cards
_OMAHA = {
    "Omaha": (False, 4),
    "Omaha Hi-Lo": (True, 4),
    "Omaha 5 Card": (False, 5),
    "Omaha 6 Card": (False, 6),
    "Big O": (True, 5),
}


def header_game(header: str) -> str:
    """The game a header names, limit words first ("" when it is no header).

    >>> header_game("#37580510: Pot Limit Big O - 11/22")
    'Pot Limit Big O'
    >>> header_game("#3969308: Limit Omaha Hi-Lo - 500/1,000")
    'Limit Omaha Hi-Lo'
    """
    found = HEADER.match(header.rstrip())
    return found["game"] if found else ""


def split_game(game: str) -> tuple[ev.Limit | None, str]:
    """The limit and the game's name after it."""
    for words, limit in _LIMITS:
        if game.startswith(words):
            return limit, game.removeprefix(words)
    return None, game


def is_omaha(game: str) -> bool:
    """KingsClub's Omaha games, high and hi/lo, four to six cards, in any limit.

    >>> is_omaha("Pot Limit Big O"), is_omaha("Limit Omaha"), is_omaha("No Limit Holdem")
    (True, True, False)
    """
    limit, name = split_game(game)
    return limit is not None and name in _OMAHA


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of an Omaha game as the header names it.

    >>> game_facts("Pot Limit Big O")
    (<Limit.POT: 'PL'>, True, 5, 'PLO5-8')
    >>> game_facts("Limit Omaha")
    (<Limit.FIXED: 'FL'>, False, 4, 'FLO')
    """
    limit, name = split_game(game)
    if limit is None or name not in _OMAHA:
        raise ValueError(f"not an Omaha game: {game!r}")
    hi_lo, hole = _OMAHA[name]
    return limit, hi_lo, hole, variant(limit, hi_lo, hole)
