"""PKR: its "Table #N - NAME" / "Starting Hand #N" layout. The game, limit, table type,
money and blinds each have a line of their own; the hand ends with every seat's stack after
it and "End of Hand #N"."""

from __future__ import annotations

import re

from auditor.read.split import RawHand
from auditor.rooms import Room, Terminal
from auditor.rooms.pkr.games import is_omaha, lines_game

# the header, "Starting Hand #N" and "Start time of hand: ": a PKR file's first hand
_ANY_HEADER = re.compile(
    r"^\ufeff?Table #[0-9]+ - [^\n]+\nStarting Hand #[0-9]+[ \t]*\nStart time of hand: ",
    re.MULTILINE,
)
_TABLE = Terminal("pkr", "TABLE", ("table_name",))
_STARTING = Terminal("pkr", "STARTING", ("starting_id",))


class PkrRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def game(self, raw: RawHand) -> str:
        return lines_game(raw.lines)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def hand_id(self, raw: RawHand) -> str:
        return _STARTING(raw.lines[1]) if len(raw.lines) > 1 else ""

    def table_name(self, raw: RawHand) -> str:
        return _TABLE(raw.header.lstrip("\ufeff"))
