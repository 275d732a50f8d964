"""Bovada, Ignition and Bodog (one network, one layout), and Zone Poker, their fast-fold
tables: the header line, the game it names, the Lark reader (:mod:`.reader`).

Players are anonymous: each line names a seat's *position* in the hand ("Small Blind",
"UTG+1", "Dealer"), which moves every hand. The reader names each player by his seat
("Seat 4"), which stays his while he sits at the table, so that the checks across hands
(button, stacks) compare the same player; see tests/rooms/bovada/test_room.py."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Room, Written
from auditor.rooms.bovada.games import header_game

# "Bovada Hand #2601407546 TBL#...", "Ignition Hand #...", "Bodog.com Hand #..."
HAND_START = re.compile(r"(?:Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?[0-9]")
_TABLE = re.compile(r"Hand #C?([0-9]+):? +(?:(Zone Poker ID|TBL)#([^ ]+) )?(?:.*? TBL#([0-9]+))?")
SITES = (
    "Bovada",
    "Ignition",
    "Bodog",
    "Bodog.com",
    "Bodog.eu",
    "Bodog UK",
    "Bodog Canada",
    "Bodog88",
)


def table_of_header(header: str) -> str:
    """The table a header names: the TBL# number (a tournament's own, after its number).

    A Zone Poker hand is dealt at a table of its own, drawn from the pool the header
    names ("Zone Poker ID#957"), with other players in the same seats the next hand:
    its table is the pool and the hand, so that no two Zone hands are taken for hands of
    one table (which would compare strangers' stacks).

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


class BovadaRoom(Room):
    name: ClassVar[str] = "bovada"
    reads: ClassVar[str] = (
        "Bovada, Ignition and Bodog hand histories (anonymous seats named by position; Zone Poker)"
    )
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "FLO8")
    default_profile: ClassVar[str] = "bovada"
    reader_kind: ClassVar[str] = "grammars/bovada.lark"
    sites: ClassVar[tuple[str, ...]] = SITES
    header_starts = ("Bovada", "Ignition", "Bodog")
    reader_class: ClassVar[str] = "auditor.rooms.bovada.reader:BovadaReader"
    header_pattern = HAND_START.pattern
    omaha_words = ("OMAHA",)
    game_in = Written(0, header_game)
    table_in = Written(0, table_of_header)
