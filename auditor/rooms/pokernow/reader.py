"""Poker Now hands to events.

The room (``auditor/rooms/pokernow/__init__.py``) gives a hand's CSV rows in play order;
the reader lexes their entries, one per line, with ``grammars/pokernow.lark``: each kind
of entry is one terminal, and the callbacks here, one per terminal, read that entry's
named fields (each kind's pattern below names them) into an event, in order.

What Poker Now's log means, where it is not the Stars layout:

- Players are ``"name @ id"`` (the id is Poker Now's, ten letters, digits, - and _; the
  name may itself hold " @ " or quotes): the whole text is the player.
- No stakes in the hand: the blinds in force come from the session context (the room
  follows "The game's big blind was changed" rows), else from the blinds posted.
- Amounts are chips as the table set them: with two decimals in a cents game
  ("posts a big blind of 0.50", stacks "(100.00)"), whole numbers otherwise; the hand's
  unit is read from its stacks row.
- "raises to X", and "calls X" too: the player's total bet in the round, not the chips
  he adds (reilly's big blind of 3 "calls 9" a raise to 9: he adds 6). The reader keeps
  each player's bet in the round to write the call's chips (Called.amount).
- "posts a missing small blind": a returning player's dead small blind (MISSED_BLIND:
  not part of his bet); "posts a missed big blind": his live big blind (LIVE).
- A bomb pot: no blinds; everyone "posts a bet of X (bomb pot bet)" or "calls X (bomb pot
  bet)", an ante in effect (dead money, no betting before the flop), and the hand may be
  dealt on two boards ("Flop (second board):"), each half of every pot.
- Run it twice: "Flop (second run):" ... the second board; its pots are paid in
  "collected X from pot with ... on the second run" rows: the second showdown.
- "collected X from pot" never names the pot (main or side), and hi/lo halves are two
  rows ("with hi hand with ...", "with low hand with ..."). No summary, no rake row: a
  home game takes no rake, and what a player collects is all the pot he wins.
- "Your hand is ..." names no player (the log's owner): kept as a note; "Undealt cards"
  (cards the hand did not reach, shown after it) and the run-it-twice votes are notes.
- The `at` column is UTC ("2024-12-27T01:16:40.039Z"): the start is written in UTC.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from datetime import datetime

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.read.split import RawHand
from auditor.rooms.pokernow import MAX_SEATS, SITE, context_value, header_at
from auditor.rooms.pokernow.games import HEADER, game_facts, hand_id
from auditor.source import SourceSpan

_PLAYER = r'"(?P<player>[^\n]*? @ [A-Za-z0-9_-]+)"'
_AMOUNT = r"(?P<amount>[0-9]+(?:\.[0-9]+)?)"
_ALL_IN = r"(?P<all_in> and go all in)?$"
_POST = re.compile(
    _PLAYER + r" posts an? (?P<kind>small blind|big blind|ante|straddle|missing small blind"
    r"|missed big blind|bet) of " + _AMOUNT + r"(?P<bomb> \(bomb pot bet\))?" + _ALL_IN
)
_FOLD = re.compile(_PLAYER + r" folds$")
_CHECK = re.compile(_PLAYER + r" checks$")
_CALL = re.compile(_PLAYER + r" calls " + _AMOUNT + r"(?P<bomb> \(bomb pot bet\))?" + _ALL_IN)
_BET = re.compile(_PLAYER + r" bets " + _AMOUNT + _ALL_IN)
_RAISE = re.compile(_PLAYER + r" raises to " + _AMOUNT + _ALL_IN)
_UNCALLED = re.compile(r"Uncalled bet of " + _AMOUNT + r" returned to " + _PLAYER + "$")
_SHOWS = re.compile(_PLAYER + r" shows a (?P<cards>[^\n]+)\.$")
_COLLECTED = re.compile(
    _PLAYER + r" collected " + _AMOUNT + r" from pot(?: with (?P<words>[^\n]*?))?"
    r"(?P<second> on the second (?:run|board))? *(?:\(combination: [^)]*\))?$"
)
_STREET = re.compile(
    r"(?P<street>Flop|Turn|River)(?: \(second (?P<second>run|board)\))?: +"
    r"(?P<before>[^\[\n]*?) *\[(?P<new>[^\]\n]*)\]$"
)
_SEAT = re.compile(r"#(?P<seat>[0-9]+) " + _PLAYER + r" \(" + _AMOUNT + r"\)")
_SEAT_STATUS = re.compile(
    r"The player " + _PLAYER + r" (?P<what>joined the game|quits the game|stand up|sit back"
    r"|requested a seat|canceled the seat request|passed the room ownership)"
)
_ADMIN_STACK = re.compile(
    r"The admin updated the player " + _PLAYER + r" stack from (?P<old>[0-9.]+) to "
    r"(?P<new>[0-9.]+)\.$"
)
_QUEUED = re.compile(
    r"WARNING: the admin queued the stack change for the player "
    + _PLAYER
    + r" (?P<how>adding|reseting to|removing) "
    + _AMOUNT
    + r" chips in the next hand\.$"
)
_CENTS = re.compile(r"\([0-9]+\.[0-9]+\)")
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
    "straddle": ev.PostKind.STRADDLE,
    "missing small blind": ev.PostKind.MISSED_BLIND,  # dead: a returning player's
    "missed big blind": ev.PostKind.LIVE,  # live: counts toward his bet
    "bet": ev.PostKind.ANTE,  # "(bomb pot bet)": every player's forced bet, dead money
}
_LIVE_POSTS = (
    ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND, ev.PostKind.STRADDLE, ev.PostKind.LIVE
)  # fmt: skip
# what is play, not its result: the result is what follows the last of them
_ACTIONS = frozenset(
    {ev.Posted, ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo, ev.StreetDealt}
    | {ev.UncalledReturned}
)
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_STATUS = {
    "joined the game": ev.Status.JOINS,
    "quits the game": ev.Status.LEAVES,
    "stand up": ev.Status.LEAVES,  # leaves the seat, his stack kept for his return
    "sit back": ev.Status.JOINS,
}
_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", ",": " "})
_NOTATION = CardNotation("tens as 10, suit symbols", ten="10")

# What the grammar's terminal is, in Poker Now's words, for parse errors.
_WORDS = {
    "ROWS": 'a row Poker Now writes (-- starting hand #N ..., Player stacks: ..., "P @ id" '
    "posts a big blind of X, calls X, raises to X, Flop:  [..], collected X from pot, ...)",
}


def _cards(text: str) -> tuple[Card, ...]:
    """Poker Now's cards: "10♦, Q♥" (suit symbols, a ten as 10, commas)."""
    return _NOTATION.cards(text.translate(_SUITS))


class PokerNowReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    def __init__(self) -> None:
        methods: dict[str, Callable[[str, SourceSpan], None]] = {
            "HEADER": self.HEADER,
            "ENDING": self.ENDING,
            "STACKS": self.STACKS,
            "POST": self.POST,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": self.CALL,
            "BET": self.BET,
            "RAISE": self.RAISE,
            "UNCALLED": self.UNCALLED,
            "SHOWS": self.SHOWS,
            "COLLECTED": self.COLLECTED,
            "STREET": self.STREET,
            "UNDEALT": self.NOTE,
            "YOUR_HAND": self.NOTE,
            "RUN_IT": self.NOTE,
            "SETTING": self.NOTE,
            "TABLE_NOTE": self.NOTE,
            "SEAT_STATUS": self.SEAT_STATUS,
            "ADMIN_STACK": self.ADMIN_STACK,
            "QUEUED_STACK": self.QUEUED_STACK,
        }
        self._methods = methods
        self._parser: Lark = build_parser("pokernow", {"ROWS": self._on_rows})
        self._rows = LineClassifier(self._parser, tuple(methods))
        self._reset(RawHand("", 1, ("",)))

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw)
        rows = list(csv.reader(raw.lines))
        entries = [r[0].replace("\n", " ") if r else "" for r in rows]
        at = header_at(raw)
        header = rows[at] if at < len(rows) else []
        if len(header) != 3:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "a header row")
        self._header_row = header
        text = "\n".join(entries) + "\n"
        try:
            try:
                self._parser.parse(text, start="start")
            except UnexpectedInput as err:
                self._raise(raw, entries, text, err)
            start = self._started()
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, _entry_at(raw, entries, err.line), err.problem, err.code
            ) from None
        events = (start, *_result_marked(_second_showdown(self._events, self._second_showdown)))
        if not self._ended:  # no "-- ending hand" row: the log stops inside the hand
            last = SourceSpan(raw.file, self._line(len(entries) - 1), 1)
            return ev.Hand(start, events, True, last, bomb_pot=self._bomb_pot)
        return ev.Hand(start, events, bomb_pot=self._bomb_pot)

    def _raise(self, raw: RawHand, entries: list[str], text: str, err: UnexpectedInput) -> None:
        if isinstance(err, UnexpectedEOF):
            index, column = len(entries) - 1, 1
        else:
            index = (err.line or 1) - 1
            column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        expected: set[str] = set()
        if isinstance(err, UnexpectedToken):
            expected = set(err.expected)
        elif isinstance(err, UnexpectedCharacters):
            expected = set(err.allowed or ())
        context = ""
        if not isinstance(err, UnexpectedEOF) and isinstance(err.pos_in_stream, int):
            context = str(err.get_context(text, span=40))
        words = sorted({_WORDS[t] for t in expected if t in _WORDS})
        what = "expected " + " or ".join(words) if words else "this row is not one Poker Now writes"
        entry = entries[index] if 0 <= index < len(entries) else ""
        raise HandParseError(
            raw.file, self._line(index), column, entry, what, context=context
        ) from None

    def _line(self, index: int) -> int:
        """The log line of the hand's ``index``-th entry (the log is written newest first)."""
        return self._first_line - index

    def _on_rows(self, tok: Token) -> Token:
        """The hand's rows: each row's kind from the grammar's terminals, one event each."""
        index = (tok.line or 1) - 1
        methods, file = self._methods, self._file
        for found in self._rows.matches(tok):
            line = self._line(index)
            kind = found.lastgroup
            try:
                if kind is None:
                    raise ValueError(f"cannot tell the kind of {found.group()!r}")
                methods[kind](found.group().rstrip("\n"), SourceSpan(file, line))
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            index += 1
        return tok

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._first_line = raw.first_line
        self._context = raw.context
        self._header_row = []
        self._events: list[ev.Event] = []
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line)
        self._table_span: SourceSpan | None = None
        self._ended = False
        self._scale = 100 if "." in context_value(raw.context, "big blind") else 1
        self._seat_of: dict[str, int] = {}
        self._blinds: dict[ev.PostKind, int] = {}
        self._second_showdown = -1  # where the second run's (or board's) first pot is paid
        self._bomb_pot = False
        self._bet: dict[str, int] = {}  # each player's bet in the round, as the log's totals

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _started(self) -> ev.HandStarted:
        h = self._head
        if not h:
            raise LineError(self._first_line, "no header row")
        game = h["game"]
        facts = game_facts(game)
        if facts is None:
            raise LineError(self._head_span.line, f"not an Omaha game: {game!r}")
        small = context_value(self._context, "small blind")
        big = context_value(self._context, "big blind")
        try:
            posted = self._blinds
            small_stake = self._money(small) if small else posted.get(ev.PostKind.SMALL_BLIND, 0)
            big_stake = self._money(big) if big else posted.get(ev.PostKind.BIG_BLIND, 0)
        except AmountError as err:
            raise LineError.of(self._head_span.line, err) from None
        dealer = h.get("dealer")
        at = self._header_row[1]
        try:
            started = datetime.fromisoformat(at.replace("Z", "+00:00")).replace(tzinfo=None)
        except ValueError as err:
            raise LineError(self._head_span.line, f"the time {at!r}: {err}") from None
        return ev.HandStarted(
            self._head_span,
            site=SITE,
            hand_id=hand_id(h["entry"], self._header_row[2]),
            game=game,
            variant=facts.variant,
            limit=facts.limit,
            hi_lo=facts.hi_lo,
            hole_card_count=facts.hole_cards,
            small_stake=small_stake,
            big_stake=big_stake,
            currency="chips",
            scale=self._scale,
            started_at=started.replace(microsecond=0),
            time_zone="UTC",
            table_name=context_value(self._context, "table"),
            max_seats=MAX_SEATS,
            button_seat=self._seat_of.get(dealer) if dealer else self._dead_button(),
            table_span=self._table_span,
        )

    def _dead_button(self) -> int | None:
        """A "(dead button)" hand's button: the last hand's small blind seat, which the
        room passes in the context (None when it could not tell)."""
        seat = context_value(self._context, "dead button")
        return int(seat) if seat.isdigit() else None

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = HEADER.match(text)
        if found is None:
            raise ValueError(f"cannot read the header {text!r}")
        self._head = {"entry": text, "game": found["game"]}
        if found["dealer"]:
            self._head["dealer"] = found["dealer"]
        self._head_span = span

    def ENDING(self, text: str, span: SourceSpan) -> None:
        self._ended = True

    def STACKS(self, text: str, span: SourceSpan) -> None:
        if _CENTS.search(text):
            self._scale = 100
        self._table_span = span
        for found in _SEAT.finditer(text):
            seat = int(found["seat"])
            player = found["player"]
            if not 1 <= seat <= min(SEAT_LIMIT, MAX_SEATS):
                raise SeatError(f"seat {seat}, which a Poker Now table has not")
            if player in self._seat_of:
                raise SeatError(f"{player} seated twice")
            self._seat_of[player] = seat
            self._events.append(ev.SeatTaken(span, seat, player, self._money(found["amount"])))

    # ------------------------------------------------------------ the play
    def POST(self, text: str, span: SourceSpan) -> None:
        found = _match(_POST, text)
        kind = _POST_KINDS[found["kind"]]
        self._bomb_pot = self._bomb_pot or found["bomb"] is not None
        amount = self._money(found["amount"])
        if kind in (ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND):
            self._blinds.setdefault(kind, amount)
        if kind in _LIVE_POSTS:
            player = found["player"]
            bet = self._bet.get(player, 0)
            # a straddle is written as his whole bet (as the engine reads it too)
            self._bet[player] = max(bet, amount) if kind is ev.PostKind.STRADDLE else bet + amount
        all_in = found["all_in"] is not None
        self._events.append(ev.Posted(span, found["player"], kind, amount, all_in))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, _match(_FOLD, text)["player"]))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, _match(_CHECK, text)["player"]))

    def CALL(self, text: str, span: SourceSpan) -> None:
        found = _match(_CALL, text)
        amount = self._money(found["amount"])
        all_in = found["all_in"] is not None
        if found["bomb"]:  # calling the bomb pot's forced bet: the same ante
            self._bomb_pot = True
            self._events.append(ev.Posted(span, found["player"], ev.PostKind.ANTE, amount, all_in))
        else:
            player = found["player"]
            added = amount - self._bet.get(player, 0)
            if added <= 0:
                raise ValueError(f"a call to {found['amount']}, no more than his bet")
            self._bet[player] = amount
            self._events.append(ev.Called(span, player, added, all_in))

    def BET(self, text: str, span: SourceSpan) -> None:
        found = _match(_BET, text)
        amount = self._money(found["amount"])
        self._bet[found["player"]] = amount
        self._events.append(ev.Bet(span, found["player"], amount, found["all_in"] is not None))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        found = _match(_RAISE, text)
        to = self._money(found["amount"])
        self._bet[found["player"]] = to
        all_in = found["all_in"] is not None
        self._events.append(
            ev.RaisedTo(span, found["player"], 0, to, all_in, given=ev.RaiseGiven.TO)
        )

    def UNCALLED(self, text: str, span: SourceSpan) -> None:
        found = _match(_UNCALLED, text)
        amount = self._money(found["amount"])
        self._events.append(ev.UncalledReturned(span, found["player"], amount))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        found = _match(_SHOWS, text)
        self._events.append(ev.Shown(span, found["player"], _cards(found["cards"])))

    def COLLECTED(self, text: str, span: SourceSpan) -> None:
        found = _match(_COLLECTED, text)
        if found["second"] and self._second_showdown < 0:
            self._second_showdown = len(self._events)  # the second run's (board's) first
        amount = self._money(found["amount"])
        self._events.append(ev.Collected(span, found["player"], amount))

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = _match(_STREET, text)
        new = _cards(found["new"])
        cards = (*_cards(found["before"]), *new)
        board = 2 if found["second"] else 1
        if board == 1:
            self._bet.clear()  # a new betting round
        self._events.append(ev.StreetDealt(span, _STREETS[found["street"]], board, cards, new))

    def NOTE(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, text))

    def SEAT_STATUS(self, text: str, span: SourceSpan) -> None:
        found = _match(_SEAT_STATUS, text)
        status = _STATUS.get(found["what"], ev.Status.OTHER)
        self._events.append(ev.PlayerStatus(span, found["player"], status, text))

    def ADMIN_STACK(self, text: str, span: SourceSpan) -> None:
        found = _match(_ADMIN_STACK, text)
        added = self._money(found["new"]) - self._money(found["old"])
        chips = added if added > 0 else None  # a stack the admin cut is no chips received
        top_up = ev.StackChange.TOP_UP
        self._events.append(ev.StackAdded(span, found["player"], top_up, chips, text))

    def QUEUED_STACK(self, text: str, span: SourceSpan) -> None:
        found = _match(_QUEUED, text)
        chips = None  # announced for the next hand: the update row, when written, does it
        self._money(found["amount"])  # (an amount the hand's unit cannot hold is an error)
        top_up = ev.StackChange.TOP_UP
        self._events.append(ev.StackAdded(span, found["player"], top_up, chips, text))


def _second_showdown(events: list[ev.Event], first_paid: int) -> list[ev.Event]:
    """``events`` with the second run's (or second board's) showdown started after the
    last pot paid on the first: the hands shown from there are shown for the second."""
    if first_paid < 0:
        return events
    at = first_paid
    while at > 0 and type(events[at - 1]) is not ev.Collected:
        at -= 1
    at = at or first_paid
    return [*events[:at], ev.ShowdownStarted(events[at].span, 2), *events[at:]]


def _result_marked(events: list[ev.Event]) -> list[ev.Event]:
    """``events`` with the hand's result marked (SummaryStarted) after its last action.

    Poker Now writes no showdown, only the result: each pot's winning hand revealed as
    the pot (or half, or board) is paid, in the order the pots are paid (the high half
    before the low, the first board before the second), and the other players' cards
    only if they choose to show them, which they may do until the next hand (the same
    rows come after the "-- ending hand" row too). The order of those rows is the order
    of the payments, not the order the players tabled their hands: what follows the
    last action is read as the hand's summary (the awards are still checked against the
    cards; the showdown order is not judged from it)."""
    last = max((at for at, event in enumerate(events) if type(event) in _ACTIONS), default=-1)
    result = events[last + 1 :]
    if not any(type(event) is ev.Shown or type(event) is ev.Collected for event in result):
        return events
    return [*events[: last + 1], ev.SummaryStarted(result[0].span), *result]


def _match(pattern: re.Pattern[str], text: str) -> re.Match[str]:
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"cannot read the fields of {text!r}")
    return found


def _entry_at(raw: RawHand, entries: list[str], line: int) -> str:
    index = raw.first_line - line
    return entries[index] if 0 <= index < len(entries) else ""
