"""Poker Now hands to events: the room (:mod:`.log`) gives a hand's CSV rows in play
order; their entries, one per line, are lexed with ``grammars/pokernow.lark``.

- No stakes in the hand: the blinds in force come from the session context, else from
  the blinds posted; cents where an amount has two decimals, else whole chips.
- "bets X", "raises to X", and "calls X" too: the player's total bet in the round (the
  big blind of 3 "calls 9" a raise to 9: he adds 6).
- A bomb pot: everyone "posts a bet of X (bomb pot bet)" or "calls X (bomb pot bet)", an
  ante in effect, maybe on two boards ("Flop (second board):"); run it twice: "Flop
  (second run):", its pots paid "... on the second run".
- "collected X from pot" never names the pot. No summary, no rake. `at` is UTC.
"""

from __future__ import annotations

import csv
import dataclasses
from collections.abc import Mapping
from datetime import datetime
from typing import ClassVar

from lark import Token
from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import LineError, SeatError
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, expected_terminals, take_seat
from auditor.read.split import RawHand
from auditor.rooms.pokernow.games import STACK_SEAT, game_facts
from auditor.rooms.pokernow.log import MAX_SEATS, SITE, context_value, header_at
from auditor.source import SourceSpan

# what is play, not its result: the result is what follows the last of them
_ACTIONS = frozenset({ev.Posted, ev.Folded, ev.Checked, ev.ChipsIn, ev.StreetDealt})
_ACTIONS |= {ev.UncalledReturned}
SMALL, BIG = ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND
_STATUS = {
    "joined the game": ev.Status.JOINS,
    "quits the game": ev.Status.LEAVES,
    "stand up": ev.Status.LEAVES,  # leaves the seat, his stack kept for his return
    "sit back": ev.Status.JOINS,
}
_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", ",": " "})
_NOTATION = CardNotation("tens as 10, suit symbols", ten="10")
_NOT_A_ROW = "this row is not one Poker Now writes"
_WORDS = {
    "ROWS": 'a row Poker Now writes (-- starting hand #N ..., Player stacks: ..., "P @ id" '
    "posts a big blind of X, calls X, raises to X, Flop:  [..], collected X from pot, ...)",
}


class PokerNowReader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS
    _header_row: list[str]
    POSTS: ClassVar[Mapping[str, ev.PostKind]] = {
        "small blind": ev.PostKind.SMALL_BLIND,
        "big blind": ev.PostKind.BIG_BLIND,
        "ante": ev.PostKind.ANTE,
        "straddle": ev.PostKind.STRADDLE,
        "missing small blind": ev.PostKind.MISSED_BLIND,  # dead: a returning player's
        "missed big blind": ev.PostKind.LIVE,  # live: counts toward his bet
        "bet": ev.PostKind.ANTE,  # "(bomb pot bet)": every player's forced bet, dead money
    }
    STREETS: ClassVar[Mapping[str, ev.Street]] = {
        name: ev.Street[name.upper()] for name in ("Flop", "Turn", "River")
    }

    def __init__(self) -> None:
        self._wire("pokernow")

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``: its CSV rows' entries, one per line (the log is written
        newest row first: the hand's entry i is the log's line ``first_line - i``)."""
        self._reset(raw)
        rows = list(csv.reader(raw.lines))
        at = header_at(raw)
        self._header_row = rows[at] if at < len(rows) else []
        if len(self._header_row) != 3:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "a header row")
        read = RawHand(raw.file, 1, tuple(r[0].replace("\n", " ") if r else "" for r in rows))
        try:
            try:
                self._parser.parse(read.text, start="start")
            except UnexpectedInput as err:  # never cut short: a log is cut at a whole row
                found = self._error(read, err)
                said = sorted({_WORDS[t] for t in expected_terminals(err) if t in _WORDS})
                what = "expected " + " or ".join(said) if said else _NOT_A_ROW
                line = self._line(found.line - 1)
                raise dataclasses.replace(found, line=line, expected=what) from None
            return self._hand(raw)
        except LineError as err:
            text = read.line_text(raw.first_line - err.line + 1)
            raise HandParseError(raw.file, err.line, 1, text, err.problem, err.code) from None

    def _on_block(self, tok: Token) -> Token:
        """The hand's rows, each at its log line (counted down: newest first)."""
        line = self._line((tok.line or 1) - 1)
        methods, file = self._methods, self._file
        try:
            for found in self._runs[tok.type].finditer(tok):
                methods[found.lastgroup](found, SourceSpan(file, line))
                line -= 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _line(self, index: int) -> int:
        """The log line of the hand's ``index``-th entry."""
        return self._offset + 1 - index

    def _open(self) -> bool:
        return False  # a log cut inside a hand is cut at a whole row: see _hand

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._context = raw.context
        self._header_row = []  # the header's CSV row: entry, at, order
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line)
        self._table_span: SourceSpan | None = None
        self._ended = False
        self._scale = 100 if "." in context_value(raw.context, "big blind") else 1
        self._blinds: dict[ev.PostKind, int] = {}
        self._second_showdown = -1  # where the second run's (or board's) first pot is paid
        self._bomb_pot = False

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._started()
        played = _result_marked(_second_showdown(self._events, self._second_showdown))
        # no "-- ending hand" row: the log stops inside the hand
        cut = None if self._ended else SourceSpan(raw.file, self._line(len(raw.lines) - 1), 1)
        return ev.Hand(start, (start, *played), cut is not None, cut, bomb_pot=self._bomb_pot)

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        """Poker Now's cards: "10♦, Q♥" (suit symbols, a ten as 10, commas)."""
        return _NOTATION.cards(text.translate(_SUITS))

    def _started(self) -> ev.HandStarted:
        h, line = self._head, self._head_span.line
        if not h:
            raise LineError(self._offset + 1, "no header row")
        facts = game_facts(h["game"])
        if facts is None:
            raise LineError(line, f"not an Omaha game: {h['game']!r}")
        limit, hi_lo, hole, variant = facts
        small, big = (context_value(self._context, k) for k in ("small blind", "big blind"))
        try:
            small_stake = self._money(small) if small else self._blinds.get(SMALL, 0)
            big_stake = self._money(big) if big else self._blinds.get(BIG, 0)
        except AmountError as err:
            raise LineError.of(line, err) from None
        _, at, order = self._header_row
        try:
            started = datetime.fromisoformat(at.replace("Z", "+00:00"))
        except ValueError as err:
            raise LineError(line, f"the time {at!r}: {err}") from None
        started = started.replace(tzinfo=None, microsecond=0)
        hand_id = h.get("id") or f"{h['number']}-{order}"  # old logs write no id
        table = context_value(self._context, "table")
        seat_of = {player: seat for seat, player in self._seats.items()}
        # a "(dead button)" hand's: the last hand's small blind seat, from the room
        dead = context_value(self._context, "dead button")
        button = (
            seat_of.get(h["dealer"]) if "dealer" in h else int(dead) if dead.isdigit() else None
        )
        return ev.HandStarted(
            self._head_span, SITE, hand_id, h["game"], variant, limit, hi_lo, hole, small_stake,
            big_stake, "chips", self._scale, started, "UTC", table, MAX_SEATS, button,
            table_span=self._table_span,
        )  # fmt: skip

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._head_span = span

    def ENDING(self, f: Fields, span: SourceSpan) -> None:
        self._ended = True

    def STACKS(self, f: Fields, span: SourceSpan) -> None:
        seats = list(STACK_SEAT.finditer(f["stacks_seats"]))
        if any("." in seat["chips"] for seat in seats):
            self._scale = 100
        self._table_span = span
        for found in seats:
            seat, player = int(found["seat"]), found["player"]
            if seat > MAX_SEATS:
                raise SeatError(f"seat {seat}, which a Poker Now table has not")
            take_seat(self._seats, seat, player)
            self._events.append(ev.SeatTaken(span, seat, player, self._money(found["chips"])))

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        self._bomb_pot = self._bomb_pot or f["post_bomb"] is not None
        kind = self.POSTS[f["post_kind"]]
        if kind in (SMALL, BIG):
            self._blinds.setdefault(kind, self._money(f["post_amount"]))
        super().POST(f, span)

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        if f["call_bomb"]:  # calling the bomb pot's forced bet: the same ante
            self._bomb_pot = True
            amount, all_in = self._money(f["call_to"]), f["call_all_in"] is not None
            self._events.append(ev.Posted(span, f["who"], ev.PostKind.ANTE, amount, all_in))
        else:
            super().CALL(f, span)

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        if f["collected_second"] and self._second_showdown < 0:
            self._second_showdown = len(self._events)  # the second run's (board's) first
        amount = self._money(f["collected_amount"])
        self._events.append(ev.Collected(span, f["who"], amount))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        new = self._cards(f["street_new"])
        cards = (*self._cards(f["street_before"]), *new)
        board = 2 if f["street_second"] else 1
        street = self.STREETS[f["street_name"]]
        self._events.append(ev.StreetDealt(span, street, board, cards, new))

    def NOTE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group()[:-1]))

    def SEAT_STATUS(self, f: Fields, span: SourceSpan) -> None:
        status = _STATUS.get(f["status_what"], ev.Status.OTHER)
        self._events.append(ev.PlayerStatus(span, f["status_player"], status, f.group()[:-1]))

    def ADMIN_STACK(self, f: Fields, span: SourceSpan) -> None:
        added = self._money(f["admin_new"]) - self._money(f["admin_old"])
        chips = added if added > 0 else None  # a stack the admin cut is no chips received
        text, top_up = f.group()[:-1], ev.StackChange.TOP_UP
        self._events.append(ev.StackAdded(span, f["admin_player"], top_up, chips, text))

    def QUEUED_STACK(self, f: Fields, span: SourceSpan) -> None:
        # announced for the next hand: the update row, when written, does it (an amount
        # the hand's unit cannot hold is still the row's error)
        self._money(f["queued_amount"])
        text, top_up = f.group()[:-1], ev.StackChange.TOP_UP
        self._events.append(ev.StackAdded(span, f["queued_player"], top_up, None, text))


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

    Poker Now writes no showdown: each pot's winning hand is revealed as the pot (or
    half, or board) is paid, and the other players' cards only if they choose to show
    them, until the next hand (after the "-- ending hand" row too). What follows the last
    action is read as the summary (the awards are still checked against the cards; the
    showdown order is not judged from it)."""
    last = max((at for at, event in enumerate(events) if type(event) in _ACTIONS), default=-1)
    result = events[last + 1 :]
    if not any(type(event) is ev.Shown or type(event) is ev.Collected for event in result):
        return events
    return [*events[: last + 1], ev.SummaryStarted(result[0].span), *result]
