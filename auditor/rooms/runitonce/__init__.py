"""Run It Once Poker: its "Run It Once Poker Hand #N: Omaha Pot Limit (€1/€2) - ..." layout,
read with its own grammar (``grammars/runitonce.lark``). The layout is kin to the largest
room's (seat lines, "*** HOLE CARDS ***", "raises €5.00 to €7", a summary), but not the
same: its own header, "Table ID '...' 6-Max Seat #N", splash-the-pot lines ("STP added:
€5.00"), "and is all-in", shown hands "for Two Pairs [five cards]", main and side pots
written before the rake, returns written at the showdown; that room would not read it,
and no room's module is shared."""

from __future__ import annotations

import re

from auditor.rooms import Room
from auditor.rooms.runitonce.games import HEADER, HEADER_START

_ANY_HEADER = re.compile(r"^\ufeff?Run It Once Poker Hand #[0-9]+:", re.MULTILINE)


class RunItOnceRoom(Room, declared_in=__file__):
    header_starts = (HEADER_START, "\ufeff" + HEADER_START)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return HEADER.match(line) is not None
