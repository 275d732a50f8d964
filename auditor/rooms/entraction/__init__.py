"""Entraction: its "Game # N - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri""
layout, read with its own grammar (``grammars/entraction.lark``). Names are padded to
column 28; amounts are the chips each action puts in; the hand ends with the pots won,
the rake and "Game ended <time> <zone>" (the only time it writes); no summary."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.entraction.games import header_game, header_table, is_omaha

SITE = "Entraction"
HEADER_START = "Game # "
_ANY_HEADER = re.compile(r'^\ufeff?Game # [0-9]+ - [^\n]* - Table "', re.MULTILINE)
_ID = re.compile(r"Game # ([0-9]+) - ")


class EntractionRoom(Room):
    name: ClassVar[str] = "entraction"
    reads: ClassVar[str] = 'Entraction hand histories ("Game # N - Omaha High Pot Limit ...")'
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO5", "FLO8")
    default_profile: ClassVar[str] = "entraction"
    reader_kind: ClassVar[str] = "grammars/entraction.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(HEADER_START) and ' - Table "' in line

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.entraction.reader import EntractionReader  # lark: loaded when used

        return EntractionReader()

    def table_name(self, raw: RawHand) -> str:
        return header_table(raw.header)

    def hand_id(self, raw: RawHand) -> str:
        # "Game # 2137921772": a space after the "#", which the shared "#N" does not read
        found = _ID.match(raw.header)
        return found.group(1) if found else ""
