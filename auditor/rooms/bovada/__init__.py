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
    its table is the pool and the hand (no two Zone hands are one table's).

    >>> table_of_header("Bovada Hand #2601407546 TBL#1090318 OMAHA Pot Limit - 2012-04-24")
    '1090318'
    >>> table_of_header("Bovada Hand #2: OMAHA HiLo Tournament #12 TBL#13, Fixed Limit- Level 6")
    '13'
    >>> table_of_header("Bovada Hand #3054596325 Zone Poker ID#957 OMAHAZonePoker Pot Limit")
    'Zone Poker ID#957 hand 3054596325'
    """
    found = _TABLE.search(header)
    if found is None:
        return ""
    hand, kind, table, tournament_table = found.groups()
    if tournament_table:
        return tournament_table
    if kind == "Zone Poker ID":
        return f"Zone Poker ID#{table} hand {hand}"
    return table or ""


class BovadaRoom(Room, declared_in=__file__):
    """Declared in room.toml: nothing of its own."""
