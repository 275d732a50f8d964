"""iPoker: the network's XML session exports (``<session>`` with a ``<general>`` block,
then one ``<game>`` per hand), split and read with the XML rooms' one base, and
PokerTracker's text of its hands; the elements and attributes: README.md here."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import ClassVar

from auditor.parse.xml_prologue import after_prologue
from auditor.parse.xml_split import XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room
from auditor.rooms.ipoker.games import SITE, game_name, is_omaha

_TAG_START = "<gametype>"
# one <game> per hand, the session's <general> block their context; a file may hold
# several sessions, each with its declaration
LAYOUT = XmlLayout("game", "general", known=("<?xml", "<session", "</session"))
TEXT_HEADER = "GAME #"
# "GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18"
_TEXT_HEADER = re.compile(r"GAME #[0-9]+: .+ - [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8}\s*$")


class IPokerRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)

    def sniff(self, head: str) -> bool:
        text = head.lstrip("\ufeff \t\r\n")
        if text.startswith(TEXT_HEADER):  # PokerTracker's text: its server line says iPoker
            return "\nServer " in head and "ipoker" in head.lower()
        # an XML document whose root is an iPoker <session> (the declaration, comments
        # and processing instructions before it optional)
        rooted = after_prologue(text).startswith("<session")
        return rooted and ("<game " in head or "<general>" in head)

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        from auditor.read.split import split_hands

        stream = iter(lines)
        first = next(stream, "")
        rest = chain((first,), stream)
        if first.lstrip("\ufeff \t").startswith(TEXT_HEADER):  # the text layout: by headers
            return split_hands(rest, file, (self,))
        return split_xml(rest, file, self.name, LAYOUT)

    header_starts = (TEXT_HEADER,)

    def is_header(self, line: str) -> bool:
        # only the text layout's hands start at a header line; XML files are split whole
        return line.startswith(TEXT_HEADER) and _TEXT_HEADER.match(line) is not None

    def game(self, raw: RawHand) -> str:
        if raw.lines and raw.lines[0].startswith(TEXT_HEADER):  # "GAME #1: Omaha 50/100 - ..."
            words = raw.header.partition(": ")[2]
            return words.rsplit(" - ", 1)[0]
        return _context_text(raw, _TAG_START)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def table_name(self, raw: RawHand) -> str:
        if raw.lines and raw.lines[0].startswith(TEXT_HEADER):
            table = next((line for line in raw.lines if line.startswith("Table ")), "")
            return table[len("Table ") :].strip()
        return _context_text(raw, "<tablename>")

    def same_record_text(self, text: str) -> str:
        """XML's indentation and line breaks between elements are no part of the record
        (exports of one game indent it differently, or start it on the line where the
        last game ends): lines compared without their leading and trailing blanks."""
        return _stripped(text)

    def hand_id(self, raw: RawHand) -> str:
        first = raw.lines[0] if raw.lines else ""
        if first.startswith(TEXT_HEADER):
            return first[len(TEXT_HEADER) :].partition(":")[0]
        at = first.find('gamecode="')
        if at < 0:
            return ""
        rest = first[at + len('gamecode="') :]
        return rest[: rest.find('"')]


def _stripped(text: str) -> str:
    return "\n".join(line.strip() for line in text.split("\n") if line.strip())


def _context_text(raw: RawHand, tag: str) -> str:
    """The text of a one-line element of the session block (for routing only; the reader
    reads the block with the XML parser)."""
    for line in raw.context:
        at = line.find(tag)
        if at >= 0:
            rest = line[at + len(tag) :]
            return rest[: rest.find("</")].strip()
    return ""


__all__ = ["IPokerRoom", "game_name"]
