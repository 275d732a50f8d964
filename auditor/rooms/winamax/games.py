"""The game a Winamax header names ("... - HandId: #1-2-3 - Omaha Hi/Lo pot limit (1€/2€) -
...", "Omaha5", "Omaha8", "5 Card Omaha Hi/Lo", "Holdem no limit": another game, skipped)."""

from __future__ import annotations

import re
from functools import lru_cache

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(r" - HandId: #[0-9-]+ - (.+?) (pot limit|no limit|fixed limit) \(")
_LIMITS = {"pot limit": ev.Limit.POT, "no limit": ev.Limit.NO, "fixed limit": ev.Limit.FIXED}


def header_game(header: str) -> str:
    """The game a header names, as written ("Omaha pot limit"; "" when it cannot be told)."""
    found = _GAME.search(header)
    return f"{found.group(1)} {found.group(2)}" if found else ""


def is_omaha(game: str) -> bool:
    return "Omaha" in game


@lru_cache(maxsize=64)
def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a Winamax game name. "5 Card Omaha
    Hi/Lo" is read as hi/lo, as written (fpdb-3's WinamaxToFpdb.py maps it to 5-card
    Omaha high, "incorrect in file"; none of the corpus's hands of it has a qualifying
    low, so its records cannot tell).

    >>> game_facts("5 Card Omaha Hi/Lo pot limit"), game_facts("Omaha8 pot limit")[3]
    ((<Limit.POT: 'PL'>, True, 5, 'PLO5-8'), 'PLO8')
    """
    kind, _, words = game.rpartition(" limit")[0].rpartition(" ")
    limit = _LIMITS.get(f"{words} limit", ev.Limit.FIXED)
    hi_lo = "Hi/Lo" in kind or kind.endswith("Omaha8")
    hole = 5 if kind.startswith(("5 Card", "Omaha5")) else 4
    hole = 6 if kind.startswith(("6 Card", "Omaha6")) else hole
    return limit, hi_lo, hole, variant(limit, hi_lo, hole)
