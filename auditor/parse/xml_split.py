"""The one splitter of the XML rooms: a file cut into its hands as a real XML parser reads
them, streaming (room-neutral).

A room's layout (:class:`XmlLayout`) names the element of one hand (``<HAND>``, ``<game>``,
``<HISTORY>``), the element whose lines every later hand carries as its context (a
session's ``<SESSION>``, ``<description>`` or ``<general>`` block, written once), and the
starts of lines outside any hand that are no stray text (the session element wrapping the
hands, a separator between documents). Each hand and context element, from its start tag
at a line's start (or right after the end tag of the one before on the same line), is fed
to a parser of its own, the lines up to each one holding its end tag in one feed, and is
yielded the moment it closes: memory holds one hand and the context, whatever the file's
length. Markup that is no element (a declaration, comments, processing instructions, a
doctype: :mod:`auditor.parse.xml_prologue`) is looked past; the bytes are decoded before
(``auditor/read/decode.py``), so a declared encoding is never the parser's to follow.

A hand the parser cannot read (a broken document) is yielded all the same, with its lines
up to the next hand or separator (at most :data:`BROKEN_KEPT`): its reader parses it again
(:func:`auditor.parse.xml_elements.read_elements`) and reports PARSE_ERROR at the parser's
line and column, and the file's other hands are still read, each with a parser of its own.
A hand that a new hand or separator starts inside never closed: it is yielded as far as it
goes (its reader says where it stops). Text outside every hand is stray text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from xml.parsers import expat

from auditor.parse.xml_prologue import Markup
from auditor.read.split import RawHand, StrayText

STRAY_KEPT = 5  # stray lines kept for the finding's preview
BROKEN_KEPT = 10_000
"""Lines held of a hand the parser cannot read, waiting for the next hand's start tag: a
long run of text that is no XML is not held whole (its reader reports the first break)."""


@dataclass(frozen=True, slots=True)
class XmlLayout:
    """Where a room's hands are in its XML files."""

    hand: str  # the element of one hand: "HAND", "game", "HISTORY"
    context: str = ""  # the element later hands carry as context ("": none)
    # starts of lines outside the hands that are no stray text: the session element
    # wrapping the hands, a room's separators between documents
    known: tuple[str, ...] = ()

    def opens(self, text: str) -> str:
        """The element ``text`` (a line without its indent) starts: the hand's or the
        context's tag, or "" for neither."""
        if text[:1] != "<":
            return ""
        for tag in (self.hand, self.context):
            if tag and text.startswith(tag, 1) and text[len(tag) + 1 : len(tag) + 2] in _AFTER:
                return tag
        return ""

    def hand_at(self, line: str) -> int:
        """Where the hand's start tag is in ``line`` after its first column (-1: not)."""
        start, at = "<" + self.hand, 0
        while (at := line.find(start, at + 1)) > 0:
            if line[at + len(start) : at + len(start) + 1] in _AFTER:
                return at
        return -1


_AFTER = (" ", ">", "/", "\t", "")  # what follows an element's name in its start tag


class _Element:
    """The element being read: its lines, and a parser counting its depth."""

    def __init__(self, tag: str, line: int, hand: bool) -> None:
        self.tag = tag
        self.hand = hand
        self.line = line
        self.lines: list[str] = []
        self.fed = 0  # lines of ``lines`` the parser has
        self.depth = 0
        self.closed = self.broken = False
        self.parser = expat.ParserCreate()
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        self.depth += 1

    def _end(self, name: str) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.closed = True
            self.parser.StartElementHandler = self.parser.EndElementHandler = None

    def feed(self, line: str) -> None:
        """Feed the lines held and ``line``; a document the parser cannot read is broken."""
        text = "".join(f"{unfed}\n" for unfed in self.lines[self.fed :]) + line + "\n"
        self.fed = len(self.lines) + 1
        try:
            self.parser.Parse(text, False)
        except expat.ExpatError:
            # text after the end tag on its line is no break of this element
            self.broken = not self.closed  # kept whole to the next hand: its reader says where


def split_xml(
    lines: Iterable[str], file: str, room: str, layout: XmlLayout
) -> Iterator[RawHand | StrayText]:
    """Each hand of an XML file (a RawHand of ``room``: the element's lines, its start
    tag's line as first_line, the last context element's lines as its context), and the
    text outside any hand that is not ``known`` (see the module's docstring)."""
    close_tags = {tag: f"</{tag}>" for tag in (layout.hand, layout.context) if tag}
    context: tuple[str, ...] = ()
    open_: _Element | None = None
    stray: list[str] = []
    stray_start = stray_count = 0
    markup = Markup()  # comments, instructions, a doctype: no hand's text, nor stray
    number = 0
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        rest: str | None = line
        while rest is not None:
            line, rest = rest, None
            if open_ is None:
                line = markup.blank(line)
            text = line.lstrip()
            if open_ is not None and (
                layout.opens(text) == layout.hand or text.startswith(layout.known)
            ):
                # a new hand or a separator while an element is open: it never closed
                yield from _ended(open_, file, room, context)
                open_ = None
            if open_ is None:
                tag = layout.opens(text)
                if not tag:
                    if text and not text.startswith(layout.known):
                        if not stray:
                            stray_start = number
                        if len(stray) < STRAY_KEPT:
                            stray.append(line)
                        stray_count = number - stray_start + 1
                    continue
                if stray:
                    yield StrayText(file, stray_start, tuple(stray), stray_count)
                    stray = []
                open_ = _Element(tag, number, tag == layout.hand)
            if not open_.broken:
                if open_.lines and close_tags[open_.tag] not in line:
                    # fed with the line that may close it (one feed, not one a line)
                    if len(open_.lines) < BROKEN_KEPT:
                        open_.lines.append(line)
                    continue
                open_.feed(line)
            if open_.broken:
                # the next hand may start in the line, after the end of the broken one
                # (found broken on that very line, or on one before)
                at = layout.hand_at(line) if open_.lines else -1
                if at > 0:
                    open_.lines.append(line[:at])
                    yield from _ended(open_, file, room, context)
                    open_, rest = None, " " * at + line[at:]
                    continue
                if len(open_.lines) < BROKEN_KEPT:
                    open_.lines.append(line)
                continue
            if not open_.closed:
                open_.lines.append(line)
                continue
            # the element closed on this line: text after its end tag is outside it
            close = close_tags[open_.tag]
            at = line.rfind(close)
            cut = at + len(close) if at >= 0 else len(line)
            open_.lines.append(line[:cut])
            if open_.hand:
                yield RawHand(file, open_.line, tuple(open_.lines), room, 0, context)
            else:
                context = tuple(open_.lines)
            open_ = None
            if line[cut:].strip():  # the columns of what follows stay the file's
                rest = " " * cut + line[cut:]
    if open_ is not None:  # the file ended inside an element: its reader reports where
        yield from _ended(open_, file, room, context)
    if stray:
        yield StrayText(file, stray_start, tuple(stray), stray_count)


def _ended(
    element: _Element, file: str, room: str, context: tuple[str, ...]
) -> Iterator[RawHand | StrayText]:
    """An element that never closed: a hand for its reader to report, a context block as
    stray text (the hands after it keep the context before)."""
    lines = list(element.lines)
    while lines and not lines[-1].strip():
        lines.pop()
    if element.hand:
        yield RawHand(file, element.line, tuple(lines), room, 0, context)
    elif lines:
        yield StrayText(file, element.line, tuple(lines[:STRAY_KEPT]), len(lines))
