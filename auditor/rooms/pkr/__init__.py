"""PKR: its "Table #N - NAME" / "Starting Hand #N" layout, read with its own grammar
(``grammars/pkr.lark``). The game, limit, table type, money and blinds each have a line
of their own; the hand ends with every seat's stack after it and "End of Hand #N"."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.pkr.games import HEADER, STARTING, is_omaha, lines_game

SITE = "PKR"
_ANY_HEADER = re.compile(
    r"^\ufeff?Table #[0-9]+ - [^\n]+\nStarting Hand #[0-9]+[ \t]*\nStart time of hand: ",
    re.MULTILINE,
)


class PkrRoom(Room):
    name: ClassVar[str] = "pkr"
    reads: ClassVar[str] = 'PKR hand histories ("Table #N - NAME", "Starting Hand #N")'
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8")
    default_profile: ClassVar[str] = "pkr"
    reader_kind: ClassVar[str] = "grammars/pkr.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("Table #", "\ufeffTable #")
    reader_class: ClassVar[str] = "auditor.rooms.pkr.reader:PkrReader"

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return HEADER.match(line.lstrip("\ufeff")) is not None

    def game(self, raw: RawHand) -> str:
        return lines_game(raw.lines)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def hand_id(self, raw: RawHand) -> str:
        found = STARTING.match(raw.lines[1]) if len(raw.lines) > 1 else None
        return found["id"] if found else ""

    def table_name(self, raw: RawHand) -> str:
        found = HEADER.match(raw.header.lstrip("\ufeff"))
        return found["table"] if found else ""
