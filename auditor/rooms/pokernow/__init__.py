"""Poker Now (pokernow.club), the home-game site: its CSV game logs, split into hands in
play order by :mod:`.log`, read by :mod:`.reader`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar

from auditor.read.split import RawHand, StrayText
from auditor.rooms import Reader, Room
from auditor.rooms.pokernow.games import HEADER_START, game_facts, hand_id, header_game, row
from auditor.rooms.pokernow.log import COLUMNS, SITE, context_value, header_at, split_log


class PokerNowRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts: ClassVar[tuple[str, ...]] = ('"' + HEADER_START,)

    def sniff(self, head: str) -> bool:
        first, _, rest = head.lstrip("\ufeff").partition("\n")
        return first.rstrip("\r") == COLUMNS and ("Z," in rest or not rest.strip())

    def is_header(self, line: str) -> bool:
        return line.startswith(self.header_starts)

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        return split_log(lines, file, self.name)

    def game(self, raw: RawHand) -> str:
        fields = row(raw.lines[header_at(raw)])
        return header_game(fields[0] if fields else "")

    def is_omaha(self, game: str) -> bool:
        return game_facts(game) is not None

    def reader(self) -> Reader:
        from auditor.rooms.pokernow.reader import PokerNowReader  # lark: loaded when used

        return PokerNowReader()

    def table_name(self, raw: RawHand) -> str:
        return context_value(raw.context, "table")

    def hand_id(self, raw: RawHand) -> str:
        fields = row(raw.lines[header_at(raw)])
        return hand_id(fields[0], fields[2]) if len(fields) == 3 else ""
