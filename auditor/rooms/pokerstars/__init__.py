"""PokerStars, and the rooms and converters that write its layout (PokerMaster): the
header line, the game it names, the Lark reader."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.pokerstars.games import header_game, is_omaha
from auditor.rooms.pokerstars.records import eastern_header

HAND_START = re.compile(r"(?:PokerStars|PokerMaster) (?:[A-Za-z& ]+ )?(?:Hand|Game) #")
_TABLE_NAME = re.compile(r"Table '(.*)'")
# the rooms that write this layout but not PokerStars' rules: the fallback profile
_PROFILES = {"PokerStars": "pokerstars", "PokerMaster": "seeds"}


class PokerStarsRoom(Room):
    name: ClassVar[str] = "pokerstars"
    reads: ClassVar[str] = (
        "PokerStars hand histories; PokerMaster's and converters' in its layout "
        "(those under the seeds profile)"
    )
    games: ClassVar[tuple[str, ...]] = (
        "PLO",
        "PLO8",
        "NLO",
        "NLO8",
        "FLO",
        "FLO8",
        "PLO5",
        "PLO5-8",
        "PLO6",
        "PLC",
        "PLC8",
    )
    default_profile: ClassVar[str] = "pokerstars"
    reader_kind: ClassVar[str] = "grammars/pokerstars.lark"
    sites: ClassVar[tuple[str, ...]] = tuple(_PROFILES)
    reader_class: ClassVar[str] = "auditor.rooms.pokerstars.reader:PokerStarsReader"
    header_starts = ("PokerStars", "PokerMaster")
    header_pattern = HAND_START.pattern
    game_in = Written(0, header_game)
    table_in = Written(1, Group(_TABLE_NAME))

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def profile(self, site: str) -> str | None:
        return _PROFILES.get(site)

    def same_record_text(self, text: str) -> str:
        # two exports of a hand may give its start time in different zones: ET for both
        header, newline, rest = super().same_record_text(text).partition("\n")
        return eastern_header(header) + newline + rest
