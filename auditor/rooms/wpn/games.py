"""The game a WPN hand names: the new layout in its header ("Omaha H/L(Fixed Limit)",
"5Card Omaha(Pot Limit)"), the old one in brackets at the end of its "Game ID" line
("(Omaha HiLow)"), with no limit (pot limit, inferred: fpdb's WinningToFpdb.py reads so).

>>> new_game("Game Hand #1 - Tournament #2 - Holdem(No Limit) - Level 15 (250.00/500.00)- ")
'Holdem(No Limit)'
>>> old_game("Game ID: 406051551 5/10 Mauilite (PRR) - CAP - 6-Max - 3 (Omaha)")
'Omaha'
"""

from __future__ import annotations

import re

_NEW = re.compile(r"Hand #[0-9]+ - (?:.*?Tournament #[0-9]+ - )?([^-]*?\([A-Za-z -]*Limit\))")
_OLD = re.compile(r"\(([^()]+)\)\s*$")


def new_game(header: str) -> str:
    found = _NEW.search(header)
    return found.group(1) if found else ""


def old_game(game_line: str) -> str:
    found = _OLD.search(game_line)
    return found.group(1) if found else ""


def is_omaha(game: str) -> bool:
    return "Omaha" in game
