"""The game a Bovada / Ignition / Bodog header names, so that other games are skipped."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.rooms import Group

# the game word after the hand number and the table, as written ("" when it cannot be
# told): "OMAHA HiLo", "OMAHA", "OMAHA_HL", "HOLDEM", "OMAHAZonePoker", "7CARD HiLo"...
header_game = Group(
    re.compile(
        r".*? Hand #C?[0-9]+:? +(?:(?:Zone Poker ID|TBL)#[^ ]+ )?"
        r"([A-Z0-9_]+?(?: HiLo)?(?:ZonePoker)?)(?= )"
    )
)

# "Normal" (a tournament's header names no limit) and no limit word are pot limit: the
# corpus's only such hand (bovada.ts.HAND_TOURNAMENT) bets the exact pot on the flop, and
# Bovada's Omaha tournaments are pot limit (fpdb-3 reads no limit, for its Hold'em)
LIMIT_OF_WORDS = {
    "Pot Limit": ev.Limit.POT,
    "No Limit": ev.Limit.NO,
    "Turbo": ev.Limit.NO,  # fpdb-3 reads "Turbo" tournaments as no limit
    "Fixed Limit": ev.Limit.FIXED,
    "Normal": ev.Limit.POT,
    "": ev.Limit.POT,
}


def is_hi_lo(game: str) -> bool:
    """Whether the game word ("OMAHA HiLo", "OMAHA_HL", "OMAHA HiLoZonePoker") is hi/lo."""
    return "HiLo" in game or game.startswith("OMAHA_HL")
