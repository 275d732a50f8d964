"""Split a stream of lines into raw hands, one at a time.

A hand starts at its header line; blank lines between hands (any number, or
none) do not matter. Memory holds one hand at a time, whatever the file size.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

# Header lines of the rooms that write PokerStars' layout.
HAND_START = re.compile(r"(?:PokerStars|PokerMaster|Poker) (?:[A-Za-z& ]+ )?(?:Hand|Game) #")
_HAND_ID = re.compile(r"#([A-Za-z]*[0-9]+)")


@dataclass(frozen=True, slots=True)
class RawHand:
    """The text of one hand and where it sits in its file."""

    file: str
    first_line: int  # 1-based line number of the header
    lines: tuple[str, ...]  # without line ends; trailing blank lines dropped

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


@dataclass(frozen=True, slots=True)
class StrayText:
    """Non-blank lines outside any hand (before the first header)."""

    file: str
    first_line: int
    lines: tuple[str, ...]


def split_hands(lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
    """Yield each hand (and any stray text) in file order."""
    current: list[str] = []
    start = 0
    in_hand = False
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n").lstrip("\ufeff")
        if line.startswith("Poker") and HAND_START.match(line):  # every header starts so
            if current:
                yield _finish(current, file, start, in_hand)
            current, start, in_hand = [line], number, True
        elif current or line.strip():
            if not current:
                start = number
            current.append(line)
    if current:
        yield _finish(current, file, start, in_hand)


def _finish(lines: list[str], file: str, start: int, in_hand: bool) -> RawHand | StrayText:
    while lines and not lines[-1].strip():
        lines.pop()
    if in_hand:
        return RawHand(file, start, tuple(lines))
    return StrayText(file, start, tuple(lines))
