"""Full Tilt Poker: its "Full Tilt Poker Game #" hand histories (2006-2014), every Omaha
game it dealt (Omaha Hi, Hi/Lo, 5 and 6 Card, Big O, Courchevel; capped tables; hands
run twice), read with its own grammar (``grammars/fulltilt.lark``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room, Written
from auditor.rooms.fulltilt.games import header_game, read_header

SITE = "Full Tilt Poker"
_STARTS = ("Full Tilt Poker Game #", "FullTiltPoker Game #")
_HAND_START = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #[0-9]+: ")


class FullTiltRoom(Room):
    name: ClassVar[str] = "fulltilt"
    reads: ClassVar[str] = (
        'Full Tilt Poker hand histories ("Full Tilt Poker Game #..."): Omaha Hi, Hi/Lo, '
        "5 and 6 Card, Courchevel, run twice"
    )
    games: ClassVar[tuple[str, ...]] = (
        "PLO",
        "PLO8",
        "NLO8",
        "FLO8",
        "PLO5",
        "PLO5-8",
        "PLO6",
        "PLC",
    )
    default_profile: ClassVar[str] = "fulltilt"
    reader_kind: ClassVar[str] = "grammars/fulltilt.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts: ClassVar[tuple[str, ...]] = _STARTS
    reader_class: ClassVar[str] = "auditor.rooms.fulltilt.reader:FullTiltReader"
    header_pattern = _HAND_START.pattern
    omaha_words = ("Omaha", "Courchevel", "Big O")
    game_in = Written(0, header_game)

    def table_name(self, raw: RawHand) -> str:
        # the table is in the header (Full Tilt writes no table line)
        found = read_header(raw.header)
        return found.table if found is not None else ""
