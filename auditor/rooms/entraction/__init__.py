"""Entraction: its "Game # N - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri""
layout, read with its own grammar (``grammars/entraction.lark``). Names are padded to
column 28; amounts are the chips each action puts in; the hand ends with the pots won,
the rake and "Game ended <time> <zone>" (the only time it writes); no summary."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room, Written
from auditor.rooms.entraction.games import header_game, header_table

SITE = "Entraction"
HEADER_START = "Game # "
_ID = re.compile(r"Game # ([0-9]+) - ")


class EntractionRoom(Room):
    name: ClassVar[str] = "entraction"
    reads: ClassVar[str] = 'Entraction hand histories ("Game # N - Omaha High Pot Limit ...")'
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO5", "FLO8")
    default_profile: ClassVar[str] = "entraction"
    reader_kind: ClassVar[str] = "grammars/entraction.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)
    reader_class: ClassVar[str] = "auditor.rooms.entraction.reader:EntractionReader"
    header_pattern = r'Game # [0-9]+ - [^\n]* - Table "'
    game_in = Written(0, header_game)
    table_in = Written(0, header_table)

    def hand_id(self, raw: RawHand) -> str:
        # "Game # 2137921772": a space after the "#", which the shared "#N" does not read
        found = _ID.match(raw.header)
        return found.group(1) if found else ""
