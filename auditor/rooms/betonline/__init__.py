"""BetOnline Poker: its "BetOnline Poker Game #N: ..." layout (Chico network), read with its
own grammar (``grammars/betonline.lark``). Its Omaha tables of 2012 wrote "Hold'em Pot
Limit" in the header of hands that deal four hole cards: the room tells the game from the
cards dealt (:mod:`.games`) and the reader says the header is wrong (GAME_MISLABELED)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Group, Room, Written
from auditor.rooms.betonline.games import header_game, hole_cards_dealt, shown_game

SITE = "BetOnline"
HEADER_START = "BetOnline Poker Game #"
_TABLE_NAME = re.compile(r"Table '(.*)' ")


class BetOnlineRoom(Room):
    name: ClassVar[str] = "betonline"
    reads: ClassVar[str] = 'BetOnline Poker hand histories ("BetOnline Poker Game #...")'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "betonline"
    reader_kind: ClassVar[str] = "grammars/betonline.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)
    reader_class: ClassVar[str] = "auditor.rooms.betonline.reader:BetOnlineReader"
    header_pattern = r"BetOnline Poker Game #[0-9]+: "
    table_in = Written(1, Group(_TABLE_NAME))

    def game(self, raw: RawHand) -> str:
        # the header's game, unless the cards dealt show another ("Hold'em" over 4 cards)
        written = header_game(raw.header)
        if not written.startswith("Hold'em"):
            return written
        return shown_game(written, hole_cards_dealt(raw.lines))
