"""What every XML room needs, room-neutral: a streaming split of a session export into
its hands, and a hand's elements read with their file lines.

An XML session export is often a run of top-level elements with no single root (a
session or description element, then one element per hand). :func:`split_xml_session`
feeds the lines to one :class:`xml.etree.ElementTree.XMLPullParser` under a root of its
own, yields each hand element's lines as a :class:`RawHand` as soon as its end tag is
read (the session element's lines as its ``context``), and drops the parsed tree as it
goes: a long session holds one hand at a time. Text between hands is stray text.

A document that stops being XML stops that parser: the hand it was in is yielded with its
lines as far as the next line that starts the hand's tag, where a new parser takes over;
the room's reader parses the hand again (:func:`read_items`) and reports the error at its
line and column (PARSE_ERROR); the file's other hands are read. The bytes are decoded
before (``auditor/read/decode.py``), so an ``<?xml encoding=...?>`` declaration is not fed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from auditor.parse.errors import HandParseError
from auditor.read.split import STRAY_KEPT, RawHand, StrayText

BROKEN_KEPT = 10 * STRAY_KEPT
"""Lines held after a document stops being XML, waiting for the next hand's start tag:
past them, only the last line is kept (its number counts the stray lines)."""

_ROOT = "<xml-session>"  # the root the export lacks (it writes several top elements)


def new_parser() -> XMLPullParser[Element]:
    """A pull parser reporting each element's start and end."""
    return XMLPullParser(events=("start", "end"))


def elements(parser: XMLPullParser[Element]) -> Iterator[tuple[str, Element]]:
    """The (event, element) pairs read so far (raises ParseError where the text is not XML)."""
    event: Any  # typeshed's union of every event kind's pair; only start and end are asked
    for event in parser.read_events():
        kind, element = event
        if isinstance(element, Element):
            yield kind, element


@dataclass(frozen=True, slots=True)
class XmlItem:
    """One element of a hand as read: at its start or end tag, on file line ``line``."""

    kind: str  # "start" or "end"
    tag: str
    attrs: dict[str, str]
    text: str  # the element's own text (at its end; "" at its start)
    line: int


def read_items(lines: Iterable[str], first_line: int, file: str) -> list[XmlItem]:
    """A hand's elements in document order, each at its start and end tags, fed line by
    line (``lines`` without line ends, the first on file line ``first_line``); text that
    is not XML raises the hand's HandParseError at its file line and column."""
    parser = new_parser()
    found: list[XmlItem] = []
    kept: list[str] = []
    number = first_line - 1
    try:
        for number, line in enumerate(lines, start=first_line):
            kept.append(line)
            parser.feed(line + "\n")
            for kind, element in elements(parser):
                text = (element.text or "").strip() if kind == "end" else ""
                found.append(XmlItem(kind, element.tag, dict(element.attrib), text, number))
        parser.close()
    except ParseError as err:
        row, column = err.position
        at = first_line + row - 1
        text = kept[row - 1] if 0 < row <= len(kept) else ""
        raise HandParseError(file, at, column + 1, text, f"well-formed XML ({err})") from None
    return found


def first_attrs(lines: Iterable[str], tag: str) -> dict[str, str]:
    """The attributes of the first ``tag`` element of ``lines`` (empty if none can be read)."""
    parser = new_parser()
    try:
        for line in lines:
            parser.feed(line + "\n")
            for _, element in elements(parser):
                if element.tag == tag:
                    return dict(element.attrib)
    except ParseError:
        return {}
    return {}


class _Session:
    """The state of one file's split: the lines of the hand being read and the context."""

    def __init__(self, file: str, room: str) -> None:
        self.file = file
        self.room = room
        self.context: tuple[str, ...] = ()
        self.pending: list[tuple[int, str]] = []  # lines since the last hand ended
        self.hand_line = 0  # line of the open hand's start tag (0: none open)
        self.broken = False  # the parser stopped inside the open hand or before it

    def hand(self, upto: int) -> RawHand:
        lines = [text for number, text in self.pending if self.hand_line <= number <= upto]
        while lines and not lines[-1].strip():
            lines.pop()
        return RawHand(self.file, self.hand_line, tuple(lines), self.room, 0, self.context)


def _stray(file: str, pending: list[tuple[int, str]]) -> StrayText | None:
    """The non-blank lines of ``pending`` as stray text (None if there are none)."""
    lines = [(n, t) for n, t in pending if t.strip()]
    if not lines:
        return None
    kept = tuple(t for _, t in lines[:STRAY_KEPT])
    return StrayText(file, lines[0][0], kept, lines[-1][0] - lines[0][0] + 1)


def split_xml_session(
    lines: Iterable[str], file: str, room: str, hand_tag: str, context_tag: str
) -> Iterator[RawHand | StrayText]:
    """The ``hand_tag`` elements of an XML session file in file order, each with the last
    ``context_tag`` element's lines as its context (see the module's docstring)."""
    state = _Session(file, room)
    hand_start = f"<{hand_tag} "
    parser = _new_parser()
    root: Element | None = None
    for number, line in enumerate(lines, start=1):
        text = line.rstrip("\r\n")
        if number == 1:
            text = text.lstrip("\ufeff")
        if state.broken:
            if not text.lstrip().startswith(hand_start):
                if len(state.pending) < BROKEN_KEPT:
                    state.pending.append((number, text))
                else:  # a long run of non-XML: its first lines and where it ends are kept
                    state.pending[-1] = (number, text)
                continue
            yield from _flush_broken(state, number - 1, hand_start)
            parser, root = _new_parser(), None
            state.broken = False
        state.pending.append((number, text))
        if text.lstrip().startswith(("<?xml", "<!DOCTYPE", "<!doctype")):
            continue  # allowed only before our root: not fed
        try:
            parser.feed(text + "\n")
            for kind, element in elements(parser):
                if root is None:
                    root = element  # our own root's start comes first
                    continue
                if kind == "start" and element.tag == hand_tag and not state.hand_line:
                    before = [(n, t) for n, t in state.pending if n < number]
                    state.pending = [(n, t) for n, t in state.pending if n >= number]
                    stray = _stray(file, before)  # text between hands: kept, not lost
                    if stray is not None:
                        yield stray
                    state.hand_line = number
                elif kind == "end" and element.tag == context_tag and not state.hand_line:
                    state.context = _own_lines(state, number, f"<{context_tag}")
                    state.pending = [(n, t) for n, t in state.pending if n > number]
                    root.clear()
                elif kind == "end" and element.tag == hand_tag and state.hand_line:
                    yield state.hand(number)
                    state.pending, state.hand_line = [], 0
                    root.clear()  # the hand's tree is no longer needed
        except ParseError:
            state.broken = True
    if state.broken:
        yield from _flush_broken(state, None, hand_start)
    elif state.hand_line:
        yield state.hand(state.pending[-1][0])  # cut off: its reader says where
    else:
        stray = _stray(file, state.pending)
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


def _flush_broken(
    state: _Session, upto: int | None, hand_start: str
) -> Iterator[RawHand | StrayText]:
    """What a broken parser leaves: the open hand (its reader finds the error), else the
    lines as stray text."""
    if not state.hand_line:
        first = next((n for n, t in state.pending if t.lstrip().startswith(hand_start)), 0)
        state.hand_line = first
    if state.hand_line:
        last = upto if upto is not None else state.pending[-1][0]
        before = [(n, t) for n, t in state.pending if n < state.hand_line]
        stray = _stray(state.file, before)
        if stray is not None:
            yield stray
        yield state.hand(last)
    else:
        stray = _stray(state.file, state.pending)
        if stray is not None:
            yield stray
    state.pending, state.hand_line = [], 0
