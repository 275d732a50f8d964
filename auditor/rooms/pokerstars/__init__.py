"""PokerStars, and the rooms and converters that write its layout (PokerMaster): the
header line, the game it names, the Lark reader."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.pokerstars.games import header_game, is_omaha
from auditor.rooms.pokerstars.records import eastern_header

HAND_START = re.compile(r"(?:PokerStars|PokerMaster) (?:[A-Za-z& ]+ )?(?:Hand|Game) #")
_ANY_HEADER = re.compile(r"^\ufeff?" + HAND_START.pattern, re.MULTILINE)
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

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    header_starts = ("PokerStars", "PokerMaster")

    def is_header(self, line: str) -> bool:
        return line.startswith("Poker") and HAND_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.pokerstars.reader import PokerStarsReader  # lark: loaded when used

        return PokerStarsReader()

    def table_name(self, raw: RawHand) -> str:
        # the table line is the second: read without the reader, for a hand it rejected
        found = _TABLE_NAME.match(raw.lines[1]) if len(raw.lines) > 1 else None
        return found.group(1) if found else ""

    def profile(self, site: str) -> str | None:
        return _PROFILES.get(site)

    def same_record_text(self, text: str) -> str:
        # two exports of a hand may give its start time in different zones: ET for both
        header, newline, rest = super().same_record_text(text).partition("\n")
        return eastern_header(header) + newline + rest
