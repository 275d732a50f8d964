"""Betfair Poker: its "***** Betfair Poker Hand History for Game N *****" layout, read with
its own grammar (``grammars/betfair.lark``). The header is Betfair's own (888poker's
"***** 888poker Hand History for Game N" and PartyPoker's "***** Hand History for Game N"
have the same shape: each room matches its own words only); its second line names the
game and stakes; it writes no summary."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.betfair.games import is_omaha, line_game

SITE = "Betfair"
HEADER_START = "***** Betfair Poker Hand History for Game "
_ANY_HEADER = re.compile(r"^\ufeff?\*{5} Betfair Poker Hand History for Game [0-9]+ ", re.M)
_TABLE_NAME = re.compile(r"Table (.+?)(?: [0-9]+-max)? \((?:Real|Play) Money\)")


class BetfairRoom(Room):
    name: ClassVar[str] = "betfair"
    reads: ClassVar[str] = 'Betfair Poker hand histories ("***** Betfair Poker Hand History")'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/betfair.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(HEADER_START)

    def game(self, raw: RawHand) -> str:
        return line_game(raw.lines[1]) if len(raw.lines) > 1 else ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.betfair.reader import BetfairReader  # lark: loaded when used

        return BetfairReader()

    def table_name(self, raw: RawHand) -> str:
        found = _TABLE_NAME.match(raw.lines[2]) if len(raw.lines) > 2 else None
        return found.group(1) if found else ""
