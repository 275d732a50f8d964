"""888poker (formerly Pacific Poker; its software brand Cassava writes the same layout):
"#Game No : N" then "***** 888poker Hand History for Game N *****", localised amounts,
card lists "[ 3h, 5d ]", raises written as the chips added. Read by :mod:`.reader` with
``grammars/888poker.lark``; its rules: ``auditor/profiles/888poker.toml``."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.pacific.games import is_omaha, line_game

SITE = "888poker"
NAME = "888poker"
# the hand's first line: "#Game No : 385494443"; then (or alone, in older and trimmed
# exports) "***** 888poker Hand History for Game 385494443 *****", "***** Cassava ...",
# "***** 888poker Snap Poker Hand History ...", "***** Hand History For Game ..."
GAME_NO = "#Game No : "
_GAME_NO = re.compile(r"#Game No : [0-9]+\s*$")
_HEADER = re.compile(r"\*{4,5} (?:[A-Za-z0-9.-]+ ){0,3}Hand History [Ff]or Game ([0-9]+) \*{4,5}")
_ANY_HEADER = re.compile(r"^\ufeff?(?:" + _GAME_NO.pattern + "|" + _HEADER.pattern + ")", re.M)
_TABLE = re.compile(r"(?:Table (.+?)|Tournament #[0-9]+ .*?Table #([0-9]+))(?: [0-9]+ Max)? \(")


class PacificRoom(Room):
    name: ClassVar[str] = NAME
    reads: ClassVar[str] = (
        '888poker hand histories ("#Game No : N", "***** 888poker Hand History for Game N"; '
        "Pacific Poker, Cassava)"
    )
    default_profile: ClassVar[str] = "888poker"
    reader_kind: ClassVar[str] = "grammars/888poker.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = (GAME_NO, "****")

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        if line.startswith(GAME_NO):
            return _GAME_NO.match(line) is not None
        return line.startswith("****") and _HEADER.match(line) is not None

    def continues(self, first: str, line: str) -> bool:
        """The "*****" header right after its "#Game No : N" line is the same hand's."""
        found = _HEADER.match(line)
        return first.startswith(GAME_NO) and found is not None and first.split()[-1] == found[1]

    def game(self, raw: RawHand) -> str:
        for line in raw.lines[:3]:
            if " Blinds " in line:
                return line_game(line)
        return ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.pacific.reader import PacificReader  # lark: loaded when used

        return PacificReader()

    def table_name(self, raw: RawHand) -> str:
        for line in raw.lines[1:5]:
            found = _TABLE.match(line)
            if found:
                return found.group(1) or found.group(2)
        return ""
