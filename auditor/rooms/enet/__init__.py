"""Enet: its "Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6" layout, a
Stars-like layout with euros in decimal commas, read with its own grammar
(``grammars/enet.lark``)."""

from __future__ import annotations

from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.enet.games import HEADER, header_game, is_omaha, table_name

SITE = "Enet"


class EnetRoom(Room):
    name: ClassVar[str] = "enet"
    reads: ClassVar[str] = 'Enet hand histories ("Game #N: Omaha (€0,25/€0,50) - 23:32:44 ...")'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/enet.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("Game #",)

    def sniff(self, head: str) -> bool:
        return any(HEADER.match(line.lstrip("\ufeff")) for line in head.splitlines()[:5])

    def is_header(self, line: str) -> bool:
        return HEADER.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.enet.reader import EnetReader  # lark: loaded when used

        return EnetReader()

    def table_name(self, raw: RawHand) -> str:
        at = raw.header_at + 1
        return table_name(raw.lines[at]) if at < len(raw.lines) else ""
