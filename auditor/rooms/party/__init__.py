"""PartyPoker: its hand histories in the layouts of 2005-2017 ("***** Hand History for
Game N *****", amounts in brackets with a currency word, raises as the chips added) and
of 2026 ("***** Hand History For Game N *****", a summary of balances). Its rules are the
seeds' own (``auditor/profiles/party.toml`` argues each value)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.rooms.party.games import game_of, is_omaha

SITE = "PartyPoker"
HAND_START = re.compile(r"\*{5} Hand History [Ff]or Game [0-9A-Za-z]+ \*{5}")
_ANY_HEADER = re.compile(r"^\ufeff?" + HAND_START.pattern, re.MULTILINE)
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

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return HAND_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        after = raw.header_at + 1
        return game_of(raw.lines[after]) if after < len(raw.lines) else ""

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def reader(self) -> Reader:
        from auditor.rooms.party.reader import PartyReader  # lark: loaded when used

        return PartyReader()

    def table_name(self, raw: RawHand) -> str:
        at = raw.header_at + 2
        found = _TABLE_NAME.match(raw.lines[at]) if at < len(raw.lines) else None
        return found.group(1) if found else ""
