"""Seals With Clubs (bitcoin poker, amounts in mBTC): its "Hand #N-M - 2013-04-11 02:08:55"
layout, read with its own grammar (``grammars/sealswithclubs.lark``). Its header starts
as WPN's "Hand #N - Omaha ..." does: a Seals header is "#N-M" and a date, and its third
line names the site ("Site: Seals With Clubs")."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.sealswithclubs.games import is_omaha, line_game

SITE = "Seals With Clubs"
_HEADER = re.compile(r"Hand #[0-9]+-[0-9]+ - [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8}\s*$")
_SITE_LINE = re.compile(r"^Site: Seals With Clubs", re.MULTILINE)


class SealsWithClubsRoom(Room):
    name: ClassVar[str] = "sealswithclubs"
    reads: ClassVar[str] = 'Seals With Clubs hand histories ("Hand #N-M - date", mBTC)'
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "grammars/sealswithclubs.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("Hand #",)

    def sniff(self, head: str) -> bool:
        return _SITE_LINE.search(head) is not None

    def is_header(self, line: str) -> bool:
        return _HEADER.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return line_game(raw.lines[1]) if len(raw.lines) > 1 else ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.sealswithclubs.reader import SealsWithClubsReader  # lark: lazily

        return SealsWithClubsReader()

    def table_name(self, raw: RawHand) -> str:
        line = raw.lines[3] if len(raw.lines) > 3 else ""
        return line.removeprefix("Table: ") if line.startswith("Table: ") else ""
