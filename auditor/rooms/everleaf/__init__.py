"""Everleaf Gaming: its "Everleaf Gaming Game #N" layout, read with its own grammar
(``grammars/everleaf.lark``). Its third line names the game and stakes ("Blinds
$0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19"); it writes no summary."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.everleaf.games import line_game

SITE = "Everleaf"
HEADER_START = "Everleaf Gaming Game #"


class EverleafRoom(Room):
    name: ClassVar[str] = "everleaf"
    reads: ClassVar[str] = 'Everleaf Gaming hand histories ("Everleaf Gaming Game #...")'
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "FLO8")
    default_profile: ClassVar[str] = "everleaf"
    reader_kind: ClassVar[str] = "grammars/everleaf.lark"
    reader_class: ClassVar[str] = "auditor.rooms.everleaf.reader:EverleafReader"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)
    header_pattern = "Everleaf Gaming Game #[0-9]+"
    # header, "***** Hand history for game #N *****", the game line, then "Table ..."
    game_in = Written(2, line_game)
    table_in = Written(3, Group(re.compile("Table (.*)")))
