"""Fault injection: one clean hand's text, one fault edited into it, and where it must show.

A :class:`Fault` holds a hand's lines (line 1 is the header) and the 1-based line at which
the replay must report the injected fault. Each edit returns a new ``Fault``; the first
edit sets the line (where that edit is), later edits only support it (keep the rest of
the record consistent) and move the line when they insert or delete above it.
:meth:`Fault.at` sets the line explicitly, e.g. when a deleted action makes the next
street marker the place of the finding.

Every edit checks the text it changes, so a case written against the wrong line fails
loudly instead of injecting something else::

    >>> f = Fault.of("A: bets $1\\nB: calls $1\\n").change(2, "$1", "$2")
    >>> f.text, f.line
    ('A: bets $1\\nB: calls $2\\n', 2)
    >>> f.insert(1, "B: checks").line
    3
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from auditor.read.decode import open_text
from auditor.read.split import RawHand, split_hands

_CARD = re.compile(r"^(?:10|[2-9TJQKA])[cdhs]$", re.IGNORECASE)


class FaultError(ValueError):
    """An edit that does not fit the hand: wrong line number, or text not found."""


@cache
def hand_text(path: Path, hand_id: str) -> str:
    """The text of hand ``hand_id`` in ``path``, its header as line 1."""
    with open(path, "rb") as stream:
        text, _ = open_text(stream)
        for item in split_hands(text, str(path)):
            if isinstance(item, RawHand) and item.hand_id == hand_id:
                return item.text
    raise FaultError(f"no hand #{hand_id} in {path}")


def _token(old: str) -> re.Pattern[str]:
    """``old`` as a whole token: not inside a longer name, number or amount."""
    return re.compile(r"(?<![\w$])(?<!\d[.,])" + re.escape(old) + r"(?!\w)(?![.,]\d)")


@dataclass(frozen=True, slots=True)
class Fault:
    """A hand's text with a fault edited in, and the 1-based line where it must be found."""

    lines: tuple[str, ...]
    marked: int | None = None

    @classmethod
    def of(cls, text: str) -> Fault:
        return cls(tuple(text.splitlines()))

    # ------------------------------------------------------------ results
    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    @property
    def line(self) -> int:
        if self.marked is None:
            raise FaultError("no fault injected yet")
        return self.marked

    def __getitem__(self, number: int) -> str:
        """Line ``number`` (1-based) as it is now."""
        self._check(number)
        return self.lines[number - 1]

    # ------------------------------------------------------------ edits
    def replace_line(self, number: int, new: str, *, was: str) -> Fault:
        """Line ``number`` (which must read ``was``, trailing blanks aside) becomes ``new``."""
        self._expect(number, was)
        return self._set(number, new)

    def change(self, number: int, old: str, new: str) -> Fault:
        """Change the one token ``old`` (an amount, a name, a card) in line ``number``."""
        current = self[number]
        pattern = _token(old)
        found = len(pattern.findall(current))
        if found != 1:
            raise FaultError(f"line {number} has {old!r} {found} times: {current!r}")
        return self._set(number, pattern.sub(lambda _: new, current))

    def change_amount(self, number: int, old: str, new: str) -> Fault:
        """Change the amount ``old`` (as written: ``$0.55``, ``1,216``, ``30``) to ``new``."""
        if not re.search(r"\d", old) or not re.search(r"\d", new):
            raise FaultError(f"not amounts: {old!r} -> {new!r}")
        return self.change(number, old, new)

    def duplicate_card(
        self, number: int, card: str, *, replacing: str, also: tuple[int, ...] = ()
    ) -> Fault:
        """Put ``card``, seen elsewhere in the hand, in place of ``replacing`` on line
        ``number`` (and on the lines ``also``, which repeat the same cards)."""
        if not _CARD.match(card) or not _CARD.match(replacing):
            raise FaultError(f"not cards: {card!r}, {replacing!r}")
        elsewhere = [
            n
            for n in range(1, len(self.lines) + 1)
            if n != number and n not in also and _token(card).search(self.lines[n - 1])
        ]
        if not elsewhere:
            raise FaultError(f"{card} is nowhere else in the hand: nothing to duplicate")
        fault = self.change(number, replacing, card)
        for other in also:
            fault = fault.change(other, replacing, card)
        return fault

    def swap(self, first: int, second: int) -> Fault:
        """Exchange two lines; the fault is at the upper one."""
        a, b = sorted((first, second))
        if a == b:
            raise FaultError("swap of a line with itself")
        lines = list(self.lines)
        lines[a - 1], lines[b - 1] = self[b], self[a]
        return self._edited(lines, a)

    def delete(self, number: int, *, was: str) -> Fault:
        """Remove line ``number``; the fault is at the line that takes its place."""
        self._expect(number, was)
        if self.marked == number:
            raise FaultError("deletes the line of the fault")
        lines = list(self.lines)
        del lines[number - 1]
        marked = self.marked
        if marked is not None and number < marked:
            marked -= 1
        return Fault(tuple(lines), marked if marked is not None else number)

    def insert(self, number: int, new: str) -> Fault:
        """Insert ``new`` so that it becomes line ``number``."""
        if not 1 <= number <= len(self.lines) + 1:
            raise FaultError(f"cannot insert at line {number} of {len(self.lines)}")
        lines = list(self.lines)
        lines.insert(number - 1, new)
        marked = self.marked
        if marked is not None and number <= marked:
            marked += 1
        return Fault(tuple(lines), marked if marked is not None else number)

    def cut(self, keep: int, *, partial: str = "") -> Fault:
        """Keep lines 1..``keep`` (and ``partial``, the start of the next line, if given):
        a record cut short. The fault is at its last line."""
        self._check(keep)
        lines = list(self.lines[:keep])
        if partial:
            if not self[keep + 1].startswith(partial):
                raise FaultError(f"line {keep + 1} does not start with {partial!r}")
            lines.append(partial)
        return Fault(tuple(lines), len(lines))

    def at(self, number: int) -> Fault:
        """Mark line ``number`` as the place of the fault."""
        self._check(number)
        return replace(self, marked=number)

    # ------------------------------------------------------------ helpers
    def _check(self, number: int) -> None:
        if not 1 <= number <= len(self.lines):
            raise FaultError(f"no line {number}: the hand has {len(self.lines)}")

    def _expect(self, number: int, was: str) -> None:
        if self[number].rstrip() != was.rstrip():
            raise FaultError(f"line {number} reads {self[number]!r}, not {was!r}")

    def _set(self, number: int, new: str) -> Fault:
        lines = list(self.lines)
        lines[number - 1] = new
        return self._edited(lines, number)

    def _edited(self, lines: list[str], number: int) -> Fault:
        return Fault(tuple(lines), self.marked if self.marked is not None else number)
