"""The game a Bovada / Ignition / Bodog header names, so that other games are skipped."""

from __future__ import annotations

import re

from auditor import events as ev

# the word after the hand number and the table: "OMAHA HiLo", "OMAHA", "OMAHA_HL",
# "HOLDEM", "OMAHAZonePoker", "7CARD HiLo"...
_GAME = re.compile(
    r" Hand #C?[0-9]+:? +(?:(?:Zone Poker ID|TBL)#[^ ]+ )?"
    r"([A-Z0-9_]+?(?: HiLo)?(?:ZonePoker)?)(?= )"
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


def header_game(header: str) -> str:
    """The game word of a header, as written ("" when it cannot be told).

    >>> header_game("Bovada Hand #2601407546 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:55:07")
    'OMAHA'
    >>> header_game("Bovada Hand #2641146259: OMAHA HiLo Tournament #1235263 TBL#13, Fixed Limit")
    'OMAHA HiLo'
    >>> header_game("Ignition Hand #1 Zone Poker ID#957 HOLDEMZonePoker No Limit - 2014-01-04")
    'HOLDEMZonePoker'
    """
    found = _GAME.search(header)
    return found.group(1) if found else ""


def is_hi_lo(game: str) -> bool:
    """Whether the game word ("OMAHA HiLo", "OMAHA_HL", "OMAHA HiLoZonePoker") is hi/lo."""
    return "HiLo" in game or game.startswith("OMAHA_HL")
