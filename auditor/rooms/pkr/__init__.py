"""PKR: its "Table #N - NAME" / "Starting Hand #N" layout, read with its own grammar
(``grammars/pkr.lark``). The game, limit, table type, money and blinds each have a line
of their own; the hand ends with every seat's stack after it and "End of Hand #N"."""

from __future__ import annotations

import re

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.pkr.games import HEADER, STARTING, is_omaha, lines_game

_ANY_HEADER = re.compile(
    r"^\ufeff?Table #[0-9]+ - [^\n]+\nStarting Hand #[0-9]+[ \t]*\nStart time of hand: ",
    re.MULTILINE,
)


class PkrRoom(Room, declared_in=__file__):
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
