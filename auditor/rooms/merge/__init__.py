"""Merge Gaming Network (Carbon Poker, Lock...): its XML exports, a ``<description>`` then
one ``<game>`` element per hand (reader.py; element meanings in README.md), and the same
hands as PokerTracker exports them in text ("MERGE_GAME #N: Omaha PL ...": text.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain

from auditor.parse.xml_split import XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.rooms import Room
from auditor.rooms.merge.games import data_fields, description_of, game_attrs, hand_game
from auditor.rooms.merge.text import HEADER, HEADER_START, text_game

# a Merge game's start tag: id "table-hand" then its start time (iPoker's and Everest's
# XML name their games otherwise)
_XML_GAME = re.compile(r'<game id="[0-9]+-[0-9]+" starttime="')
_TEXT_HEADER = re.compile(r"^\ufeff?MERGE_GAME #[0-9]+: ", re.MULTILINE)
_LAYOUT = XmlLayout("game", "description", known=("<?xml",))


class MergeRoom(Room, declared_in=__file__):
    header_starts = (HEADER_START,)

    def sniff(self, head: str) -> bool:
        return _XML_GAME.search(head) is not None or _TEXT_HEADER.search(head) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        lines = iter(lines)
        head: list[str] = []
        for line in lines:
            head.append(line)
            if line.strip():
                break
        if head and _TEXT_HEADER.match(head[-1]):
            return split_hands(chain(head, lines), file, (self,))
        return split_xml(chain(head, lines), file, self.name, _LAYOUT)

    def is_header(self, line: str) -> bool:
        return line.startswith(HEADER_START)

    def game(self, raw: RawHand) -> str:
        if raw.header.startswith(HEADER_START):
            return text_game(raw.header)
        described = description_of(raw)
        multi = game_attrs(raw).get("multigametype", "")
        return hand_game(described.get("type", ""), described.get("stakes", ""), multi)

    def hand_id(self, raw: RawHand) -> str:
        if raw.header.startswith(HEADER_START):
            found = HEADER.match(raw.header)
            return found["id"] if found else ""
        return game_attrs(raw).get("id", "")

    def table_name(self, raw: RawHand) -> str:
        if raw.header.startswith(HEADER_START):
            line = raw.lines[1] if len(raw.lines) > 1 else ""
            return line.removeprefix("Table ").split(" (Tournament:")[0]
        data = data_fields(game_attrs(raw).get("data", ""))
        return data[1] if len(data) > 1 else ""
