"""PartyPoker hands to events.

The grammar (``grammars/party.lark``) holds the order of a hand's parts and one terminal
per kind of line, whose fields are named groups; the methods here, one per line terminal,
read those fields into events. They run as lexer callbacks, so the events come out in
file order. The seats, the play and the summary's body are each lexed as one run of
lines and taken apart here with the same line terminals (:data:`_BLOCKS` says in which
order they are tried); a line of the play that no kind reads is a parse error at its line.

What the room means by its words, where other rooms' same words mean otherwise:

- an action's amount is the chips it puts in: "raises [$30 USD]" is 30 MORE
  (``RaiseGiven.BY``); the 2026 layout's "raises 2.70 to 2.80" is read by its total;
- "is all-In [$X]" puts X more in, naming no call, bet or raise (``Verb.ALL_IN``): the
  replay tells which (:mod:`auditor.replay.classify`), as it does for every chips line;
- the room writes no "uncalled bet returned" line: the part of the last bet nobody
  matched is in the winner's "wins $X" (a hand won without a showdown), or is written
  as the last side pot, "wins $0.95 from side pot #1", that only its bettor was in (a
  showdown), or in the 2026 summary's "collected". The reader writes the return where
  the betting ends (an ``UncalledReturned`` on that line), and the rest as collected;
- "wins $X" is net of the rake, which its 2005-2017 layouts do not write; the 2026
  summary's "Main Pot: $X Rake: $R" is net too (the total pot is X + R);
- a seat no line of the play names was not dealt in, a seat listed under a placeholder
  name may be its acting player's, and a tournament layout writes no blind posts: these
  are decided from the whole record (:mod:`auditor.rooms.party.conventions`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from auditor import events as ev
from auditor.money import AmountError
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.facts import LineError
from auditor.parse.grammar import grammar_text, new_lark, private_cache_folder
from auditor.parse.text_reader import error_place, grammar_error, known_mistake
from auditor.read.split import RawHand
from auditor.rooms.party.conventions import (
    InferredPost,
    blind_posts,
    seat_names,
    with_conventions,
)
from auditor.rooms.party.header import HeaderLines
from auditor.rooms.party.play import PlayLines
from auditor.rooms.party.state import Fields
from auditor.source import SourceSpan

_FIELD_PREFIX = re.compile(r"\(\?P<[A-Z_]+__")
_BLANK_LINE = re.compile(r"[ \t\r]*\n")


class _UnknownLine(LineError):
    """A line of the play that no kind of line reads."""


# The runs of lines the lexer takes as one token, with their line kinds in the grammar's order.
_BLOCKS: dict[str, tuple[str, ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (
        "DEALING",
        "DEALT",
        "DEALER_NOTE",
        "CANCELLED",
        "FOLD",
        "ACTION",
        "CHECK",
        "POST",
        "WINS",
        "SHOWS",
        "SHOWS_LOW",
        "NO_SHOW",
        "ALL_IN_MARK",
        "STATUS",
        "FINISHED",
        "CASH_OUT_NOTE",
        "CASH_OUT",
        "CHAT",
    ),
    "SUMMARY_BODY": ("POT_LINE", "BOARD", "BALANCE"),
}


class PartyReader(HeaderLines, PlayLines):
    """Reads one hand at a time; not thread-safe (one per process)."""

    def __init__(self) -> None:
        # one method per line terminal, named after it (checked against the grammar below)
        methods: dict[str, Callable[[Fields, SourceSpan], None]] = {
            name: getattr(self, name) for name in dir(type(self)) if name.isupper()
        }
        text = grammar_text("party")
        singles = ("PREAMBLE", "HEADER", "GAME", "TABLE", "BUTTON", "PLAYER_COUNT")
        callbacks = {name: self._on_line(name, methods[name]) for name in singles}
        callbacks["SUMMARY_MARKER"] = self._on_line("SUMMARY_MARKER", self.SUMMARY_MARKER)
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser = _lark(text, "start", "contextual", callbacks)
        # every kind of line alone (the grammar's `line`): the line terminals' own patterns
        self.lines = _lark(text, "line", "basic", {})
        self._methods = methods
        # each terminal's own pattern, its groups named by field ("player", "amount"...)
        self._fields: dict[str, re.Pattern[str]] = {
            name: re.compile(_FIELD_PREFIX.sub("(?P<", self._terminal_regex(name)))
            for name in methods
        }
        # a run of lines taken apart: one pattern per block whose match names the line's
        # kind (an empty group closing last, as the last group) and holds its fields
        self._blocks: dict[str, re.Pattern[str]] = {
            block: re.compile(
                "|".join(f"(?:{self._terminal_regex(kind)}(?P<{kind}>))" for kind in kinds)
            )
            for block, kinds in _BLOCKS.items()
        }
        # each kind's fields, and their groups in its block's pattern (named with the prefix)
        self._groups: dict[str, tuple[tuple[str, str], ...]] = {
            kind: tuple((field, f"{kind}__{field}") for field in self._fields[kind].groupindex)
            for kinds in _BLOCKS.values()
            for kind in kinds
        }
        alone = {t.name for t in self._parser.terminals} - {"_BLANK", *_BLOCKS}
        lines = {t.name for t in self.lines.terminals} - {"_BLANK"}
        if set(methods) != alone | lines or lines != {k for ks in _BLOCKS.values() for k in ks}:
            raise AssertionError("the grammar's line kinds and the reader's methods differ")
        self._reset("", 1)

    def _terminal_regex(self, name: str) -> str:
        kinds = {kind for block in _BLOCKS.values() for kind in block}
        parser = self.lines if name in kinds else self._parser
        return str(parser.get_terminal(name).pattern.to_regexp())

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read.

        Two of the room's conventions need the whole record before its lines can be read
        (see :mod:`auditor.rooms.party.conventions`): a seat listed under another name
        than its player's, and a tournament layout's blind posts, which it does not write.
        A hand that has either is read a second time with them known."""
        hand = self._read(raw, {}, ())
        if hand.truncated or any(type(e) is ev.HandCancelled for e in hand.events):
            return hand  # a record that stops early: who was in cannot be told from it
        seats = [e for e in hand.events if type(e) is ev.SeatTaken]
        renamed = seat_names(seats, hand.events)
        posts: tuple[InferredPost, ...] = ()
        if self._tournament and not any(type(e) is ev.Posted for e in hand.events):
            posts = blind_posts(hand.start, seats, renamed, hand.events, self._no_small_blind)
        if renamed or posts:
            hand = self._read(raw, {r.listed: r.acting for r in renamed}, posts)
        return with_conventions(hand, renamed, posts)

    def _read(
        self, raw: RawHand, names: dict[str, str], posts: tuple[InferredPost, ...]
    ) -> ev.Hand:
        self._reset(raw.file, raw.first_line, names, posts)
        last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
        cut_at: SourceSpan | None = None
        try:
            try:
                self._parser.parse(raw.text, start="start")
            except UnexpectedInput as err:
                cut_at = self._cut_short(raw, err, last)
                if cut_at is None:
                    raise self._error(raw, err) from None
            except _UnknownLine as err:
                if self._settled or self._start_at < 0 or err.line != last.line:
                    raise self._unknown_line(raw, err.line) from None
                cut_at = last  # the record stops inside its last line
            if self._start_at < 0:
                raise LineError(raw.first_line + raw.header_at, "no table line")
            if cut_at is None and not self._settled:
                cut_at = last  # every line read, but the record stops before its winner
            if cut_at is None:
                self._end_of_play(self._last_span)
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        try:  # the header's stakes and date: a problem with them is the header line's
            start = self._hand_started()
        except (AmountError, ValueError, OverflowError) as err:
            line = raw.first_line + raw.header_at
            found = LineError.of(line, err)
            raise HandParseError(raw.file, line, 1, raw.header, found.problem, found.code) from None
        self._events[self._start_at] = start
        if cut_at is not None:
            return ev.Hand(start, tuple(self._events), truncated=True, truncated_at=cut_at)
        return ev.Hand(start, tuple(self._events))

    def _cut_short(self, raw: RawHand, err: UnexpectedInput, last: SourceSpan) -> SourceSpan | None:
        """Where a record that stops inside its last line was cut (None: not cut short,
        the error stands). A record cut short is incomplete, not unreadable."""
        if self._settled or self._start_at < 0:
            return None
        if isinstance(err, UnexpectedEOF):
            return last
        line = raw.first_line + (err.line or 1) - 1
        return last if line == last.line else None

    def _error(self, raw: RawHand, err: UnexpectedInput) -> HandParseError:
        line, column = error_place(raw, err)
        kind = self._mistake(err)
        return grammar_error(raw, err, line, column, describe_expected, kind)

    def _unknown_line(self, raw: RawHand, line: int) -> HandParseError:
        """A line of the play that no kind of line reads (the play is lexed as a whole)."""
        text = raw.line_text(line)
        return HandParseError(
            raw.file,
            line,
            1,
            text,
            describe_expected(set(_BLOCKS["PLAY"]), text),
            context=f"{text[:80]}\n^",
            kind="a line of play the layout does not have",
        )

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (same parser state and token), or "".
        Parsing the examples refills this reader's per-hand state (reset by the next read)."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(file, 1)
            return self._parser.parse(text, start="start")

        return known_mistake(err, _MISTAKES, parse)

    def _on_line(
        self, name: str, method: Callable[[Fields, SourceSpan], None]
    ) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            found = self._fields[name].match(tok)
            assert found is not None  # the lexer matched the same pattern
            span = SourceSpan(self._file, line)
            try:
                method(found.groupdict(), span)
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            self._last_span = span
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind and fields from the block's pattern (the first
        kind that reads it), one event (or none) each, in file order."""
        if tok.type == "PLAY":
            # The play run takes any line: where the grammar has no play (before the table
            # line, in the summary, a second run) lark is only trying it after an error
            # (its root lexer): leave the token to be refused, not read.
            if self._start_at < 0 or self._play_read or self._summary:
                return tok
            self._play_read = True
        line = self._offset + (tok.line or 1)
        methods, groups, pattern = self._methods, self._groups, self._blocks[tok.type]
        text = str(tok)
        at, end = 0, len(text)
        while at < end:
            blank = _BLANK_LINE.match(text, at)
            if blank is not None:  # blank lines carry nothing
                at, line = blank.end(), line + 1
                continue
            found = pattern.match(text, at)
            if found is None:
                raise _UnknownLine(line, "no kind of line reads this line of play")
            kind = found.lastgroup
            assert kind is not None  # every kind ends in its marker group
            fields = {field: found.group(group) for field, group in groups[kind]}
            if self._names and fields.get("player") in self._names:
                fields["player"] = self._names[fields["player"]]  # one player, two names
            span = SourceSpan(self._file, line)
            try:
                methods[kind](fields, span)
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            self._last_span = span
            at, line = found.end(), line + 1
        return tok


_HEAD = "***** Hand History for Game 1 *****\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state and token it shares.
_MISTAKES: dict[str, list[str]] = {
    "a game line the layout does not have (stakes, game or date)": [
        _HEAD + "$100 USD PL Omaha\n",
        _HEAD + "$100 USD Omaha Pot Limit - Monday, January 06, 09:52:55 EST 2014\n",
    ],
    "a table line the layout does not have": [
        _HEAD + "$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014\nTable Paris\n",
    ],
}


def _lark(text: str, start: str, lexer: str, callbacks: dict[str, Any]) -> Lark:
    """The grammar's LALR parser from rule ``start``, cached in our own folder only (never
    lark's cache=True: a pickle at a guessable path in the shared temp folder)."""
    options: dict[str, Any] = {
        "parser": "lalr",
        "start": start,
        "lexer": lexer,
        "lexer_callbacks": callbacks,
        "propagate_positions": False,
        "maybe_placeholders": False,
    }
    folder = private_cache_folder()
    if folder is not None:
        key = f"{text}\0{start}\0{lexer}\0{lark.__version__}".encode()
        options["cache"] = str(folder / f"party-{hashlib.sha256(key).hexdigest()[:16]}.lark")
    return new_lark(text, **options)
