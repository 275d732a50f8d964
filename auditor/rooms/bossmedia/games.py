"""The games Boss Media's ``<HISTORY>`` names: ``GAME`` ("GAME_OMA", "GAME_OMAHL", the
older "GAME_OMATU"; "GAME_THM" is hold'em) and ``LIMIT`` ("PL", "NL", "FL")."""

from __future__ import annotations

from auditor import events as ev

SITE = "BossMedia"
LIMITS = {"PL": ev.Limit.POT, "NL": ev.Limit.NO, "FL": ev.Limit.FIXED}
_OMAHA = {"GAME_OMA": False, "GAME_OMATU": False, "GAME_OMAHL": True}


def game_name(game: str, limit: str) -> str:
    """The game as written, with its limit: ``"GAME_OMAHL PL"`` ("" for no game)."""
    return f"{game} {limit}".strip()


def is_omaha(game: str) -> bool:
    """Whether the game is Omaha (others are skipped and counted).

    >>> is_omaha("GAME_OMAHL PL"), is_omaha("GAME_OMATU PL"), is_omaha("GAME_THM NL")
    (True, True, False)
    """
    return game.split(" ", 1)[0] in _OMAHA


def is_hi_lo(game: str) -> bool:
    """Whether the game is split hi/lo 8-or-better.

    >>> is_hi_lo("GAME_OMAHL PL"), is_hi_lo("GAME_OMA PL")
    (True, False)
    """
    return _OMAHA.get(game.split(" ", 1)[0], False)
