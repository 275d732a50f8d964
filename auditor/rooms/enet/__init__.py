"""Enet: its "Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6" layout, a
Stars-like layout with euros in decimal commas, read with its own grammar
(``grammars/enet.lark``)."""

from __future__ import annotations

from auditor.rooms import Room
from auditor.rooms.enet.games import HEADER


class EnetRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return any(HEADER.match(line.lstrip("\ufeff")) for line in head.splitlines()[:5])

    def is_header(self, line: str) -> bool:
        return HEADER.match(line) is not None
