"""Everleaf Gaming: its "Everleaf Gaming Game #N" layout, read with its own grammar
(``grammars/everleaf.lark``). Its third line names the game and stakes ("Blinds
$0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19"); it writes no summary."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.everleaf.games import is_omaha, line_game

SITE = "Everleaf"
HEADER_START = "Everleaf Gaming Game #"
_ANY_HEADER = re.compile(r"^\ufeff?Everleaf Gaming Game #[0-9]+", re.MULTILINE)


class EverleafRoom(Room):
    name: ClassVar[str] = "everleaf"
    reads: ClassVar[str] = 'Everleaf Gaming hand histories ("Everleaf Gaming Game #...")'
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "FLO8")
    default_profile: ClassVar[str] = "everleaf"
    reader_kind: ClassVar[str] = "grammars/everleaf.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(HEADER_START)

    def game(self, raw: RawHand) -> str:
        # header, "***** Hand history for game #N *****", then the game line
        return line_game(raw.lines[2]) if len(raw.lines) > 2 else ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.everleaf.reader import EverleafReader  # lark: loaded when used

        return EverleafReader()

    def table_name(self, raw: RawHand) -> str:
        line = raw.lines[3] if len(raw.lines) > 3 else ""
        return line.removeprefix("Table ") if line.startswith("Table ") else ""
