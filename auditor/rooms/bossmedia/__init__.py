"""Boss Media (later iGame): its XML hand records, one ``<HISTORY>`` element per hand, in a
``<ROOT>`` session or alone in a file. Elements and attributes: README.md here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from auditor.parse.xml_elements import start_attrs
from auditor.parse.xml_split import XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText
from auditor.rooms import Room

LAYOUT = XmlLayout("HISTORY", known=("<?xml", "<ROOT", "</ROOT"))


def game_name(head: dict[str, str]) -> str:
    """The game as written, with its limit: ``"GAME_OMAHL PL"`` ("" for no game)."""
    return f"{head.get('GAME', '')} {head.get('LIMIT', '')}".strip()


class BossMediaRoom(Room, declared_in=__file__):
    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        return split_xml(lines, file, self.name, LAYOUT)

    def game(self, raw: RawHand) -> str:
        return game_name(start_attrs(raw.lines[:8], "HISTORY"))

    def hand_id(self, raw: RawHand) -> str:
        return start_attrs(raw.lines[:8], "HISTORY").get("ID", "")

    def table_name(self, raw: RawHand) -> str:
        return start_attrs(raw.lines[:8], "HISTORY").get("TABLE", "")
