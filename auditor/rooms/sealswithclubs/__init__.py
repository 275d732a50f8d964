"""Seals With Clubs (bitcoin poker, amounts in mBTC): its "Hand #N-M - 2013-04-11 02:08:55"
layout, read with its own grammar (``grammars/sealswithclubs.lark``). Its header starts
as WPN's "Hand #N - Omaha ..." does: a Seals header is "#N-M" and a date, and its third
line names the site ("Site: Seals With Clubs")."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.sealswithclubs.games import line_game

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
    reader_class: ClassVar[str] = "auditor.rooms.sealswithclubs.reader:SealsWithClubsReader"
    game_in = Written(1, line_game)
    table_in = Written(3, Group(re.compile("Table: (.*)")))

    def sniff(self, head: str) -> bool:
        return _SITE_LINE.search(head) is not None

    def is_header(self, line: str) -> bool:
        return _HEADER.match(line) is not None
