"""PokerStars-layout hands to events.

The grammar (``grammars/pokerstars.lark``) decides which kind each line is; the
methods here, one per line terminal, read that line's fields into an event.
They run as lexer callbacks, so the events come out in file order and a hand
cut short still yields the events of its complete lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, AmountOutOfRange, to_minor
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.read.split import RawHand
from auditor.rooms.pokerstars.wording import read_claim
from auditor.source import SourceSpan
from auditor.tables.timezones import to_utc

_CURRENCY_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY"}
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
# Each line terminal of the grammar again, with its fields as named groups: the grammar
# decides a line's kind, the kind's pattern names its fields. (Lark's tokens carry no
# groups, and one group name in two terminals of a lexer state is a regex error, so the
# grammar cannot hold these itself.) The pieces are the grammar's own (a test checks).
AMOUNT = r"[$€£¥]?[0-9][0-9,]*(\.[0-9]+)?"
PLAIN_AMOUNT = r"[0-9][0-9,]*(\.[0-9]+)?"
CARDS = r"\[[^\]\n]*\]"
ALL_IN = " and is all-in"
CAP_REACHED = r"( and)? has reached the [^\n]*cap"
# What ends a line: the lexer's EOL, and whatever else str.rstrip would drop from a free
# text field (patterns are matched up to the line's end, its "\n" included).
_END = r"\s*\Z"
_MONEY = f"(?:{AMOUNT})"
_ALL_IN = f"(?P<all_in>{ALL_IN})?"
# A name is the shortest that lets its line match, as in the grammar, except where the
# line's words could be in it: then the longest (the name is all before the last such words).
_FIELDS: dict[str, str] = {
    # header parts (tokens, not lines)
    "HAND_ID": r"(?P<site>[^ ]+)[^\n]*#(?P<hand_id>[A-Z]*[0-9]+): +",
    "TOURNAMENT_ID": r"[^\n]*#(?P<tournament_id>[0-9]+),? ",
    "BUY_IN": r"\s*(?P<buy_in>[^\n]*?)\s*\Z",
    "GAME_NAME": r"(?P<game>[^\n]*)",
    "STAKES": rf" \((?P<small>{_MONEY})/(?P<big>{_MONEY})(?: (?P<currency>[A-Z]{{3}}))?\)",
    "LEVEL": r" - (?P<level>(?:Match Round [IVXLC]+, )?Level ?[IVXLC0-9]+ ?\("
    rf"(?P<small>{PLAIN_AMOUNT})/(?P<big>{PLAIN_AMOUNT})(?: - [^)\n]*)?\))",
    "DATETIME": r" - (?P<datetime>[^\n]*?)" + _END,
    # single lines
    "TABLE": r"Table '(?P<table>[^\n]*)'(?: (?P<max_seats>[0-9]+)-max)?"
    r"(?: \((?:Play|Real) Money\))?(?: Seat #(?P<button>[0-9]+) is the button)?" + _END,
    "SUMMARY_MARKER": r"\*\*\* SUMMARY \*\*\*" + _END,
    # seats
    "SEAT": rf"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>{_MONEY}) in chips"
    r"(?:, )?(?P<bounty>[^)\n]*?)(?: bounty)?\)(?P<after> [^\n]*)?" + _END,
    # the play
    "FOLD": r"(?P<player>.+): folds(?: \((?P<reason>[^)\n]*)\)| (?P<note>[^\n]*?))?" + _END,
    "CHECK": r"(?P<player>.+): checks" + _END,
    "CALL": rf"(?P<player>.+): calls (?P<amount>{_MONEY}){_ALL_IN}" + _END,
    "RAISE": rf"(?P<player>.+): raises (?P<by>{_MONEY}) to (?P<to>{_MONEY}){_ALL_IN}"
    rf"(?:{CAP_REACHED})?" + _END,
    "BET": rf"(?P<player>.+): bets (?P<amount>{_MONEY}){_ALL_IN}(?:{CAP_REACHED})?" + _END,
    "POST": r"(?P<player>.+): (?P<post>posts (?:small blind|big blind|small & big blinds"
    r"|the ante|missed blind|dead blind|dead small blind|a bring-in)|straddle) "
    rf"(?P<amount>{_MONEY}){_ALL_IN}" + _END,
    "COLLECTED": rf"(?P<player>.+) collected (?P<amount>{_MONEY}) from "
    r"(?P<pot>pot|main pot|side pot(?:-(?P<side>[0-9]+))?)" + _END,
    "SHOWS": r"(?P<player>.+?): shows \[(?P<cards>[^\]\n]*)\](?: \((?P<description>[^\n]*)\))?"
    + _END,
    "NO_SHOW": r"(?P<player>.+): doesn't show hand" + _END,
    "MUCKS": r"(?P<player>.+): mucks hand(?: \[(?P<cards>[^\]\n]*)\])?" + _END,
    "CASHED_OUT": rf"(?P<player>.+?) cashed out the hand for (?P<amount>{_MONEY})"
    rf"(?: \| Cash Out Fee (?P<fee>{_MONEY}))?" + _END,
    "INSURANCE": r"(?P<player>.+): (?P<what>(?:get an all-in insurance"
    r"|pay premium of all-in insurance)[^\n]*?)" + _END,
    "TALK": r'(?P<player>.+?) said, "(?P<said>[^\n]*)"' + _END,
    # a rebuy or add-on ("X re-buys and receives 1500 chips for $1.00") is its own event;
    # other tournament news is a note
    "PLAYER_NOTE": r"(?P<text>(?:(?P<player>.+?)(?P<change> re-buys| adds on)"
    r"(?:[^\n]*? receives (?P<chips>" + PLAIN_AMOUNT + r") chips)?)?[^\n]*?)" + _END,
    "STATUS": r"(?P<player>.+?):? (?P<what>(?P<status>will be allowed to play after the button"
    r"|has timed out while being disconnected|has timed out while disconnected"
    r"|was removed from the table|joins the table at seat #|leaves the table|is disconnected"
    r"|is sitting out|has timed out|is connected|has returned|sits out)[^\n]*?)" + _END,
    "SECTION_MARKER": r"(?P<line>\*\*\* (?:(?P<board>FIRST|SECOND|THIRD) )?(?P<street>HOLE CARDS"
    r"|DEALING HANDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW ?DOWN) \*\*\*"
    r"(?P<cards>(?:\s*\[[^\]\n]*\])*)\s*(?P<rest>[^\n]*?))" + _END,
    "DEALT": r"Dealt to (?P<player>.+?)(?P<cards>(?: \[[^\]\n]*\])*)" + _END,
    "UNCALLED": rf"Uncalled bet \((?P<amount>{_MONEY})\) returned to (?P<player>.+?)" + _END,
    "CASH_DROP": rf"(?P<text>Cash Drop to Pot : total (?P<amount>{_MONEY}))" + _END,
    "CANCELLED": r"Hand cancelled" + _END,
    "COMMENT": r"(?P<text># [^\n]*?)" + _END,
    "DEALER_NOTE": r"(?P<text>[^\n]*?)" + _END,
    # summary
    "SUMMARY_SEAT": r"Seat (?P<seat>[0-9]+): (?P<rest>[^\n]*?)" + _END,
    "TOTAL_POT": rf"Total pot (?P<total>{_MONEY})(?: (?P<pots>[^|\n]*?))?"
    r"(?P<fees>(?: \| [^|\n]*?)*)" + _END,
    "BOARD": r"(?:(?P<board>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]\n]*)\]" + _END,
    "SEAT_CONTINUATION": r"(?P<line>with (?P<text>[^\n]*?))" + _END,
}
_PATTERNS = {kind: re.compile(pattern) for kind, pattern in _FIELDS.items()}
_ANY_LINE = re.compile(r"[^\n]*")
_Fields = re.Match[str]
_LineMethod = Callable[[_Fields, SourceSpan], None]
_CARD_GROUP = re.compile(r"\[([^\]\n]*)\]")  # each group of a line's cards field
_POT_PART = re.compile(r"(Main pot|Side pot(?:-[0-9]+)?) ([^ .]+(?:\.[0-9]+)?)\.?")
# the fee fields after the total ("| Rake $1 | Jackpot $5"): a label, then its amount
_FEE_PART = re.compile(r" \| \s*(?:(?P<label>[^|\n]*) )?(?P<amount>[^ |\n]*?)\s*(?= \| |\Z)")
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
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
    "has timed out while being disconnected": ev.Status.TIMED_OUT,
    "has timed out while disconnected": ev.Status.TIMED_OUT,
    "was removed from the table": ev.Status.LEAVES,
    "joins the table at seat #": ev.Status.JOINS,
    "leaves the table": ev.Status.LEAVES,
    "is disconnected": ev.Status.DISCONNECTED,
    "is sitting out": ev.Status.SITTING_OUT,
    "has timed out": ev.Status.TIMED_OUT,
    "is connected": ev.Status.CONNECTED,
    "has returned": ev.Status.RETURNED,
    "sits out": ev.Status.SITS_OUT,
}
_STACK_CHANGES = {" re-buys": ev.StackChange.REBUY, " adds on": ev.StackChange.ADD_ON}


SEAT_LIMIT = 2**15 - 1
"""The highest seat number (and table size) the tables hold: seat columns are int16."""


class _SeatError(ValueError):
    """A seat the table cannot have, or a seat or player listed twice."""


class _LineError(Exception):
    """A line the grammar accepts whose fields cannot be read (an amount finer than the unit),
    with the finding it makes."""

    def __init__(self, line: int, problem: str, code: str = "PARSE_ERROR") -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem
        self.code = code

    @classmethod
    def of(cls, line: int, err: Exception) -> _LineError:
        """``err``, raised while reading line ``line``, as the finding it makes."""
        if isinstance(err, AmountOutOfRange):
            return cls(line, str(err), "AMOUNT_OUT_OF_RANGE")
        if isinstance(err, _SeatError):
            return cls(line, str(err), "SEAT_INVALID")
        return cls(line, str(err))


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
        # Each method is handed its terminal's fields (_FIELDS), matched once.
        # header parts: their facts wait for the table line, whose event they go into
        header_parts: dict[str, Callable[[_Fields], None]] = {
            "HAND_ID": self.HAND_ID,
            "TOURNAMENT_ID": self.TOURNAMENT_ID,
            "BUY_IN": self.BUY_IN,
            "GAME_NAME": self.GAME_NAME,
            "STAKES": self.STAKES,
            "LEVEL": self.LEVEL,
            "DATETIME": self.DATETIME,
        }
        single_lines = {"TABLE": self.TABLE, "SUMMARY_MARKER": self.SUMMARY_MARKER}
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._header_part(_PATTERNS[name], method)
            for name, method in header_parts.items()
        }
        for name, line_method in single_lines.items():
            callbacks[name] = self._single(_PATTERNS[name], line_method)
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(self.site_grammar, callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
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
        # each kind with its fields' pattern and its method: one lookup a line
        self._lines: dict[str | None, tuple[re.Pattern[str], _LineMethod]] = {
            kind: (_PATTERNS[kind], method) for kind, method in line_methods.items()
        }
        self._lines[None] = (_ANY_LINE, _unknown_line)  # a match that names no kind
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
        except _LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, _line_at(raw, err.line), err.problem, err.code
            ) from None
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        if not self._summary_started:
            # The record stops before its summary: read in full, but incomplete.
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)
        return ev.Hand(self._start, tuple(self._events))

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
            _line_at(raw, line),
            describe_expected(expected, _line_at(raw, line)),
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
        except (_LineError, AmountError, ValueError):
            return ""
        return label or ""

    def _header_part(
        self, pattern: re.Pattern[str], method: Callable[[_Fields], None]
    ) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            try:
                method(_fields_of(pattern, tok, 0, len(tok)))
            except (AmountError, ValueError) as err:
                raise _LineError.of(self._offset + (tok.line or 1), err) from None
            return tok

        return on_token

    def _single(self, pattern: re.Pattern[str], method: _LineMethod) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            try:
                method(_fields_of(pattern, tok, 0, len(tok)), SourceSpan(self._file, line))
            except (AmountError, ValueError) as err:
                raise _LineError.of(line, err) from None
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: take it apart with the grammar's line terminals, one event each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        classifier = self._classifiers[tok.type]
        try:
            if classifier.only is not None:
                pattern, method = self._lines[classifier.only]
                for text in tok.split("\n")[:-1]:  # the lexer ends every line with "\n"
                    method(_fields_of(pattern, text, 0, len(text)), SourceSpan(file, line))
                    line += 1
            else:
                # The loop runs once a line: one lookup of its kind's pattern and method,
                # one match of its fields (up to its end, in the block: no copy of the line).
                lines = self._lines
                for found in classifier.matches(tok):
                    pattern, method = lines[found.lastgroup]
                    start, end = found.span()
                    fields = pattern.match(tok, start, end)
                    if fields is None:
                        fields = _fields_of(pattern, tok, start, end)  # raises
                    method(fields, SourceSpan(file, line))
                    line += 1
        except (AmountError, ValueError) as err:
            raise _LineError.of(line, err) from None
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
    def HAND_ID(self, fields: _Fields) -> None:
        site = fields["site"]
        self._header["site"] = _SITE_OF_PREFIX.get(site, site)
        self._header["hand_id"] = fields["hand_id"]

    def TOURNAMENT_ID(self, fields: _Fields) -> None:
        self._header["tournament_id"] = fields["tournament_id"]

    def BUY_IN(self, fields: _Fields) -> None:
        self._header["buy_in"] = fields["buy_in"]

    def GAME_NAME(self, fields: _Fields) -> None:
        self._header["game"] = fields["game"]

    def STAKES(self, fields: _Fields) -> None:
        small, big, code = fields.group("small", "big", "currency")
        symbol = small[0] if small[:1] in _CURRENCY_OF_SYMBOL else ""
        if code:
            currency = code
        elif symbol:
            currency = _CURRENCY_OF_SYMBOL[symbol]
        else:
            currency = "chips"  # play money
        self._scale = 1 if currency == "chips" else 100
        self._header.update(currency=currency, small=small, big=big)

    def LEVEL(self, fields: _Fields) -> None:
        self._header["level"] = fields["level"]
        self._scale = 1
        self._header.update(currency="chips", small=fields["small"], big=fields["big"])

    def DATETIME(self, fields: _Fields) -> None:
        self._header["datetime"] = fields["datetime"]

    def TABLE(self, fields: _Fields, span: SourceSpan) -> None:
        max_seats = int(fields["max_seats"]) if fields["max_seats"] else None
        if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
            raise _SeatError(f"a table of {max_seats} seats")
        button = int(fields["button"]) if fields["button"] else None
        self._max_seats = max_seats or SEAT_LIMIT
        if button is not None and not 1 <= button <= SEAT_LIMIT:
            raise _SeatError(f"the button on seat {button}, which no table has")
        self._start = self._hand_started(span, fields["table"], max_seats, button, table_span=span)
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
            raise _LineError.of(self._offset + 1, err) from None
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
    def SEAT(self, fields: _Fields, span: SourceSpan) -> None:
        seat = int(fields["seat"])
        player = fields["player"]
        after = fields["after"] or ""
        # A seat numbered beyond the table's size is reported by the replay (converters
        # renumber seats); more players than the table has seats is a record of nothing.
        if not 1 <= seat <= SEAT_LIMIT:
            raise _SeatError(f"seat {seat}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise _SeatError(f"more seats than the table's {self._max_seats}")
        if seat in self._seats:
            raise _SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_players:
            raise _SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_players.add(player)
        self._events.append(
            ev.SeatTaken(
                span,
                seat=seat,
                player=player,
                stack=self._money(fields["stack"]),
                sitting_out="sitting out" in after,
                out_of_hand="out of hand" in after,
                bounty=fields["bounty"] or None,
            )
        )

    # ------------------------------------------------------------ the play
    def POST(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(
            ev.Posted(
                span,
                fields["player"],
                _POST_KINDS[fields["post"]],
                self._money(fields["amount"]),
                fields["all_in"] is not None,
            )
        )

    def DEALT(self, fields: _Fields, span: SourceSpan) -> None:
        dealt: tuple[Card, ...] = ()
        for group in _CARD_GROUP.findall(fields["cards"]):
            dealt += self.card_notation.cards(group)
        self._events.append(ev.Dealt(span, fields["player"], dealt))

    def FOLD(self, fields: _Fields, span: SourceSpan) -> None:
        reason = fields["reason"]
        note = reason if reason is not None else fields["note"] or ""
        self._events.append(ev.Folded(span, fields["player"], note))

    def CHECK(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, fields["player"]))

    def CALL(self, fields: _Fields, span: SourceSpan) -> None:
        amount = self._money(fields["amount"])
        self._events.append(ev.Called(span, fields["player"], amount, fields["all_in"] is not None))

    def BET(self, fields: _Fields, span: SourceSpan) -> None:
        amount = self._money(fields["amount"])
        self._events.append(ev.Bet(span, fields["player"], amount, fields["all_in"] is not None))

    def RAISE(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(
            ev.RaisedTo(
                span,
                fields["player"],
                self._money(fields["by"]),
                self._money(fields["to"]),
                fields["all_in"] is not None,
            )
        )

    def UNCALLED(self, fields: _Fields, span: SourceSpan) -> None:
        amount = self._money(fields["amount"])
        self._events.append(ev.UncalledReturned(span, fields["player"], amount))

    def SHOWS(self, fields: _Fields, span: SourceSpan) -> None:
        shown = self.card_notation.cards(fields["cards"])
        description = fields["description"] or ""
        self._events.append(
            ev.Shown(span, fields["player"], shown, description, read_claim(description))
        )

    def MUCKS(self, fields: _Fields, span: SourceSpan) -> None:
        cards = fields["cards"]
        shown = self.card_notation.cards(cards) if cards is not None else ()
        self._events.append(ev.Mucked(span, fields["player"], shown))

    def NO_SHOW(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, fields["player"]))

    def COLLECTED(self, fields: _Fields, span: SourceSpan) -> None:
        pot_named, side = fields.group("pot", "side")
        pot = 0
        if pot_named.startswith("side pot"):
            pot = int(side) if side else 1
        amount = self._money(fields["amount"])
        self._events.append(ev.Collected(span, fields["player"], amount, pot, pot_named != "pot"))

    def CASHED_OUT(self, fields: _Fields, span: SourceSpan) -> None:
        fee = fields["fee"]
        self._events.append(
            ev.CashedOut(
                span,
                fields["player"],
                self._money(fields["amount"]),
                self._money(fee) if fee else None,
            )
        )

    def INSURANCE(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.Insurance(span, fields["player"], fields["what"]))

    def CASH_DROP(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.PotExtra(span, self._money(fields["amount"]), fields["text"]))

    def CANCELLED(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    def COMMENT(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, fields["text"]))

    def DEALER_NOTE(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, fields["text"]))

    def PLAYER_NOTE(self, fields: _Fields, span: SourceSpan) -> None:
        """Tournament news about a player; a rebuy or add-on is its own event."""
        text, change = fields.group("text", "change")
        if change is None:
            self._events.append(ev.Note(span, text))
            return
        chips = fields["chips"]
        amount = self._money(chips) if chips is not None else None
        self._events.append(
            ev.StackAdded(span, fields["player"], _STACK_CHANGES[change], amount, text)
        )

    def TALK(self, fields: _Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, fields["player"], fields["said"]))

    def STATUS(self, fields: _Fields, span: SourceSpan) -> None:
        status = _STATUS_OF_WORDS[fields["status"]]
        self._events.append(ev.PlayerStatus(span, fields["player"], status, fields["what"]))

    def SECTION_MARKER(self, fields: _Fields, span: SourceSpan) -> None:
        board_word, street_word, cards, rest = fields.group("board", "street", "cards", "rest")
        street, board, all_cards, new_cards = _section_marker(
            board_word, street_word, cards, self.card_notation
        )
        if street is None:
            self._events.append(ev.ShowdownStarted(span, board))
        else:
            self._events.append(ev.StreetDealt(span, street, board, all_cards, new_cards))
        if rest:
            problem = f"unexpected text after the street marker: {rest!r}"
            self._events.append(ev.Garbled(span, fields["line"], problem))

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, fields: _Fields, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, fields: _Fields, span: SourceSpan) -> None:
        main = None
        sides: list[int] = []
        for label, amount in _POT_PART.findall(fields["pots"] or ""):
            if label == "Main pot":
                main = self._money(amount)
            else:
                sides.append(self._money(amount))
        rake = None
        fees: list[tuple[str, int]] = []
        for fee in _FEE_PART.finditer(fields["fees"]):
            label = fee["label"]
            if label == "Rake":
                rake = self._money(fee["amount"])
            elif label:
                fees.append((label, self._money(fee["amount"])))
        total = self._money(fields["total"])
        self._events.append(ev.SummaryPot(span, total, main, tuple(sides), rake, tuple(fees)))

    def BOARD(self, fields: _Fields, span: SourceSpan) -> None:
        board = _BOARD_OF_WORD.get(fields["board"] or "", 1)
        shown = self.card_notation.cards(fields["cards"])
        self._events.append(ev.SummaryBoard(span, board, shown))

    def SUMMARY_SEAT(self, fields: _Fields, span: SourceSpan) -> None:
        seat = int(fields["seat"])
        rest = fields["rest"]
        player = self._seats.get(seat, "")
        if player and rest.startswith(player):
            rest = rest.removeprefix(player)
        else:
            player, rest = _split_summary_name(rest)
        outcome = _seat_outcome(rest.strip(), self._scale, self.card_notation)
        self._events.append(ev.SummarySeat(span, seat, player, *outcome))
        if _NOT_AWARDED in rest:
            # the pot he won went to the room, which had paid him his cash-out
            kept = sum(r.won or 0 for r in outcome[5] if _NOT_AWARDED in r.description)
            self._events.append(ev.PotNotAwarded(span, player, kept))

    def SEAT_CONTINUATION(self, fields: _Fields, span: SourceSpan) -> None:
        previous = self._events[-1] if self._events else None
        if isinstance(previous, ev.SummarySeat) and previous.results:
            last = previous.results[-1]
            joined = _seat_result(last.won, fields["text"])
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
            self._events.append(
                ev.Garbled(span, fields["line"], "a 'with ...' line that continues nothing")
            )


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


def _unknown_line(fields: _Fields, span: SourceSpan) -> None:
    """Cannot happen for a block the lexer accepted: every line is of some kind."""
    raise ValueError(f"a line of no known kind: {fields.group()!r}")


def _fields_of(pattern: re.Pattern[str], text: str, start: int, end: int) -> _Fields:
    """The fields of the line ``text[start:end]``, which its kind's pattern takes."""
    fields = pattern.match(text, start, end)
    if fields is None:  # cannot happen: each pattern takes what its terminal takes
        raise ValueError(f"a line whose fields cannot be read: {text[start:end]!r}")
    return fields


def _line_at(raw: RawHand, line: int) -> str:
    index = line - raw.first_line
    return raw.lines[index] if 0 <= index < len(raw.lines) else ""


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
    if "Courchevel" in game:
        hole, base = 5, "PLC"
        return limit, hi_lo, hole, base + ("8" if hi_lo else "")
    hole = 4
    if game.startswith("5 Card") or game.startswith("PLO-5"):
        hole = 5
    elif game.startswith("6 Card") or game.startswith("PLO-6"):
        hole = 6
    letter = {ev.Limit.POT: "P", ev.Limit.NO: "N", ev.Limit.FIXED: "F", ev.Limit.PL_NL: "N"}[limit]
    variant = f"{letter}LO"
    if hole > 4:
        variant += str(hole)
        return limit, hi_lo, hole, variant + ("-8" if hi_lo else "")
    return limit, hi_lo, hole, variant + ("8" if hi_lo else "")


def _parse_datetime(text: str) -> tuple[datetime | None, str]:
    found = _DATETIME.match(text)
    if not found:
        return None, ""
    y, mo, d, h, mi, s, zone = found.groups()
    local = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0))
    if local.year in (1, 9999):  # only there can a zone's offset leave the datetime range
        try:
            to_utc(local, zone or "")  # the tables hold the UTC instant too
        except OverflowError:
            raise ValueError(f"the date {text!r} has no UTC instant a table can hold") from None
    return local, zone or ""


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
