"""What every Lark line-grammar text reader shares: driving the parse, lines to methods,
and Lark's errors to :class:`HandParseError`.

A room's grammar lexes each single line (the header, the table line) as one token and
each run of lines (the seats, the play, the summary) as one token; the lexer hands each
token to a callback as it meets it, so the events come out in file order. A run is taken
apart line by line with the grammar's own line terminals (:class:`LineClassifier`).

:class:`LineReader` holds that driving; a room's reader keeps only what its room's
lines mean: one method per line kind, its per-hand state (``_reset``), whether the record
reached its end (``_complete``) and the hand it makes (``_hand``). The functions below
are the pieces the readers that drive Lark their own way share too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import AmountError
from auditor.parse.errors import HandParseError
from auditor.parse.facts import LineError
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.read.split import RawHand
from auditor.source import SourceSpan

LineMethod = Callable[[str, SourceSpan], None]
# a run's line kinds in the grammar's order (a tuple: the kinds that follow a NAME)
Kinds = tuple[str | tuple[str, ...], ...]
NO_HAND = RawHand("", 1, ("",))  # what a reader is reset to before its first hand


def unknown_line(text: str, span: SourceSpan) -> None:
    """Cannot happen for a run the lexer accepted: every line is of some kind."""
    raise ValueError(f"a line of no known kind: {text!r}")


def line_fields(pattern: re.Pattern[str], text: str) -> dict[str, str]:
    """The named fields of a line the grammar accepted (a mismatch is the line's error)."""
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"cannot read the fields of {text!r}")
    return found.groupdict()


def comma_cards(notation: CardNotation, text: str) -> tuple[Card, ...]:
    """A card list written with commas: "Tc, Kc, 3s" or "3c,5d,Ks,6h"."""
    return notation.cards(text.replace(",", " "))


def in_words(terminals: set[str], line: str, words: Mapping[str, str]) -> str:
    """What the grammar would have read where it stopped, in the room's ``words``."""
    if not line.strip():
        return "the hand ends too early"
    said = sorted({words[t] for t in terminals if t in words})
    return "expected " + " or ".join(said) if said else "this line is not one the grammar knows"


def error_place(raw: RawHand, err: UnexpectedInput, end_is_eof: bool = False) -> tuple[int, int]:
    """The line (in the file) and column where Lark stopped; the record's last line when
    the text ran out (``end_is_eof``: the parser's "$END" token counts as that too)."""
    ended = end_is_eof and isinstance(err, UnexpectedToken) and err.token.type == "$END"
    if isinstance(err, UnexpectedEOF) or ended:
        return raw.first_line + len(raw.lines) - 1, 1
    line = raw.first_line + (err.line or 1) - 1
    column = err.column if isinstance(err.column, int) and err.column > 0 else 1
    return line, column


def expected_terminals(err: UnexpectedInput) -> set[str]:
    """The terminals the grammar would have taken where it stopped."""
    if isinstance(err, UnexpectedToken):
        return set(err.expected)
    if isinstance(err, UnexpectedCharacters):
        return set(err.allowed or ())
    return set()


def error_context(err: UnexpectedInput, text: str) -> str:
    """The text around where reading stopped, with a caret under the place."""
    if isinstance(err, UnexpectedEOF) or not isinstance(err.pos_in_stream, int):
        return ""
    return str(err.get_context(text, span=40))


def last_line(raw: RawHand) -> SourceSpan:
    """The record's last line: where a record that stops early is cut."""
    return SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)


class LineReader:
    """Reads one hand at a time with a room's line grammar; not thread-safe (one per process).

    A subclass calls :meth:`_wire` once, and provides ``_reset`` (its per-hand state, which
    sets ``_file``, ``_offset``, ``_events`` and ``_start``), ``_complete`` and ``_hand``.
    """

    WORDS: ClassVar[Mapping[str, str]] = {}  # the grammar's terminals in the room's words
    NO_START = "no seat lines"  # the error of a record read whole with no hand's head
    END_IS_EOF = False  # the parser's "$END" where more was wanted: the record stops early

    _file: str
    _offset: int  # the record's first line in its file, less one
    _events: list[ev.Event]
    _start: ev.HandStarted | None

    def _wire(
        self,
        site: str,
        singles: Mapping[str, LineMethod],
        blocks: Mapping[str, Kinds],
        lines: Mapping[str, LineMethod],
    ) -> None:
        """Builds ``site``'s parser: each single-line token to its method, each run of lines
        to its lines' methods (by the line kinds of ``blocks``)."""
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._single(method) for name, method in singles.items()
        }
        for block in blocks:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(site, callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in blocks.items()
        }
        self._line_methods: dict[str | None, LineMethod] = dict(lines.items())
        self._line_methods[None] = unknown_line  # a match that names no kind
        self._reset(NO_HAND)

    # ------------------------------------------------------------ what a room says
    def _reset(self, raw: RawHand) -> None:
        raise NotImplementedError

    def _complete(self) -> bool:
        """The record reached its end (its summary, its pots paid)."""
        raise NotImplementedError

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        """The hand read; ``truncated_at``: where a record that stops early stops."""
        raise NotImplementedError

    def _stops_early(self, raw: RawHand) -> bool:
        """At a parse error on its last line: the record is cut short, not unreadable."""
        return not self._complete()

    def _before_block(self, block: str) -> None:
        """Before a run of lines is read (the head made once the seats start, say)."""

    def _after_parse(self) -> None:
        """Once the grammar has read the whole record."""

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles, or ""."""
        return ""

    def _describe(self, terminals: set[str], line: str) -> str:
        return in_words(terminals, line, self.WORDS)

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw)
        try:
            try:
                self._parser.parse(raw.text, start="start")
                self._after_parse()
            except UnexpectedInput as err:
                return self._recover_or_raise(raw, err)
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, self.NO_START)
        return self._hand(self._start, None if self._complete() else last_line(raw))

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        line, column = error_place(raw, err, self.END_IS_EOF)
        # A record cut inside its last line is read up to it and marked truncated.
        last = raw.first_line + len(raw.lines) - 1
        if line >= last and self._stops_early(raw) and self._start is not None:
            return self._hand(self._start, SourceSpan(raw.file, line, column))
        text = raw.line_text(line)
        what = self._describe(expected_terminals(err), text)
        context = error_context(err, raw.text)
        kind = self._mistake(err)
        raise HandParseError(
            raw.file, line, column, text, what, context=context, kind=kind
        ) from None

    def _single(self, method: LineMethod) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            try:
                method(str(tok).rstrip(), SourceSpan(self._file, line))
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind from the grammar's line terminals, one event each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        methods = self._line_methods
        try:
            self._before_block(tok.type)
            for found in self._classifiers[tok.type].matches(tok):
                methods[found.lastgroup](found.group().rstrip(), SourceSpan(file, line))
                line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok
