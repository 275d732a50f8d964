"""PHH, pokerkit's Poker Hand History (TOML): one hand per ``.phh`` file, or one per table
header ("[1]") of a ``.phhs`` file. Its games are the variant codes (``variant = 'FO/8'``).
The corpus's hands are WSOP final tables: the "phh" profile is the Poker TDA's rules, with
the two points the records show argued (tests/rooms/phh/test_corpus.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room
from auditor.rooms.phh import document
from auditor.rooms.phh.games import NOT_A_CODE, OMAHA

_VARIANT_KEY = re.compile(r"\s*variant\s*=")
_VARIANT = re.compile(r"""\s*variant\s*=\s*['"]([^'"]*)['"]""")
_SNIFF_VARIANT = re.compile(r"^\s*variant\s*=", re.MULTILINE)
_SNIFF_FIELD = re.compile(
    r"^\s*(?:starting_stacks|actions|blinds_or_straddles|antes)\s*=", re.MULTILINE
)


class PhhRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return bool(_SNIFF_VARIANT.search(head)) and bool(_SNIFF_FIELD.search(head))

    def is_header(self, line: str) -> bool:
        return _VARIANT_KEY.match(line) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        """One hand per document: the whole file, or each ``[table]`` of a .phhs file
        (blank lines and comments before the first table are no hand)."""
        text = [line.rstrip("\r\n") for line in lines]
        if text:
            text[0] = text[0].lstrip("\ufeff")
        current: list[str] = []
        start = 0
        tables = False
        for number, line in enumerate(text, start=1):
            if document.TABLE_HEADER.match(line) and (tables or not _own(current)):
                if tables:
                    yield self._hand(file, start, current)
                tables = True
                current, start = [line], number
            elif current or line.strip():
                if not current:
                    start = number
                current.append(line)
        if tables or _own(current):
            yield self._hand(file, start, current)

    def _hand(self, file: str, start: int, lines: list[str]) -> RawHand:
        while lines and not lines[-1].strip():
            lines = lines[:-1]
        return RawHand(file, start, tuple(lines), self.name, 0)

    def game(self, raw: RawHand) -> str:
        """The variant code written; NOT_A_CODE when ``variant`` is written as no string
        (``variant = 7``): the reader rejects that hand, naming the key."""
        for line in raw.lines:
            if _VARIANT_KEY.match(line) is not None:
                found = _VARIANT.match(line)
                return found.group(1) if found is not None else NOT_A_CODE
        return ""

    def is_omaha(self, game: str) -> bool:
        return game in OMAHA or game == NOT_A_CODE

    def hand_id(self, raw: RawHand) -> str:
        return document.hand_id(raw.lines, raw.file)

    def table_name(self, raw: RawHand) -> str:
        return document.table_name(raw.lines)


def _own(lines: list[str]) -> bool:
    """Whether ``lines`` hold a document's text (not only blank lines and comments)."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in lines)
