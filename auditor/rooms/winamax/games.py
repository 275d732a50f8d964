"""The game a Winamax header names, so that hands of other games are skipped, not parsed."""

from __future__ import annotations

import re

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
