"""Absolute Poker (and UltimateBet, the Cereus network): its "Stage #N: ..." layout, read
with its own grammar (``grammars/absolute.lark``). Its header names the game and limit
("Omaha Hi/Lo (1 on 1)  Normal $30/$60": "Normal" is fixed limit); its Hold'em hands are
skipped."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.absolute.games import header_game, is_omaha

SITE = "Absolute"
HEADER_START = "Stage #"
_HEADER = re.compile(r"Stage #C?[0-9]+: [A-Za-z]")
_ANY_HEADER = re.compile(r"^\ufeff?Stage #C?[0-9]+: ", re.MULTILINE)
_TABLE_NAME = re.compile(r"Table: (.+?)(?: \((?:Real|Play) Money\))? Seat #")


class AbsoluteRoom(Room):
    name: ClassVar[str] = "absolute"
    reads: ClassVar[str] = 'Absolute Poker / UltimateBet hand histories ("Stage #N: ...")'
    games: ClassVar[tuple[str, ...]] = ("FLO8",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/absolute.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(HEADER_START) and _HEADER.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.absolute.reader import AbsoluteReader  # lark: loaded when used

        return AbsoluteReader()

    def table_name(self, raw: RawHand) -> str:
        found = _TABLE_NAME.match(raw.lines[1]) if len(raw.lines) > 1 else None
        return found.group(1) if found else ""
