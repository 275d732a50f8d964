"""GGPoker: its "Poker Hand #" export. GG writes the Stars layout, read with that room's
reader where the lines are the same (:mod:`.reader`), but it is its own room: its own
header, game names ("PLO-5", "Omaha (NL postflop)") and rules
(``auditor/profiles/ggpoker.toml``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.ggpoker.games import header_game, is_omaha

SITE = "GGPoker"
# "Poker Hand #OM1349864:", "#TM..." (tournaments), "#RC..." (Rush & Cash): two capital
# letters, then the number
HAND_START = re.compile(r"Poker Hand #[A-Z]{2}[0-9]+:")
_ANY_HEADER = re.compile(r"^\ufeff?" + HAND_START.pattern, re.MULTILINE)
_TABLE_NAME = re.compile(r"Table '(.*)'")


class GGPokerRoom(Room):
    name: ClassVar[str] = "ggpoker"
    reads: ClassVar[str] = 'GGPoker hand histories ("Poker Hand #OM...", the Stars layout)'
    games: ClassVar[tuple[str, ...]] = ("PLO", "NLO", "PLO5", "PLO6")
    default_profile: ClassVar[str] = "ggpoker"
    reader_kind: ClassVar[str] = "grammars/pokerstars.lark (GG's lines: auditor/rooms/ggpoker)"
    sites: ClassVar[tuple[str, ...]] = (SITE,)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    header_starts = ("Poker Hand #",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Poker Hand #") and HAND_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        return header_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.ggpoker.reader import GGPokerReader  # lark: loaded when used

        return GGPokerReader()

    def table_name(self, raw: RawHand) -> str:
        found = _TABLE_NAME.match(raw.lines[1]) if len(raw.lines) > 1 else None
        return found.group(1) if found else ""
