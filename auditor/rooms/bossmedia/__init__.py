"""Boss Media (the Boss Media / Everest-era network, later iGame): its XML hand records,
one ``<HISTORY>`` element per hand, in a ``<ROOT>`` session or alone in a file, split and
read with a streaming XML parser. Elements and attributes: README.md here."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from auditor.parse.xml_elements import start_attrs
from auditor.parse.xml_split import XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room
from auditor.rooms.bossmedia.games import SITE, game_name, is_omaha

_ANY_HISTORY = re.compile(r'^\ufeff?<HISTORY ID="[0-9]+" SESSION="', re.MULTILINE)
LAYOUT = XmlLayout("HISTORY", known=("<?xml", "<ROOT", "</ROOT"))


class BossMediaRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)

    def sniff(self, head: str) -> bool:
        return _ANY_HISTORY.search(head) is not None

    def is_header(self, line: str) -> bool:
        return _ANY_HISTORY.match(line) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        return split_xml(lines, file, self.name, LAYOUT)

    def game(self, raw: RawHand) -> str:
        tag = start_attrs(raw.lines[:8], "HISTORY")
        return game_name(tag.get("GAME", ""), tag.get("LIMIT", ""))

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def hand_id(self, raw: RawHand) -> str:
        return start_attrs(raw.lines[:8], "HISTORY").get("ID", "")

    def table_name(self, raw: RawHand) -> str:
        return start_attrs(raw.lines[:8], "HISTORY").get("TABLE", "")
