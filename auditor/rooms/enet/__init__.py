"""Enet: its "Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6" layout, a
Stars-like layout with euros in decimal commas, read with its own grammar
(``grammars/enet.lark``)."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room, Written
from auditor.rooms.enet.games import HEADER, header_game, table_name

SITE = "Enet"


class EnetRoom(Room):
    name: ClassVar[str] = "enet"
    reads: ClassVar[str] = 'Enet hand histories ("Game #N: Omaha (€0,25/€0,50) - 23:32:44 ...")'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/enet.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("Game #",)
    reader_class: ClassVar[str] = "auditor.rooms.enet.reader:EnetReader"
    game_in = Written(0, header_game)
    table_in = Written(1, table_name)

    def sniff(self, head: str) -> bool:
        return any(HEADER.match(line.lstrip("\ufeff")) for line in head.splitlines()[:5])

    def is_header(self, line: str) -> bool:
        return HEADER.match(line) is not None
