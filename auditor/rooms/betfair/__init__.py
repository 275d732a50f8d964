"""Betfair Poker: its "***** Betfair Poker Hand History for Game N *****" layout, read with
its own grammar (``grammars/betfair.lark``). The header is Betfair's own (888poker's
"***** 888poker Hand History for Game N" and PartyPoker's "***** Hand History for Game N"
have the same shape: each room matches its own words only); its second line names the
game and stakes; it writes no summary."""

from __future__ import annotations

from auditor.rooms import Room


class BetfairRoom(Room, declared_in=__file__):
    """Declared in room.toml: nothing of its own."""
