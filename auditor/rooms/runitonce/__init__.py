"""Run It Once Poker: its "Run It Once Poker Hand #N: Omaha Pot Limit (€1/€2) - ..." layout,
read with its own grammar (``grammars/runitonce.lark``). The layout is kin to the largest
room's (seat lines, "*** HOLE CARDS ***", "raises €5.00 to €7", a summary), but not the
same: its own header, "Table ID '...' 6-Max Seat #N", splash-the-pot lines ("STP added:
€5.00"), "and is all-in", shown hands "for Two Pairs [five cards]", main and side pots
written before the rake, returns written at the showdown; that room would not read it,
and no room's module is shared."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.runitonce.games import HEADER, HEADER_START, header_game

SITE = "Run It Once"
_ANY_HEADER = re.compile(r"^\ufeff?Run It Once Poker Hand #[0-9]+:", re.MULTILINE)
_TABLE = re.compile(r"Table ID '(?P<table>[^'\n]+)'")


class RunItOnceRoom(Room):
    name: ClassVar[str] = "runitonce"
    reads: ClassVar[str] = 'Run It Once Poker hand histories ("Run It Once Poker Hand #...")'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "runitonce"
    reader_kind: ClassVar[str] = "grammars/runitonce.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START, "\ufeff" + HEADER_START)
    reader_class: ClassVar[str] = "auditor.rooms.runitonce.reader:RunItOnceReader"
    game_in = Written(0, header_game)
    table_in = Written(1, Group(_TABLE, "table"))

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return HEADER.match(line) is not None
