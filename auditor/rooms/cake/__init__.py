"""Cake Poker: its "Hand#N - TABLE -- STAKES GAME -- TIME" layout, read with its own grammar
(``grammars/cake.lark``). The header names the table, the game and stakes and the time;
"Dealer: Seat N" follows (older hands mark the seat "DEALER" instead). No summary: the
hand ends with the pots won after "***SHOW DOWN***"."""

from __future__ import annotations

import re

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.cake.games import header, is_omaha, table_of

_ANY_HEADER = re.compile(r"^\ufeff?Hand#[0-9A-F]+ - [^\n]+ -- [0-9]{4}[/-]", re.MULTILINE)


class CakeRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return header(line) is not None

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def hand_id(self, raw: RawHand) -> str:
        found = header(raw.header)
        return found["head_id"] if found else ""

    def table_name(self, raw: RawHand) -> str:
        found = header(raw.header)
        return table_of(found) if found else ""
