"""The game an Enet hand is of: its header names the game ("Game #7732419: Omaha
(€0,25/€0,50) - ..."), its table line the limit, as the table name's end ("Table 'Reunion
1 - Pot Limit' 9-max ..."); the corpus has Omaha Pot Limit only."""

from __future__ import annotations

from auditor import events as ev
from auditor.parse.games import Game, GameWords

_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED}
_GAMES = GameWords(_LIMITS, ("Hi/Lo", "Hi-Lo"), hole_cards={"5": 5})


def game_facts(game: str, table: str) -> tuple[str, Game]:
    """The game named with its limit (the table name's end; none: pot limit), and its facts.

    >>> game_facts("Omaha", "Reunion 1 - Pot Limit")
    ('Omaha Pot Limit', Game(limit=<Limit.POT: 'PL'>, hi_lo=False, hole_cards=4, variant='PLO'))
    """
    words = next((name for name in _LIMITS if table.endswith(name)), "Pot Limit")
    named = f"{game} {words}"
    return named, _GAMES.of(named)
