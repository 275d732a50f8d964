"""PokerStars-layout hands to events.

The grammar (``grammars/pokerstars.lark``) takes a hand apart into runs of lines. Each
run is read here line by line with the grammar's line terminals written again with
named groups (``_AFTER_NAME``, ``_LINES``): one match gives a line's kind, as the
grammar decides it, and its fields; the kind's method, one per line terminal, takes the
fields as the parameters of their names (as a Lark Transformer with inline arguments
would) and makes the event: no line is cut up by hand. The methods run as lexer
callbacks, so the events come out in file order and a hand cut short still yields the
events of its complete lines. The patterns are compiled in forms the regex engine runs
faster than the written ones (``_block_reader``); tests check they take the same lines.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.facts import (
    CURRENCY_OF_SYMBOL,
    SEAT_LIMIT,
    LineError,
    SeatError,
    local_time,
    variant,
)
from auditor.parse.grammar import build_parser
from auditor.read.split import RawHand
from auditor.rooms.pokerstars.wording import read_claim
from auditor.source import SourceSpan

_SITE_OF_PREFIX = {"PokerStars": "PokerStars", "PokerMaster": "PokerMaster"}
_BOARD_OF_WORD = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_STREET_OF_WORD = {
    "HOLE CARDS": ev.Street.PREFLOP,
    "DEALING HANDS": ev.Street.PREFLOP,
    "PRE-FLOP": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
# Tokens that are runs of lines, with their line kinds in the grammar's order; a tuple
# lists what may follow a player's name.
_PLAYER_LINE = (
    "FOLD",
    "CHECK",
    "CALL",
    "RAISE",
    "BET",
    "POST",
    "COLLECTED",
    "SHOWS",
    "NO_SHOW",
    "MUCKS",
    "CASHED_OUT",
    "INSURANCE",
    "TALK",
    "PLAYER_NOTE",
    "STATUS",
)
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (
        _PLAYER_LINE,
        "SECTION_MARKER",
        "DEALT",
        "UNCALLED",
        "CASH_DROP",
        "CANCELLED",
        "COMMENT",
        "DEALER_NOTE",
    ),
    "SUMMARY_BODY": (
        "SUMMARY_SEAT",
        "TOTAL_POT",
        "BOARD",
        "SEAT_CONTINUATION",
        "DEALER_NOTE",
        ("TALK", "PLAYER_NOTE", "STATUS"),
    ),
}
_LINE_KINDS = frozenset(
    kind
    for kinds in _BLOCKS.values()
    for entry in kinds
    for kind in (entry if isinstance(entry, tuple) else (entry,))
)
_SUMMARY_POSITIONS = ("button", "small blind", "big blind")
_NOT_AWARDED = "(pot not awarded as player cashed out)"
_RESULT_SEPARATOR = re.compile(r",? and (?=won|lost)")
_SUMMARY_RESULT = re.compile(r"(won|lost)(?: \(([^)]*)\))?(?: with (.*))?$")
_DATETIME = re.compile(
    r"([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})(?: -)? ([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?"
    r"(?: \(?([A-Z]{1,5})\)?)?"
)

# ---------------------------------------------------------------- the lines' fields
# Each line terminal of the grammar again, with its fields as named groups; each field
# is handed to the terminal's method as the parameter of its name (as a Lark Transformer
# with inline arguments would), checked when the reader is built. Lark's tokens carry no
# groups, and one group name in two terminals of a lexer state is a regex error, so the
# grammar cannot hold these itself. The pieces are the grammar's own (a test checks).
AMOUNT = r"[$€£¥]?[0-9][0-9,]*(\.[0-9]+)?"
PLAIN_AMOUNT = r"[0-9][0-9,]*(\.[0-9]+)?"
CARDS = r"\[[^\]\n]*\]"
ALL_IN = " and is all-in"
CAP_REACHED = r"( and)? has reached the [^\n]*cap"
NAME = r"[^\n]+?"
NAME_END = r"(?=:? [a-z])"
EOL = r"[ \t]*\n"
_MONEY = f"(?:{AMOUNT})"
_ALL_IN = f"(?P<all_in>{ALL_IN})?"
_TRIM = r"[^\S\n]*"  # what str.rstrip would drop from the end of a free text field
# Free text up to the line's end, without what str.rstrip would drop: greedy (a lazy
# field would try the line's end after each character), backing off to its last non-space.
_TEXT = r"(?:[^\n]*\S)?"
# What follows a player's name (the grammar's PLAYER_LINE kinds); the name is "player".
_AFTER_NAME: dict[str, str] = {
    "FOLD": r": folds(?: (?:\((?P<reason>[^)\n]*)\)"
    rf"|(?P<note>{CARDS}(?: \([^)\n]*\))?)))?",
    "CHECK": r": checks",
    "CALL": rf": calls (?P<amount>{_MONEY}){_ALL_IN}",
    "RAISE": rf": raises (?P<by>{_MONEY}) to (?P<to>{_MONEY}){_ALL_IN}(?:{CAP_REACHED})?",
    "BET": rf": bets (?P<amount>{_MONEY}){_ALL_IN}(?:{CAP_REACHED})?",
    "POST": r": (?P<post>posts (?:small blind|big blind|small & big blinds|the ante"
    r"|missed blind|dead blind|dead small blind|a bring-in)|straddle)"
    rf" (?P<amount>{_MONEY}){_ALL_IN}",
    "COLLECTED": rf" collected (?P<amount>{_MONEY}) from "
    r"(?P<pot>pot|main pot|side pot(?:-(?P<side>[0-9]+))?)",
    "SHOWS": r": shows \[(?P<cards>[^\]\n]*)\](?: \((?P<description>[^\n]*)\))?",
    "NO_SHOW": r": doesn't show hand",
    "MUCKS": r": mucks hand(?: \[(?P<cards>[^\]\n]*)\])?",
    "CASHED_OUT": rf" cashed out the hand for (?P<amount>{_MONEY})"
    rf"(?: \| Cash Out Fee (?P<fee>{_MONEY}))?",
    "INSURANCE": r": (?P<what>(?:get an all-in insurance|pay premium of all-in insurance)"
    rf"{_TEXT})",
    "TALK": r' said, "(?P<said>[^\n]*)"',
    # a rebuy or add-on ("X re-buys and receives 1500 chips for $1.00") is its own event
    "PLAYER_NOTE": r"(?P<note>(?: wins (?:the|a)? ?[^\n]*(?:bounty|tournament|eliminat)"
    r"| finished the tournament| split the [^\n]* bounty|(?P<change> re-buys| adds on)"
    rf"(?:[^\n]*? receives (?P<chips>{PLAIN_AMOUNT}) chips)?){_TEXT})",
    "STATUS": r":? (?P<what>is sitting out|sits out|has returned|is disconnected|is connected"
    r"|has timed out(?: while disconnected| while being disconnected)?|leaves the table"
    r"|joins the table at seat #[0-9]+|will be allowed to play after the button"
    rf"|was removed from the table{_TEXT})",
}
# The other lines, whole.
_LINES: dict[str, str] = {
    # the longest name: a name may hold "(5 in chips)", the last such is the stack
    "SEAT": rf"Seat (?P<seat>[0-9]+): (?P<player>[^\n]+) \((?P<stack>{_MONEY}) in chips"
    r"(?:, )?(?P<bounty>[^)\n]*?)(?: bounty)?\)(?P<after> [^\n]*)?",
    # (a literal first: the regex engine skips the alternative on the line's first character)
    "SECTION_MARKER": r"\*\*\* (?P<marker>(?:(?P<board>FIRST|SECOND|THIRD) )?(?P<street>HOLE CARDS"
    r"|DEALING HANDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW ?DOWN) \*\*\*"
    rf"(?P<cards>(?:{_TRIM}{CARDS})*){_TRIM}(?P<rest>{_TEXT}))",
    # (the look-ahead: the cards' group is entered only where cards may start)
    "DEALT": rf"Dealt to (?P<player>{NAME})(?= \[|{EOL})(?P<cards>(?: {CARDS}(?: {CARDS})?)?)",
    "UNCALLED": rf"Uncalled bet \((?P<amount>{_MONEY})\) returned to (?P<player>[^\n]*\S)",
    "CASH_DROP": rf"(?P<text>Cash Drop to Pot : total (?P<amount>{_MONEY}))",
    "CANCELLED": r"Hand cancelled",
    "COMMENT": r"(?P<text>#(?: [^\n]*\S)?)",
    "DEALER_NOTE": r"(?P<text>Betting is capped|No low hand qualified"
    r"|Hand was run (?:twice|two times|three times)|Table leave user)",
    "SUMMARY_SEAT": rf"Seat (?P<seat>[0-9]+): (?P<rest>{_TEXT})",
    "TOTAL_POT": rf"Total pot (?P<total>{_MONEY})(?P<pots>[^|\n]*)(?P<fees>(?:\|{_TEXT})?)",
    "BOARD": r"(?:(?P<board>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]\n]*)\]",
    "SEAT_CONTINUATION": r"(?P<line>with(?: (?P<text>[^\n]*\S))?)",
}
# Tokens that are not runs of lines: the header's parts, the table line, the summary's.
_END = r"\s*\Z"
_TOKENS: dict[str, re.Pattern[str]] = {
    kind: re.compile(pattern)
    for kind, pattern in {
        "HAND_ID": r"(?P<site>[^ ]+)[^\n]*#(?P<hand_id>[A-Z]*[0-9]+): +",
        "TOURNAMENT_ID": r"[^\n]*#(?P<tournament_id>[0-9]+),? ",
        "BUY_IN": rf"\s*(?P<buy_in>{_TEXT})" + _END,
        "GAME_NAME": r"(?P<game>[^\n]*)",
        "STAKES": rf" \((?P<small>{_MONEY})/(?P<big>{_MONEY})(?: (?P<currency>[A-Z]{{3}}))?\)",
        "LEVEL": r" - (?P<level>(?:Match Round [IVXLC]+, )?Level ?[IVXLC0-9]+ ?\("
        rf"(?P<small>{PLAIN_AMOUNT})/(?P<big>{PLAIN_AMOUNT})(?: - [^)\n]*)?\))",
        # (free text as _TEXT takes it: a lazy field would try the end after each
        # character, five times the time of this one, measured)
        "DATETIME": rf" - (?P<date_time>{_TEXT})" + _END,
        "TABLE": r"Table '(?P<table>[^\n]*)'(?: (?P<max_seats>[0-9]+)-max)?"
        r"(?: \((?:Play|Real) Money\))?(?: Seat #(?P<button>[0-9]+) is the button)?" + _END,
        "SUMMARY_MARKER": r"\*\*\* SUMMARY \*\*\*" + _END,
    }.items()
}
_GROUP = re.compile(r"\(\?P<(\w+)>")
# NAME before NAME_END, for the regex engine: the same names (the shortest that a line
# kind follows), but where NAME tries the look-ahead after every character (the engine
# jumps into it each time), this tries it only before a colon or a space, where it may
# hold, skipping the characters between at once (possessive runs). Speed: a street
# marker is scanned as a name first; 23% fewer instructions in the regex engine on the
# play lines (valgrind), the largest of these gains.
_NAME_TO_END = r"[^\n][^\n: ]*+(?:[: ][^\n: ]*+)*?"
_CARD_GROUP = re.compile(r"\[([^\]\n]*)\]")  # each group of a line's cards field
_POT_PART = re.compile(r"(Main pot|Side pot(?:-[0-9]+)?) ([^ .]+(?:\.[0-9]+)?)\.?")
# the fee fields after the total ("| Rake $1 | Jackpot $5"): a label, then its amount
_FEE_PART = re.compile(r"(?:\A| )\| \s*(?:(?P<label>[^\n]*?) )?(?P<amount>[^ \n]*?)\s*(?= \| |\Z)")
_POST_KINDS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "posts small & big blinds": ev.PostKind.SMALL_AND_BIG,
    "posts the ante": ev.PostKind.ANTE,
    "posts missed blind": ev.PostKind.MISSED_BLIND,
    "posts dead blind": ev.PostKind.MISSED_BLIND,
    "posts dead small blind": ev.PostKind.MISSED_BLIND,
    "posts a bring-in": ev.PostKind.BRING_IN,
    "straddle": ev.PostKind.STRADDLE,
}
_STATUS_OF_WORDS = {
    "is sitting out": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "has timed out while disconnected": ev.Status.TIMED_OUT,
    "has timed out while being disconnected": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
}
_STACK_CHANGES = {" re-buys": ev.StackChange.REBUY, " adds on": ev.StackChange.ADD_ON}
# A line kind's method: its span, then its fields in the order of its parameters.
_LineMethod = Callable[..., None]
# a line kind's field count, field group numbers and method
_Kind = tuple[int, tuple[int, ...], _LineMethod]


_SHOWN = (ev.Shown, ev.Mucked)  # the hands a record shows at the showdown


class PokerStarsReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    site_grammar = "pokerstars"
    # How the room writes cards: PokerStars writes a ten "Th"; "10h" or "th" is no card of
    # its layout (CARD_INVALID). A room that writes otherwise has a reader with its own.
    card_notation: CardNotation = LETTERS

    def __init__(self) -> None:
        # One method per grammar terminal, named after it (as a Lark Transformer's are),
        # listed here rather than looked up by name: a subclass's override is still the
        # one called, and a terminal with no method is a type error, not a runtime one.
        # Each method takes its terminal's fields as the parameters of their names.
        # header parts: their facts wait for the table line, whose event they go into
        header_parts: dict[str, _LineMethod] = {
            "HAND_ID": self.HAND_ID,
            "TOURNAMENT_ID": self.TOURNAMENT_ID,
            "BUY_IN": self.BUY_IN,
            "GAME_NAME": self.GAME_NAME,
            "STAKES": self.STAKES,
            "LEVEL": self.LEVEL,
            "DATETIME": self.DATETIME,
        }
        single_lines: dict[str, _LineMethod] = {
            "TABLE": self.TABLE,
            "SUMMARY_MARKER": self.SUMMARY_MARKER,
        }
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._header_part(name, method) for name, method in header_parts.items()
        }
        for name, line_method in single_lines.items():
            callbacks[name] = self._single(name, line_method)
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(self.site_grammar, callbacks)
        line_methods: dict[str, _LineMethod] = {
            "SEAT": self.SEAT,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": self.CALL,
            "RAISE": self.RAISE,
            "BET": self.BET,
            "POST": self.POST,
            "COLLECTED": self.COLLECTED,
            "SHOWS": self.SHOWS,
            "NO_SHOW": self.NO_SHOW,
            "MUCKS": self.MUCKS,
            "CASHED_OUT": self.CASHED_OUT,
            "INSURANCE": self.INSURANCE,
            "TALK": self.TALK,
            "PLAYER_NOTE": self.PLAYER_NOTE,
            "STATUS": self.STATUS,
            "SECTION_MARKER": self.SECTION_MARKER,
            "DEALT": self.DEALT,
            "UNCALLED": self.UNCALLED,
            "CASH_DROP": self.CASH_DROP,
            "CANCELLED": self.CANCELLED,
            "COMMENT": self.COMMENT,
            "DEALER_NOTE": self.DEALER_NOTE,
            "SUMMARY_SEAT": self.SUMMARY_SEAT,
            "TOTAL_POT": self.TOTAL_POT,
            "BOARD": self.BOARD,
            "SEAT_CONTINUATION": self.SEAT_CONTINUATION,
        }
        if line_methods.keys() != _LINE_KINDS:
            raise AssertionError("the grammar's line kinds and the reader's methods differ")
        self._blocks = {
            block: _block_reader(kinds, line_methods) for block, kinds in _BLOCKS.items()
        }
        self._file = ""
        self._offset = 0
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary_started = False  # whether the record has reached its summary
        self._seats: dict[int, str] = {}
        self._seat_players: set[str] = set()
        self._max_seats = SEAT_LIMIT  # the table line's N-max, when it has one
        self._header: dict[str, str] = {}
        self._scale = 1

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw.file, raw.first_line)
        text = raw.text
        try:
            try:
                self._parser.parse(text, start="start")
            except UnexpectedInput as err:
                return self._recover_or_raise(raw, err)
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        self._relabel_by_hole_cards()
        if not self._summary_started:
            # The record stops before its summary: read in full, but incomplete.
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)
        return ev.Hand(self._start, tuple(self._events))

    def _relabel_by_hole_cards(self) -> None:
        """A header naming 4-card Omaha over a hand dealt 5 or 6 cards a player (PokerMaster's
        "Omaha Pot Limit" at its "PPP_5Cards_..." tables) is read as the game its cards show,
        and a GameMislabeled event says so on the header's line."""
        start = self._start
        assert start is not None
        if start.hole_card_count != 4:
            return
        dealt = [len(e.cards) for e in self._events if type(e) is ev.Dealt and e.cards]
        # the usual hand (4 cards dealt) stops here, before the shown hands are looked at:
        # this runs for every hand of the room
        if not dealt or dealt[0] not in (5, 6):
            return
        counts = [len(e.cards) for e in self._events if isinstance(e, _SHOWN) and e.cards]
        hole = max([dealt[0], *counts])
        if any(count != hole for count in dealt):
            return
        shown = variant(start.limit, start.hi_lo, hole)
        relabeled = replace(start, hole_card_count=hole, variant=shown)
        at = next(i for i, e in enumerate(self._events) if e is start)
        why = f"{hole} hole cards are dealt"
        self._events[at : at + 1] = [
            relabeled,
            ev.GameMislabeled(start.span, start.game, shown, why),
        ]
        self._start = relabeled

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        if isinstance(err, UnexpectedEOF):
            line = raw.first_line + len(raw.lines) - 1
            column = 1
        else:
            line = raw.first_line + (err.line or 1) - 1
            column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        last_line = raw.first_line + len(raw.lines) - 1
        has_summary = any(line_text.startswith("*** SUMMARY ***") for line_text in raw.lines)
        # A record that stops short (the room or a copy cut it) is read up to its
        # last whole line and marked truncated: it is incomplete, not unreadable.
        if line >= last_line and not has_summary and "hand_id" in self._header:
            span = SourceSpan(raw.file, line, column)
            if self._start is None:  # cut inside the table line: the header still tells the game
                self._start = self._hand_started(span, "", None, None)
                self._events.insert(0, self._start)
            assert self._start is not None
            return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=span)
        expected: set[str] = set()
        if isinstance(err, UnexpectedToken):
            expected = set(err.expected)
        elif isinstance(err, UnexpectedCharacters):
            expected = set(err.allowed or ())
        raise HandParseError(
            raw.file,
            line,
            column,
            raw.line_text(line),
            describe_expected(expected, raw.line_text(line)),
            context=_context(err, raw.text),
            kind=self._mistake(err),
        ) from None

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (same parser state and token), or "".

        Runs after the failed hand's facts are taken: parsing the examples goes through
        the callbacks, which refill this reader's per-hand state (reset by the next read)."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(file, 1)
            return self._parser.parse(text, start="start")

        try:
            label = err.match_examples(parse, _MISTAKES, use_accepts=True)
        except (LineError, AmountError, ValueError):
            return ""
        return label or ""

    def _header_part(self, name: str, method: _LineMethod) -> Callable[[Token], Token]:
        pattern = _TOKENS[name]
        groups = _field_groups(name, pattern, method)

        def on_token(tok: Token) -> Token:
            try:
                method(*_token_fields(pattern, groups, tok))
            except (AmountError, ValueError) as err:
                raise LineError.of(self._offset + (tok.line or 1), err) from None
            return tok

        return on_token

    def _single(self, name: str, method: _LineMethod) -> Callable[[Token], Token]:
        pattern = _TOKENS[name]
        groups = _field_groups(name, pattern, method)

        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            try:
                method(SourceSpan(self._file, line), *_token_fields(pattern, groups, tok))
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind and fields in one match, one event each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        pattern, kinds = self._blocks[tok.type]
        first = line
        try:
            # The loop runs once a line: one match, one lookup of the kind's fields and method.
            for found in pattern.finditer(tok):
                count, groups, method = kinds[found.lastindex or 0]
                span = SourceSpan(file, line)
                if count > 1:
                    method(span, *found.group(*groups))
                elif count:
                    method(span, found[groups[0]])
                else:
                    method(span)
                line += 1
            # A match starts a line and ends it: as many matches as lines, or one was skipped.
            # (The lexer counted the token's lines: its end_line. Counting them again was 8M
            # instructions a thousand hands, 0.4% of the time.)
            lines = tok.end_line - (tok.line or 1) if tok.end_line else tok.count("\n")
            if line - first != lines:  # cannot happen: the patterns take the grammar's
                line = first + _lines_read(pattern, tok)
                raise ValueError("a line of no known kind")
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _reset(self, file: str, first_line: int) -> None:
        self._file = file
        self._offset = first_line - 1
        self._events = []
        self._start = None
        self._summary_started = False
        self._seats = {}
        self._seat_players = set()
        self._max_seats = SEAT_LIMIT
        self._header = {}
        self._scale = 1

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    # ------------------------------------------------------------ header
    def HAND_ID(self, site: str, hand_id: str) -> None:
        self._header["site"] = _SITE_OF_PREFIX.get(site, site)
        self._header["hand_id"] = hand_id

    def TOURNAMENT_ID(self, tournament_id: str) -> None:
        self._header["tournament_id"] = tournament_id

    def BUY_IN(self, buy_in: str) -> None:
        self._header["buy_in"] = buy_in

    def GAME_NAME(self, game: str) -> None:
        self._header["game"] = game

    def STAKES(self, small: str, big: str, currency: str | None) -> None:
        symbol = small[0] if small[:1] in CURRENCY_OF_SYMBOL else ""
        if not currency:
            currency = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"  # chips: play money
        self._scale = 1 if currency == "chips" else 100
        self._header.update(currency=currency, small=small, big=big)

    def LEVEL(self, level: str, small: str, big: str) -> None:
        self._header["level"] = level
        self._scale = 1
        self._header.update(currency="chips", small=small, big=big)

    def DATETIME(self, date_time: str) -> None:
        self._header["datetime"] = date_time

    def TABLE(
        self, span: SourceSpan, table: str, max_seats: str | None, button: str | None
    ) -> None:
        seats = int(max_seats) if max_seats else None
        if seats is not None and not 1 <= seats <= SEAT_LIMIT:
            raise SeatError(f"a table of {seats} seats")
        button_seat = int(button) if button else None
        self._max_seats = seats or SEAT_LIMIT
        if button_seat is not None and not 1 <= button_seat <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button_seat}, which no table has")
        self._start = self._hand_started(span, table, seats, button_seat, table_span=span)
        self._events.append(self._start)

    def _hand_started(
        self,
        span: SourceSpan,
        table: str,
        max_seats: int | None,
        button: int | None,
        table_span: SourceSpan | None = None,
    ) -> ev.HandStarted:
        h = self._header
        game = h.get("game", "")
        limit, hi_lo, hole, variant = _game_facts(game)
        try:  # the header's facts: a problem with them is the header line's
            started_at, zone = _parse_datetime(h.get("datetime", ""))
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(self._offset + 1, err) from None
        return ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=h.get("site", ""),
            hand_id=h.get("hand_id", ""),
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small_stake,
            big_stake=big_stake,
            currency=h.get("currency", "chips"),
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=table,
            max_seats=max_seats,
            button_seat=button,
            tournament_id=h.get("tournament_id"),
            buy_in=h.get("buy_in"),
            level=h.get("level"),
            table_span=table_span,
        )

    # ------------------------------------------------------------ seats
    def SEAT(
        self,
        span: SourceSpan,
        seat: str,
        player: str,
        stack: str,
        bounty: str,
        after: str | None,
    ) -> None:
        number = int(seat)
        # A seat numbered beyond the table's size is reported by the replay (converters
        # renumber seats); more players than the table has seats is a record of nothing.
        if not 1 <= number <= SEAT_LIMIT:
            raise SeatError(f"seat {number}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        if number in self._seats:
            raise SeatError(f"seat {number} is listed twice ({self._seats[number]}, {player})")
        if player in self._seat_players:
            raise SeatError(f"{player} sits in two seats")
        self._seats[number] = player
        self._seat_players.add(player)
        after = after or ""
        self._events.append(
            ev.SeatTaken(
                span,
                seat=number,
                player=player,
                stack=self._money(stack),
                sitting_out="sitting out" in after,
                out_of_hand="out of hand" in after,
                bounty=bounty or None,
            )
        )

    # ------------------------------------------------------------ the play
    def POST(
        self, span: SourceSpan, player: str, post: str, amount: str, all_in: str | None
    ) -> None:
        money = self._money(amount)
        self._events.append(ev.Posted(span, player, _POST_KINDS[post], money, all_in is not None))

    def DEALT(self, span: SourceSpan, player: str, cards: str) -> None:
        dealt: tuple[Card, ...] = ()
        for group in _CARD_GROUP.findall(cards):
            dealt += self.card_notation.cards(group)
        self._events.append(ev.Dealt(span, player, dealt))

    def FOLD(self, span: SourceSpan, player: str, reason: str | None, note: str | None) -> None:
        self._events.append(ev.Folded(span, player, reason or note or ""))

    def CHECK(self, span: SourceSpan, player: str) -> None:
        self._events.append(ev.Checked(span, player))

    # The layout always says all-in (" and is all-in"): a line without it is not.
    def CALL(self, span: SourceSpan, player: str, amount: str, all_in: str | None) -> None:
        added = self._money(amount)
        self._events.append(ev.ChipsIn(span, player, ev.Verb.CALL, added, None, bool(all_in)))

    def BET(self, span: SourceSpan, player: str, amount: str, all_in: str | None) -> None:
        added = self._money(amount)
        self._events.append(ev.ChipsIn(span, player, ev.Verb.BET, added, None, bool(all_in)))

    def RAISE(self, span: SourceSpan, player: str, by: str, to: str, all_in: str | None) -> None:
        self._events.append(
            ev.ChipsIn(span, player, ev.Verb.RAISE, None, self._money(to), bool(all_in))
        )

    def UNCALLED(self, span: SourceSpan, amount: str, player: str) -> None:
        self._events.append(ev.UncalledReturned(span, player, self._money(amount)))

    def SHOWS(self, span: SourceSpan, player: str, cards: str, description: str | None) -> None:
        shown = self.card_notation.cards(cards)
        said = description or ""
        self._events.append(ev.Shown(span, player, shown, said, read_claim(said)))

    def MUCKS(self, span: SourceSpan, player: str, cards: str | None) -> None:
        shown = self.card_notation.cards(cards) if cards is not None else ()
        self._events.append(ev.Mucked(span, player, shown))

    def NO_SHOW(self, span: SourceSpan, player: str) -> None:
        self._events.append(ev.NotShown(span, player))

    def COLLECTED(
        self, span: SourceSpan, player: str, amount: str, pot: str, side: str | None
    ) -> None:
        number = 0
        if pot.startswith("side pot"):
            number = int(side) if side else 1
        money = self._money(amount)
        self._events.append(ev.Collected(span, player, money, number, pot != "pot"))

    def CASHED_OUT(self, span: SourceSpan, player: str, amount: str, fee: str | None) -> None:
        paid = self._money(fee) if fee else None
        self._events.append(ev.CashedOut(span, player, self._money(amount), paid))

    def INSURANCE(self, span: SourceSpan, player: str, what: str) -> None:
        self._events.append(ev.Insurance(span, player, what))

    def CASH_DROP(self, span: SourceSpan, text: str, amount: str) -> None:
        self._events.append(ev.PotExtra(span, self._money(amount), text))

    def CANCELLED(self, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    def COMMENT(self, span: SourceSpan, text: str) -> None:
        self._events.append(ev.Note(span, text))

    def DEALER_NOTE(self, span: SourceSpan, text: str) -> None:
        self._events.append(ev.Note(span, text))

    def PLAYER_NOTE(
        self, span: SourceSpan, player: str, note: str, change: str | None, chips: str | None
    ) -> None:
        """Tournament news about a player; a rebuy or add-on is its own event."""
        text = player + note  # the whole line
        if change is None:
            self._events.append(ev.Note(span, text))
            return
        amount = self._money(chips) if chips is not None else None
        self._events.append(ev.StackAdded(span, player, _STACK_CHANGES[change], amount, text))

    def TALK(self, span: SourceSpan, player: str, said: str) -> None:
        self._events.append(ev.TableTalk(span, player, said))

    def STATUS(self, span: SourceSpan, player: str, what: str) -> None:
        self._events.append(ev.PlayerStatus(span, player, _status_of(what), what))

    def SECTION_MARKER(
        self,
        span: SourceSpan,
        marker: str,
        board: str | None,
        street: str,
        cards: str,
        rest: str,
    ) -> None:
        name, number, all_cards, new_cards = _section_marker(
            board, street, cards, self.card_notation
        )
        if name is None:
            self._events.append(ev.ShowdownStarted(span, number))
        else:
            self._events.append(ev.StreetDealt(span, name, number, all_cards, new_cards))
        if rest:
            problem = f"unexpected text after the street marker: {rest!r}"
            self._events.append(ev.Garbled(span, "*** " + marker, problem))

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, span: SourceSpan, total: str, pots: str, fees: str) -> None:
        main = None
        sides: list[int] = []
        for label, amount in _POT_PART.findall(pots):
            if label == "Main pot":
                main = self._money(amount)
            else:
                sides.append(self._money(amount))
        rake = None
        others: list[tuple[str, int]] = []
        for fee in _FEE_PART.finditer(fees):
            label = fee["label"]
            if label == "Rake":
                rake = self._money(fee["amount"])
            elif label:
                others.append((label, self._money(fee["amount"])))
        money = self._money(total)
        self._events.append(ev.SummaryPot(span, money, main, tuple(sides), rake, tuple(others)))

    def BOARD(self, span: SourceSpan, board: str | None, cards: str) -> None:
        number = _BOARD_OF_WORD[board] if board else 1
        self._events.append(ev.SummaryBoard(span, number, self.card_notation.cards(cards)))

    def SUMMARY_SEAT(self, span: SourceSpan, seat: str, rest: str) -> None:
        number = int(seat)
        player = self._seats.get(number, "")
        if player and rest.startswith(player):
            rest = rest.removeprefix(player)
        else:
            player, rest = _split_summary_name(rest)
        outcome = _seat_outcome(rest.strip(), self._scale, self.card_notation)
        self._events.append(ev.SummarySeat(span, number, player, *outcome))
        if _NOT_AWARDED in rest:
            # the pot he won went to the room, which had paid him his cash-out
            kept = sum(r.won or 0 for r in outcome[5] if _NOT_AWARDED in r.description)
            self._events.append(ev.PotNotAwarded(span, player, kept))

    def SEAT_CONTINUATION(self, span: SourceSpan, line: str, text: str | None) -> None:
        previous = self._events[-1] if self._events else None
        if isinstance(previous, ev.SummarySeat) and previous.results:
            last = previous.results[-1]
            joined = _seat_result(last.won, text or "")
            self._events[-1] = ev.SummarySeat(
                previous.span,
                previous.seat,
                previous.player,
                previous.positions,
                previous.outcome,
                previous.folded_on,
                previous.didnt_bet,
                previous.cards,
                (*previous.results[:-1], joined),
                previous.outcome_text,
            )
        else:
            self._events.append(ev.Garbled(span, line, "a 'with ...' line that continues nothing"))


# ---------------------------------------------------------------- helpers
_HEAD = (
    "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\n"
    "Table 'T' 6-max Seat #1 is the button\n"
)
_SEATED = _HEAD + "Seat 1: a ($200 in chips)\nSeat 2: b ($200 in chips)\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state and token it shares.
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or date)": [
        "PokerStars Hand #1:  Omaha Pot Limit - 2014/02/21 12:45:08 ET\n",
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD)\n",
    ],
    "a table line the layout does not have": [
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\nTable T\n",
    ],
    "a line of play the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\na: shoves\n",
    ],
    "a summary line the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\na: folds\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
        "nothing here\n",
    ],
}


def _context(err: UnexpectedInput, text: str) -> str:
    """The text around where reading stopped, with a caret under the place."""
    if isinstance(err, UnexpectedEOF) or not isinstance(err.pos_in_stream, int):
        return ""
    return str(err.get_context(text, span=40))


def _field_names(
    kind: str, groups: Iterable[str], method: _LineMethod, renamed: Mapping[str, str]
) -> tuple[str, ...]:
    """The groups holding ``method``'s parameters, in their order (its span aside).

    A parameter the pattern has no group for, or a group no parameter takes, is a reader
    that would drop a field or read none: an error when the reader is built."""
    params = [p for p in inspect.signature(method).parameters if p != "span"]
    names = tuple(renamed.get(p, p) for p in params)
    if set(names) != set(groups):
        raise AssertionError(f"{kind}: the method takes {params}, the line has {sorted(groups)}")
    return names


def _block_reader(
    kinds: tuple[str | tuple[str, ...], ...], methods: Mapping[str, _LineMethod]
) -> tuple[re.Pattern[str], tuple[_Kind, ...]]:
    """One pattern for a run of lines, kinds tried in the grammar's order; and, by group
    number, each kind's field groups and method: a match's kind is the one whose group
    closed last (``Match.lastindex``), each line's fields are its kind's groups.

    Every group is named after its kind (``CALL_amount``) but the player's name before
    the kinds that follow one, matched once as the grammar does (the shortest name that
    some kind follows, then the first kind). A kind that may match with none of its
    fields entered (``CHECK``, ``FOLD``) ends in an empty group named after it: it closes
    last, so it is the match's lastgroup."""
    parts: list[str] = []
    fields: dict[str, tuple[str, ...]] = {}
    own: dict[str, list[str]] = {}  # each kind's groups: any of them closing last names it

    def named(kind: str, body: str, shared: Mapping[str, str]) -> str:
        renamed = {field: f"{kind}_{field}" for field in _GROUP.findall(body)}
        fields[kind] = _field_names(
            kind, [*renamed.values(), *shared.values()], methods[kind], {**renamed, **shared}
        )
        own[kind] = list(renamed.values())
        body = _GROUP.sub(lambda group: f"(?P<{kind}_{group[1]}>", body)
        # Speed: the regex engine spends time on every group of the pattern for every
        # line, entered or not (the more so the earlier the group); a kind known by its
        # fields' groups needs no group of its own. The PLAY pattern has 45 groups, not
        # 75 (with the unnamed groups of AMOUNT and the like made non-capturing, below):
        # 13% fewer instructions in the regex engine on the play lines (valgrind).
        if _always_enters_a_group(body):
            return body
        own[kind].append(kind)
        return f"{body}(?P<{kind}>)"

    for entry in kinds:
        if isinstance(entry, tuple):
            tails = "|".join(named(kind, _AFTER_NAME[kind], {"player": "player"}) for kind in entry)
            parts.append(f"(?P<player>{_NAME_TO_END}{NAME_END})(?:{tails})")
        else:
            parts.append(named(entry, _LINES[entry], {}))
    # The grammar's pieces hold unnamed groups ("(\.[0-9]+)?"): no field, made non-capturing.
    plain = _UNNAMED_GROUP.sub("(?:", f"(?m:^)(?:{'|'.join(parts)}){EOL}")
    pattern = re.compile(_optionals_as_alternatives(plain))
    if pattern.groups != len(pattern.groupindex):  # cannot happen: the pieces are plain
        raise AssertionError("a line pattern with unnamed groups")
    # the player's group names no kind: a match it closed last would be a line of none
    table: list[_Kind] = [(0, (), _no_kind)] * (pattern.groups + 1)
    for kind, names in fields.items():
        # group numbers, not names: Match.group(3, 4) looks no name up
        read: _Kind = (len(names), tuple(pattern.groupindex[name] for name in names), methods[kind])
        for group in own[kind]:
            table[pattern.groupindex[group]] = read
    return pattern, tuple(table)


def _no_kind(span: SourceSpan) -> None:
    raise ValueError("a line of no known kind")


_UNNAMED_GROUP = re.compile(r"(?<!\\)\((?!\?)")


def _syntax(pattern: str) -> tuple[list[tuple[int, int]], list[int]]:
    """Where each group of ``pattern`` opens and closes, and where each ``|`` outside a
    character class is (indexes into ``pattern``)."""
    groups: list[tuple[int, int]] = []
    bars: list[int] = []
    opened: list[int] = []
    at, in_class = 0, False
    while at < len(pattern):
        char = pattern[at]
        if char == "\\":
            at += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            opened.append(at)
        elif char == ")":
            groups.append((opened.pop(), at))
        elif char == "|":
            bars.append(at)
        at += 1
    return groups, bars


def _always_enters_a_group(body: str) -> bool:
    """Whether every match of the pattern ``body`` enters one of its named groups: one at
    its top level, not made optional, and no top-level alternative (a conservative
    reading: an answer of False costs a group, never a wrong kind)."""
    groups, bars = _syntax(body)
    inner = [(start, end) for start, end in groups if any(o < start and end < c for o, c in groups)]
    top = [group for group in groups if group not in inner]
    if any(not any(start < bar < end for start, end in top) for bar in bars):
        return False  # an alternative at the top level
    return any(
        body.startswith("(?P<", start) and body[end + 1 : end + 2] not in ("?", "*", "{")
        for start, end in top
    )


def _optionals_as_alternatives(pattern: str) -> str:
    """``pattern`` with each optional group, ``(?:X)?`` or ``(?P<x>X)?``, written as an
    alternative with an empty branch, ``(?:X|)`` or ``(?:(?P<x>X)|)``: the same text, tried
    in the same order. Speed: the regex engine runs a ``?`` on more than one character
    as a loop (a repeat context, the marks saved each turn), an alternative as a plain
    choice: 14% fewer instructions in the regex engine on the play lines, 16% on the
    seats, 11% on the summaries (valgrind)."""
    edits: list[tuple[int, int, str]] = []  # where, how many characters replaced, by what
    for start, end in _syntax(pattern)[0]:
        if pattern[end + 1 : end + 2] != "?" or pattern[end + 2 : end + 3] in ("?", "+"):
            continue  # not optional, or lazy or possessive
        if pattern.startswith("(?:", start):
            edits.append((end, 2, "|)"))
        elif pattern.startswith("(?P<", start):
            edits += [(start, 0, "(?:"), (end, 2, ")|)")]
    for where, length, text in sorted(edits, reverse=True):
        pattern = pattern[:where] + text + pattern[where + length :]
    return pattern


def _lines_read(pattern: re.Pattern[str], block: str) -> int:
    """How many lines of ``block`` ``pattern`` takes, one after another from its start."""
    at, count = 0, 0
    while (found := pattern.match(block, at)) is not None:
        at, count = found.end(), count + 1
    return count


def _field_groups(name: str, pattern: re.Pattern[str], method: _LineMethod) -> tuple[int, ...]:
    """The numbers of the groups of ``pattern`` holding ``method``'s parameters, in order."""
    names = _field_names(name, pattern.groupindex, method, {})
    return tuple(pattern.groupindex[field] for field in names)


def _token_fields(pattern: re.Pattern[str], groups: tuple[int, ...], tok: str) -> tuple[Any, ...]:
    """The fields in ``groups`` of the token ``tok``, which ``pattern`` takes."""
    if not groups:
        return ()  # nothing to read: the lexer took the token whole ("*** SUMMARY ***")
    found = pattern.match(tok)
    if found is None:  # cannot happen: each pattern takes what its terminal takes
        raise ValueError(f"a token whose fields cannot be read: {tok!r}")
    if len(groups) > 1:
        return found.group(*groups)  # a tuple, in one call
    return (found[groups[0]],)


def _status_of(what: str) -> ev.Status:
    if what.startswith("joins the table"):
        return ev.Status.JOINS
    if what.startswith("was removed from the table"):
        return ev.Status.LEAVES
    return _STATUS_OF_WORDS[what]


@lru_cache(maxsize=1024)  # "*** HOLE CARDS ***" and "*** SHOWDOWN ***" are in every hand
def _section_marker(
    board_word: str | None, street_word: str, cards: str, notation: CardNotation
) -> tuple[ev.Street | None, int, tuple[Card, ...], tuple[Card, ...]]:
    """Street (None for a showdown), board, all cards and new cards of a street marker."""
    board = _BOARD_OF_WORD[board_word] if board_word else 1
    if street_word.replace(" ", "") == "SHOWDOWN":
        return None, board, (), ()
    groups = _CARD_GROUP.findall(cards)
    all_cards: tuple[Card, ...] = ()
    for group in groups:
        all_cards += notation.cards(group)
    new_cards = notation.cards(groups[-1]) if groups else ()
    return _STREET_OF_WORD[street_word], board, all_cards, new_cards


@lru_cache(maxsize=256)  # a file names a few games, hand after hand
def _game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of a header's game name."""
    hi_lo = "Hi/Lo" in game or "H/L" in game
    if "postflop" in game:
        limit = ev.Limit.PL_NL if "NL" in game else ev.Limit.POT
    elif "No Limit" in game:
        limit = ev.Limit.NO
    elif "Pot Limit" in game or game.startswith("PLO"):
        limit = ev.Limit.POT
    else:
        limit = ev.Limit.FIXED
    courchevel = "Courchevel" in game
    hole = 4
    if courchevel or game.startswith("5 Card") or game.startswith("PLO-5"):
        hole = 5
    elif game.startswith("6 Card") or game.startswith("PLO-6"):
        hole = 6
    return limit, hi_lo, hole, variant(limit, hi_lo, hole, courchevel)


def _parse_datetime(text: str) -> tuple[datetime | None, str]:
    found = _DATETIME.match(text)
    if not found:
        return None, ""
    y, mo, d, h, mi, sec, zone = found.groups()
    zone = zone or ""
    return local_time(int(y), int(mo), int(d), int(h), int(mi), int(sec or 0), zone), zone


_SUMMARY_VERBS = (
    " (button)",
    " (small blind)",
    " (big blind)",
    " folded",
    " showed",
    " mucked",
    " collected",
    " won",
    " lost",
    " is sitting out",
    " (didn't bet)",
    " cashed out",
)


def _split_summary_name(rest: str) -> tuple[str, str]:
    """Name and outcome of a summary line whose seat the hand did not list."""
    cut = min((at for verb in _SUMMARY_VERBS if (at := rest.find(verb)) > 0), default=len(rest))
    return rest[:cut], rest[cut:]


# The fields of a SummarySeat after its player, as _seat_outcome reads them.
_SeatOutcome = tuple[
    tuple[str, ...], ev.SeatOutcome, str, bool, tuple[Card, ...], tuple[ev.SeatResult, ...], str
]


@lru_cache(maxsize=4096)  # "(big blind) folded before Flop" and the like recur hand after hand
def _seat_outcome(rest: str, scale: int, notation: CardNotation) -> _SeatOutcome:
    """Positions, outcome, street folded on, didn't bet, cards and results of a summary line."""

    def money(text: str) -> int:
        return to_minor(text, scale)

    positions: list[str] = []
    while rest.startswith("("):
        close = rest.find(")")
        inner = rest[1:close]
        if inner not in _SUMMARY_POSITIONS:
            break
        positions.append(inner)
        rest = rest[close + 1 :].lstrip()
    didnt_bet = rest.endswith("(didn't bet)")
    if didnt_bet:
        rest = rest[: -len("(didn't bet)")].rstrip()
    shown: tuple[Card, ...] = ()
    results: list[ev.SeatResult] = []
    folded_on = ""
    other = ""
    outcome: ev.SeatOutcome
    if rest.startswith("folded"):
        outcome = ev.SeatOutcome.FOLDED
        folded_on = rest[len("folded ") :]
    elif rest.startswith(("showed [", "mucked")):
        outcome = ev.SeatOutcome.SHOWED if rest.startswith("showed") else ev.SeatOutcome.MUCKED
        if "[" in rest:
            shown = notation.cards(rest[rest.index("[") + 1 : rest.index("]")])
            rest = rest[rest.index("]") + 1 :].strip()
        else:
            rest = ""
        results = _results(rest.removeprefix("and ").strip(), money)
    elif rest.startswith("collected ("):
        outcome = ev.SeatOutcome.COLLECTED
        results = [ev.SeatResult(money(rest[len("collected (") : rest.index(")")]))]
    elif rest.startswith(("won", "lost")):
        outcome = ev.SeatOutcome.WON if rest.startswith("won") else ev.SeatOutcome.LOST
        results = _results(rest, money)
    elif rest.startswith("is sitting out"):
        outcome = ev.SeatOutcome.SITTING_OUT
    elif rest == "" and didnt_bet:
        outcome = ev.SeatOutcome.DIDNT_BET
    else:
        outcome = ev.SeatOutcome.OTHER
        other = rest or "none"
    return tuple(positions), outcome, folded_on, didnt_bet, shown, tuple(results), other


def _results(text: str, money: Callable[[str], int]) -> list[ev.SeatResult]:
    """``won ($1) with X, and lost with Y`` (run-it-twice lines chain several)."""
    results: list[ev.SeatResult] = []
    # most lines hold one result: no separator to look for
    parts = _RESULT_SEPARATOR.split(text) if " and " in text else (text,)
    for part in parts:
        part = part.strip()
        if not part:
            continue
        found = _SUMMARY_RESULT.match(part)
        if not found:
            results.append(_seat_result(None, part))
            continue
        verb, amount, description = found.groups()
        won = money(amount) if verb == "won" and amount else (0 if verb == "won" else None)
        results.append(_seat_result(won, (description or "").strip()))
    return results


def _seat_result(won: int | None, description: str) -> ev.SeatResult:
    """A result with its claim: the words before any " (" note ("(pot not awarded...)")."""
    return ev.SeatResult(won, description, read_claim(description.split(" (")[0]))
