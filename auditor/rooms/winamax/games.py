"""The game a Winamax header names, so that hands of other games are skipped, not parsed."""

from __future__ import annotations

import re
from functools import lru_cache

from auditor import events as ev
from auditor.parse.facts import variant

# "... - HandId: #1-2-3 - Omaha Hi/Lo pot limit (1€/2€) - ...", "Omaha5", "Omaha8",
# "5 Card Omaha Hi/Lo", "Holdem no limit" (another game, skipped)
_GAME = re.compile(r" - HandId: #[0-9-]+ - (.+?) (pot limit|no limit|fixed limit) \(")


def header_game(header: str) -> str:
    """The game a Winamax header names, as written ("" when it cannot be told).

    >>> head = "Winamax Poker - CashGame - HandId: #1-2-3 - "
    >>> header_game(head + "Omaha pot limit (1€/2€) - 2014/07/30 01:25:40 UTC")
    'Omaha pot limit'
    >>> header_game(head + "Holdem no limit (1€/2€) - 2014/07/30 01:25:40 UTC")
    'Holdem no limit'
    """
    found = _GAME.search(header)
    return f"{found.group(1)} {found.group(2)}" if found else ""


def is_omaha(game: str) -> bool:
    """Winamax's Omaha games: "Omaha", "Omaha5", "Omaha8", "5 Card Omaha Hi/Lo"...

    >>> is_omaha("Omaha5 pot limit"), is_omaha("Holdem no limit")
    (True, False)
    """
    return "Omaha" in game


@lru_cache(maxsize=64)
def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a Winamax game name. The header's
    words are kept: "5 Card Omaha Hi/Lo" is read as hi/lo (fpdb-3's WinamaxToFpdb.py
    maps it to 5-card Omaha high, "incorrect in file"; none of the corpus's hands of it
    has a qualifying low, so its records cannot tell)."""
    name, _, limit_words = game.rpartition(" ")
    if game.endswith("pot limit"):
        limit = ev.Limit.POT
    elif game.endswith("no limit"):
        limit = ev.Limit.NO
    else:
        limit = ev.Limit.FIXED
    kind = game.split(" pot limit")[0].split(" no limit")[0].split(" fixed limit")[0]
    hi_lo = "Hi/Lo" in kind or kind.endswith("Omaha8")
    hole = 4
    if kind.startswith("5 Card") or kind.startswith("Omaha5"):
        hole = 5
    elif kind.startswith("6 Card") or kind.startswith("Omaha6"):
        hole = 6
    del name, limit_words
    return limit, hi_lo, hole, variant(limit, hi_lo, hole)
