"""Cut an iPoker XML file into its games, streaming: expat (the parser under
``xml.etree``) is fed one line at a time and each ``<game>`` is yielded as soon as its
end tag is read, so memory holds one game and the session's ``<general>`` block, never
the session.

A file may hold several ``<session>`` documents one after the other (the "Miner"
exports), a session cut short with no ``</session>`` (the archives fpdb keeps), or a
broken document. A game the parser cannot finish is still yielded, with its lines up to
the break: its reader then reports PARSE_ERROR at the same line and column. After a
break the splitter starts a new parser at the next ``<?xml``, ``<session`` or ``<game``
tag (a plain text search that only picks where to restart: every game is read by the
parser), so the file's other games are still read; a new document that begins inside an
unclosed one (a session cut short, then the next) starts a new parser where it begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from auditor.read.split import RawHand, StrayText

GAME = "game"
GENERAL = "general"
_DOCUMENT_STARTS = ("<?xml", "<session")
_RESTARTS = ("<?xml", "<session", "<" + GAME)
_JUNK_AFTER_ROOT = expat.errors.codes[expat.errors.XML_ERROR_JUNK_AFTER_DOC_ELEMENT]


@dataclass(slots=True)
class _Parser:
    """One expat parser over part of the file: its line 1 is the file's ``line_base``,
    cut at column ``col_base`` (a restart in the middle of a line)."""

    line_base: int
    col_base: int
    marks: list[tuple[bool, str, int, int]] = field(default_factory=list)
    depth: list[str] = field(default_factory=list)
    parser: expat.XMLParserType = field(init=False)

    def __post_init__(self) -> None:
        self.parser = expat.ParserCreate()
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end

    def place(self, line: int, column: int) -> tuple[int, int]:
        """The file's line and 0-based column of the parser's ``line``, ``column``."""
        return self.line_base + line - 1, column + (self.col_base if line == 1 else 0)

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        parent = self.depth[-1] if self.depth else ""
        self.depth.append(name)
        if name == GAME or (name == GENERAL and parent != GAME):
            p = self.parser
            self.marks.append((True, name, *self.place(p.CurrentLineNumber, p.CurrentColumnNumber)))

    def _end(self, name: str) -> None:
        self.depth.pop()
        parent = self.depth[-1] if self.depth else ""
        if name == GAME or (name == GENERAL and parent != GAME):
            p = self.parser
            line, column = self.place(p.CurrentLineNumber, p.CurrentColumnNumber)
            # expat stands at the end tag's "<"; the element ends after its ">"
            self.marks.append((False, name, line, column + len(name) + 3))


@dataclass(frozen=True, slots=True)
class _Open:
    name: str
    line: int
    column: int


def split_session(lines: Iterable[str], file: str, room: str) -> Iterator[RawHand | StrayText]:
    """The games of an iPoker XML file, each a RawHand with the session's ``<general>``
    block as its context (see the module's docstring)."""
    context: tuple[str, ...] = ()
    held: list[str] = []  # the file's lines from held_from on, while an element is open
    held_from = 1
    parser: _Parser | None = _Parser(1, 0)
    opened: _Open | None = None
    restarted = (0, 0)  # where the last new document began (never twice at one place)
    number = 0
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        if opened is None:
            held, held_from = [], number
        held.append(line)
        column = 0
        while True:
            if parser is None:  # after a break: restart at the next document or game
                starts = [at for at in (line.find(tag, column) for tag in _RESTARTS) if at >= 0]
                if not starts:
                    break
                parser, column = _Parser(number, min(starts)), min(starts)
            try:
                parser.parser.Parse(line[column:] + "\n", False)
                broken: expat.ExpatError | None = None
            except expat.ExpatError as err:
                broken = err
            for is_start, name, at_line, at_column in parser.marks:
                if is_start:
                    opened = _Open(name, at_line, at_column)
                elif opened is not None and opened.name == name:
                    own = _cut(held, held_from, opened, at_line, at_column)
                    if name == GENERAL:
                        context = own
                    else:
                        yield RawHand(file, opened.line, own, room, 0, context)
                    opened = None
            parser.marks.clear()
            if broken is None:
                break
            error_line, error_column = parser.place(broken.lineno, broken.offset)
            parser = None
            rest = line[error_column:].lstrip("\ufeff") if error_line == number else ""
            another = rest.startswith(_DOCUMENT_STARTS) or (
                broken.code == _JUNK_AFTER_ROOT and opened is None
            )
            if another and (number, error_column) != restarted:
                # another document begins (several sessions in one file, or a session
                # cut short before the next): a new parser from there; a game the new
                # document cuts short is read as far as it goes
                if opened is not None and opened.name == GAME:
                    own = _cut(held, held_from, opened, number, error_column)
                    yield RawHand(file, opened.line, own, room, 0, context)
                opened, restarted = None, (number, error_column)
                parser, column = _Parser(number, error_column), error_column
                continue
            if opened is not None and opened.name == GAME:
                # the game's lines up to the break: its reader reports the break
                yield RawHand(
                    file, opened.line, _cut(held, held_from, opened, number, None), room, 0, context
                )
            else:
                yield StrayText(file, error_line, (line,))
            opened = None
            break  # the rest of a broken line is not read: restart at the next start
    if parser is not None:
        try:
            parser.parser.Parse("", True)
        except expat.ExpatError:
            # a session cut short after its last whole game (no </session>) loses
            # nothing; a game cut short is yielded for its reader to report
            if opened is not None and opened.name == GAME:
                own = _cut(held, held_from, opened, number, None)
                yield RawHand(file, opened.line, own, room, 0, context)


def _cut(
    held: list[str], held_from: int, opened: _Open, end_line: int, end_column: int | None
) -> tuple[str, ...]:
    """An element's own lines: from its start tag (text before it on its first line
    blanked, so columns stay the file's) to its end tag (text after it dropped)."""
    own = held[opened.line - held_from : end_line - held_from + 1]
    if not own:
        return ()
    if end_column is not None:
        own[-1] = own[-1][:end_column]
    own[0] = " " * opened.column + own[0][opened.column :]
    while own and not own[-1].strip():
        own.pop()
    return tuple(own)
