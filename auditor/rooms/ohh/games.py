"""OHH's game types ("Holdem", "Omaha", "OmahaHiLo", "Stud"...) and bet limits ("NL", "PL",
"FL"), and the Omaha games among them, so that the other games are skipped and counted."""

from __future__ import annotations

from auditor import events as ev

LIMITS = {"NL": ev.Limit.NO, "PL": ev.Limit.POT, "FL": ev.Limit.FIXED}


def is_omaha(game_type: str) -> bool:
    """Whether an OHH ``game_type`` is Omaha (high, or hi/lo: "OmahaHiLo").

    >>> is_omaha("Omaha"), is_omaha("OmahaHiLo"), is_omaha("Holdem"), is_omaha("")
    (True, True, False, False)
    """
    return game_type.startswith("Omaha")


def is_hi_lo(game_type: str) -> bool:
    """Whether an OHH ``game_type`` is a hi/lo game.

    >>> is_hi_lo("OmahaHiLo"), is_hi_lo("Omaha")
    (True, False)
    """
    return game_type.endswith("HiLo")
