"""GGPoker: its "Poker Hand #" export. GG writes the Stars layout, read with that room's
reader where the lines are the same (:mod:`.reader`), but it is its own room: its own
header, game names ("PLO-5", "Omaha (NL postflop)") and rules
(``auditor/profiles/ggpoker.toml``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.ggpoker.games import header_game

SITE = "GGPoker"
# "Poker Hand #OM1349864:", "#TM..." (tournaments), "#RC..." (Rush & Cash): two capital
# letters, then the number
HAND_START = re.compile(r"Poker Hand #[A-Z]{2}[0-9]+:")
_TABLE_NAME = re.compile(r"Table '(.*)'")


class GGPokerRoom(Room):
    name: ClassVar[str] = "ggpoker"
    reads: ClassVar[str] = 'GGPoker hand histories ("Poker Hand #OM...", the Stars layout)'
    games: ClassVar[tuple[str, ...]] = ("PLO", "NLO", "PLO5", "PLO6")
    default_profile: ClassVar[str] = "ggpoker"
    reader_kind: ClassVar[str] = "grammars/pokerstars.lark (GG's lines: auditor/rooms/ggpoker)"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    reader_class: ClassVar[str] = "auditor.rooms.ggpoker.reader:GGPokerReader"
    header_starts = ("Poker Hand #",)
    header_pattern = r"Poker Hand #[A-Z]{2}[0-9]+:"
    omaha_words = ("Omaha", "PLO")
    game_in = Written(0, header_game)
    table_in = Written(1, Group(_TABLE_NAME))
