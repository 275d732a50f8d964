"""The old import path of :mod:`auditor.rooms.poker888.games`.

``auditor/rooms/pacific/`` is the 888poker room's old package, kept (a namespace package of
re-exports, with no ``__init__``) so that code importing its modules still runs: the
room's own ``__init__`` among them, until its imports name auditor.rooms.poker888.
"""

from auditor.rooms.poker888.games import game_facts, is_omaha, line_game

__all__ = ["game_facts", "is_omaha", "line_game"]
