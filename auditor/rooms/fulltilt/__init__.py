"""Full Tilt Poker: its "Full Tilt Poker Game #" hand histories (2006-2014), every Omaha
game it dealt (Omaha Hi, Hi/Lo, 5 and 6 Card, Big O, Courchevel; capped tables; hands
run twice), read with its own grammar (``grammars/fulltilt.lark``)."""

from __future__ import annotations

from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.fulltilt.games import read_header

SITE = "Full Tilt Poker"


class FullTiltRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)

    def table_name(self, raw: RawHand) -> str:
        # the table is in the header (Full Tilt writes no table line)
        found = read_header(raw.header)
        return found.table if found is not None else ""
