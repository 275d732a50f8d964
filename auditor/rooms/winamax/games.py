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


_KIND_AND_LIMIT = re.compile(r"(?P<kind>.+) (?P<limit>pot limit|no limit|fixed limit)$")
_LIMIT_OF_WORDS = {
    "pot limit": ev.Limit.POT,
    "no limit": ev.Limit.NO,
    "fixed limit": ev.Limit.FIXED,
}


@lru_cache(maxsize=64)
def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a Winamax game name. The header's
    words are kept: "5 Card Omaha Hi/Lo" is read as hi/lo (fpdb-3's WinamaxToFpdb.py
    maps it to 5-card Omaha high, "incorrect in file"; none of the corpus's hands of it
    has a qualifying low, so its records cannot tell).

    >>> game_facts("5 Card Omaha Hi/Lo pot limit")
    (<Limit.POT: 'PL'>, True, 5, 'PLO5-8')
    >>> game_facts("Omaha8 pot limit")[3], game_facts("Omaha5 pot limit")[3]
    ('PLO8', 'PLO5')
    """
    found = _KIND_AND_LIMIT.match(game)
    kind, words = (found["kind"], found["limit"]) if found else (game, "")
    limit = _LIMIT_OF_WORDS.get(words, ev.Limit.FIXED)
    hi_lo = "Hi/Lo" in kind or kind.endswith("Omaha8")
    hole = 4
    if kind.startswith(("5 Card", "Omaha5")):
        hole = 5
    elif kind.startswith(("6 Card", "Omaha6")):
        hole = 6
    return limit, hi_lo, hole, variant(limit, hi_lo, hole)
