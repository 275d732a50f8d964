"""Enet: its "Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6" layout, a
Stars-like layout with euros in decimal commas."""

from __future__ import annotations

from auditor.rooms import Room


class EnetRoom(Room, declared_in=__file__):
    pass
