"""OnGame hands to events.

The grammar (``grammars/ongame.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields (each kind's pattern below names
them) into an event. They run as lexer callbacks, so the events come out in file order.

What OnGame's layout means, where it is not the Stars layout:

- "X raises $5.00 to $10.00": the first amount is the chips X puts in with this action,
  the second X's bet in the round after it (McCall901 has posted $5, "raises $5.00 to
  $10.00"; fpdb's OnGameToFpdb.py reads the second as the raise's total). The record
  is read as a raise TO the second amount: the first is the engine's to work out.
- The hands shown at the showdown are written only in the summary: "Seat 1: X ($354.50),
  net: -$0.50, [Kc, Ks, 6s, 5d] (TWO_PAIR KING, THREE)"; the amount in brackets is the
  stack AFTER the hand, "net" the hand's result: neither is an amount won.
- The pots: "Main pot: $710.00 won by A ($354.50), B ($354.50)" names the pot's gross
  amount (before the rake) and what each winner was paid from it (after it): one
  ``Collected`` per winner, the pot named; "Rake taken: $1" follows them.
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
from auditor.rooms.ongame.games import game_facts
from auditor.rooms.ongame.wording import read_claim
from auditor.source import SourceSpan

SITE = "OnGame"

_AMOUNT = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?"
# Each line kind's fields, by name (the grammar has already checked the line's shape).
_HEADER = re.compile(
    r"\*\*\*\*\* History for hand (?P<hand_id>[A-Z0-9-]+)"
    r"(?: \(TOURNAMENT: (?:\"(?P<name>[^\"]*)\", )?(?P<tournament>[^,)]+)"
    r"(?:, buy-in: (?P<buy_in>[^)]*))?\))? \*\*\*\*\*"
)
_START_TIME = re.compile(
    r"Start hand: [A-Z][a-z]{2} (?P<month>[A-Z][a-z]{2}) (?P<day>[0-9]{1,2}) "
    r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2}) "
    r"(?P<zone>[A-Z]{1,5}(?:[+-][0-9]{2}:?[0-9]{2})?) (?P<year>[0-9]{4})"
)
_TABLE = re.compile(
    r"Table: (?:\[SPEED\] )?(?P<name>.+?) \[(?P<number>[0-9]+)\] \("
    r"(?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) (?P<small>" + _AMOUNT + r")/(?P<big>" + _AMOUNT + r")"
    r"(?:, ante: (?P<ante>" + _AMOUNT + r"))?, (?P<money>[A-Za-z ]+)\)"
)
_SEAT = re.compile(r"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>" + _AMOUNT + r")\)")
_POST = re.compile(
    r"(?P<player>.+?) posts (?P<kind>small blind|big blind|dead blind|small & big blinds?|ante)"
    r" \( ?(?P<amount>" + _AMOUNT + r")\)"
)
_ALL_IN = r"(?P<all_in> \[all in\]| and is all-in)?"
_CALL = re.compile(r"(?P<player>.+) calls (?P<amount>" + _AMOUNT + r")" + _ALL_IN)
_BET = re.compile(r"(?P<player>.+) bets (?P<amount>" + _AMOUNT + r")" + _ALL_IN)
_RAISE = re.compile(
    r"(?P<player>.+) raises (?P<added>" + _AMOUNT + r") to (?P<to>" + _AMOUNT + r")" + _ALL_IN
)
_STREET = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]")
_DEALT = re.compile(r"Dealing to (?P<player>.+): \[(?P<cards>[^\]]*)\]")
_POT = re.compile(
    r"(?:Main pot|Side pot (?P<side>[0-9]+)): (?P<amount>" + _AMOUNT + r") won by (?P<winners>.+)"
)
# one winner of a pot: "alikator21 ($354.50)", "KREST 78 (165 High)"
_WINNER = re.compile(r"(?P<player>.+?) \((?P<amount>" + _AMOUNT + r")(?: (?P<half>High|Low))?\)$")
_RAKE = re.compile(r"Rake taken: (?P<amount>" + _AMOUNT + r")")
_SUMMARY_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>" + _AMOUNT + r")\)"
    r"(?:, net: (?P<net>[+-]?" + _AMOUNT + r"))?"
    r"(?:, \[(?P<cards>[^\]]*)\](?: \((?P<description>[^)]*)\))?)?$"
)
_END = re.compile(r"\*\*\*\*\* End of hand (?P<hand_id>[A-Z0-9-]+) \*\*\*\*\*$")
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)}
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "dead blind": ev.PostKind.MISSED_BLIND,
    "small & big blind": ev.PostKind.SMALL_AND_BIG,
    "small & big blinds": ev.PostKind.SMALL_AND_BIG,
    "ante": ev.PostKind.ANTE,
}
_STREETS = {"flop": ev.Street.FLOP, "turn": ev.Street.TURN, "river": ev.Street.RIVER}
_PLAYER_LINE = ("POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "STATUS")
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DIVIDER", "POCKET", "DEALT"),
    "SUMMARY_BODY": ("POT", "RAKE", "SUMMARY_SEAT"),
}

# What each of the grammar's terminals is, in OnGame's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (***** History for hand R5-... *****)",
    "START_TIME": "the start time (Start hand: Mon Jan 06 08:55:00 CET 2014)",
    "TABLE": "the table line (Table: Name [123] (POT_LIMIT OMAHA_HI $1/$1, Real money))",
    "USER": "User: NAME",
    "BUTTON": "Button: seat N",
    "PLAYERS": "Players in round: N",
    "SEATS": "a seat line (Seat N: NAME ($x))",
    "PLAY": "a line of play (NAME calls $x, --- Dealing flop [..])",
    "SUMMARY_MARKER": "Summary:",
    "SUMMARY_BODY": "a summary line (Main pot: $x won by NAME ($y), Rake taken: $x, Seat N: ...)",
    "END": "***** End of hand ... *****",
}


def _cards(notation: CardNotation, text: str) -> tuple[Card, ...]:
    """OnGame's card lists are comma-separated: "3d, 9d, 7c"."""
    return notation.cards(text.replace(",", " "))


# OnGame writes no "returned" line: a bet nobody called is left out of the pot line
# ("Main pot: $25.00" in R5-362055755-3, yakitaki's $25 flop bet not in it)
_RETURNS_WRITTEN = False

class OnGameReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS

    def __init__(self) -> None:
        single: dict[str, Callable[[str, SourceSpan], None]] = {
            "HEADER": self.HEADER,
            "START_TIME": self.START_TIME,
            "TABLE": self.TABLE,
            "USER": self.USER,
            "BUTTON": self.BUTTON,
            "PLAYERS": self.PLAYERS,
            "SUMMARY_MARKER": self.SUMMARY_MARKER,
            "END": self.END,
        }
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._single(method) for name, method in single.items()
        }
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser("ongame", callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
        self._line_methods: dict[str | None, Callable[[str, SourceSpan], None]] = {
            "SEAT": self.SEAT,
            "POST": self.POST,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": self.CALL,
            "BET": self.BET,
            "RAISE": self.RAISE,
            "STATUS": self.STATUS,
            "STREET": self.STREET,
            "DIVIDER": self.DIVIDER,
            "POCKET": self.POCKET,
            "DEALT": self.DEALT,
            "POT": self.POT,
            "RAKE": self.RAKE,
            "SUMMARY_SEAT": self.SUMMARY_SEAT,
            None: _unknown_line,
        }
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
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, _line_at(raw, err.line), err.problem, err.code
            ) from None
        start = self._start
        if start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        if not self._summary_started:
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(start, tuple(self._events), True, last, _RETURNS_WRITTEN)
        return ev.Hand(start, tuple(self._events), uncalled_returns_written=_RETURNS_WRITTEN)

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        last_line = raw.first_line + len(raw.lines) - 1
        if isinstance(err, UnexpectedEOF):
            line, column = last_line, 1
        else:
            line = raw.first_line + (err.line or 1) - 1
            column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        # A record cut short before its summary is read up to its last whole line and
        # marked truncated: incomplete, not unreadable.
        has_summary = "Summary:" in raw.lines
        if line >= last_line and not has_summary and self._start is not None:
            span = SourceSpan(raw.file, line, column)
            return ev.Hand(self._start, tuple(self._events), True, span, _RETURNS_WRITTEN)
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
        classifier = self._classifiers[tok.type]
        methods = self._line_methods
        try:
            if tok.type == "SEATS" or tok.type == "PLAY":
                self._ensure_start()
            for found in classifier.matches(tok):
                methods[found.lastgroup](found.group().rstrip(), SourceSpan(file, line))
                line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _reset(self, file: str, first_line: int) -> None:
        self._file = file
        self._offset = first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary_started = False
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._button: int | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._pots: list[int] = []

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = _fields(_HEADER, text)
        self._head["hand_id"] = found["hand_id"]
        if found["tournament"]:
            self._head["tournament_id"] = found["tournament"]
            if found["buy_in"]:
                self._head["buy_in"] = found["buy_in"]

    def START_TIME(self, text: str, span: SourceSpan) -> None:
        found = _fields(_START_TIME, text)
        self._head.update(found)

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = _fields(_TABLE, text)
        self._table_span = span
        small = found["small"]
        symbol = small[0] if small[:1] in CURRENCY_OF_SYMBOL else ""
        # "Chips" (tournaments) and "Play money" are no currency: chips, whole unless the
        # stakes have cents
        if symbol and found["money"] == "Real money":
            currency, self._scale = CURRENCY_OF_SYMBOL[symbol], 100
        else:
            cents = "." in small or "." in found["big"]
            currency, self._scale = "chips", 100 if cents else 1
        self._head.update(
            table=found["name"],
            game=f"{found['limit']} {found['game']}",
            small=small,
            big=found["big"],
            currency=currency,
        )

    def USER(self, text: str, span: SourceSpan) -> None:
        return  # whose history it is: the "Dealing to" line says whose cards are shown

    def BUTTON(self, text: str, span: SourceSpan) -> None:
        button = int(text.rsplit(" ", 1)[1])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    def PLAYERS(self, text: str, span: SourceSpan) -> None:
        return  # "Players in round: 5 (8)": the seat lines list them

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = h.get("game", "")
        limit, hi_lo, hole, variant = game_facts(game)
        header_line = self._offset + 1
        try:
            started_at, zone = _started_at(h)
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(header_line + 1, err) from None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, header_line, 1),
            site=SITE,
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
            table_name=h.get("table", ""),
            max_seats=None,  # the layout does not say; "Players in round: 5 (8)" is players
            button_seat=self._button,
            tournament_id=h.get("tournament_id"),
            buy_in=h.get("buy_in"),
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
    def POST(self, text: str, span: SourceSpan) -> None:
        found = _fields(_POST, text)
        kind = _POST_KINDS[found["kind"]]
        self._events.append(ev.Posted(span, found["player"], kind, self._money(found["amount"])))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def CALL(self, text: str, span: SourceSpan) -> None:
        found = _fields(_CALL, text)
        amount = self._money(found["amount"])
        self._events.append(ev.Called(span, found["player"], amount, bool(found["all_in"])))

    def BET(self, text: str, span: SourceSpan) -> None:
        found = _fields(_BET, text)
        amount = self._money(found["amount"])
        self._events.append(ev.Bet(span, found["player"], amount, bool(found["all_in"])))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        found = _fields(_RAISE, text)
        self._money(found["added"])  # checked as an amount; the engine works out the rest
        to = self._money(found["to"])
        self._events.append(
            ev.RaisedTo(
                span, found["player"], 0, to, bool(found["all_in"]), given=ev.RaiseGiven.TO
            )
        )

    def STATUS(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" sits out")
        self._events.append(ev.PlayerStatus(span, player, ev.Status.SITS_OUT, "sits out"))

    def DIVIDER(self, text: str, span: SourceSpan) -> None:
        return  # "---": between the blinds and the cards, and before the summary

    def POCKET(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = _fields(_STREET, text)
        new = _cards(self.card_notation, found["cards"])
        self._board += new
        street = _STREETS[found["street"]]
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = _fields(_DEALT, text)
        cards = _cards(self.card_notation, found["cards"])
        self._events.append(ev.Dealt(span, found["player"], cards))

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, text: str, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def POT(self, text: str, span: SourceSpan) -> None:
        found = _fields(_POT, text)
        pot = int(found["side"]) if found["side"] else 0
        self._pots.append(self._money(found["amount"]))
        for part in found["winners"].split(", "):
            winner = _WINNER.match(part)
            if winner is None:
                raise ValueError(f"a pot's winner that is not 'NAME (amount)': {part!r}")
            amount = self._money(winner["amount"])
            self._events.append(ev.Collected(span, winner["player"], amount, pot, True))

    def RAKE(self, text: str, span: SourceSpan) -> None:
        # "Rake taken" closes the pots' lines: the pots are gross (the winners' shares
        # add up to the pot less this rake), so their sum is the total pot, gross
        # (710 = 354.50 + 354.50 + 1 in R5-361875219-6). The events' pots are net of the
        # rake: it is taken off the main pot, where every hand pays it (which pot a room
        # takes it from, the checks leave to the room)
        found = _fields(_RAKE, text)
        rake = to_minor(found["amount"], self._scale)
        main = self._pots[0] - rake if self._pots else None
        sides = tuple(self._pots[1:])
        self._events.append(ev.SummaryPot(span, sum(self._pots), main, sides, rake))

    def SUMMARY_SEAT(self, text: str, span: SourceSpan) -> None:
        found = _SUMMARY_SEAT.match(text)
        if found is None:
            self._events.append(ev.Garbled(span, text, "a summary seat line of no known shape"))
            return
        seat, player = int(found["seat"]), found["player"]
        if found["cards"] is None:
            # the stack after the hand and its net result: nothing about how it ended
            words = text.partition(": ")[2][len(player) + 1 :]
            outcome = ev.SeatOutcome.OTHER
            self._events.append(ev.SummarySeat(span, seat, player, (), outcome, outcome_text=words))
            return
        cards = _cards(self.card_notation, found["cards"])
        description = found["description"] or ""
        result = ev.SeatResult(None, description, read_claim(description))
        showed = ev.SeatOutcome.SHOWED
        self._events.append(
            ev.SummarySeat(span, seat, player, (), showed, cards=cards, results=(result,))
        )

    def END(self, text: str, span: SourceSpan) -> None:
        # "***** End of hand R5-361875219-6 *****": the header's id again; another id is a
        # record at odds with itself (the header's is the hand's)
        found = _END.match(text)
        hand_id = self._head.get("hand_id", "")
        if found is None or found["hand_id"] != hand_id:
            problem = f"the end line names another hand than the header's {hand_id}"
            self._events.append(ev.Garbled(span, text, problem))


def _fields(pattern: re.Pattern[str], text: str) -> dict[str, str]:
    """The named fields of a line the grammar accepted (a mismatch is the line's error)."""
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"cannot read the fields of {text!r}")
    return found.groupdict()


def _started_at(head: dict[str, str]) -> tuple[datetime | None, str]:
    if "year" not in head:
        return None, ""
    month = _MONTHS.get(head["month"])
    if month is None:
        raise ValueError(f"no month is called {head['month']!r}")
    local = local_time(
        int(head["year"]),
        month,
        int(head["day"]),
        int(head["hour"]),
        int(head["minute"]),
        int(head["second"]),
        head["zone"],
    )
    return local, head["zone"]


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
