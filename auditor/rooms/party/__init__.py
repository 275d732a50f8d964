"""PartyPoker: its hand histories in the layouts of 2005-2017 ("***** Hand History for
Game N *****", amounts in brackets with a currency word, raises as the chips added) and
of 2026 ("***** Hand History For Game N *****", a summary of balances). Its rules are the
seeds' own (``auditor/profiles/party.toml`` argues each value)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Group, Room, Written
from auditor.rooms.party.games import game_of

SITE = "PartyPoker"
HAND_START = re.compile(r"\*{5} Hand History [Ff]or Game [0-9A-Za-z]+ \*{5}")
_TABLE_NAME = re.compile(r"Table (.+?)(?: \(No DP\))? \( ?(?:Real|Play) Money ?\)")


class PartyRoom(Room):
    name: ClassVar[str] = "party"
    reads: ClassVar[str] = (
        'PartyPoker hand histories ("***** Hand History for Game ...", 2005-2017 and 2026 layouts)'
    )
    games: ClassVar[tuple[str, ...]] = ("PLO", "PLO8", "FLO8")
    default_profile: ClassVar[str] = "party"
    reader_kind: ClassVar[str] = "grammars/party.lark"
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts: ClassVar[tuple[str, ...]] = ("***** Hand History ",)
    # "Game #11354414824 starts." and "#Game No : 11354414824" come before the header
    lead_ins: ClassVar[tuple[str, ...]] = ("Game #", "#Game No :")
    reader_class: ClassVar[str] = "auditor.rooms.party.reader:PartyReader"
    header_pattern = HAND_START.pattern
    game_in = Written(1, game_of)
    table_in = Written(2, Group(_TABLE_NAME))
