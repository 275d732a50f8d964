"""Seals With Clubs hands to events.

The grammar (``grammars/sealswithclubs.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's named fields into an event. They run as
lexer callbacks, so the events come out in file order.

What the Seals layout means, where it is not the Stars layout:

- Amounts are mBTC, with no symbol ("Seat 1: Player0 (162)", "posts small blind 1"): the
  currency "mBTC", in hundredths.
- "raises to 3": the bet the raise makes; "calls 2": the chips put in; " (All-in)" after
  an amount: the player's last chips.
- The button is named by player: "Player4 has the dealer button" (his seat is the button).
- "Hero refunded 6": an uncalled bet returned.
- No summary: each pot is won on its own line, "Hero wins Pot (10)", "Player2 wins Side Pot
  1 (2)", "Hero wins Main Pot (6) with Two Pair", each followed by "Rake (R)", that pot's
  rake. The reader sums them into one SummaryPot (gross: the pots won plus their rakes)
  where the hand ends, so that the rake is the record's.
- "Hero adds 94 chips" after the pots: chips bought for the next hand.
- The time has no zone ("2013-04-11 02:08:55"): the zone is kept empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.read.split import RawHand
from auditor.rooms.sealswithclubs.games import game_facts, line_game
from auditor.source import SourceSpan

SITE = "Seals With Clubs"
CURRENCY = "mBTC"
SCALE = 100  # hundredths of an mBTC

_HEADER = re.compile(
    r"Hand #(?P<hand_id>[0-9]+-[0-9]+) - (?P<year>[0-9]{4})-(?P<month>[0-9]{2})-"
    r"(?P<day>[0-9]{2}) (?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
)
_GAME_LINE = re.compile(r"Game: .+? - (?:Blinds|Stakes) (?P<small>[0-9.]+)/(?P<big>[0-9.]+)")
_MAX = re.compile(r"\b(?:(?P<max>[0-9]+)(?:max|half|deep)|(?P<hu>HU))\b")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>[0-9.]+)\)(?P<out> - sitting out)?$"
)
_AMOUNT_LINE = re.compile(
    r"(?P<player>.+?) (?P<verb>posts small blind|posts big blind|posts small & big blind"
    r"|posts the ante|calls|bets|raises to|refunded|adds) (?P<amount>[0-9.]+)"
    r"(?: chips)?(?P<all_in> \(All-in\))?$"
)
_SHOWS = re.compile(
    r"(?P<player>.+?) (?:shows|mucks)(?: \[(?P<cards>[^\]]*)\])?(?: \((?P<words>.*)\))?$"
)
_WINS = re.compile(
    r"(?P<player>.+?) (?:wins|splits) (?:(?P<which>Main|Side|Hi|Lo) )?Pot(?: (?P<side>[0-9]+))?"
    r" \((?P<amount>[0-9.]+)\)"
)
_STREET = re.compile(r"\*\* (?P<street>.+?) \*\*(?: \[(?P<cards>[^\]]*)\])?$")
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_POSTS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "posts small & big blind": ev.PostKind.SMALL_AND_BIG,
    "posts the ante": ev.PostKind.ANTE,
}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_STATUS = {
    "sits out": ev.Status.SITS_OUT,
    "sits in": ev.Status.RETURNED,
    "has left the table": ev.Status.LEAVES,
    "has joined the table": ev.Status.JOINS,
}
_PLAYER_LINE = (
    "BUTTON", "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "REFUNDED", "SHOWS", "MUCKS",
    "WINS", "ADDS", "STATUS",
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DEALT", "RAKE", "CANCELLED"),
}
_WORDS = {
    "HEADER": "a hand header (Hand #N-M - 2013-04-11 02:08:55)",
    "GAME_LINE": "the game line (Game: PL Omaha (20 - 100) - Blinds 1/1)",
    "SITE": "Site: Seals With Clubs",
    "TABLE": "the table line (Table: PLO 9max 1/1 #1)",
    "SEATS": "a seat line (Seat N: NAME (x))",
    "PLAY": "a line of play (NAME calls x, ** Flop ** [..])",
}


class SealsWithClubsReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS

    def __init__(self) -> None:
        single: dict[str, Callable[[str, SourceSpan], None]] = {
            "HEADER": self.HEADER,
            "GAME_LINE": self.GAME_LINE,
            "SITE": self.SITE,
            "TABLE": self.TABLE,
        }
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._single(method) for name, method in single.items()
        }
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser("sealswithclubs", callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
        amount = self.AMOUNT
        self._line_methods: dict[str | None, Callable[[str, SourceSpan], None]] = {
            "SEAT": self.SEAT,
            "BUTTON": self.BUTTON,
            "POST": amount,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": amount,
            "BET": amount,
            "RAISE": amount,
            "REFUNDED": amount,
            "ADDS": amount,
            "SHOWS": self.SHOWS,
            "MUCKS": self.SHOWS,
            "WINS": self.WINS,
            "STATUS": self.STATUS,
            "STREET": self.STREET,
            "DEALT": self.DEALT,
            "RAKE": self.RAKE,
            "CANCELLED": self.CANCELLED,
            None: _unknown_line,
        }
        self._reset(RawHand("", 1, ("",)))

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw)
        try:
            try:
                self._parser.parse(raw.text, start="start")
            except UnexpectedInput as err:
                return self._recover_or_raise(raw, err)
            self._ensure_start()
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, _line_at(raw, err.line), err.problem, err.code
            ) from None
        start = self._start
        if start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        if self._pot_span is not None:  # the pots won and their rakes, gross
            total = self._won + self._rake
            pot = ev.SummaryPot(self._pot_span, total, None, (), self._rake)
            self._events.insert(self._pot_at, pot)
        if not self._ended:  # no pot won: the record stops before the hand's end
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(start, tuple(self._events), True, last)
        return ev.Hand(start, tuple(self._events))

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        last_line = raw.first_line + len(raw.lines) - 1
        if isinstance(err, UnexpectedEOF):
            line, column = last_line, 1
        else:
            line = raw.first_line + (err.line or 1) - 1
            column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        if line >= last_line and not self._ended and self._start is not None:
            span = SourceSpan(raw.file, line, column)
            return ev.Hand(self._start, tuple(self._events), True, span)
        expected: set[str] = set()
        if isinstance(err, UnexpectedToken):
            expected = set(err.expected)
        elif isinstance(err, UnexpectedCharacters):
            expected = set(err.allowed or ())
        context = ""
        if not isinstance(err, UnexpectedEOF) and isinstance(err.pos_in_stream, int):
            context = str(err.get_context(raw.text, span=40))
        text = _line_at(raw, line)
        raise HandParseError(
            raw.file, line, column, text, _expected(expected, text), context=context
        ) from None

    def _single(self, method: Callable[[str, SourceSpan], None]) -> Callable[[Token], Token]:
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
            if tok.type == "PLAY":
                self._ensure_start()
            for found in self._classifiers[tok.type].matches(tok):
                methods[found.lastgroup](found.group().rstrip(), SourceSpan(file, line))
                line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._seats: dict[int, str] = {}
        self._seat_of: dict[str, int] = {}
        self._button: int | None = None
        self._board: tuple[Card, ...] = ()
        self._ended = False
        self._won = 0
        self._rake = 0
        self._pot_at = 0
        self._pot_span: SourceSpan | None = None

    def _money(self, text: str) -> int:
        return to_minor(text, SCALE)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        self._head.update(_fields(_HEADER, text))

    def GAME_LINE(self, text: str, span: SourceSpan) -> None:
        self._head.update(_fields(_GAME_LINE, text))
        self._head["game"] = line_game(text)

    def SITE(self, text: str, span: SourceSpan) -> None:
        return  # "Site: Seals With Clubs"

    def TABLE(self, text: str, span: SourceSpan) -> None:
        name = text.removeprefix("Table: ")
        self._head["table"] = name
        found = _MAX.search(name)  # "PLO 9max 1/1 #1", "... HU ..."
        if found:
            self._head["max"] = found["max"] or "2"
        self._table_span = span

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        limit, hi_lo, variant = game_facts(h.get("game", ""))
        try:
            started = local_time(
                int(h["year"]), int(h["month"]), int(h["day"]),
                int(h["hour"]), int(h["minute"]), int(h["second"]), "",
            )  # fmt: skip
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = int(h["max"]) if "max" in h else None
            if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {max_seats} seats")
        except (AmountError, ValueError, KeyError) as err:
            raise LineError.of(self._offset + 2, ValueError(str(err))) from None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=h.get("game", ""),
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=CURRENCY,
            scale=SCALE,
            started_at=started,
            time_zone="",  # Seals writes none
            table_name=h.get("table", ""),
            max_seats=max_seats,
            button_seat=None,  # named by player after the seats: set there
            table_span=self._table_span,
        )
        # the seats were read before the start: they follow it
        self._events.insert(0, self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = _fields(_SEAT, text)
        seat, player = int(found["seat"]), found["player"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_of:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_of[player] = seat
        out = found["out"] is not None
        self._events.append(ev.SeatTaken(span, seat, player, self._money(found["stack"]), out))

    # ------------------------------------------------------------ the play
    def BUTTON(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" has the dealer button")
        seat = self._seat_of.get(player)
        if seat is None:
            raise ValueError(f"the button is given to {player!r}, who has no seat")
        start = self._start
        if start is not None:  # the button named by player: his seat
            self._start = replace(start, button_seat=seat)
            self._events[self._events.index(start)] = self._start

    def AMOUNT(self, text: str, span: SourceSpan) -> None:
        f = _fields(_AMOUNT_LINE, text)
        player, verb, amount = f["player"], f["verb"], self._money(f["amount"])
        all_in = f["all_in"] is not None
        event: ev.Event
        if verb in _POSTS:
            event = ev.Posted(span, player, _POSTS[verb], amount, all_in)
        elif verb == "calls":
            event = ev.Called(span, player, amount, all_in)
        elif verb == "bets":
            event = ev.Bet(span, player, amount, all_in)
        elif verb == "raises to":
            event = ev.RaisedTo(span, player, 0, amount, all_in, ev.RaiseGiven.TO)
        elif verb == "refunded":
            event = ev.UncalledReturned(span, player, amount)
        else:  # "adds 94 chips": bought for the next hand
            event = ev.StackAdded(span, player, ev.StackChange.TOP_UP, amount, text)
        self._events.append(event)

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_SHOWS, text)
        cards = self.card_notation.cards(f["cards"] or "")
        if " mucks" in text:
            self._events.append(ev.Mucked(span, f["player"], cards))
            return
        words = f["words"] or ""
        # the words are kept, not read: "Two Pair, Tens and Fives +K"
        claim = Claim(words, words, None, low_text="") if words else NO_CLAIM
        self._events.append(ev.Shown(span, f["player"], cards, words, claim))

    def WINS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_WINS, text)
        pot = int(f["side"] or 1) if f["which"] == "Side" else 0
        amount = self._money(f["amount"])
        if self._pot_span is None:
            self._pot_at = len(self._events)
        self._won += amount
        self._ended = True
        self._events.append(ev.Collected(span, f["player"], amount, pot, f["which"] is not None))

    def RAKE(self, text: str, span: SourceSpan) -> None:
        if self._pot_span is None:
            self._pot_span = span
        self._rake += self._money(text.removeprefix("Rake (").removesuffix(")"))

    def CANCELLED(self, text: str, span: SourceSpan) -> None:
        self._ended = True
        self._events.append(ev.HandCancelled(span))

    def STATUS(self, text: str, span: SourceSpan) -> None:
        for words, status in _STATUS.items():
            if text.endswith(" " + words):
                player = text[: -len(words) - 1]
                self._events.append(ev.PlayerStatus(span, player, status, words))
                return
        raise ValueError(f"a status no reader knows: {text!r}")

    def STREET(self, text: str, span: SourceSpan) -> None:
        f = _fields(_STREET, text)
        name = f["street"]
        if name == "Hole Cards":
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
            return
        if name.endswith("Show Down"):  # "** Main Pot Show Down ** [the board]"
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        new = self.card_notation.cards(f["cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, _STREETS[name], 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        f = _fields(_DEALT, text)
        self._events.append(ev.Dealt(span, f["player"], self.card_notation.cards(f["cards"])))


def _fields(pattern: re.Pattern[str], text: str) -> dict[str, str]:
    """The named fields of a line the grammar accepted (a mismatch is the line's error)."""
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"cannot read the fields of {text!r}")
    return found.groupdict()


def _expected(terminals: set[str], line: str) -> str:
    """What the grammar would have read where it stopped, in the room's words."""
    if not line.strip():
        return "the hand ends too early"
    words = sorted({_WORDS[t] for t in terminals if t in _WORDS})
    return "expected " + " or ".join(words) if words else "this line is not one the grammar knows"


def _unknown_line(text: str, span: SourceSpan) -> None:
    raise ValueError(f"a line of no known kind: {text!r}")


def _line_at(raw: RawHand, line: int) -> str:
    index = line - raw.first_line
    return raw.lines[index] if 0 <= index < len(raw.lines) else ""
