"""Microgaming (MPN): its XML hand records (``<Game hhversion="2|4|5" id=...>``, one
document per hand, documents separated by "----PRIMA.DAT----" and followed by an
"ExtendedTableName:" line), split and read with a streaming XML parser; and the text
PokerTracker wrote of Microgaming hands ("** Hand # N starting - ..."), read with its own
grammar (``grammars/microgaming_export.lark``). Elements and attributes: README.md."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import ClassVar

from auditor import events as ev
from auditor.parse.xml_elements import start_attrs
from auditor.parse.xml_split import XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.rooms import Reader, Room
from auditor.rooms.microgaming.games import SITE

_EXPORT = re.compile(r"\*\* Hand # ([0-9]+) starting - ")
_EXPORT_TABLE = re.compile(r"\*\* (.+?) \[([^\]]+)\] \(([^ ]+) ([A-Z]{2}) - ")
_ANY_GAME = re.compile(r'^\ufeff?<Game (?:hhversion="[0-9]+" )?id="[0-9]+"', re.MULTILINE)
LAYOUT = XmlLayout("Game", known=("----", "ExtendedTableName:", "<?xml"))


class MicrogamingRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)

    def sniff(self, head: str) -> bool:
        return _ANY_GAME.search(head) is not None or _EXPORT.search(head) is not None

    def is_header(self, line: str) -> bool:
        return _EXPORT.match(line) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        lines = iter(lines)
        head: list[str] = []
        for line in lines:  # the first text (not a separator) tells the XML from the export
            head.append(line)
            if line.strip("\ufeff \t\r\n") and not line.startswith("----"):
                break
        if head and head[-1].lstrip("\ufeff \t").startswith("<"):
            return split_xml(chain(head, lines), file, self.name, LAYOUT)
        return split_hands(chain(head, lines), file, (self,))

    def game(self, raw: RawHand) -> str:
        if _is_xml(raw):
            tag = start_attrs(raw.lines[:8], "Game")
            return f"{tag.get('gametype', '')} {tag.get('betlimit', '')}".strip()
        table = _export_table(raw)
        return f"{table.group(2)} {table.group(4)}" if table else ""

    def hand_id(self, raw: RawHand) -> str:
        if _is_xml(raw):
            return start_attrs(raw.lines[:8], "Game").get("id", "")
        found = _EXPORT.match(raw.header)
        return found.group(1) if found else ""

    def reader(self) -> Reader:
        return _Both()

    def table_name(self, raw: RawHand) -> str:
        if _is_xml(raw):
            return start_attrs(raw.lines[:8], "Game").get("tablename", "")
        table = _export_table(raw)
        return table.group(1) if table else ""


class _Both:
    """The XML reader for a ``<Game>`` hand, the export's grammar for a text one."""

    def __init__(self) -> None:
        from auditor.rooms.microgaming.export import ExportReader
        from auditor.rooms.microgaming.reader import MicrogamingReader

        self._xml = MicrogamingReader()
        self._export = ExportReader()

    def read(self, raw: RawHand) -> ev.Hand:
        return self._xml.read(raw) if _is_xml(raw) else self._export.read(raw)


def _is_xml(raw: RawHand) -> bool:
    return bool(raw.lines) and raw.lines[0].lstrip().startswith("<")


def _export_table(raw: RawHand) -> re.Match[str] | None:
    for line in raw.lines[1:4]:
        found = _EXPORT_TABLE.match(line)
        if found:
            return found
    return None
