"""OnGame: its "***** History for hand R5-... *****" layout (cash "R5-", tournaments
"T5-"), read with its own grammar (``grammars/ongame.lark``). Its table line names the
game ("(POT_LIMIT OMAHA_HI_LO $5/$5, Real money)"), its summary the pots and the hands
shown."""

from __future__ import annotations

import re

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.ongame.games import is_omaha, table_game

_HAND_ID = re.compile(r"\*\*\*\*\* History for hand ([A-Z0-9-]+)")
_TABLE_NAME = re.compile(r"Table: (?:\[SPEED\] )?(.+?) \[[0-9]+\] \(")


class OnGameRoom(Room, declared_in=__file__):
    def game(self, raw: RawHand) -> str:
        # the table line is the third: header, "Start hand: ...", "Table: ..."
        for line in raw.lines[1:4]:
            if line.startswith("Table: "):
                return table_game(line)
        return ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def table_name(self, raw: RawHand) -> str:
        for line in raw.lines[1:4]:
            found = _TABLE_NAME.match(line)
            if found:
                return found.group(1)
        return ""

    def hand_id(self, raw: RawHand) -> str:
        # "***** History for hand R5-361875219-6 *****": no "#" before the id
        found = _HAND_ID.match(raw.header)
        return found.group(1) if found else ""
