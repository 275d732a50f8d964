"""OnGame: its "***** History for hand R5-... *****" layout (cash "R5-", tournaments
"T5-"). Its table line names the game ("(POT_LIMIT OMAHA_HI_LO $5/$5, Real money)"), its
summary the pots and the hands shown."""

from __future__ import annotations

from auditor.read.split import RawHand
from auditor.rooms import Room, Terminal

_HAND_ID = Terminal("ongame", "HEADER", ("head_id",))


class OnGameRoom(Room, declared_in=__file__):
    def hand_id(self, raw: RawHand) -> str:
        # "***** History for hand R5-361875219-6 *****": no "#" before the id
        return _HAND_ID(raw.header)
