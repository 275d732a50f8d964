"""Full Tilt hands to events.

The grammar (``grammars/fulltilt.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's fields into an event. They run as lexer
callbacks, so the events come out in file order and a hand cut short still yields the
events of its complete lines. Full Tilt writes the button after the blinds, so the
hand's start (:class:`~auditor.events.HandStarted`) is made when the hand has been read
and put first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import ClassVar

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.hand_claims import NO_CLAIM
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.facts import (
    CURRENCY_OF_SYMBOL,
    SEAT_LIMIT,
    LineError,
    SeatError,
    board_number,
    local_time,
)
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.parse.text_reader import error_place, grammar_error, known_mistake, unknown_line
from auditor.read.split import RawHand
from auditor.rooms.fulltilt.games import Header, game_facts, read_header
from auditor.rooms.fulltilt.wording import claim, read_shown, read_summary
from auditor.source import SourceSpan

_BOARD_OF_WORD = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_STREET_OF_WORD = {
    "HOLE CARDS": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
_POST_KINDS = {
    "the small blind of ": ev.PostKind.SMALL_BLIND,
    "the big blind of ": ev.PostKind.BIG_BLIND,
    # dead money: not part of the poster's bet
    "a dead small blind of ": ev.PostKind.MISSED_BLIND,
    "a dead big blind of ": ev.PostKind.MISSED_BLIND,
    # "posts $2": a player coming in (or back) posts a big blind out of turn
    "": ev.PostKind.BIG_BLIND,
}
_STATUS_OF_WORDS: tuple[tuple[str, ev.Status], ...] = (
    ("has been removed from the table", ev.Status.LEAVES),
    ("has been disconnected", ev.Status.DISCONNECTED),
    ("has reconnected", ev.Status.CONNECTED),
    ("leaves the table", ev.Status.LEAVES),
    ("is disconnected", ev.Status.DISCONNECTED),
    ("is sitting out", ev.Status.SITTING_OUT),
    ("has timed out", ev.Status.TIMED_OUT),
    ("is connected", ev.Status.CONNECTED),
    ("has returned", ev.Status.RETURNED),
    ("stands up", ev.Status.LEAVES),
    ("sits down", ev.Status.JOINS),
    ("sits out", ev.Status.SITS_OUT),
)
_PLAYER_LINE = (
    "FOLD",
    "CHECK",
    "CALL",
    "RAISE",
    "BET",
    "POST",
    "ANTE",
    "SHOWS",
    "MUCKS",
    "WINS",
    "TIES",
    "ADDS",
    "STATUS",
    "TALK",
    "OBSERVER_TALK",
)
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (
        "SECTION_MARKER",
        "BUTTON",
        "DEALT",
        "UNCALLED",
        "DEALER_NOTE",
        "LOW_CONTINUATION",
        "CANCELLED",
        _PLAYER_LINE,
    ),
    "SUMMARY_BODY": (
        "SUMMARY_SEAT",
        "TOTAL_POT",
        "BOARD",
        "DURATION",
        "SUMMARY_SECTION",
        "RUN_POT",
    ),
}
_LINE_KINDS = frozenset(
    kind
    for kinds in _BLOCKS.values()
    for entry in kinds
    for kind in (entry if isinstance(entry, tuple) else (entry,))
)
_CAPPED = ", and is capped"
_ALL_IN = re.compile(r",? and is (all in|all-in|capped)$")
_POT_NAME = re.compile(r"(?:the )?(?:(high|low) )?(?:(main|side) )?pot(?: #?([0-9]+))?$")
_POT_PART = re.compile(r"(Main pot|Side pot(?: ?#?-?[0-9]+)?) ([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)\.?")
_SUMMARY_POSITIONS = ("button", "small blind", "big blind")
_SUMMARY_RESULT = re.compile(r"(won|lost)(?: \(([^)]*)\))?(?: with (.*))?$")
_SUMMARY_WINS = re.compile(r"wins (.+?) \(([^)]*)\)(?: with (.*))?$")
_DATE = re.compile(r"([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})")


class _Lines(LineClassifier):
    """Full Tilt's names end before a space and a lower-case word, a colon, or
    " (Observer)" (the grammar's NAME_END)."""

    _NAME_END = r"(?=:| [a-z]| \(Observer\))"


class FullTiltReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    site_grammar: ClassVar[str] = "fulltilt"
    card_notation: ClassVar[CardNotation] = LETTERS  # Full Tilt writes a ten "Th"

    def __init__(self) -> None:
        callbacks: dict[str, Callable[[Token], Token]] = {
            "HEADER": self._single(self.HEADER),
            "SUMMARY_MARKER": self._single(self.SUMMARY_MARKER),
        }
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(self.site_grammar, callbacks)
        self._classifiers = {block: _Lines(self._parser, kinds) for block, kinds in _BLOCKS.items()}
        # One method per line terminal, named after it (as a Lark Transformer's are).
        self._line_methods: dict[str | None, Callable[[str, SourceSpan], None]] = {
            "SEAT": self.SEAT,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": self.CALL,
            "RAISE": self.RAISE,
            "BET": self.BET,
            "POST": self.POST,
            "ANTE": self.ANTE,
            "SHOWS": self.SHOWS,
            "MUCKS": self.MUCKS,
            "WINS": self.WINS,
            "TIES": self.WINS,  # a share of a split pot: collected as a win is
            "ADDS": self.ADDS,
            "STATUS": self.STATUS,
            "TALK": self.TALK,
            "OBSERVER_TALK": self.OBSERVER_TALK,
            "SECTION_MARKER": self.SECTION_MARKER,
            "BUTTON": self.BUTTON,
            "DEALT": self.DEALT,
            "UNCALLED": self.UNCALLED,
            "DEALER_NOTE": self.NOTE,
            "LOW_CONTINUATION": self.LOW_CONTINUATION,
            "CANCELLED": self.CANCELLED,
            "SUMMARY_SEAT": self.SUMMARY_SEAT,
            "TOTAL_POT": self.TOTAL_POT,
            "BOARD": self.BOARD,
            "DURATION": self.NOTE,
            "SUMMARY_SECTION": self.SUMMARY_SECTION,
            "RUN_POT": self.NOTE,
            None: unknown_line,
        }
        if self._line_methods.keys() - {None} != _LINE_KINDS:
            raise AssertionError("the grammar's line kinds and the reader's methods differ")
        self._reset("", 1)

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw.file, raw.first_line)
        try:
            try:
                self._parser.parse(raw.text, start="start")
            except UnexpectedInput as err:
                return self._recover_or_raise(raw, err)
            start = self._started()
            self._sat_out_in_summary()
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        if not self._summary_started:
            # The record stops before its summary: read in full, but incomplete.
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(start, (start, *self._events), truncated=True, truncated_at=last)
        return ev.Hand(start, (start, *self._events))

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        line, column = error_place(raw, err)
        last_line = raw.first_line + len(raw.lines) - 1
        has_summary = any(text.startswith("*** SUMMARY ***") for text in raw.lines)
        # A record that stops short is read up to its last whole line and marked
        # truncated: it is incomplete, not unreadable.
        if line >= last_line and not has_summary and self._header is not None:
            start = self._started()
            span = SourceSpan(raw.file, line, column)
            return ev.Hand(start, (start, *self._events), truncated=True, truncated_at=span)
        kind = self._mistake(err)
        raise grammar_error(raw, err, line, column, describe_expected, kind) from None

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (same parser state and token), or ""."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(file, 1)
            return self._parser.parse(text, start="start")

        return known_mistake(err, _MISTAKES, parse)

    def _single(self, method: Callable[[str, SourceSpan], None]) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            try:
                method(str(tok), SourceSpan(self._file, line))
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: take it apart with the grammar's line terminals, one event each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        classifier = self._classifiers[tok.type]
        try:
            if classifier.only is not None:
                method = self._line_methods[classifier.only]
                for text in tok.split("\n")[:-1]:
                    method(text, SourceSpan(file, line))
                    line += 1
            else:
                methods = self._line_methods
                for found in classifier.matches(tok):
                    methods[found.lastgroup](found.group(), SourceSpan(file, line))
                    line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _reset(self, file: str, first_line: int) -> None:
        self._file = file
        self._offset = first_line - 1
        self._events: list[ev.Event] = []
        self._header: Header | None = None
        self._summary_started = False
        self._seats: dict[int, str] = {}
        self._seat_players: set[str] = set()
        self._max_seats = SEAT_LIMIT
        self._scale = 1
        self._button: int | None = None
        self._flopet: tuple[Card, ...] = ()  # Courchevel's first flop card, dealt before betting
        self._section = 1  # the showdown (run) the play is at
        self._summary_section = 1  # the summary's run ("*** SUMMARY 2 ***")
        self._shown: dict[str, tuple[Card, ...]] = {}  # cards each player showed

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _text(self, tok: str) -> str:
        return tok.rstrip()

    # ------------------------------------------------------------ header
    def HEADER(self, tok: str, span: SourceSpan) -> None:
        header = read_header(tok.rstrip())
        if header is None:
            raise ValueError("a header whose table, stakes, game or date cannot be told apart")
        symbol = header.small[:1] if header.small[:1] in CURRENCY_OF_SYMBOL else ""
        # tournaments and play-chip tables count chips; cash tables their currency's cents
        self._scale = 100 if symbol and header.tournament_id is None else 1
        self._currency = CURRENCY_OF_SYMBOL[symbol] if self._scale == 100 else "chips"
        self._small = self._money(header.small)
        self._big = self._money(header.big)
        year, month, day = (int(part) for part in _DATE.match(header.date).groups())  # type: ignore[union-attr]
        hour, minute, *second = (int(part) for part in header.time.split(":"))
        self._started_at: datetime | None = local_time(
            year, month, day, hour, minute, second[0] if second else 0, header.zone
        )
        attrs = [a.strip() for a in header.attrs.split(",")]
        max_seats: int | None = None
        for attr in attrs:
            if attr == "heads up":
                max_seats = 2
            elif attr.endswith(" max") and attr[:-4].isdigit():
                max_seats = int(attr[:-4])
        if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
            raise SeatError(f"a table of {max_seats} seats")
        self._max_seats = max_seats or SEAT_LIMIT
        self._table_seats = max_seats
        self._header = header

    def _sat_out_in_summary(self) -> None:
        """Full Tilt may list a seat with no "is sitting out" and say only in the summary
        that he sat the hand out ("Seat 4: KiIIuminati is sitting out"): his seat line is
        marked so, as the record means (he is then dealt in only if he posts or acts)."""
        away = {
            e.player
            for e in self._events
            if type(e) is ev.SummarySeat and e.outcome is ev.SeatOutcome.SITTING_OUT
        }
        if not away:
            return
        for index, event in enumerate(self._events):
            if type(event) is ev.SeatTaken and event.player in away and not event.sitting_out:
                self._events[index] = replace(event, sitting_out=True)

    def _started(self) -> ev.HandStarted:
        """The hand's start, from its header and the button line."""
        h = self._header
        if h is None:
            raise LineError(self._offset + 1, "no header")
        limit, hi_lo, hole, variant = game_facts(h.game)
        span = SourceSpan(self._file, self._offset + 1, 1)
        return ev.HandStarted(
            span=span,
            site=h.site,
            hand_id=h.hand_id,
            game=h.game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=self._small,
            big_stake=self._big,
            currency=self._currency,
            scale=self._scale,
            started_at=self._started_at,
            time_zone=h.zone,
            table_name=h.table,
            max_seats=self._table_seats,
            button_seat=self._button,
            tournament_id=h.tournament_id,
            buy_in=h.tournament,
            level=None,
            table_span=span,  # the table is named in the header
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        sitting_out = text.endswith(", is sitting out")
        if sitting_out:
            text = text[: -len(", is sitting out")]
        number, _, rest = text[len("Seat ") :].partition(": ")
        open_at = rest.rindex(" (")
        player, stack = rest[:open_at], rest[open_at + 2 : -1]
        seat = int(number)
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_players:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_players.add(player)
        self._events.append(
            ev.SeatTaken(span, seat, player, self._money(stack), sitting_out=sitting_out)
        )

    def BUTTON(self, tok: str, span: SourceSpan) -> None:
        seat = int(tok.rstrip().rsplit("#", 1)[1])
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {seat}, which no table has")
        self._button = seat

    # ------------------------------------------------------------ the play
    def POST(self, tok: str, span: SourceSpan) -> None:
        player, rest, all_in = _action(tok, " posts ")
        for words, kind in _POST_KINDS.items():
            if rest.startswith(words):
                amount = self._money(rest[len(words) :])
                self._events.append(ev.Posted(span, player, kind, amount, all_in))
                return

    def ANTE(self, tok: str, span: SourceSpan) -> None:
        player, amount, all_in = _action(tok, " antes ")
        self._events.append(ev.Posted(span, player, ev.PostKind.ANTE, self._money(amount), all_in))

    def DEALT(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()[len("Dealt to ") :]
        groups: list[str] = []
        while text.endswith("]"):
            open_at = text.rfind(" [")
            if open_at < 0:
                break
            groups.insert(0, text[open_at + 2 : -1])
            text = text[:open_at]
        dealt: tuple[Card, ...] = ()
        for group in groups:
            dealt += self.card_notation.cards(group)
        self._events.append(ev.Dealt(span, text, dealt))

    def FOLD(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, tok.rstrip()[: -len(" folds")]))

    def CHECK(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, tok.rstrip()[: -len(" checks")]))

    def CALL(self, tok: str, span: SourceSpan) -> None:
        player, amount, all_in = _action(tok, " calls ")
        self._events.append(ev.Called(span, player, self._money(amount), all_in))
        self._capped(tok, span, player)

    def BET(self, tok: str, span: SourceSpan) -> None:
        player, amount, all_in = _action(tok, " bets ")
        self._events.append(ev.Bet(span, player, self._money(amount), all_in))
        self._capped(tok, span, player)

    def RAISE(self, tok: str, span: SourceSpan) -> None:
        # "raises to $12": the total the raiser's bet becomes in the round, only
        player, amount, all_in = _action(tok, " raises to ")
        self._events.append(
            ev.RaisedTo(span, player, 0, self._money(amount), all_in, ev.RaiseGiven.TO)
        )
        self._capped(tok, span, player)

    def _capped(self, tok: str, span: SourceSpan, player: str) -> None:
        """ ", and is capped": the table's cap reached (a "$400 Pot Limit" table), he may
        put in no more this hand and has no action left, chips behind or not."""
        if tok.rstrip().endswith(_CAPPED):
            self._events.append(ev.PlayerStatus(span, player, ev.Status.CAPPED, "is capped"))

    def UNCALLED(self, tok: str, span: SourceSpan) -> None:
        amount, _, player = tok.rstrip()[len("Uncalled bet of ") :].partition(" returned to ")
        self._events.append(ev.UncalledReturned(span, player, self._money(amount)))

    def SHOWS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = text.rfind(" shows [")
        if at >= 0:
            close = text.index("]", at)
            cards = self.card_notation.cards(text[at + len(" shows [") : close])
            description = text[close + 1 :].strip()
            self._shown[text[:at]] = cards
        else:
            # "Player3 shows two pair, Aces and Sevens": a run's hand, its cards shown before
            at = text.find(" shows ")
            description = text[at + len(" shows ") :]
            cards = self._shown.get(text[:at], ())
        player = text[:at]
        self._events.append(ev.Shown(span, player, cards, description, read_shown(description)))

    def LOW_CONTINUATION(self, tok: str, span: SourceSpan) -> None:
        """2006 records put the low of the last shown hand on a line of its own."""
        low = tok.strip()[1:-1]
        for index in range(len(self._events) - 1, -1, -1):
            shown = self._events[index]
            if isinstance(shown, ev.Shown):
                high = shown.claim.high_text or shown.description.strip("()")
                self._events[index] = ev.Shown(
                    shown.span,
                    shown.player,
                    shown.cards,
                    f"{shown.description} ({low})",
                    claim(f"{shown.description} ({low})", high, low),
                )
                return
        self._events.append(ev.Garbled(span, tok.rstrip(), "a low that follows no shown hand"))

    def MUCKS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = text.rfind(" mucks")
        rest = text[at + len(" mucks") :].strip()
        cards = self.card_notation.cards(rest.strip("[]")) if rest else ()
        self._events.append(ev.Mucked(span, text[:at], cards))

    def WINS(self, tok: str, span: SourceSpan) -> None:
        """ "X wins the pot ($5)", "wins the side pot", "wins the high pot", "ties for
        pot 1" (the first run of a hand run twice)."""
        text = tok.rstrip()
        with_at = text.find(") with ")
        if with_at >= 0:
            text = text[: with_at + 1]
        verb = " wins " if " wins " in text else " ties for "
        at = text.rfind(verb, 0, text.rindex(" ("))
        player, rest = text[:at], text[at + len(verb) :]
        pot_words, _, amount = rest.rpartition(" (")
        found = _POT_NAME.match(pot_words)
        pot, names_pot, half = 0, False, None
        if found is not None:
            high_or_low, main_or_side, number = found.groups()
            if high_or_low:
                half = ev.Half.HIGH if high_or_low == "high" else ev.Half.LOW
            if main_or_side == "side":
                pot, names_pot = int(number) if number else 1, True
            elif main_or_side == "main":
                names_pot = True
            elif number:
                # "pot 2": the pot of the second run, which Full Tilt pays after both
                # showdowns; its award belongs to that run's board
                run = int(number)
                if run != self._section:
                    self._section = run
                    self._events.append(ev.ShowdownStarted(span, run))
        self._events.append(
            ev.Collected(span, player, self._money(amount[:-1]), pot, names_pot, half)
        )

    def ADDS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = text.rfind(" adds ")
        amount = self._money(text[at + len(" adds ") :])
        self._events.append(ev.StackAdded(span, text[:at], ev.StackChange.TOP_UP, amount, text))

    def STATUS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        for words, status in _STATUS_OF_WORDS:
            if text.endswith(" " + words):
                player = text[: -len(words) - 1]
                self._events.append(ev.PlayerStatus(span, player, status, words))
                return
        # the clock ("has 15 seconds left to act", "has requested TIME") and emotes
        at = min((i for w in (" has ", " is feeling ") if (i := text.rfind(w)) >= 0), default=-1)
        self._events.append(ev.PlayerStatus(span, text[:at], ev.Status.OTHER, text[at + 1 :]))

    def TALK(self, tok: str, span: SourceSpan) -> None:
        player, _, said = tok.rstrip().partition(": ")
        self._events.append(ev.TableTalk(span, player, said))

    def OBSERVER_TALK(self, tok: str, span: SourceSpan) -> None:
        player, _, said = tok.rstrip().partition(" (Observer): ")
        self._events.append(ev.TableTalk(span, player, said))

    def NOTE(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, tok.rstrip()))

    def CANCELLED(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    def SECTION_MARKER(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        close = text.index(" ***", 4)
        name, rest = text[4:close], text[close + 4 :].lstrip()
        board = 1
        first, _, remainder = name.partition(" ")
        if first in _BOARD_OF_WORD and remainder:
            board, name = _BOARD_OF_WORD[first], remainder
        elif name[-1:].isdigit():
            name, board = name[:-2], int(name[-1])
        groups: list[str] = []
        while rest.startswith("[") and "]" in rest:
            close_at = rest.index("]")
            groups.append(rest[1:close_at])
            rest = rest[close_at + 1 :].lstrip()
        if rest.startswith("(Total Pot: ") and ")" in rest:
            rest = rest[rest.index(")") + 1 :].strip()
        notation = self.card_notation
        if name.replace(" ", "") == "SHOWDOWN":
            self._section = board
            self._events.append(ev.ShowdownStarted(span, board))
        elif name == "FLOPET":
            # Courchevel: one flop card is dealt with the hole cards, the other two after
            # the first round; the flop's event holds all three
            self._flopet = notation.cards(groups[-1]) if groups else ()
            self._events.append(ev.Note(span, text))
        else:
            all_cards: tuple[Card, ...] = ()
            for group in groups:
                all_cards += notation.cards(group)
            new_cards = notation.cards(groups[-1]) if groups else ()
            street = _STREET_OF_WORD[name]
            if street is ev.Street.FLOP and self._flopet and len(groups) == 1:
                all_cards = self._flopet + all_cards
                new_cards = self._flopet + new_cards
            self._events.append(ev.StreetDealt(span, street, board, all_cards, new_cards))
        if rest:
            self._events.append(
                ev.Garbled(span, text, f"unexpected text after the street marker: {rest!r}")
            )

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, tok: str, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def SUMMARY_SECTION(self, tok: str, span: SourceSpan) -> None:
        self._summary_section = board_number(tok.rstrip()[len("*** SUMMARY ") : -len(" ***")])
        self._events.append(ev.Note(span, tok.rstrip()))

    def TOTAL_POT(self, tok: str, span: SourceSpan) -> None:
        # "Total pot $8 | Rake $0.25": the total is gross (the rake is in it)
        parts = tok.rstrip().split(" | ")
        head = parts[0][len("Total pot ") :]
        total_text, _, pots_text = head.partition(" ")
        main = None
        sides: list[int] = []
        for label, amount in _POT_PART.findall(pots_text):
            if label == "Main pot":
                main = self._money(amount)
            else:
                sides.append(self._money(amount))
        rake = None
        fees: list[tuple[str, int]] = []
        for part in parts[1:]:
            label, _, amount = part.strip().rpartition(" ")
            if label == "Rake":
                rake = self._money(amount)
            elif label:
                fees.append((label, self._money(amount)))
        if main is not None:
            # Full Tilt writes each pot gross and takes the rake (and fees) from the main
            # pot: in #31318697695 the side pot's $76.35 is paid whole and the main pot's
            # $158.20 less the $3 rake is paid as 2 x $77.60. The event's pots are net.
            main -= (rake or 0) + sum(amount for _, amount in fees)
        self._events.append(
            ev.SummaryPot(span, self._money(total_text), main, tuple(sides), rake, tuple(fees))
        )

    def BOARD(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        cards = self.card_notation.cards(text[text.index("[") + 1 : -1])
        self._events.append(ev.SummaryBoard(span, self._summary_section, cards))

    def SUMMARY_SEAT(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        number, _, rest = text[len("Seat ") :].partition(": ")
        seat = int(number)
        player = self._seats.get(seat, "")
        if player and rest.startswith(player):
            rest = rest[len(player) :].strip()
        else:
            player, _, rest = rest.partition(" ")
        positions: list[str] = []
        while rest.startswith("("):
            close = rest.find(")")
            inner = rest[1:close]
            if inner not in _SUMMARY_POSITIONS:
                break
            positions.append(inner)
            rest = rest[close + 1 :].lstrip()
        outcome, folded_on, didnt_bet, cards, results, other = self._seat_outcome(rest)
        # a hand run twice has one summary per run: its results go in their run's place
        padding = (ev.SeatResult(None),) * (self._summary_section - 1)
        if results:
            results = padding + results
        self._events.append(
            ev.SummarySeat(
                span,
                seat,
                player,
                tuple(positions),
                outcome,
                folded_on,
                didnt_bet,
                cards,
                results,
                other,
            )
        )

    def _seat_outcome(
        self, rest: str
    ) -> tuple[ev.SeatOutcome, str, bool, tuple[Card, ...], tuple[ev.SeatResult, ...], str]:
        """Outcome, street folded on, didn't bet, cards, results and unread words."""
        if rest == "didn't bet (folded)":
            return ev.SeatOutcome.FOLDED, "before the Flop", True, (), (), ""
        if rest.startswith("folded "):
            return ev.SeatOutcome.FOLDED, rest[len("folded ") :], False, (), (), ""
        if rest.startswith(("showed [", "mucked")):
            showed = rest.startswith("showed")
            outcome = ev.SeatOutcome.SHOWED if showed else ev.SeatOutcome.MUCKED
            cards: tuple[Card, ...] = ()
            if "[" in rest:
                cards = self.card_notation.cards(rest[rest.index("[") + 1 : rest.index("]")])
                rest = rest[rest.index("]") + 1 :].strip()
            else:
                rest = rest[len("mucked") :].strip()
            if rest.startswith("- "):  # "mucked [..] - a pair of Nines"
                words = rest[2:]
                result = ev.SeatResult(None, words, read_summary(words))
                return outcome, "", False, cards, (result,), ""
            rest = rest.removeprefix("and ").strip()
            return outcome, "", False, cards, self._results(rest), ""
        if rest.startswith("collected ("):
            won = self._money(rest[len("collected (") : rest.index(")")])
            return ev.SeatOutcome.COLLECTED, "", False, (), (ev.SeatResult(won),), ""
        wins = _SUMMARY_WINS.match(rest)
        if wins is not None:  # "wins the side pot ($76.35)" (a side pot no one contested)
            won = self._money(wins.group(2))
            return ev.SeatOutcome.COLLECTED, "", False, (), (ev.SeatResult(won),), ""
        if rest == "is sitting out":
            return ev.SeatOutcome.SITTING_OUT, "", False, (), (), ""
        return ev.SeatOutcome.OTHER, "", False, (), (), rest or "none"

    def _results(self, text: str) -> tuple[ev.SeatResult, ...]:
        """``won ($1) with X`` or ``lost with Y``."""
        if not text:
            return ()
        found = _SUMMARY_RESULT.match(text)
        if found is None:
            return (ev.SeatResult(None, text, read_summary(text)),)
        verb, amount, description = found.groups()
        won = self._money(amount) if verb == "won" and amount else None
        words = (description or "").strip()
        return (ev.SeatResult(won, words, read_summary(words) if words else NO_CLAIM),)


# ---------------------------------------------------------------- helpers
_HEAD = (
    "Full Tilt Poker Game #1: Table T (6 max) - $1/$2 - Pot Limit Omaha Hi - "
    "12:45:08 ET - 2014/02/21\n"
)
_SEATED = _HEAD + "Seat 1: a ($200)\nSeat 2: b ($200)\n"
# Mistakes seen in damaged records, by the place the grammar stops at (Lark's
# match_examples labels an error with the first whose parser state and token it shares).
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (table, stakes, game or date)": [
        "Full Tilt Poker Game #1: Table T - $1/$2 - Pot Limit Omaha Hi\n",
    ],
    "a line of play the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\na shoves\n",
    ],
    "a summary line the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\na folds\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
        "nothing here\n",
    ],
}


def _action(tok: str, marker: str) -> tuple[str, str, bool]:
    """Split ``NAME<marker>AMOUNT[, and is all in]`` into its parts. A capped player (the
    table's cap reached) can put in no more: he is all in for the betting."""
    text = tok.rstrip()
    at = text.rfind(marker)
    rest = text[at + len(marker) :]
    found = _ALL_IN.search(rest)
    if found is not None:
        rest = rest[: found.start()]
    return text[:at], rest, found is not None
