"""Betfair hands to events.

The grammar (``grammars/betfair.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields into an event. They run as lexer
callbacks, so the events come out in file order.

What Betfair's layout means, where it is not the Stars layout:

- "Player2 raises to [$0.30]": the bet the raise makes (a raise TO); "calls [$0.20]" and
  "bets [$0.10]": the chips put in.
- "Hero goes all-in" comes before the action that puts his last chips in ("Hero raises to
  [$1]"): that action is all-in.
- A second "posts big blind" in a hand is a player posting out of the blinds' seats to be
  dealt in (Hero, seat 1, after Player4's big blind in #100000000; he then "checks" when
  the action comes to him): live chips.
- No summary, no total pot, no rake: the hand ends with "X wins $6.26 from side pot #1 with
  ...", "X wins $4.44 from main pot ..." and "Game N ends". No line returns an uncalled bet.
- The time is written in GMT, with the weekday: "Sunday, October 18, 20:00:00 GMT 2009".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.read.split import RawHand
from auditor.rooms.betfair.games import game_facts, line_game
from auditor.source import SourceSpan

SITE = "Betfair"

_GAME_LINE = re.compile(
    r"(?:(?:NL|PL) )?(?P<symbol>[$€£]?)(?P<small>[0-9][0-9,.]*)/[$€£]?(?P<big>[0-9][0-9,.]*) "
    r".+? - [A-Za-z]+, (?P<when>[A-Za-z]+ [0-9]{1,2}, [0-9:]{8}) (?P<zone>[A-Z]+) "
    r"(?P<year>[0-9]{4})"
)
_TABLE = re.compile(r"Table (?P<table>.+?)(?: (?P<max>[0-9]+)-max)? \((?:Real|Play) Money\)")
_SEAT = re.compile(r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \( [$€£]?(?P<stack>[0-9][0-9,.]*) \)")
_AMOUNT_LINE = re.compile(
    r"(?P<player>.+?) (?P<verb>posts small blind|posts big blind|posts small & big blinds"
    r"|calls|bets|raises to) \[[$€£]?(?P<amount>[0-9][0-9,.]*)\]$"
)
_SHOWS = re.compile(
    r"(?P<player>.+?) (?:shows|mucks)(?: \[ ?(?P<cards>[^\]]*?) ?\])?(?: (?P<words>.+))?$"
)
_WINS = re.compile(
    r"(?P<player>.+?) wins [$€£]?(?P<amount>[0-9][0-9,.]*) from "
    r"(?P<pot>main pot|side pot(?: #?(?P<side>[0-9]+))?|the pot)"
)
_STREET = re.compile(r"\*\* (?P<street>[A-Za-z ]+?) \*\*(?: \[ ?(?P<cards>[^\]]*?) ?\])?$")
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[ ?(?P<cards>[^\]]*?) ?\]$")
_POSTS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "posts small & big blinds": ev.PostKind.SMALL_AND_BIG,
}
_STREETS = {
    "Dealing down cards": ev.Street.PREFLOP,
    "Dealing Flop": ev.Street.FLOP,
    "Dealing Turn": ev.Street.TURN,
    "Dealing River": ev.Street.RIVER,
}
_PLAYER_LINE = (
    "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "ALL_IN", "SHOWS", "MUCKS", "NO_SHOW",
    "WINS", "SITS_OUT",
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DEALT"),
}
_WORDS = {
    "HEADER": "a hand header (***** Betfair Poker Hand History for Game N *****)",
    "GAME_LINE": "the game line (PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009)",
    "TABLE": "the table line (Table NAME 6-max (Real Money))",
    "BUTTON": "Seat N is the button",
    "PLAYERS": "Total number of active players : N",
    "SEATS": "a seat line (Seat N: NAME ( $x ))",
    "PLAY": "a line of play (NAME calls [$x], ** Dealing Flop ** [ .. ])",
    "END": "the hand's end (Game N ends)",
}


def _cards(notation: CardNotation, text: str) -> tuple[Card, ...]:
    """Betfair's card lists are comma-separated: "7c, 6c, 5h, Jh"."""
    return notation.cards(text.replace(",", " "))


class BetfairReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS

    def __init__(self) -> None:
        single: dict[str, Callable[[str, SourceSpan], None]] = {
            "HEADER": self.HEADER,
            "GAME_LINE": self.GAME_LINE,
            "TABLE": self.TABLE,
            "BUTTON": self.BUTTON,
            "PLAYERS": self.PLAYERS,
            "END": self.END,
        }
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._single(method) for name, method in single.items()
        }
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser("betfair", callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
        amount = self.AMOUNT
        self._line_methods: dict[str | None, Callable[[str, SourceSpan], None]] = {
            "SEAT": self.SEAT,
            "POST": amount,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": amount,
            "BET": amount,
            "RAISE": amount,
            "ALL_IN": self.ALL_IN,
            "SHOWS": self.SHOWS,
            "MUCKS": self.SHOWS,
            "NO_SHOW": self.NO_SHOW,
            "WINS": self.WINS,
            "SITS_OUT": self.SITS_OUT,
            "STREET": self.STREET,
            "DEALT": self.DEALT,
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
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, _line_at(raw, err.line), err.problem, err.code
            ) from None
        start = self._start
        if start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        if not self._ended:  # no "Game N ends": the record stops before the hand's end
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(start, tuple(self._events), True, last, False)
        return ev.Hand(start, tuple(self._events), uncalled_returns_written=False)

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        last_line = raw.first_line + len(raw.lines) - 1
        if isinstance(err, UnexpectedEOF):
            line, column = last_line, 1
        else:
            line = raw.first_line + (err.line or 1) - 1
            column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        if line >= last_line and not self._ended and self._start is not None:
            span = SourceSpan(raw.file, line, column)
            return ev.Hand(self._start, tuple(self._events), True, span, False)
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
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._big_blind_posted = False
        self._going_all_in: set[str] = set()
        self._ended = False

    def _money(self, text: str) -> int:
        return to_minor(text.replace(",", ""), self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        self._head["hand_id"] = text.split("Game ", 1)[1].split(" ", 1)[0]

    def GAME_LINE(self, text: str, span: SourceSpan) -> None:
        found = _fields(_GAME_LINE, text)
        self._head.update({k: v for k, v in found.items() if v is not None})
        self._head["game"] = line_game(text)
        self._scale = 100 if found["symbol"] else 1  # no symbol: tournament chips

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = _fields(_TABLE, text)
        self._head["table"] = found["table"]
        if found["max"]:
            self._head["max"] = found["max"]
        self._table_span = span

    def BUTTON(self, text: str, span: SourceSpan) -> None:
        button = int(text.split(" ", 2)[1])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._head["button"] = str(button)

    def PLAYERS(self, text: str, span: SourceSpan) -> None:
        return  # "Total number of active players : 6": the seat lines list them

    def END(self, text: str, span: SourceSpan) -> None:
        self._ended = True

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        limit, hi_lo, variant = game_facts(h.get("game", ""))
        line = self._offset + 2  # the game line
        try:
            when = datetime.strptime(f"{h['when']} {h['year']}", "%B %d, %H:%M:%S %Y")
            started = local_time(
                when.year, when.month, when.day, when.hour, when.minute, when.second, h["zone"]
            )
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = int(h["max"]) if "max" in h else None
            if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {max_seats} seats")
        except (AmountError, ValueError, KeyError) as err:
            raise LineError.of(line, ValueError(str(err))) from None
        symbol = h.get("symbol", "")
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
            currency=CURRENCY_OF_SYMBOL[symbol] if symbol else "chips",
            scale=self._scale,
            started_at=started,
            time_zone=h["zone"],
            table_name=h.get("table", ""),
            max_seats=max_seats,
            button_seat=int(h["button"]) if "button" in h else None,
            table_span=self._table_span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = _fields(_SEAT, text)
        seat, player = int(found["seat"]), found["player"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seats.values():
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._events.append(ev.SeatTaken(span, seat, player, self._money(found["stack"])))

    # ------------------------------------------------------------ the play
    def AMOUNT(self, text: str, span: SourceSpan) -> None:
        f = _fields(_AMOUNT_LINE, text)
        player, verb, amount = f["player"], f["verb"], self._money(f["amount"])
        all_in = player in self._going_all_in
        self._going_all_in.discard(player)
        if verb in _POSTS:
            kind = _POSTS[verb]
            if kind is ev.PostKind.BIG_BLIND:
                # a second big blind: a player posting to be dealt in, live
                kind = ev.PostKind.LIVE if self._big_blind_posted else kind
                self._big_blind_posted = True
            self._events.append(ev.Posted(span, player, kind, amount, all_in))
        elif verb == "calls":
            self._events.append(ev.Called(span, player, amount, all_in))
        elif verb == "bets":
            self._events.append(ev.Bet(span, player, amount, all_in))
        else:
            self._events.append(ev.RaisedTo(span, player, 0, amount, all_in, ev.RaiseGiven.TO))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def ALL_IN(self, text: str, span: SourceSpan) -> None:
        self._going_all_in.add(text.removesuffix(" goes all-in"))  # his next action is

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_SHOWS, text)
        cards = _cards(self.card_notation, f["cards"] or "")
        if " mucks" in text:
            self._events.append(ev.Mucked(span, f["player"], cards))
            return
        self._events.append(ev.Shown(span, f["player"], cards, f["words"] or ""))

    def NO_SHOW(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, text.removesuffix(" does not show cards")))

    def WINS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_WINS, text)
        pot = int(f["side"] or 1) if f["pot"].startswith("side") else 0
        named = f["pot"] != "the pot"
        self._events.append(
            ev.Collected(span, f["player"], self._money(f["amount"]), pot, named)
        )

    def SITS_OUT(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" sits out")
        self._events.append(ev.PlayerStatus(span, player, ev.Status.SITS_OUT, "sits out"))

    def STREET(self, text: str, span: SourceSpan) -> None:
        f = _fields(_STREET, text)
        name = f["street"]
        if name == "Showdown":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        street = _STREETS.get(name)
        if street is None:  # "** Hand Conclusion **": the pots won follow
            return
        if street is ev.Street.PREFLOP:
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        new = _cards(self.card_notation, f["cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        f = _fields(_DEALT, text)
        self._events.append(ev.Dealt(span, f["player"], _cards(self.card_notation, f["cards"])))


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
