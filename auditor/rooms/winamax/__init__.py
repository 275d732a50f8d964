"""Winamax: its "Winamax Poker - CashGame - HandId: #..." hand histories (cash games,
Go Fast, tournaments), read with ``grammars/winamax.lark`` (:mod:`.reader`), audited
under its own profile (``auditor/profiles/winamax.toml``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.winamax.games import header_game, is_omaha

SITE = "Winamax"
HEADER_START = "Winamax Poker - "
HAND_START = re.compile(r"Winamax Poker - [^\n]*?HandId: #[0-9]+-[0-9]+-[0-9]+ - ")
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
    reader_class: ClassVar[str] = "auditor.rooms.winamax.reader:WinamaxReader"
    header_pattern = HAND_START.pattern
    game_in = Written(0, header_game)
    table_in = Written(1, Group(_TABLE_NAME))

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)
