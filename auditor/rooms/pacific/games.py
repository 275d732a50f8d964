"""The old import path of :mod:`auditor.rooms.poker888.games`."""

from auditor.rooms.poker888.games import game_facts, is_omaha, line_game

__all__ = ["game_facts", "is_omaha", "line_game"]
