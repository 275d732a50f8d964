"""Split a stream of lines into raw hands, one at a time.

A hand starts at a header line of one of the rooms read (each room says which lines
start its hands, so a file mixing rooms is split hand by hand, each hand tagged with its
room); blank lines between hands (any number, or none) do not matter. Memory holds one
hand at a time, whatever the file size, and no more of one hand than its caps
(:data:`HAND_LINES_KEPT`, :data:`HAND_CHARS_KEPT`): a hand past them is cut there, its
lines up to the next header skipped, and it is rejected as too long (RawHand.cut).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from auditor.rooms import Room

# "#OM123", "Game #123", "#5334663-1379-1383796492" (numbers joined by hyphens); or,
# in the layout whose ids have no "#" of their own, "#Game No : 123" on the line
# before its header, and a number after the word Game ("Hand History for Game 1234")
_HAND_ID = re.compile(
    r"#([A-Za-z]*[0-9]+(?:-[0-9]+)*)|#Game No : ([0-9]+)|\bGame ([0-9][0-9A-Za-z]*)\b"
)


def header_hand_id(header: str) -> str:
    """The number a header gives its hand ("#N" in most rooms; "" if none)."""
    found = _HAND_ID.search(header)
    return found.group(found.lastindex or 0) if found else ""


@dataclass(frozen=True, slots=True)
class RawHand:
    """The text of one hand and where it sits in its file."""

    file: str
    first_line: int  # 1-based line number of the header
    lines: tuple[str, ...]  # without line ends; trailing blank lines dropped
    room: str = ""  # the name of the room whose header starts it ("": not known)
    # the header's place in ``lines`` (after its room's lead-in lines); -1: not known, found
    # from the room's lead-ins when asked (a hand rebuilt from its text and room)
    header_index: int = -1
    # lines of the file the hand is read with that are not its own text: the session
    # header an XML export writes once for all its hands (a room that splits its files
    # itself, Room.split_file, fills it; never counted or compared as the hand's text)
    context: tuple[str, ...] = ()
    # why the hand's text is not whole ("": it is): too long for the splitter's caps, or
    # the file cut short inside it; such a hand is rejected (PARSE_ERROR) at ``cut_line``
    cut: str = ""
    cut_line: int = 0

    @property
    def header_at(self) -> int:
        """The header's index in ``lines``."""
        if self.header_index >= 0:
            return self.header_index
        from auditor.rooms import REGISTRY  # the registry imports this module

        room = REGISTRY.get(self.room)
        lead_ins = room.lead_ins if room is not None else ()
        if lead_ins:
            for at, line in enumerate(self.lines):
                if line.strip() and not line.startswith(lead_ins):
                    return at
        return 0

    @property
    def header(self) -> str:
        return self.lines[self.header_at]

    @property
    def hand_id(self) -> str:
        """The hand's id, as its room reads it off the text (most: the header's "#N")."""
        from auditor.rooms import REGISTRY

        room = REGISTRY.get(self.room)
        return room.hand_id(self) if room is not None else header_hand_id(self.header)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def line_text(self, line: int) -> str:
        """The text of file line ``line`` ("" when the hand has no such line)."""
        index = line - self.first_line
        return self.lines[index] if 0 <= index < len(self.lines) else ""


STRAY_KEPT = 1000
"""Lines of stray text kept (the rest counted): a file of something else read whole
(a large CSV, a log) must not be held in memory."""

HAND_LINES_KEPT = 20_000
"""Lines of one hand held at most. The longest hands of the corpus (a 10-handed
run-it-twice tournament hand with its chat) have some 200 lines: a hand a hundred times
longer is not a hand but a file with no next header (a log, files cut and joined), and
must not hold the memory of a run (one header then five million lines took 3.7 GB)."""

HAND_CHARS_KEPT = 4_000_000
"""Characters of one hand held at most (a hand of a few very long lines): some 2,000
times a long hand's text."""

_CAP_CHECK_LINES = 16
"""Lines between two checks of a hand's caps: past :data:`HAND_CHARS_KEPT` a hand holds
at most this many more lines (each at most the decoder's longest line) before it is cut;
:data:`HAND_LINES_KEPT` is exact."""

LEAD_IN_KEPT = 20
"""Lead-in lines (and blanks after them) held back waiting for a header: past this many,
they are not a hand's announcement and go where any line goes."""


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
    # lines that announce the next hand before its header: they start that hand when a
    # header follows them (blank lines between), else they stay where they are
    lead_ins = tuple(s for r in rooms for s in r.lead_ins)
    pending: list[str] = []
    pending_start = 0
    current: list[str] = []
    start = 0
    header_index = 0
    room = ""  # the current hand's room; "" while in stray text
    dropped = blank = 0  # stray lines past STRAY_KEPT: counted, and the blank ones after
    lines_cap, chars_cap = HAND_LINES_KEPT, HAND_CHARS_KEPT  # read once: tests change them
    # the caps are checked every _CAP_CHECK_LINES lines, not on every line (the check on
    # every line cost 1.8% of the audit loop's instructions, callgrind): ``check_at`` is
    # the hand's length at the next check, ``kept`` its characters up to ``checked`` lines
    check_at, checked, kept = min(_CAP_CHECK_LINES, lines_cap), 0, 0
    cut_line = last_line = 0  # where the current hand went past a cap, its last line
    cut_why = ""
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
                hand = _finish(current, file, start, room, header_index, dropped)
                if cut_line and isinstance(hand, RawHand):
                    hand = _too_long(hand, cut_line, last_line, cut_why)
                yield hand
            checked = kept = cut_line = 0
            check_at = min(_CAP_CHECK_LINES, lines_cap)
            if pending:
                current, start, header_index = [*pending, line], pending_start, len(pending)
                pending = []
            else:
                current, start, header_index = [line], number, 0
            room = found
            continue
        if lead_ins:
            lead_in = line.startswith(lead_ins) or (pending and not line.strip())
            if lead_in and len(pending) < LEAD_IN_KEPT:
                if not pending:
                    pending_start = number
                pending.append(line)
                continue
            if pending:  # announced no hand: the lines are the current hand's (or stray)
                if not current:
                    start = pending_start
                if not cut_line:  # (a hand past its cap keeps none of them)
                    current.extend(pending)
                pending = []
        if room:
            if len(current) < check_at:
                current.append(line)
            elif cut_line:
                last_line = number
            else:
                kept += sum(map(len, current[checked:]))
                checked = len(current)
                if checked >= lines_cap or kept + len(line) > chars_cap:
                    cut_line = last_line = number
                    cut_why = (
                        f"more than {lines_cap:,} lines"
                        if checked >= lines_cap
                        else f"more than {chars_cap:,} characters"
                    )
                    check_at = 0
                else:
                    current.append(line)
                    check_at = min(checked + _CAP_CHECK_LINES, lines_cap)
        elif len(current) < STRAY_KEPT:  # stray text (before the first header)
            if current or line.strip():
                if not current:
                    start = number
                current.append(line)
        elif line.strip():
            dropped, blank = dropped + blank + 1, 0
        else:
            blank += 1
    if pending:
        if not current:
            start = pending_start
        current.extend(pending)
    if current:
        hand = _finish(current, file, start, room, header_index, dropped)
        if cut_line and isinstance(hand, RawHand):
            hand = _too_long(hand, cut_line, last_line, cut_why)
        yield hand


def _too_long(hand: RawHand, cut_line: int, last_line: int, why: str) -> RawHand:
    """``hand`` cut at ``cut_line``: rejected as too long, its skipped lines said."""
    skipped = f"line {cut_line:,}" if last_line == cut_line else f"lines {cut_line:,}-{last_line:,}"
    cut = (
        f"the hand is too long to be one: {why} from its header at line {hand.first_line:,} "
        f"(no next hand header); {skipped} skipped, up to the next hand header"
    )
    return replace(hand, cut=cut, cut_line=cut_line)


def _finish(
    lines: list[str], file: str, start: int, room: str, header_index: int = 0, dropped: int = 0
) -> RawHand | StrayText:
    if room:
        while lines and not lines[-1].strip():
            lines.pop()
        return RawHand(file, start, tuple(lines), room, header_index)
    if dropped:  # its blank lines are counted among the kept, up to its last line
        return StrayText(file, start, tuple(lines), len(lines) + dropped)
    while lines and not lines[-1].strip():
        lines.pop()
    return StrayText(file, start, tuple(lines))
