"""BetOnline Poker: its "BetOnline Poker Game #N: ..." layout (Chico network). Its Omaha
tables of 2012 wrote "Hold'em Pot Limit" in the header of hands that deal four hole cards:
the room tells the game from the cards dealt (:mod:`.games`) and the reader says the header
is wrong (GAME_MISLABELED)."""

from __future__ import annotations

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.betonline.games import hole_cards_dealt, shown_game


class BetOnlineRoom(Room, declared_in=__file__):
    def game(self, raw: RawHand) -> str:
        # the header's game, unless the cards dealt show another ("Hold'em" over 4 cards)
        written = super().game(raw)
        if not written.startswith("Hold'em"):
            return written
        return shown_game(written, hole_cards_dealt(raw.lines))
