"""The game a Winamax header names ("... - HandId: #1-2-3 - Omaha Hi/Lo pot limit (1€/2€) -
...", "Omaha5", "Omaha8", "5 Card Omaha Hi/Lo", "Holdem no limit": another game, skipped)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.games import GameWords

_GAME = re.compile(r" - HandId: #[0-9-]+ - (.+?) (pot limit|no limit|fixed limit) \(")


def header_game(header: str) -> str:
    """The game a header names, as written ("Omaha pot limit"; "" when it cannot be told).
    Not the grammar's HEADER: that reads Omaha only, and a skipped hand is counted by its
    game's name ("Holdem no limit")."""
    found = _GAME.search(header)
    return f"{found.group(1)} {found.group(2)}" if found else ""


# "Omaha8" is hi/lo, "Omaha5" five cards. "5 Card Omaha Hi/Lo" is read as hi/lo, as written
# (fpdb-3's WinamaxToFpdb.py maps it to 5-card Omaha high, "incorrect in file"; none of the
# corpus's hands of it has a qualifying low, so its records cannot tell).
GAMES = GameWords(
    {"pot limit": ev.Limit.POT, "no limit": ev.Limit.NO, "fixed limit": ev.Limit.FIXED},
    ("Hi/Lo", "Omaha8"),
    hole_cards={"5 Card": 5, "Omaha5": 5, "6 Card": 6, "Omaha6": 6},
)
