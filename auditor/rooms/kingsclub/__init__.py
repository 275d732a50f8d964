"""KingsClub: its "#N: Pot Limit Omaha - 5/10" layout, read with its own grammar
(``grammars/kingsclub.lark``). The header names the game and stakes, the next line the
time (no zone), then "Table 'NAME' Seat N is the button". Its run-it-twice and double
board hands deal each board on "*** BOARD N - FLOP ***" lines; its summary lists each
seat's stack after the hand and what it won or lost, the rake, and who won what."""

from __future__ import annotations

import re

from auditor.parse.runs import terminal_pattern
from auditor.rooms import Room
from auditor.rooms.kingsclub.games import is_omaha

_ANY_HEADER = re.compile(
    r"^\ufeff?#[0-9]+: (?:No Limit|Pot Limit|Limit) [^\n]+ - [0-9,.]+/[0-9,.]+[ \t]*\n"
    r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}",
    re.MULTILINE,
)


class KingsClubRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return terminal_pattern("kingsclub", "HEADER").match(line + "\n") is not None

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)
