"""XML hand histories, one hand per element (room-neutral, for the XML rooms).

:func:`split_documents` cuts a file into its hands as a real XML parser reads it: each
hand is the text of one element whose start tag opens a line (``<Game ...>``,
``<HISTORY ...>``), fed to its own ``XMLPullParser`` (the lines up to each line that holds
its end tag in one feed) and yielded the moment that element closes (memory holds one
hand, whatever the session's length). A hand the
parser cannot read (a broken document) is yielded all the same, up to the next hand or
separator: its reader parses it again and reports PARSE_ERROR at the parser's line and
column, and the file's other hands are still read, each with a parser of its own.

:func:`parse_events` is that second reading: the hand's lines fed to a pull parser, each
start and end event with the file line it was read on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, cast
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from auditor.parse.errors import HandParseError
from auditor.parse.xml_prologue import Markup
from auditor.read.split import RawHand, StrayText

STRAY_KEPT = 5  # stray lines kept for the finding's preview


@dataclass(frozen=True, slots=True)
class XmlLayout:
    """Where a room's hands are in its XML files."""

    hand_tag: str  # the element of one hand: "Game", "HISTORY"
    # starts of lines that are no hand's text and no stray text: an XML declaration, the
    # session element wrapping the hands, a room's separators between documents
    known: tuple[str, ...] = ()

    def opens_hand(self, text: str) -> bool:
        """Whether ``text`` (a line without its indent) starts with the hand's start tag."""
        tag = self.hand_tag
        return (
            text.startswith(tag, 1)
            and text[:1] == "<"
            and text[len(tag) + 1 : len(tag) + 2] in (" ", ">", "/", "\t", "")
        )


def _parser(events: Sequence[Literal["start", "end"]]) -> XMLPullParser[Element]:
    return XMLPullParser(events)


def _events(parser: XMLPullParser[Element]) -> Iterator[tuple[str, Element]]:
    """The parser's start and end events (those this module asks for carry an element)."""
    return cast(Iterator[tuple[str, Element]], parser.read_events())


def split_documents(
    lines: Iterable[str], file: str, room: str, layout: XmlLayout
) -> Iterator[RawHand | StrayText]:
    """Each hand of an XML file (a RawHand of ``room``: the element's lines, its start
    tag's line as first_line), and the text outside any hand that is not ``known``."""
    close = f"</{layout.hand_tag}>"
    current: list[str] = []
    inside = broken = False
    start = depth = fed = 0
    parser = _parser(("start", "end"))
    stray: list[str] = []
    stray_start = stray_count = 0
    markup = Markup()  # comments, instructions, a doctype: no hand's text, nor stray
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        rest: str | None = line
        while rest is not None:
            line, rest = rest, None
            if not inside:
                line = markup.blank(line)
            text = line.lstrip()
            if inside and (layout.opens_hand(text) or (text and text.startswith(layout.known))):
                # a new hand or a separator while one is open: that one never closed
                yield RawHand(file, start, tuple(current), room, 0)
                inside = False
            if not inside:
                if not layout.opens_hand(text):
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
                current, start, depth, fed, broken = [], number, 0, 0, False
                parser = _parser(("start", "end"))
                inside = True
            if broken or (current and close not in line):
                # fed with the line that may close the hand (one feed, not one a line)
                current.append(line)
                continue
            parser.feed("".join(f"{unfed}\n" for unfed in current[fed:]) + line + "\n")
            fed = len(current) + 1
            closed = False
            try:
                for event, _ in _events(parser):
                    depth += 1 if event == "start" else -1
                    if depth == 0:
                        closed = True
                        break
            except ParseError:
                broken = True  # kept whole to the next hand: its reader says where
            if not closed:
                current.append(line)
                continue
            # the element closed on this line: text after its end tag is outside it
            at = line.rfind(close)
            cut = at + len(close) if at >= 0 else len(line)
            current.append(line[:cut])
            yield RawHand(file, start, tuple(current), room, 0)
            inside = False
            rest = line[cut:] if line[cut:].strip() else None
    if inside:  # the file ended inside a hand: its reader reports where
        yield RawHand(file, start, tuple(current), room, 0)
    if stray:
        yield StrayText(file, stray_start, tuple(stray), stray_count)


def parse_events(raw: RawHand) -> Iterator[tuple[int, str, Element]]:
    """(file line, "start" or "end", element) for each element of ``raw``'s XML, in
    order; a document the parser cannot read raises HandParseError at its line and
    column (the end of the hand for one that never closes)."""
    parser = _parser(("start", "end"))
    number = raw.first_line
    try:
        for number, line in enumerate(raw.lines, start=raw.first_line):
            parser.feed(line + "\n")
            for event, element in _events(parser):
                yield number, event, element
        parser.close()
        for event, element in _events(parser):
            yield number, event, element
    except ParseError as err:
        raise xml_error(raw, err) from None


def xml_error(raw: RawHand, err: ParseError) -> HandParseError:
    """The parser's error as the hand's PARSE_ERROR, at the file line and column."""
    line, column = err.position
    at = min(max(line, 1), len(raw.lines)) if raw.lines else 1
    text = raw.lines[at - 1] if raw.lines else ""
    problem = str(err).split(": line ", 1)[0]
    return HandParseError(
        raw.file, raw.first_line + at - 1, column + 1, text, f"well-formed XML ({problem})"
    )


def start_tag(raw: RawHand, tag: str) -> dict[str, str]:
    """The attributes of the hand's ``tag`` start tag ({} if its lines have none): read
    off the lines up to it, without reading the hand (its room's game, id and table)."""
    parser = _parser(("start",))
    try:
        for line in raw.lines[:8]:
            parser.feed(line + "\n")
            for _, element in _events(parser):
                if element.tag == tag:
                    return dict(element.attrib)
    except ParseError:
        pass
    return {}
