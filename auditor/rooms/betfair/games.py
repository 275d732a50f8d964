"""The game a Betfair hand's second line names: "PL $0.05/$0.10 Omaha - Sunday, ..."."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(r"^(?:(?P<limit>NL|PL) )?[$€£]?[0-9.,]+/[$€£]?[0-9.,]+ (?P<game>.+?) - ")
_LIMITS = {"NL": ev.Limit.NO, "PL": ev.Limit.POT}


def line_game(line: str) -> str:
    """The game a game line names, its limit word first: "PL Omaha" ("": no game line)."""
    found = _GAME.match(line)
    return " ".join(filter(None, (found["limit"], found["game"]))) if found else ""


def game_facts(game: str) -> tuple[ev.Limit, bool, str]:
    """Limit, hi/lo and variant code of a game as :func:`line_game` names it.

    >>> game_facts("PL Omaha"), game_facts("Omaha Hi/Lo")[2]
    ((<Limit.POT: 'PL'>, False, 'PLO'), 'FLO8')
    """
    word, _, rest = game.partition(" ")
    limit = _LIMITS.get(word)
    if limit is None:
        limit, rest = ev.Limit.FIXED, game
    hi_lo = "Lo" in rest
    return limit, hi_lo, variant(limit, hi_lo, 4)
