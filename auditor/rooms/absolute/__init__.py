"""Absolute Poker (and UltimateBet, the Cereus network): its "Stage #N: ..." layout, read
with its own grammar (``grammars/absolute.lark``). Its header names the game and limit
("Omaha Hi/Lo (1 on 1)  Normal $30/$60": "Normal" is fixed limit); its Hold'em hands are
skipped."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.absolute.games import header_game, is_omaha

SITE = "Absolute"
HEADER_START = "Stage #"
_HEADER = re.compile(r"Stage #C?[0-9]+: [A-Za-z]")
_TABLE_NAME = re.compile(r"Table: (.+?)(?: \((?:Real|Play) Money\))? Seat #")


class AbsoluteRoom(Room):
    name: ClassVar[str] = "absolute"
    reads: ClassVar[str] = 'Absolute Poker / UltimateBet hand histories ("Stage #N: ...")'
    games: ClassVar[tuple[str, ...]] = ("FLO8",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/absolute.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)
    reader_class: ClassVar[str] = "auditor.rooms.absolute.reader:AbsoluteReader"
    header_pattern = r"Stage #C?[0-9]+: [A-Za-z]"
    game_in = Written(0, header_game)
    table_in = Written(1, Group(_TABLE_NAME))

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)
