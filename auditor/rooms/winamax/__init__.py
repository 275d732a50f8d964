"""Winamax: its "Winamax Poker - CashGame - HandId: #..." hand histories (cash games,
Go Fast, tournaments), read with ``grammars/winamax.lark`` (:mod:`.reader`), audited
under its own profile (``auditor/profiles/winamax.toml``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.winamax.games import header_game, is_omaha

SITE = "Winamax"
HEADER_START = "Winamax Poker - "
HAND_START = re.compile(r"Winamax Poker - [^\n]*?HandId: #[0-9]+-[0-9]+-[0-9]+ - ")
_ANY_HEADER = re.compile(r"^\ufeff?" + HAND_START.pattern, re.MULTILINE)
_TABLE_NAME = re.compile(r"Table:? '(.*)'")


class WinamaxRoom(Room):
    name: ClassVar[str] = "winamax"
    reads: ClassVar[str] = (
        'Winamax hand histories ("Winamax Poker - CashGame - HandId: #...", amounts '
        'like "14.73€"; cash games, Go Fast, tournaments)'
    )
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "PLO5", "PLO5-8")
    default_profile: ClassVar[str] = "winamax"
    reader_kind: ClassVar[str] = "grammars/winamax.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (HEADER_START,)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(HEADER_START) and HAND_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.winamax.reader import WinamaxReader  # lark: loaded when used

        return WinamaxReader()

    def table_name(self, raw: RawHand) -> str:
        found = _TABLE_NAME.match(raw.lines[1]) if len(raw.lines) > 1 else None
        return found.group(1) if found else ""
