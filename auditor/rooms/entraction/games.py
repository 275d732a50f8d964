"""The game an Entraction header names, so that hands of other games are skipped, not
parsed: "Game # 2137921772 - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri"".

Entraction's games (the corpus and HHSmithy's list of its headers): "Omaha High Pot
Limit", "Omaha Hi/Lo Fixed Limit", "5-Card Omaha High Pot Limit", "5-Card Omaha Hi/Lo Pot
Limit", and "Texas Hold'em Pot Limit / No Limit / Fixed Limit" (not audited)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_HEADER = re.compile(
    r"^Game # [0-9]+ - (?P<game>.+?) (?:[A-Z]{3} )?[0-9][0-9,.]*/[0-9][0-9,.]* - Table "
    r'"(?P<table>[^"]*)"'
)
_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED}


def header_game(header: str) -> str:
    """The game a header names ("" when it is no header).

    >>> header_game('Game # 2646515969 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 - Table "P"')
    'Omaha Hi/Lo Fixed Limit'
    >>> header_game('Game # 2695932189 - 5-Card Omaha High Pot Limit EUR 0.10/0.20 - Table "Nampa"')
    '5-Card Omaha High Pot Limit'
    """
    found = _HEADER.match(header)
    return found["game"] if found else ""


def header_table(header: str) -> str:
    """The table a header names ("" when it is no header)."""
    found = _HEADER.match(header)
    return found["table"] if found else ""


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a game as the header names it.

    >>> game_facts("Omaha Hi/Lo Fixed Limit")
    (<Limit.FIXED: 'FL'>, True, 4, 'FLO8')
    >>> game_facts("5-Card Omaha High Pot Limit")
    (<Limit.POT: 'PL'>, False, 5, 'PLO5')
    """
    limit = next((lim for words, lim in _LIMITS.items() if game.endswith(words)), None)
    if limit is None:
        raise ValueError(f"a game of no limit Entraction names: {game!r}")
    hi_lo = "Hi/Lo" in game
    hole = 5 if game.startswith("5-Card") else 4
    return limit, hi_lo, hole, variant(limit, hi_lo, hole)
