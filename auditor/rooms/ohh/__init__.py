"""OHH, the Open Hand History JSON (https://hh-specs.handhistory.org): each hand one
``{"ohh": {...}}`` object, in a file of one object, of several (the spec's storage format:
objects separated by blank lines; JSON Lines; an array). Its keys and action types are
documented in :mod:`.reader`; how a file is cut into its objects, and where each part of
a hand is written, in :mod:`.document`.

The room splits its files itself: each top-level object is a hand (its own lines, from
the line its "{" is on), text that is no object is stray text. Its games are the spec's
``game_type``: "Omaha" and "OmahaHiLo" are audited; "Holdem" and the others are skipped
and counted. Sites writing OHH differ in their rules; hands are audited under the seeds'
rules (each exporting site's own profile, when the auditor has it, is a --rules away).

The corpus's only OHH file (Ten-Four's export, Hold'em) departs from the spec: its calls
and raises give the player's total bet in the round ("Raise 2.5", "Raise 10", then "Call
10" from the 2.5 raiser), not the chips put in; it is skipped as Hold'em.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room
from auditor.rooms.ohh import document
from auditor.rooms.ohh.games import is_omaha

_SNIFF = re.compile(r'"ohh"\s*:\s*\{')


class OhhRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return head.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") and bool(_SNIFF.search(head))

    def is_header(self, line: str) -> bool:
        return line.startswith('{"ohh"')

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        for piece in document.objects(lines):
            if piece.is_object:
                yield RawHand(file, piece.first_line, piece.lines, self.name, 0)
            else:
                yield StrayText(file, piece.first_line, piece.lines)

    def game(self, raw: RawHand) -> str:
        return document.game_type(raw.lines)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def hand_id(self, raw: RawHand) -> str:
        return document.hand_id(raw.lines)

    def table_name(self, raw: RawHand) -> str:
        return document.table_name(raw.lines)
