"""Split a stream of lines into raw hands, one at a time.

A hand starts at a header line of one of the rooms read (each room says which lines
start its hands, so a file mixing rooms is split hand by hand, each hand tagged with its
room); blank lines between hands (any number, or none) do not matter. Memory holds one
hand at a time, whatever the file size.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from auditor.rooms import Room

_HAND_ID = re.compile(r"#([A-Za-z]*[0-9]+)")


@dataclass(frozen=True, slots=True)
class RawHand:
    """The text of one hand and where it sits in its file."""

    file: str
    first_line: int  # 1-based line number of the header
    lines: tuple[str, ...]  # without line ends; trailing blank lines dropped
    room: str = ""  # the name of the room whose header starts it ("": not known)

    @property
    def header(self) -> str:
        return self.lines[0]

    @property
    def hand_id(self) -> str:
        found = _HAND_ID.search(self.header)
        return found.group(1) if found else ""

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


STRAY_KEPT = 1000
"""Lines of stray text kept (the rest counted): a file of something else read whole
(a large CSV, a log) must not be held in memory."""


@dataclass(frozen=True, slots=True)
class StrayText:
    """Non-blank lines outside any hand (before the first header): the first
    :data:`STRAY_KEPT` of them, and how many there are."""

    file: str
    first_line: int
    lines: tuple[str, ...]
    count: int = 0  # lines from the first to the last non-blank one (0: len(lines))

    @property
    def line_count(self) -> int:
        return self.count or len(self.lines)


def split_hands(
    lines: Iterable[str], file: str, rooms: Sequence[Room] | None = None
) -> Iterator[RawHand | StrayText]:
    """Yield each hand (and any stray text) in file order; a hand starts at a header of
    one of ``rooms`` (tried in order; None: every registered room)."""
    if rooms is None:
        from auditor.rooms import REGISTRY  # the registry imports this module

        rooms = tuple(REGISTRY.values())
    headers: list[tuple[Callable[[str], bool], str]] = [(r.is_header, r.name) for r in rooms]
    # every room's header starts, tested at once; "" (every line) when a room has none
    starts = tuple(s for r in rooms for s in r.header_starts or ("",))
    current: list[str] = []
    start = 0
    room = ""  # the current hand's room; "" while in stray text
    dropped = blank = 0  # stray lines past STRAY_KEPT: counted, and the blank ones after
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n").lstrip("\ufeff")
        found = ""
        if line.startswith(starts):
            for is_header, name in headers:
                if is_header(line):
                    found = name
                    break
        if found:
            if current:
                yield _finish(current, file, start, room, dropped)
            current, start, room = [line], number, found
        elif room:
            current.append(line)
        elif len(current) < STRAY_KEPT:  # stray text (before the first header)
            if current or line.strip():
                if not current:
                    start = number
                current.append(line)
        elif line.strip():
            dropped, blank = dropped + blank + 1, 0
        else:
            blank += 1
    if current:
        yield _finish(current, file, start, room, dropped)


def _finish(
    lines: list[str], file: str, start: int, room: str, dropped: int = 0
) -> RawHand | StrayText:
    if room:
        while lines and not lines[-1].strip():
            lines.pop()
        return RawHand(file, start, tuple(lines), room)
    if dropped:  # its blank lines are counted among the kept, up to its last line
        return StrayText(file, start, tuple(lines), len(lines) + dropped)
    while lines and not lines[-1].strip():
        lines.pop()
    return StrayText(file, start, tuple(lines))
