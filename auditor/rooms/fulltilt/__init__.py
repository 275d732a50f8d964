"""Full Tilt Poker: its "Full Tilt Poker Game #" hand histories (2006-2014), every Omaha
game it dealt (Omaha Hi, Hi/Lo, 5 and 6 Card, Big O, Courchevel; capped tables; hands
run twice), read with its own grammar (``grammars/fulltilt.lark``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.fulltilt.games import header_game, is_omaha, read_header

SITE = "Full Tilt Poker"
_STARTS = ("Full Tilt Poker Game #", "FullTiltPoker Game #")
_ANY_HEADER = re.compile(r"^\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #[0-9]+: ", re.MULTILINE)
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

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(_STARTS) and _HAND_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.fulltilt.reader import FullTiltReader  # lark: loaded when used

        return FullTiltReader()

    def table_name(self, raw: RawHand) -> str:
        # the table is in the header (Full Tilt writes no table line)
        found = read_header(raw.header)
        return found.table if found is not None else ""
