"""A Merge XML export cut into its hands, streaming: the file is a run of top-level
elements (a ``<description>`` then ``<game>`` after ``<game>``, no single root), fed line
by line to one :class:`xml.etree.ElementTree.XMLPullParser` under a root of our own. Each
``<game>`` is yielded as soon as its end tag is read, with the lines it spans and the
session's ``<description>`` line as its context; the parsed tree is dropped as it goes, so
a long session holds one hand at a time.

A document that stops being XML (a cut-off game, a stray ``<``) stops that parser: the
hand it was in is yielded with its lines as far as the next game's start tag, where a new
parser takes over; its reader parses the hand again and reports the error at its line and
column (PARSE_ERROR), and the file's other hands are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from auditor.read.split import STRAY_KEPT, RawHand, StrayText
from auditor.rooms.merge.pull import elements, new_parser

_ROOT = "<merge-session>"  # the root the export lacks (it writes several top elements)
GAME_START = "<game "  # where a new parser takes over after a broken hand


class _Session:
    """The state of one file's split: the lines of the hand being read and the context."""

    def __init__(self, file: str, room: str) -> None:
        self.file = file
        self.room = room
        self.context: tuple[str, ...] = ()
        self.pending: list[tuple[int, str]] = []  # lines since the last game ended
        self.game_line = 0  # line of the open game's start tag (0: none open)
        self.broken = False  # the parser stopped inside the open game or before it

    def hand(self, upto: int) -> RawHand:
        lines = [text for number, text in self.pending if self.game_line <= number <= upto]
        while lines and not lines[-1].strip():
            lines.pop()
        return RawHand(self.file, self.game_line, tuple(lines), self.room, 0, self.context)

    def stray(self) -> StrayText | None:
        return _stray(self.file, self.pending)


def _stray(file: str, pending: list[tuple[int, str]]) -> StrayText | None:
    """The non-blank lines of ``pending`` as stray text (None if there are none)."""
    lines = [(n, t) for n, t in pending if t.strip()]
    if not lines:
        return None
    kept = tuple(t for _, t in lines[:STRAY_KEPT])
    return StrayText(file, lines[0][0], kept, lines[-1][0] - lines[0][0] + 1)


def split_session(lines: Iterable[str], file: str, room: str) -> Iterator[RawHand | StrayText]:
    """The hands of a Merge XML file in file order (see the module's docstring)."""
    state = _Session(file, room)
    parser = _new_parser()
    root: Element | None = None
    for number, line in enumerate(lines, start=1):
        text = line.rstrip("\r\n")
        if number == 1:
            text = text.lstrip("\ufeff")
        if state.broken:
            if not text.lstrip().startswith(GAME_START):
                state.pending.append((number, text))
                continue
            yield from _flush_broken(state, number - 1)
            parser, root = _new_parser(), None
            state.broken = False
        state.pending.append((number, text))
        if text.lstrip().startswith("<?xml"):
            continue  # a declaration is only allowed before our root: not fed
        try:
            parser.feed(text + "\n")
            for kind, element in elements(parser):
                if root is None:
                    root = element  # our own root's start comes first
                    continue
                if kind == "start" and element.tag == "game" and not state.game_line:
                    before = [(n, t) for n, t in state.pending if n < number]
                    state.pending = [(n, t) for n, t in state.pending if n >= number]
                    stray = _stray(file, before)  # text between hands: kept, not lost
                    if stray is not None:
                        yield stray
                    state.game_line = number
                elif kind == "end" and element.tag == "description":
                    state.context = _own_lines(state, number, "<description")
                    state.pending = [(n, t) for n, t in state.pending if n > number]
                elif kind == "end" and element.tag == "game" and state.game_line:
                    yield state.hand(number)
                    state.pending, state.game_line = [], 0
                    root.clear()  # the hand's tree is no longer needed
        except ParseError:
            state.broken = True
    if state.broken:
        yield from _flush_broken(state, None)
    elif state.game_line:
        yield state.hand(state.pending[-1][0])  # cut off: its reader says where
    else:
        stray = state.stray()
        if stray is not None:
            yield stray


def _new_parser() -> XMLPullParser[Element]:
    parser = new_parser()
    parser.feed(_ROOT)
    return parser


def _own_lines(state: _Session, upto: int, start: str) -> tuple[str, ...]:
    """The pending lines from the last one starting ``start`` up to line ``upto``."""
    lines = [t for n, t in state.pending if n <= upto]
    first = max((i for i, t in enumerate(lines) if t.lstrip().startswith(start)), default=0)
    return tuple(t.strip() for t in lines[first:])


def _flush_broken(state: _Session, upto: int | None) -> Iterator[RawHand | StrayText]:
    """What a broken parser leaves: the open game (its reader finds the error), else the
    lines as stray text."""
    if not state.game_line:
        first = next((n for n, t in state.pending if t.lstrip().startswith(GAME_START)), 0)
        state.game_line = first
    if state.game_line:
        last = upto if upto is not None else state.pending[-1][0]
        yield state.hand(last)
    else:
        stray = state.stray()
        if stray is not None:
            yield stray
    state.pending, state.game_line = [], 0
