"""The game an Everleaf hand's third line names, so that hands of other games are skipped,
not parsed: "Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19", "$0.50/$1 Omaha
Hi/Lo - ..." (fixed limit: no limit word), "Blinds 10/20 NL Hold'em - ..."."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(
    r"^(?:Blinds )?\S+/\S+ (?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - [0-9]+ Max)? - [0-9]{4}/"
)
_LIMITS = {"NL": ev.Limit.NO, "PL": ev.Limit.POT, "": ev.Limit.FIXED}


def line_game(line: str) -> str:
    """The game a game line names, its limit word first ("" when it is no game line).

    >>> line_game("Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19")
    'PL Omaha Hi/Lo'
    >>> line_game("$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02")
    'Omaha Hi/Lo'
    >>> line_game("Blinds 10/20 NL Hold'em - 6 Max - 2009/02/25 - 17:30:32")
    "NL Hold'em"
    """
    found = _GAME.match(line)
    if found is None:
        return ""
    limit = found["limit"]
    return f"{limit} {found['game']}" if limit else found["game"]


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a game as the game line names it.

    >>> game_facts("Omaha Hi/Lo")
    (<Limit.FIXED: 'FL'>, True, 4, 'FLO8')
    """
    word, _, rest = game.partition(" ")
    limit = _LIMITS.get(word)
    if limit is None:
        limit, rest = ev.Limit.FIXED, game
    hi_lo = rest.endswith("Hi/Lo")
    return limit, hi_lo, 4, variant(limit, hi_lo, 4)
