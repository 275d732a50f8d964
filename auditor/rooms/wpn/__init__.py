"""Winning Poker Network (Americas Cardroom, Black Chip Poker, Yatahay...): its two
hand-history layouts, "Hand #N - Omaha H/L(Pot Limit) - ..." (2019 on) and the older
"Game started at: ... / Game ID: N ..." one, read with ``grammars/wpn.lark``.

Its own room: the new layout looks like the Stars one but is not (its raises name the
chips put in, its pots and rake are written after every street, its summary pots are net
of the rake); the old layout names no hand number in its first line, no currency and no
limit; its game, table and hand number are on its "Game ID" line."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.read.split import RawHand, header_hand_id
from auditor.rooms import Room
from auditor.rooms.wpn.games import line, new_game

SITE = "WPN"
NEW_START = re.compile(r"(?:Game )?Hand #[0-9]+ - ")
OLD_START = "Game started at: "
_ANY_HEADER = re.compile(r"^\ufeff?(?:(?:Game )?Hand #[0-9]+ - |Game ID: [0-9]+ )", re.MULTILINE)


class WpnRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
    header_starts = ("Hand #", "Game Hand #", OLD_START)

    def sniff(self, head: str) -> bool:
        return _ANY_HEADER.search(head) is not None

    def is_header(self, line: str) -> bool:
        return line.startswith(OLD_START) or NEW_START.match(line) is not None

    def game(self, raw: RawHand) -> str:
        if raw.header.startswith(OLD_START):
            game_line = _second_line(raw)
            found = line("O_GAME_ID", game_line)
            return found["game_name"] if found else game_line
        return new_game(raw.header)

    def table_name(self, raw: RawHand) -> str:
        if raw.header.startswith(OLD_START):
            found = line("O_GAME_ID", _second_line(raw))
            return (found["game_table"] or "") if found else ""
        found = line("N_TABLE", _second_line(raw))
        return found["table_name"] if found else ""

    def hand_id(self, raw: RawHand) -> str:
        # the old layout's number is on its second line: "Game ID: 261409590 2/4 ..."
        found = line("O_GAME_ID", _second_line(raw))
        return found["game_id"] if found else header_hand_id(raw.header)


def _second_line(raw: RawHand) -> str:
    """The line after the header (a UTF-16 file of the old client has a blank line
    between any two lines)."""
    return next((text for text in raw.lines[1:4] if text.strip()), "")
