"""The one reading of an XML room's hand (room-neutral): its elements with their places,
and a reader that takes each element to the method named after it.

:func:`read_elements` parses a hand's lines (one element and its children) with expat, the
parser under ``xml.etree``, in one call: every element becomes a :class:`Node` with its
start tag's file line and column, its attributes, its own text and its children. Text
that is not XML is the hand's PARSE_ERROR at expat's line and column; a hand the file
ends inside is a PARSE_ERROR too, or, for a room that asks (``partial``), read as far as
it goes and said to be cut short. The bytes were decoded before
(``auditor/read/decode.py``): expat is given text, so a declared encoding is never
followed twice.

A room declares its layout as data (:class:`Tag`: what each element is, the attributes
it must have and those it reads) and an :class:`ElementReader` with one method per
element it reads, named exactly after it; an element no table names, or one without an
attribute it needs, is a PARSE_ERROR at its place. The room keeps only what its elements
mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar
from xml.parsers import expat

from auditor import events as ev
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.parse.facts import LineError
from auditor.read.split import RawHand
from auditor.source import SourceSpan

_CUT_SHORT = expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS]  # "no element found"


@dataclass(slots=True)
class Node:
    """One element as read: its tag, attributes, own text, children and place."""

    tag: str
    attrs: dict[str, str]
    line: int  # the file line of its start tag
    column: int  # 1-based
    parent: str = ""  # the tag of the element it is in ("" for the hand's own)
    children: list[Node] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)  # its own text, as the parser gave it

    @property
    def text(self) -> str:
        """Its own text, without the blanks around it."""
        return "".join(self.parts).strip()

    def get(self, name: str, default: str = "") -> str:
        return self.attrs.get(name, default)

    def iter(self, tag: str) -> Iterator[Node]:
        """Its descendants named ``tag``, in document order."""
        for child in self.children:
            if child.tag == tag:
                yield child
            yield from child.iter(tag)


@dataclass(frozen=True, slots=True)
class Document:
    """A hand's elements in document order (the first is the hand's own)."""

    nodes: list[Node]
    cut_short: bool  # the text stops before the hand's end tag (the file ends in it)


class NodeError(LineError):
    """An element whose values its reader cannot read: a PARSE_ERROR (or the finding
    ``code`` names) at the element's line and column."""

    def __init__(self, node: Node, problem: str, code: Code = Code.PARSE_ERROR) -> None:
        super().__init__(node.line, problem, code)
        self.column = node.column

    @classmethod
    def at(cls, node: Node, err: Exception) -> NodeError:
        """``err``, raised while reading ``node``, as the finding it makes."""
        made = LineError.of(node.line, err)
        return cls(node, made.problem, made.code)


class _Collector:
    """expat's handlers: every element of a document, in document order, as a tree."""

    def __init__(self, first_line: int) -> None:
        self.first_line = first_line
        self.nodes: list[Node] = []
        self.stack: list[Node] = []
        self.parser = parser = expat.ParserCreate()
        parser.buffer_text = True
        parser.ordered_attributes = False
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._text

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        p = self.parser
        line = self.first_line + p.CurrentLineNumber - 1
        stack = self.stack
        node = Node(name, attrs, line, p.CurrentColumnNumber + 1, stack[-1].tag if stack else "")
        if stack:
            stack[-1].children.append(node)
        self.nodes.append(node)
        stack.append(node)

    def _end(self, name: str) -> None:
        self.stack.pop()

    def _text(self, text: str) -> None:
        if self.stack:
            self.stack[-1].parts.append(text)


def read_elements(
    lines: tuple[str, ...], first_line: int, file: str, partial: bool = False
) -> Document:
    """The elements of ``lines`` (line 1 is the file's ``first_line``); text expat cannot
    read raises the hand's HandParseError at its file line and column, and so does text
    that stops inside the hand's element unless ``partial`` (then read as far as it goes)."""
    collector = _Collector(first_line)
    try:
        collector.parser.Parse("\n".join(lines), True)
    except expat.ExpatError as err:
        if partial and err.code == _CUT_SHORT and collector.nodes and err.lineno >= len(lines):
            return Document(collector.nodes, True)
        at = first_line + err.lineno - 1
        text = lines[err.lineno - 1] if 0 < err.lineno <= len(lines) else ""
        reason = expat.errors.messages[err.code]
        raise HandParseError(
            file, at, err.offset + 1, text.strip(), f"well-formed XML ({reason})"
        ) from None
    return Document(collector.nodes, False)


class _Found(Exception):
    """Stops a parse once the start tag looked for is read."""


def start_attrs(lines: Iterable[str], tag: str) -> dict[str, str]:
    """The attributes of the first ``tag`` start tag of ``lines`` ({} if there is none, or
    the text breaks before it): a hand's id, game or table, read without its reader."""
    found: dict[str, str] = {}

    def start(name: str, attrs: dict[str, str]) -> None:
        if name == tag:
            found.update(attrs)
            raise _Found

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    try:
        for line in lines:
            parser.Parse(line + "\n", False)
    except (_Found, expat.ExpatError):
        pass
    return found


@dataclass(frozen=True, slots=True)
class Tag:
    """What one element of a room's layout is, for its reader."""

    what: str  # in words
    needs: tuple[str, ...] = ()  # attributes it must have (else PARSE_ERROR at its place)
    reads: tuple[str, ...] = ()  # the other attributes its reader reads, when written
    # read with its parent (a card of an action), or only there to hold others (a round):
    # no method of its own
    inside: bool = False


class ElementReader:
    """Reads a hand's elements, each with the method named after its tag in
    :attr:`ELEMENTS` (an element no table names is a PARSE_ERROR at its place)."""

    ELEMENTS: ClassVar[Mapping[str, Tag]]

    def __init__(self) -> None:
        self.raw = RawHand("", 1, ())

    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``'s elements (:meth:`_read`); a reading error is the
        hand's, at its element's line and column."""
        self.raw = raw
        nodes = read_elements(raw.lines, raw.first_line, raw.file).nodes
        try:
            return self._read(nodes)
        except LineError as err:
            raise self.error(err) from None

    def _read(self, nodes: list[Node]) -> ev.Hand:
        """The hand ``nodes`` (the record's elements, in order) make."""
        raise NotImplementedError

    def span(self, node: Node) -> SourceSpan:
        """Where ``node`` is: its start tag's file line."""
        return SourceSpan(self.raw.file, node.line)

    def check(self, node: Node) -> Tag:
        """What ``node`` is, once it is known to be in the table with what it needs."""
        tag = self.ELEMENTS.get(node.tag)
        if tag is None:
            raise NodeError(node, f"an element the reader does not know: <{node.tag}>")
        for name in tag.needs:
            if name not in node.attrs:
                raise NodeError(node, f"<{node.tag}> has no {name} attribute")
        return tag

    def visit(self, node: Node) -> None:
        """``node`` read with its method, after its needed attributes are checked."""
        if not self.check(node).inside:
            getattr(self, node.tag)(node)

    def visit_all(self, nodes: Iterable[Node]) -> None:
        for node in nodes:
            self.visit(node)

    def error(self, err: LineError) -> HandParseError:
        """A reading error as the hand's HandParseError, at its line and column."""
        return hand_error(self.raw, err)


def hand_error(raw: RawHand, err: LineError) -> HandParseError:
    """A reading error of ``raw`` as its HandParseError, at the element's line and column
    (the line's start for an error that names no element)."""
    at = err.line - raw.first_line
    text = raw.lines[at].strip() if 0 <= at < len(raw.lines) else ""
    column = err.column if isinstance(err, NodeError) else 1
    return HandParseError(raw.file, err.line, column, text, err.problem, err.code)


def missing_methods(reader: type[ElementReader]) -> set[str]:
    """The elements of a reader's table that are read by a method it does not have."""
    return {
        name
        for name, tag in reader.ELEMENTS.items()
        if not tag.inside and not callable(getattr(reader, name, None))
    }
