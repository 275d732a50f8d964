"""The splitter asks a room's is_header only of lines that start as its headers do (the
room's header_starts), and of every line for a room that names none."""

from __future__ import annotations

from typing import ClassVar

from auditor.read.split import RawHand, split_hands
from auditor.rooms import REGISTRY
from tests.rooms.tally import TallyRoom


class CountingTally(TallyRoom):
    header_starts: ClassVar[tuple[str, ...]] = ("TALLY #",)
    asked: ClassVar[list[str]] = []

    def is_header(self, line: str) -> bool:
        CountingTally.asked.append(line)
        return super().is_header(line)


LINES = ["TALLY #1 x", "ann bets 5", "bob folds", "", "TALLY #2 x", "ann checks"]


def test_is_header_is_asked_only_of_lines_that_start_as_headers() -> None:
    CountingTally.asked.clear()
    hands = [h for h in split_hands(LINES, "f", (CountingTally(),)) if isinstance(h, RawHand)]
    assert [h.first_line for h in hands] == [1, 5]
    assert CountingTally.asked == ["TALLY #1 x", "TALLY #2 x"]


def test_a_room_without_header_starts_is_asked_of_every_line() -> None:
    plain = TallyRoom()
    assert plain.header_starts == ()
    rooms = (plain, *REGISTRY.values())
    hands = [h for h in split_hands(LINES, "f", rooms) if isinstance(h, RawHand)]
    assert [h.first_line for h in hands] == [1, 5]


def test_registered_rooms_name_their_header_starts() -> None:
    for room in REGISTRY.values():
        assert room.header_starts, room.name
