"""The game a Seals With Clubs hand's second line names: "Game: PL Omaha (20 - 100) -
Blinds 1/1", "Game: NL Hold'em (20 - 100) - Blinds 1/1": the limit ("NL", "PL", "Limit"),
the game ("Hold'em", "Omaha", "Omaha Hi-Lo"), the buy-in range, the blinds."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(r"^Game: (?P<limit>NL|PL|Limit) (?P<game>.+?) \(")
_LIMITS = {"NL": ev.Limit.NO, "PL": ev.Limit.POT, "Limit": ev.Limit.FIXED}


def line_game(line: str) -> str:
    """The game a game line names, its limit word first ("" when it is no game line).

    >>> line_game("Game: PL Omaha (20 - 100) - Blinds 1/1")
    'PL Omaha'
    """
    found = _GAME.match(line)
    return f"{found['limit']} {found['game']}" if found else ""


def game_facts(game: str) -> tuple[ev.Limit, bool, str]:
    """Limit, hi/lo and variant code of a game as :func:`line_game` names it.

    >>> game_facts("PL Omaha Hi-Lo")
    (<Limit.POT: 'PL'>, True, 'PLO8')
    """
    word, _, rest = game.partition(" ")
    limit = _LIMITS.get(word, ev.Limit.NO)
    hi_lo = "Hi-Lo" in rest
    return limit, hi_lo, variant(limit, hi_lo, 4)
