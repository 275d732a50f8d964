"""888poker (formerly Pacific Poker; its software, Cassava, wrote the same layout):
"#Game No : N" then "***** 888poker Hand History for Game N *****", localised amounts,
card lists "[ 3h, 5d ]", raises written as the chips added. Read by :mod:`.reader` with
``grammars/888poker.lark``; its rules: ``auditor/profiles/888poker.toml``."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Room
from auditor.rooms.poker888.games import is_omaha, line_game

SITE = "888poker"
NAME = "888poker"
# The header: "***** 888poker Hand History for Game 385494443 *****", "***** Cassava ..."
# (its software's name, 2011-2013), "***** 888.es ...", "***** 888poker Snap Poker ...":
# its brands only (fpdb-3's PacificPokerToFpdb names the same), as PartyPoker ("*****
# Hand History for Game") and Betfair ("***** Betfair Poker Hand History") write this
# layout's header too. The line before it, "#Game No : 385494443", is the hand's own
# (PartyPoker writes that line too: it is no 888 header).
_HEADER = re.compile(
    r"\*{4,5} (?:888poker|888|Cassava)(?:\.[a-z]{2})?(?:-[a-z]{2})? (?:Snap Poker |BLAST )?"
    r"Hand History for Game ([0-9]+) \*{4,5}"
)
_TABLE = re.compile(r"(?:Table (.+?)|Tournament #[0-9]+ .*?Table #([0-9]+))(?: [0-9]+ Max)? \(")


class Poker888Room(Room):
    name: ClassVar[str] = NAME
    reads: ClassVar[str] = (
        '888poker hand histories ("***** 888poker Hand History for Game N", and Cassava\'s '
        "of 2011-2013)"
    )
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "NLO", "FLO", "FLO8")
    default_profile: ClassVar[str] = "888poker"
    reader_kind: ClassVar[str] = "grammars/888poker.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("****",)
    # "#Game No : N" before the header is the hand's first line (splitter: lead-in lines)
    lead_ins = ("#Game No :",)
    reader_class: ClassVar[str] = "auditor.rooms.poker888.reader:Poker888Reader"
    header_pattern = _HEADER.pattern

    def game(self, raw: RawHand) -> str:
        for line in raw.lines[:3]:
            if " Blinds " in line:
                return line_game(line)
        return ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def table_name(self, raw: RawHand) -> str:
        for line in raw.lines[1:5]:
            found = _TABLE.match(line)
            if found:
                return found.group(1) or found.group(2)
        return ""
