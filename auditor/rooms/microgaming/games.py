"""The games Microgaming's records name: the XML's ``gametype`` and ``betlimit``
("Omaha" / "Omaha H/L", "PL"), the export's "[Omaha]" and "(0.25|0.50 PL - Cash Game)"."""

from __future__ import annotations

from auditor import events as ev

SITE = "Microgaming"
LIMITS = {"PL": ev.Limit.POT, "NL": ev.Limit.NO, "FL": ev.Limit.FIXED}


def is_hi_lo(game: str) -> bool:
    """Whether the game is split hi/lo 8-or-better.

    >>> is_hi_lo("Omaha H/L PL"), is_hi_lo("Omaha PL")
    (True, False)
    """
    return "H/L" in game or "Hi/Lo" in game
