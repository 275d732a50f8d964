"""OnGame: its "***** History for hand R5-... *****" layout (cash "R5-", tournaments
"T5-"), read with its own grammar (``grammars/ongame.lark``). Its table line names the
game ("(POT_LIMIT OMAHA_HI_LO $5/$5, Real money)"), its summary the pots and the hands
shown."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.ongame.games import is_omaha, table_game

SITE = "OnGame"
HEADER_START = "***** History for hand "
_HAND_ID = re.compile(r"\*\*\*\*\* History for hand ([A-Z0-9-]+)")
_TABLE_NAME = re.compile(r"Table: (?:\[SPEED\] )?(.+?) \[[0-9]+\] \(")


class OnGameRoom(Room):
    name: ClassVar[str] = "ongame"
    reads: ClassVar[str] = 'OnGame hand histories ("***** History for hand R5-...")'
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "FLO")
    default_profile: ClassVar[str] = "ongame"
    reader_kind: ClassVar[str] = "grammars/ongame.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)
    reader_class: ClassVar[str] = "auditor.rooms.ongame.reader:OnGameReader"
    header_pattern = r"\*\*\*\*\* History for hand [A-Z0-9-]+"

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
