"""Everest Poker: its XML exports, a ``<SESSION>`` element (table, game, limit, currency)
then one ``<HAND>`` element per hand, read by reader.py; element meanings in README.md."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from auditor.parse.xml_elements import start_attrs
from auditor.parse.xml_split import XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room

SITE = "Everest"
SESSION_TAG = "SESSION"
LAYOUT = XmlLayout("HAND", SESSION_TAG, known=("<?xml",))
# its session line or a hand's start tag (Merge's and iPoker's XML are lower case)
_SNIFF = re.compile(r'<SESSION time="[0-9]+" tableName="|<HAND time="[0-9]+" id="[0-9]+"')


def session_game(session: dict[str, str]) -> str:
    """The game a session names: its game and limit words ("omaha-hi pot-limit")."""
    return f"{session.get('game', '')} {session.get('gametype', '')}".strip()


class EverestRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return _SNIFF.search(head) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        return split_xml(lines, file, self.name, LAYOUT)

    def is_header(self, line: str) -> bool:
        return False  # its files are split by split_file, never by header lines

    def game(self, raw: RawHand) -> str:
        return session_game(start_attrs(raw.context, SESSION_TAG))

    def hand_id(self, raw: RawHand) -> str:
        return start_attrs(raw.lines, "HAND").get("id", "")

    def table_name(self, raw: RawHand) -> str:
        return start_attrs(raw.context, SESSION_TAG).get("tableName", "")
