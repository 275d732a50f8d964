"""The game a WPN hand names, so that hands of other games are skipped, not parsed.

The new layout names it in its header ("Omaha H/L(Fixed Limit)", "Holdem(No Limit)",
"5Card Omaha(Pot Limit)"); the old layout in brackets at the end of its "Game ID" line
("(Omaha)", "(Omaha HiLow)", "(Hold'em)"), with no limit: WPN's Omaha tables of that
client were pot limit (fpdb's WinningToFpdb.py reads them so; the manifest notes
"pot-limit inferred").
"""

from __future__ import annotations

import re

_NEW = re.compile(r"Hand #[0-9]+ - (?:.*?Tournament #[0-9]+ - )?([^-]*?\([A-Za-z -]*Limit\))")
_OLD = re.compile(r"\(([^()]+)\)\s*$")


def new_game(header: str) -> str:
    """The game of a new-layout header, as written.

    >>> new_game("Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13 UTC")
    'Omaha H/L(Fixed Limit)'
    >>> new_game("Game Hand #1 - Tournament #2 - Holdem(No Limit) - Level 15 (250.00/500.00)- ")
    'Holdem(No Limit)'
    """
    found = _NEW.search(header)
    return found.group(1) if found else ""


def old_game(game_line: str) -> str:
    """The game of an old-layout "Game ID" line, as written.

    >>> old_game("Game ID: 406051551 5/10 Mauilite (PRR) - CAP - 6-Max - 3 (Omaha)")
    'Omaha'
    """
    found = _OLD.search(game_line)
    return found.group(1) if found else ""


def is_omaha(game: str) -> bool:
    """WPN's Omaha games, in either layout's words.

    >>> is_omaha("Omaha HiLow"), is_omaha("5Card Omaha(Pot Limit)"), is_omaha("Holdem(No Limit)")
    (True, True, False)
    """
    return "Omaha" in game
