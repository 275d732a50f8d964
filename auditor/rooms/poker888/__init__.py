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
# The header: "***** 888poker Hand History for Game 385494443 *****", "***** Cassava ..."
# (its software's name, 2011-2013), "***** 888.es ...", "***** 888poker Snap Poker ...":
# its brands only (fpdb-3's PacificPokerToFpdb names the same), as PartyPoker ("*****
# Hand History for Game") and Betfair ("***** Betfair Poker Hand History") write this
# layout's header too. The line before it, "#Game No : 385494443", is the hand's own
# (PartyPoker writes that line too: it is no 888 header).
_TABLE = re.compile(r"(?:Table (.+?)|Tournament #[0-9]+ .*?Table #([0-9]+))(?: [0-9]+ Max)? \(")


class Poker888Room(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)

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
