"""The game and table an Entraction header names: "Game # 2137921772 - Omaha High Pot Limit
EUR 0.02/0.04 - Table "Abashiri"". Its games (the corpus and HHSmithy's list of its
headers): "Omaha High Pot Limit", "Omaha Hi/Lo Fixed Limit", "5-Card Omaha High Pot
Limit", "5-Card Omaha Hi/Lo Pot Limit", and Texas Hold'em (not audited)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_HEADER = re.compile(
    r"^Game # [0-9]+ - (?P<game>.+?) (?:[A-Z]{3} )?[0-9][0-9,.]*/[0-9][0-9,.]* - Table "
    r'"(?P<table>[^"]*)"'
)
_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED}


def header_game(header: str, part: str = "game") -> str:
    """The game (or ``part="table"``, the table) a header names ("" when it is no header).

    >>> header_game('Game # 2695932189 - 5-Card Omaha High Pot Limit EUR 0.10/0.20 - Table "Nampa"')
    '5-Card Omaha High Pot Limit'
    """
    found = _HEADER.match(header)
    return found[part] if found else ""


def header_table(header: str) -> str:
    return header_game(header, "table")


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a game as the header names it.

    >>> game_facts("Omaha Hi/Lo Fixed Limit")
    (<Limit.FIXED: 'FL'>, True, 4, 'FLO8')
    """
    limit = next((lim for words, lim in _LIMITS.items() if game.endswith(words)), None)
    if limit is None:
        raise ValueError(f"a game of no limit Entraction names: {game!r}")
    hi_lo, hole = "Hi/Lo" in game, 5 if game.startswith("5-Card") else 4
    return limit, hi_lo, hole, variant(limit, hi_lo, hole)
