"""Bovada, Ignition and Bodog (one network, one layout), and Zone Poker, their fast-fold
tables. Players are anonymous: each line names a seat's position ("Small Blind", "UTG+1"),
which moves every hand; the reader names each player by his seat ("Seat 4"), so that the
checks across hands compare the same player (tests/rooms/bovada/test_room.py)."""

from __future__ import annotations

import re

from auditor.rooms import Room

# "Bovada Hand #2601407546 TBL#...", "Ignition Hand #...", "Bodog.com Hand #..."
_TABLE = re.compile(r"Hand #C?([0-9]+):? +(?:(Zone Poker ID|TBL)#([^ ]+) )?(?:.*? TBL#([0-9]+))?")


def table_of_header(header: str) -> str:
    """The table a header names: the TBL# number (a tournament's own, after its number).
    A Zone Poker hand is dealt at a table of its own, drawn from the pool the header names:
    its table is the pool and the hand (no two Zone hands are one table's). Examples:
    tests/rooms/bovada/test_room.py, HEADERS."""
    found = _TABLE.search(header)
    hand, kind, table, tournament_table = found.groups() if found else ("", "", "", "")
    if tournament_table or kind != "Zone Poker ID":
        return tournament_table or table or ""
    return f"Zone Poker ID#{table} hand {hand}"


class BovadaRoom(Room, declared_in=__file__):
    """Declared in room.toml: nothing of its own."""
