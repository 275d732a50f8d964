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
from auditor.parse.grammar import LineClassifier, build_parser
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
_POST_KINDS = {
    "posts small blind ": ev.PostKind.SMALL_BLIND,
    "posts big blind ": ev.PostKind.BIG_BLIND,
    "posts small & big blinds ": ev.PostKind.SMALL_AND_BIG,
    "posts the ante ": ev.PostKind.ANTE,
    "posts missed blind ": ev.PostKind.MISSED_BLIND,
    "posts dead blind ": ev.PostKind.MISSED_BLIND,
    "posts dead small blind ": ev.PostKind.MISSED_BLIND,
    "posts a bring-in ": ev.PostKind.BRING_IN,
    "straddle ": ev.PostKind.STRADDLE,
}
# as they follow the player's name
_POST_MARKERS = tuple((": " + words, kind) for words, kind in _POST_KINDS.items())
# Status words as the grammar's STATUS_WORDS writes them, longest first.
_STATUS_PHRASES: tuple[tuple[str, ev.Status], ...] = (
    ("will be allowed to play after the button", ev.Status.ALLOWED_AFTER_BUTTON),
    ("has timed out while being disconnected", ev.Status.TIMED_OUT),
    ("has timed out while disconnected", ev.Status.TIMED_OUT),
    ("was removed from the table", ev.Status.LEAVES),
    ("joins the table at seat #", ev.Status.JOINS),
    ("leaves the table", ev.Status.LEAVES),
    ("is disconnected", ev.Status.DISCONNECTED),
    ("is sitting out", ev.Status.SITTING_OUT),
    ("has timed out", ev.Status.TIMED_OUT),
    ("is connected", ev.Status.CONNECTED),
    ("has returned", ev.Status.RETURNED),
    ("sits out", ev.Status.SITS_OUT),
)
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
# A player's rebuy or add-on, as PLAYER_NOTE takes it: "X re-buys and receives 1500 chips
# for $1.00", "X adds on and receives 3000 chips for 1000 chips" (no other note holds these).
_STACK_MARKERS = ((" re-buys", ev.StackChange.REBUY), (" adds on", ev.StackChange.ADD_ON))
_RECEIVES = re.compile(r" receives ([0-9][0-9,]*(?:\.[0-9]+)?) chips")
_NOT_AWARDED = "(pot not awarded as player cashed out)"
_POT_PART = re.compile(r"(Main pot|Side pot(?:-[0-9]+)?) ([^ .]+(?:\.[0-9]+)?)\.?")
_RESULT_SEPARATOR = re.compile(r",? and (?=won|lost)")
_SUMMARY_RESULT = re.compile(r"(won|lost)(?: \(([^)]*)\))?(?: with (.*))?$")
_DATETIME = re.compile(
    r"([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})(?: -)? ([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?"
    r"(?: \(?([A-Z]{1,5})\)?)?"
)


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
        # header parts: their facts wait for the table line, whose event they go into
        header_parts: dict[str, Callable[[str], None]] = {
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
            name: self._header_part(method) for name, method in header_parts.items()
        }
        for name, line_method in single_lines.items():
            callbacks[name] = self._single(line_method)
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(self.site_grammar, callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
        self._line_methods: dict[str | None, Callable[[str, SourceSpan], None]] = {
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
            None: _unknown_line,  # a match that names no kind
        }
        if self._line_methods.keys() - {None} != _LINE_KINDS:
            raise AssertionError("the grammar's line kinds and the reader's methods differ")
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

    def _header_part(self, method: Callable[[str], None]) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            try:
                method(str(tok))
            except (AmountError, ValueError) as err:
                raise LineError.of(self._offset + (tok.line or 1), err) from None
            return tok

        return on_token

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
                for text in tok.split("\n")[:-1]:  # the lexer ends every line with "\n"
                    method(text, SourceSpan(file, line))
                    line += 1
            else:
                # The loop runs once a line: one lookup of its method, no (kind, text) pairs.
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
    def HAND_ID(self, tok: str) -> None:
        prefix = tok.split(" ", 1)[0]
        self._header["site"] = _SITE_OF_PREFIX.get(prefix, prefix)
        self._header["hand_id"] = tok.rsplit("#", 1)[1].rstrip(": ")
        return

    def TOURNAMENT_ID(self, tok: str) -> None:
        self._header["tournament_id"] = tok.rsplit("#", 1)[1].rstrip(", ")
        return

    def BUY_IN(self, tok: str) -> None:
        self._header["buy_in"] = tok.strip()
        return

    def GAME_NAME(self, tok: str) -> None:
        self._header["game"] = str(tok)
        return

    def STAKES(self, tok: str) -> None:
        inner = tok.strip()[1:-1]
        amounts, _, code = inner.partition(" ")
        small, _, big = amounts.partition("/")
        symbol = small[0] if small[:1] in CURRENCY_OF_SYMBOL else ""
        if code:
            currency = code
        elif symbol:
            currency = CURRENCY_OF_SYMBOL[symbol]
        else:
            currency = "chips"  # play money
        self._scale = 1 if currency == "chips" else 100
        self._header.update(currency=currency, small=small, big=big)
        return

    def LEVEL(self, tok: str) -> None:
        self._header["level"] = tok.removeprefix(" - ")
        inner = tok[tok.index("(") + 1 : tok.rindex(")")]
        small, _, big = inner.split(" ")[0].partition("/")
        self._scale = 1
        self._header.update(currency="chips", small=small, big=big)
        return

    def DATETIME(self, tok: str) -> None:
        self._header["datetime"] = tok.removeprefix(" - ").rstrip()
        return

    def TABLE(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        name = text[len("Table '") : text.rindex("'")]
        rest = text[text.rindex("'") + 1 :]
        max_seats = None
        button = None
        for word in rest.split():
            if word.endswith("-max"):
                max_seats = int(word[:-4])
                if not 1 <= max_seats <= SEAT_LIMIT:
                    raise SeatError(f"a table of {max_seats} seats")
            elif word.startswith("#"):
                button = int(word[1:])
        self._max_seats = max_seats or SEAT_LIMIT
        if button is not None and not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._start = self._hand_started(span, name, max_seats, button, table_span=span)
        self._events.append(self._start)
        return

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
    def SEAT(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        number, _, rest = text[len("Seat ") :].partition(": ")
        chips_at = rest.rindex(" in chips")
        open_at = rest.rindex(" (", 0, chips_at)
        player = rest[:open_at]
        stack_text = rest[open_at + 2 : chips_at]
        close_at = rest.index(")", chips_at)
        extra = rest[chips_at + len(" in chips") : close_at]
        after = rest[close_at + 1 :].strip()
        bounty = extra.strip(", ").removesuffix(" bounty") or None
        seat = int(number)
        # A seat numbered beyond the table's size is reported by the replay (converters
        # renumber seats); more players than the table has seats is a record of nothing.
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
            ev.SeatTaken(
                span,
                seat=seat,
                player=player,
                stack=self._money(stack_text),
                sitting_out="sitting out" in after,
                out_of_hand="out of hand" in after,
                bounty=bounty,
            )
        )
        return

    # ------------------------------------------------------------ the play
    def POST(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        all_in = text.endswith(" and is all-in")
        if all_in:
            text = text[: -len(" and is all-in")]
        for marker, kind in _POST_MARKERS:
            at = text.rfind(marker)
            if at >= 0:
                amount = text[at + len(marker) :]
                self._events.append(ev.Posted(span, text[:at], kind, self._money(amount), all_in))
                return
        raise ValueError(f"unknown post: {text}")

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
        return

    def FOLD(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = text.rfind(": folds")
        note = text[at + len(": folds") :].strip()
        self._events.append(
            ev.Folded(span, text[:at], note.strip("()") if note.startswith("(") else note)
        )
        return

    def CHECK(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, tok.rstrip()[: -len(": checks")]))
        return

    def CALL(self, tok: str, span: SourceSpan) -> None:
        player, amount, all_in = _action(tok, ": calls ")
        self._events.append(ev.Called(span, player, self._money(amount), all_in))
        return

    def BET(self, tok: str, span: SourceSpan) -> None:
        player, amount, all_in = _action(tok, ": bets ")
        self._events.append(ev.Bet(span, player, self._money(amount), all_in))
        return

    def RAISE(self, tok: str, span: SourceSpan) -> None:
        player, amounts, all_in = _action(tok, ": raises ")
        by, _, to = amounts.partition(" to ")
        self._events.append(ev.RaisedTo(span, player, self._money(by), self._money(to), all_in))
        return

    def UNCALLED(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        amount, _, player = text[len("Uncalled bet (") :].partition(") returned to ")
        self._events.append(ev.UncalledReturned(span, player, self._money(amount)))
        return

    def SHOWS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = text.find(": shows [")
        close = text.index("]", at)
        shown = self.card_notation.cards(text[at + len(": shows [") : close])
        description = text[close + 1 :].strip()
        if description.startswith("(") and description.endswith(")"):
            description = description[1:-1]
        self._events.append(
            ev.Shown(span, text[:at], shown, description, read_claim(description))
        )
        return

    def MUCKS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = text.rfind(": mucks hand")
        rest = text[at + len(": mucks hand") :].strip()
        shown = self.card_notation.cards(rest.strip("[]")) if rest else ()
        self._events.append(ev.Mucked(span, text[:at], shown))
        return

    def NO_SHOW(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, tok.rstrip()[: -len(": doesn't show hand")]))
        return

    def COLLECTED(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        player, _, rest = text.rpartition(" collected ")
        amount, _, pot_named = rest.partition(" from ")
        pot = 0
        if pot_named.startswith("side pot"):
            _, _, number = pot_named.partition("-")
            pot = int(number) if number else 1
        self._events.append(
            ev.Collected(span, player, self._money(amount), pot, pot_named != "pot")
        )
        return

    def CASHED_OUT(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        player, _, rest = text.partition(" cashed out the hand for ")
        amount, _, fee = rest.partition(" | Cash Out Fee ")
        self._events.append(
            ev.CashedOut(span, player, self._money(amount), self._money(fee) if fee else None)
        )
        return

    def INSURANCE(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        at = max(text.rfind(": get an all-in"), text.rfind(": pay premium"))
        self._events.append(ev.Insurance(span, text[:at], text[at + 2 :]))
        return

    def CASH_DROP(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        self._events.append(ev.PotExtra(span, self._money(text.rsplit(" ", 1)[1]), text))
        return

    def CANCELLED(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))
        return

    def COMMENT(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, tok.rstrip()))
        return

    def DEALER_NOTE(self, tok: str, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, tok.rstrip()))

    def PLAYER_NOTE(self, tok: str, span: SourceSpan) -> None:
        """Tournament news about a player; a rebuy or add-on is its own event."""
        text = tok.rstrip()
        for marker, change in _STACK_MARKERS:
            at = text.find(marker)
            if at > 0:
                chips = _RECEIVES.search(text, at)
                amount = self._money(chips.group(1)) if chips else None
                self._events.append(ev.StackAdded(span, text[:at], change, amount, text))
                return
        self._events.append(ev.Note(span, text))

    def TALK(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        player, _, said = text.partition(' said, "')
        self._events.append(ev.TableTalk(span, player, said[:-1]))
        return

    def STATUS(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        for phrase, status in _STATUS_PHRASES:
            at = text.rfind(" " + phrase)
            if at >= 0:
                player = text[:at].removesuffix(":")
                self._events.append(ev.PlayerStatus(span, player, status, text[at + 1 :]))
                return
        raise ValueError(f"unknown status line: {text}")

    def SECTION_MARKER(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        street, board, all_cards, new_cards, rest = _section_marker(text, self.card_notation)
        if street is None:
            self._events.append(ev.ShowdownStarted(span, board))
        else:
            self._events.append(ev.StreetDealt(span, street, board, all_cards, new_cards))
        if rest:
            self._events.append(
                ev.Garbled(span, text, f"unexpected text after the street marker: {rest!r}")
            )
        return

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, tok: str, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))
        return

    def TOTAL_POT(self, tok: str, span: SourceSpan) -> None:
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
        self._events.append(
            ev.SummaryPot(span, self._money(total_text), main, tuple(sides), rake, tuple(fees))
        )
        return

    def BOARD(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        word = text.split(" ", 1)[0]
        board = _BOARD_OF_WORD.get(word, 1)
        shown = self.card_notation.cards(text[text.index("[") + 1 : -1])
        self._events.append(ev.SummaryBoard(span, board, shown))
        return

    def SUMMARY_SEAT(self, tok: str, span: SourceSpan) -> None:
        text = tok.rstrip()
        number, _, rest = text[len("Seat ") :].partition(": ")
        seat = int(number)
        player = self._seats.get(seat, "")
        if player and rest.startswith(player):
            rest = rest[len(player) :]
        else:
            player, rest = _split_summary_name(rest)
        outcome = _seat_outcome(rest.strip(), self._scale, self.card_notation)
        self._events.append(ev.SummarySeat(span, seat, player, *outcome))
        if _NOT_AWARDED in rest:
            # the pot he won went to the room, which had paid him his cash-out
            kept = sum(r.won or 0 for r in outcome[5] if _NOT_AWARDED in r.description)
            self._events.append(ev.PotNotAwarded(span, player, kept))
        return

    def SEAT_CONTINUATION(self, tok: str, span: SourceSpan) -> None:
        previous = self._events[-1] if self._events else None
        if isinstance(previous, ev.SummarySeat) and previous.results:
            last = previous.results[-1]
            joined = _seat_result(last.won, tok.rstrip()[len("with ") :])
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
                ev.Garbled(span, tok.rstrip(), "a 'with ...' line that continues nothing")
            )
        return


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


def _unknown_line(tok: str, span: SourceSpan) -> None:
    """Cannot happen for a block the lexer accepted: every line is of some kind."""
    raise ValueError(f"a line of no known kind: {tok!r}")



def _action(tok: str, marker: str) -> tuple[str, str, bool]:
    """Split ``NAME<marker>AMOUNT[ and is all-in]`` into its parts."""
    text = tok.rstrip()
    at = text.rfind(marker)
    rest = text[at + len(marker) :]
    cap = rest.find(" and has reached")
    if cap < 0:
        cap = rest.find(" has reached")
    if cap >= 0:
        rest = rest[:cap]
    all_in = rest.endswith(" and is all-in")
    if all_in:
        rest = rest[: -len(" and is all-in")]
    return text[:at], rest, all_in


@lru_cache(maxsize=1024)  # "*** HOLE CARDS ***" and "*** SHOWDOWN ***" are in every hand
def _section_marker(
    text: str, notation: CardNotation
) -> tuple[ev.Street | None, int, tuple[Card, ...], tuple[Card, ...], str]:
    """Street (None for a showdown), board, all cards, new cards and any text left over."""
    close = text.index(" ***", 4)
    name = text[4:close]
    rest = text[close + 4 :]
    board = 1
    first, _, remainder = name.partition(" ")
    if first in _BOARD_OF_WORD and remainder:
        board, name = _BOARD_OF_WORD[first], remainder
    groups: list[str] = []
    rest = rest.lstrip()
    while rest.startswith("[") and "]" in rest:
        close_at = rest.index("]")
        groups.append(rest[1:close_at])
        rest = rest[close_at + 1 :].lstrip()
    if name.replace(" ", "") == "SHOWDOWN":
        return None, board, (), (), rest
    all_cards: tuple[Card, ...] = ()
    for group in groups:
        all_cards += notation.cards(group)
    new_cards = notation.cards(groups[-1]) if groups else ()
    return _STREET_OF_WORD[name], board, all_cards, new_cards, rest


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
