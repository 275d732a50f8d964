"""Betfair Poker: "***** Betfair Poker Hand History for Game N *****" (888poker's and
PartyPoker's headers have the same shape: each room matches its own words only)."""

from __future__ import annotations

from auditor.rooms import Room


class BetfairRoom(Room, declared_in=__file__):
    """Declared in room.toml: nothing of its own."""
