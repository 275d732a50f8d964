"""Winning Poker Network (Americas Cardroom, Black Chip Poker, Yatahay...): its two
hand-history layouts, "Hand #N - Omaha H/L(Pot Limit) - ..." (2019 on) and the older
"Game started at: ... / Game ID: N ..." one, read with ``grammars/wpn.lark``.

Its own room: the new layout looks like the Stars one but is not (its raises name the
chips put in, its pots and rake are written after every street, its summary pots are net
of the rake); the old layout names no hand number in its first line, no currency and no
limit."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand, header_hand_id
from auditor.rooms import Room
from auditor.rooms.wpn.games import is_omaha, new_game, old_game

SITE = "WPN"
NEW_START = re.compile(r"(?:Game )?Hand #[0-9]+ - ")
OLD_START = "Game started at: "
_OLD_ID = re.compile(r"Game ID: ([0-9]+) ")
_ANY_HEADER = re.compile(r"^\ufeff?(?:(?:Game )?Hand #[0-9]+ - |Game ID: [0-9]+ )", re.MULTILINE)
_TABLE_NEW = re.compile(r"(.+?)(?: [0-9]+-max)?(?: \(Play Money\))? Seat #[0-9]+ is the button")
_TABLE_OLD = re.compile(r"Game ID: [0-9]+ [0-9.,]+/[0-9.,]+ (.*?) ?\([^()]+\)\s*$")


class WpnRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("Hand #", "Game Hand #", OLD_START)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        if line.startswith(OLD_START):
            return True
        return NEW_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        if raw.header.startswith(OLD_START):
            return old_game(_second_line(raw))
        return new_game(raw.header)

    def is_omaha(self, game: str) -> bool:
        return is_omaha(game)

    def table_name(self, raw: RawHand) -> str:
        pattern = _TABLE_OLD if raw.header.startswith(OLD_START) else _TABLE_NEW
        found = pattern.match(_second_line(raw))
        return found.group(1) if found else ""

    def hand_id(self, raw: RawHand) -> str:
        # the old layout's number is on its second line: "Game ID: 261409590 2/4 ..."
        found = _OLD_ID.match(_second_line(raw))
        return found.group(1) if found else header_hand_id(raw.header)


def _second_line(raw: RawHand) -> str:
    """The line after the header (a UTF-16 file of the old client has a blank line
    between any two lines)."""
    for line in raw.lines[1:4]:
        if line.strip():
            return line
    return ""
