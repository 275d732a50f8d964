"""OHH, the Open Hand History JSON (https://hh-specs.handhistory.org): each hand one
``{"ohh": {...}}`` object, in a file of one, or of several (blank-line separated, one a
line, or an array); the room cuts them itself (:mod:`.document`). "Omaha" and "OmahaHiLo"
are audited, under the seeds' rules. The corpus's only OHH file (Ten-Four's, Hold'em)
departs from the spec: its calls and raises give the player's total bet in the round."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room
from auditor.rooms.ohh import document

_SNIFF = re.compile(r'"ohh"\s*:\s*\{')


class OhhRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return head.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") and bool(_SNIFF.search(head))

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        for piece in document.objects(lines):
            if piece.is_object:
                yield RawHand(file, piece.first_line, piece.lines, self.name, 0)
            else:
                yield StrayText(file, piece.first_line, piece.lines)

    def game(self, raw: RawHand) -> str:
        return document.game_type(raw.lines)

    def hand_id(self, raw: RawHand) -> str:
        return document.hand_id(raw.lines)

    def table_name(self, raw: RawHand) -> str:
        return document.table_name(raw.lines)
