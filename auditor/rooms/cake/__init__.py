"""Cake Poker: its "Hand#N - TABLE -- STAKES GAME -- TIME" layout, read with its own grammar
(``grammars/cake.lark``). The header names the table, the game and stakes and the time;
"Dealer: Seat N" follows (older hands mark the seat "DEALER" instead). No summary: the
hand ends with the pots won after "***SHOW DOWN***"."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room, Written
from auditor.rooms.cake.games import HEADER, header_game, is_omaha, table_of

SITE = "Cake"
_ANY_HEADER = re.compile(r"^\ufeff?Hand#[0-9A-F]+ - [^\n]+ -- [0-9]{4}[/-]", re.MULTILINE)


class CakeRoom(Room):
    name: ClassVar[str] = "cake"
    reads: ClassVar[str] = (
        'Cake Poker hand histories ("Hand#N - TABLE -- $0.05/$0.10 PL Omaha -- ...")'
    )
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8")
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/cake.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    # (the corpus's Hold'em sample starts "ï»¿Hand#": a byte order mark read as cp1252
    # and written again, text before the header like any other, as MANIFEST.tsv counts)
    header_starts = ("Hand#", "\ufeffHand#")
    reader_class: ClassVar[str] = "auditor.rooms.cake.reader:CakeReader"
    game_in = Written(0, header_game)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return HEADER.match(line) is not None

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def hand_id(self, raw: RawHand) -> str:
        found = HEADER.match(raw.header)
        return found["id"] if found else ""

    def table_name(self, raw: RawHand) -> str:
        found = HEADER.match(raw.header)
        return table_of(found) if found else ""
