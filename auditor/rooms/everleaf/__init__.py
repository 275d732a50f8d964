"""Everleaf Gaming: its "Everleaf Gaming Game #N" layout, read with its own grammar
(``grammars/everleaf.lark``). Its third line names the game and stakes ("Blinds
$0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19"); it writes no summary."""

from __future__ import annotations

from auditor.rooms import Room


class EverleafRoom(Room, declared_in=__file__):
    """Declared in room.toml: nothing of its own."""
