"""What every Lark line-grammar text reader shares: driving the parse, lines to methods,
and Lark's errors to :class:`HandParseError`.

A room's grammar lexes each single line (the header, the table line) as one token and
each run of lines (the seats, the play, the summary) as one token; the lexer hands each
token to a callback as it meets it, so the events come out in file order. A run is taken
apart line by line with the grammar's own line terminals.

One base holds that driving, :class:`FieldsReader`, so that a room's reader keeps only
what its room's lines mean: one method per line kind, named after it, which gets the
line's match (read with its terminal's own pattern, whose groups name its fields), its
per-hand state (``_reset``), whether the record has ended and the hand it makes
(``_hand``). The line kinds most rooms write alike are in :mod:`auditor.parse.lines`.

The functions (where Lark stopped, what it expected in words, a known mistake, a seat
taken) are shared too by the readers that drive Lark their own way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import ClassVar

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import AmountError
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError
from auditor.parse.fast_path import FastPath, build_fast_path
from auditor.parse.grammar import (
    _cache_name,
    grammar_text,
    new_lark,
    private_cache_folder,
)
from auditor.parse.runs import grammar_shape, grammar_words, run_kinds, run_pattern
from auditor.read.split import RawHand
from auditor.source import SourceSpan

NO_HAND = RawHand("", 1, ("",))  # what a reader is reset to before its first hand


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


def grammar_error(
    raw: RawHand,
    err: UnexpectedInput,
    line: int,
    column: int,
    describe: Callable[[set[str], str], str],
    kind: str = "",
) -> HandParseError:
    """Where the grammar stopped, with what it would have read there (``describe``: the
    terminals it expected and the line, in words) and the text around the place."""
    text = raw.line_text(line)
    what = describe(expected_terminals(err), text)
    context = error_context(err, raw.text)
    return HandParseError(raw.file, line, column, text, what, context=context, kind=kind)


def known_mistake(
    err: UnexpectedInput, mistakes: Mapping[str, list[str]], parse: Callable[[str], Tree[Token]]
) -> str:
    """Which known mistake ``err`` resembles (Lark's ``match_examples``: the same parser
    state), or "". ``parse`` reads an example with the reader's own parser, through its
    callbacks: it refills the reader's per-hand state, which the next read resets."""
    try:
        label = err.match_examples(parse, mistakes, use_accepts=True)
    except (LineError, AmountError, ValueError):
        return ""
    return label or ""


def take_seat(seats: dict[int, str], seat: int, player: str, lowest: int = 1) -> None:
    """``player`` sits on ``seat`` (``seats``: the seats taken so far); a seat no table
    has, a seat listed twice or a player in two seats is the seat line's error."""
    if not lowest <= seat <= SEAT_LIMIT:
        raise SeatError(f"seat {seat}, which no table has")
    if seat in seats:
        raise SeatError(f"seat {seat} is listed twice ({seats[seat]}, {player})")
    if player in seats.values():
        raise SeatError(f"{player} sits in two seats")
    seats[seat] = player


def last_line(raw: RawHand) -> SourceSpan:
    """The record's last line: where a record that stops early is cut."""
    return SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)


# ---------------------------------------------------------------- readers of named fields
Fields = re.Match[str]
FieldsMethod = Callable[[Fields, SourceSpan], None]


def unknown_fields(found: Fields, span: SourceSpan) -> None:
    """Cannot happen for a run the lexer accepted: every line is of some kind."""
    raise ValueError(f"a line of no known kind: {found.group()!r}")


def lalr_parser(site: str | Path, callbacks: Mapping[str, Callable[[Token], Token]]) -> Lark:
    """The LALR parser of ``site``'s grammar (its one start rule, ``start``) whose lexer
    hands each line to ``callbacks``; cached (as grammar.build_parser does) only in this
    user's private folder."""
    text = grammar_text(site)
    folder = private_cache_folder()
    return new_lark(
        text,
        parser="lalr",
        lexer="contextual",
        lexer_callbacks=dict(callbacks),
        propagate_positions=False,
        maybe_placeholders=False,
        cache=str(folder / _cache_name(site, text)) if folder is not None else False,
    )


class FieldsReader:
    """Reads one hand at a time with a grammar whose line terminals name their fields;
    not thread-safe (one per process).

    Each line's method gets the line's match, read with its terminal's own pattern, and
    reads its fields by name. A subclass names its ``GRAMMAR`` (or calls :meth:`_wire`
    itself), and provides ``_reset`` (which sets ``_file`` and ``_offset``), ``_open`` and
    ``_hand``. What a terminal is in the room's words, for parse errors, is the grammar's
    ``//:`` comment above its definition (:func:`~auditor.parse.runs.grammar_words`).
    """

    GRAMMAR: ClassVar[str] = ""  # the room's grammar by name: grammars/<GRAMMAR>.lark
    WORDS: ClassVar[Mapping[str, str]] = {}  # terminals' words besides the grammar's
    # mistakes seen in damaged records, by the place the grammar stops at: Lark's
    # match_examples labels an error with the first whose parser state it shares
    MISTAKES: ClassVar[Mapping[str, list[str]]] = {}
    UNSAID: ClassVar[frozenset[str]] = frozenset({"$END"})  # terminals no error names
    # more expected terminals than this: a line of play, not a list of them
    MOST_WORDS: ClassVar[int | None] = None

    _file: str
    _offset: int  # the record's first line in its file, less one

    def __init__(self) -> None:
        self._wire(self.GRAMMAR)

    def _wire(
        self,
        site: str | Path,
        singles: tuple[str, ...] | None = None,
        blocks: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        """Builds ``site``'s parser: each single line and each line of a run to the method
        named after its kind (one per line terminal, as a Transformer's are). By default
        both come from the grammar: a terminal its rules name is a single line if this
        reader has its method, else a run whose line kinds are the terminals it is made of
        that have one. ``singles`` and ``blocks`` (the runs' line kinds) say it instead.
        ``site``: a bundled room's grammar by name, or the path of a grammar file (a room
        added from outside)."""
        if not site:
            raise ValueError(f"{type(self).__name__} names no GRAMMAR")
        text = grammar_text(site)
        shape = grammar_shape(text, str(site))
        self._words = {**grammar_words(text), **self.WORDS}
        if singles is None:
            singles = tuple(name for name in shape.tokens if hasattr(self, name))
        if blocks is None:
            blocks = {
                name: tuple(kind for kind in run_kinds(shape.terms, name) if hasattr(self, kind))
                for name in shape.tokens
                if name not in singles
            }
            blocks = {name: kinds for name, kinds in blocks.items() if kinds}
        self._methods: dict[str | None, FieldsMethod] = {}
        for kind in (*singles, *(kind for run in blocks.values() for kind in run)):
            self._methods[kind] = getattr(self, kind)
        self._methods[None] = unknown_fields  # a match that names no kind
        callbacks = {name: self._on_single for name in singles}
        callbacks.update({name: self._on_block for name in blocks})
        self._parser: Lark = lalr_parser(site, callbacks)
        # the line terminals' own patterns (a lexer-only Lark keeps every terminal; it is
        # only asked for their patterns, never to lex)
        self._terminals = new_lark(text, parser=None, lexer="basic")
        self._single = {name: re.compile(self._pattern(name)) for name in singles}
        # a run of lines is read one line at a time with one pattern made from the run's
        # definition (the kind a line is, is the group that closes last)
        self._defined = shape.terms
        self._runs = {block: re.compile(self._run(block, run)) for block, run in blocks.items()}
        self._fast: FastPath | None = None
        self._fast_built = False  # built at the first read: after the room's own set-up
        self._reset(NO_HAND)

    def _pattern(self, terminal: str) -> str:
        return str(self._terminals.get_terminal(terminal).pattern.to_regexp())

    def _run(self, block: str, kinds: tuple[str, ...]) -> str:
        """One pattern for a line of ``block``, from its definition in the grammar: a
        line's kind is the name of the (empty) group after its kind's pattern. A run whose
        definition makes none (a kind written as more than one pattern, a group name
        twice in it) is the grammar's error, said when the reader is built."""
        try:
            pattern = run_pattern(self._defined, block, kinds)
            re.compile(pattern)
        except (ValueError, re.error) as err:
            raise ValueError(f"the grammar's run {block} makes no line pattern: {err}") from None
        return pattern

    # ------------------------------------------------------------ what a room says
    def _reset(self, raw: RawHand) -> None:
        raise NotImplementedError

    def _open(self) -> bool:
        """The hand has begun and not ended: a record that stops here was cut short."""
        raise NotImplementedError

    def _hand(self, raw: RawHand) -> ev.Hand:
        raise NotImplementedError

    # ------------------------------------------------------------ driving
    def _on_single(self, tok: Token) -> Token:
        line = self._offset + (tok.line or 1)
        found = self._single[tok.type].match(tok)
        try:
            if found is None:  # cannot be: the lexer matched it with this pattern
                raise ValueError(f"a {tok.type} line its pattern does not read")
            self._methods[tok.type](found, SourceSpan(self._file, line))
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind and fields, one event (or more, or none) each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        methods = self._methods
        try:
            for found in self._runs[tok.type].finditer(tok):
                methods[found.lastgroup](found, SourceSpan(file, line))
                line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read.

        A hand is read by the fast path (:mod:`auditor.parse.fast_path`, its gain measured
        there) where it reads it to its end as Lark would; else, afresh, by Lark."""
        self._reset(raw)
        try:
            if not self._read_fast(raw):
                try:
                    self._parser.parse(raw.text, start="start")
                except UnexpectedInput as err:
                    if not self._cut_short(err):
                        raise self._error(raw, err) from None
            return self._hand(raw)
        except LineError as err:
            line_text = raw.line_text(err.line)
            raise HandParseError(raw.file, err.line, 1, line_text, err.problem, err.code) from None

    def _read_fast(self, raw: RawHand) -> bool:
        """Reads ``raw`` with the fast path; False, the reader reset, where Lark is to."""
        if not self._fast_built:
            self._fast, self._fast_built = self._build_fast(), True
        if self._fast is None:
            return False
        try:
            if self._fast.read(raw.text, self._file, self._offset + 1):
                return True
        except (LineError, AmountError, ValueError):
            pass  # Lark reads it again and says it at the same line
        self._reset(raw)
        return False

    def _build_fast(self) -> FastPath | None:
        """The fast path, where the reader's driving is this class's (a room that takes
        tokens itself has none). Each run's pattern is its definition's (``_run``: the line
        pattern the run's terminal repeats), so a run ends where Lark's does."""
        own = FieldsReader
        if type(self)._on_block is not own._on_block or type(self)._on_single is not own._on_single:
            return None
        runs: dict[str, tuple[re.Pattern[str], Mapping[str | None, FieldsMethod]]] = {
            block: (pattern, self._methods) for block, pattern in self._runs.items()
        }
        singles = {name: (found, self._methods[name]) for name, found in self._single.items()}
        return build_fast_path(self._parser, singles, runs)

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """A record that stops before its end, at the end of a whole line (the room or a
        copy cut it): read up to there and marked truncated, not unreadable."""
        if not self._open():
            return False
        return isinstance(err, UnexpectedEOF) or (
            isinstance(err, UnexpectedToken) and err.token.type == "$END"
        )

    def _error(self, raw: RawHand, err: UnexpectedInput) -> HandParseError:
        last = raw.first_line + len(raw.lines) - 1
        if isinstance(err, UnexpectedEOF):
            line, column = last, 1
        else:
            line = raw.first_line + (err.line or 1) - 1 if isinstance(err.line, int) else 0
            line = line or last
            column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        expected = expected_terminals(err)
        if isinstance(err, UnexpectedCharacters):
            # the run of lines the lexer took just before could have gone on with this line
            history = err.token_history or ()
            if history and history[-1].type in self._runs:
                expected.add(history[-1].type)
        text = raw.line_text(line)
        words = sorted(self._words.get(t, t) for t in expected if t not in self.UNSAID)
        if not text.strip():
            what = "the hand ends too early"
        elif self.MOST_WORDS is not None and len(words) > self.MOST_WORDS:
            what = "this line is not one the layout has here (expected a line of play)"
        elif words:
            what = "expected " + " or ".join(words)
        else:
            what = "this line is not one the layout has"
        context = "" if isinstance(err, UnexpectedEOF) else str(err.get_context(raw.text, 40))
        kind = self._mistake(err)
        return HandParseError(raw.file, line, column, text, what, context=context, kind=kind)

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (Lark's ``match_examples``: the same parser
        state), or "". Parsing the examples refills this reader's per-hand state, which the
        next read resets."""
        if not self.MISTAKES:
            return ""
        raw = RawHand(self._file, 1, ("",))

        def parse(text: str) -> Tree[Token]:
            self._reset(raw)
            return self._parser.parse(text)

        return known_mistake(err, self.MISTAKES, parse)
