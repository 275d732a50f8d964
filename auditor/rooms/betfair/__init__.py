"""Betfair Poker: its "***** Betfair Poker Hand History for Game N *****" layout, read with
its own grammar (``grammars/betfair.lark``). The header is Betfair's own (888poker's
"***** 888poker Hand History for Game N" and PartyPoker's "***** Hand History for Game N"
have the same shape: each room matches its own words only); its second line names the
game and stakes; it writes no summary."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.betfair.games import line_game

SITE = "Betfair"
HEADER_START = "***** Betfair Poker Hand History for Game "
_TABLE_NAME = re.compile(r"Table (.+?)(?: [0-9]+-max)? \((?:Real|Play) Money\)")


class BetfairRoom(Room):
    name: ClassVar[str] = "betfair"
    reads: ClassVar[str] = 'Betfair Poker hand histories ("***** Betfair Poker Hand History")'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/betfair.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)
    reader_class: ClassVar[str] = "auditor.rooms.betfair.reader:BetfairReader"
    header_pattern = r"\*{5} Betfair Poker Hand History for Game [0-9]+ "
    game_in = Written(1, line_game)
    table_in = Written(2, Group(_TABLE_NAME))
