"""Cake Poker hands to events.

The grammar (``grammars/cake.lark``) decides which kind each line is; each line terminal
is one regular expression with named fields. The methods here, one per line terminal, run
as lexer callbacks (so the events come out in file order) and read a line's fields by
name from its terminal's own pattern.

What Cake's layout means, where it is not the Stars layout:

- Two currencies: a euro player at a dollar table sees the header's stakes in euros
  ("€0,04/€0,08") and every amount in dollars with its euro value beside it ("posts
  small blind $0,05 (EUR €0,04)"). The table's money is the dollars: the euro values are
  a display (rounded to the cent: the header's "€0.41" big blind is "$0.50 (EUR €0.41)").
  The stakes are then the dollars of the blinds whose euro value the header names.
- Some exports write a decimal comma ("$21,89"); chips use the comma for thousands
  ("1,640 in chips"): a comma with two digits after it in an amount with a currency
  symbol is the decimal point.
- "calls $0,25": the chips the caller adds (Player2's small blind $0.05 and "calls
  $0,25" make his $0.30); "raises to $0,30": the raise's total.
- No summary and no rake line: "Player3 wins $3,55 with ..." is what the pot paid after
  the rake; in hi/lo "wins high pot 327", "wins low pot 327", "There is no low hand".
- The record writes no time zone: the zone is kept empty.
"""

from __future__ import annotations

import dataclasses
import re

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import Fields, FieldsReader, comma_cards, take_seat
from auditor.read.split import RawHand
from auditor.rooms.cake.games import TOURNAMENT, game_facts, is_hi_lo, table_of
from auditor.rooms.cake.wording import claim
from auditor.source import SourceSpan

SITE = "Cake"

_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante of": ev.PostKind.ANTE,
}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_DECIMAL_COMMA = re.compile(r"[0-9]+,[0-9]{2}")

# What each of the grammar's terminals is, in Cake's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (Hand#N - TABLE -- $0.05/$0.10 PL Omaha -- 2012/08/09 - 02:43:32)",
    "DEALER": "Dealer: Seat N",
    "SEATS": "a seat line (Seat N: NAME ($10 in chips))",
    "LINES": "a line of play (NAME: calls $0.10, *** FLOP *** [..], NAME wins $1)",
    "SHOWDOWN": "***SHOW DOWN***",
}


def _number(text: str) -> tuple[str, str]:
    """(symbol, plain number) of an amount: "$0,05" -> ("$", "0.05"), "1,640" -> ("", "1640")."""
    symbol = text[0] if text[0] in "$€" else ""
    number = text[len(symbol) :]
    if symbol and "." not in number and _DECIMAL_COMMA.fullmatch(number):
        return symbol, number.replace(",", ".")  # a decimal comma
    return symbol, number.replace(",", "")


class CakeReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS

    def __init__(self) -> None:
        self._wire("cake")

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return bool(self._seats) and not self._won

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []  # after the head, which the end of the hand tells
        self._won = False  # a pot won: the hand's end
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._table = ""
        self._hi_lo = False
        self._button: int | None = None
        self._seats: dict[int, str] = {}
        self._symbol: str | None = None  # the table's money: "$", "€" or "" (chips)
        self._euro_stakes: tuple[str, str] | None = None
        self._stakes_posted: list[int | None] = [None, None]
        self._board: tuple[Card, ...] = ()
        self._dealt = False  # the first hole cards open the preflop
        self._seen: set[str] = set()  # players with a line in the hand

    def _hand(self, raw: RawHand) -> ev.Hand:
        if not self._seats:  # cannot be: the grammar wants a seat line
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        start = self._started()
        # Cake lists every seat, and writes no line for a seat not dealt in (waiting for
        # the big blind, sitting out): a player dealt in has a line before the hand can
        # end (he acts, or everyone before the big blind folds to it), so a seat with no
        # line of its own was out of the hand
        events = [
            dataclasses.replace(e, out_of_hand=True)
            if type(e) is ev.SeatTaken and e.player not in self._seen
            else e
            for e in self._events
        ]
        last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
        cut = None if self._won else last
        return ev.Hand(start, (start, *events), cut is not None, cut)

    def _money(self, text: str) -> int:
        symbol, number = _number(text)
        if self._symbol is None:  # the first amount, a seat's stack: the table's money
            self._symbol = symbol
        return to_minor(number, 100 if self._symbol else 1)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._head_span = span
        self._table = table_of(f, "head_")
        self._hi_lo = is_hi_lo(self._head["game"])

    def DEALER(self, f: Fields, span: SourceSpan) -> None:
        self._button = _seat_number(f["dealer_seat"])

    def _started(self) -> ev.HandStarted:
        """The head, with the stakes in the table's money (the blinds show them when the
        header names them in the player's)."""
        h = self._head
        game = h["game"]
        try:
            limit, hi_lo, hole, variant = game_facts(game)
            stakes = h["stakes"].split("/")[-2:]
            symbols, numbers = zip(*map(_number, stakes), strict=True)
            table_symbol = self._symbol if self._symbol is not None else symbols[0]
            scale = 100 if table_symbol else 1
            small, big = (to_minor(n, scale) for n in numbers)
            if symbols[0] and table_symbol and symbols[0] != table_symbol:
                # stakes in the player's currency: the blinds' own amounts say them
                posted_small, posted_big = self._stakes_posted
                if posted_small is not None and posted_big is not None:
                    small, big = posted_small, posted_big
            y, mo, d, hh, mi, ss = (
                int(h[k]) for k in ("year", "month", "day", "hour", "minute", "second")
            )
            started_at = local_time(y, mo, d, hh, mi, ss, "")
        except (AmountError, ValueError) as err:
            raise LineError.of(self._head_span.line, err) from None
        tournament = TOURNAMENT.search(h["table"]) if "table_no" in h else None
        return ev.HandStarted(
            span=self._head_span,
            site=SITE,
            hand_id=h["id"],
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=CURRENCY_OF_SYMBOL[table_symbol] if table_symbol else "chips",
            scale=scale,
            started_at=started_at,
            time_zone="",  # Cake writes none
            table_name=self._table,
            # "(6-Max)" is the players a table seats, not its highest seat: Cake numbers a
            # six-seat table's seats 1, 2, 3, 8, 9 and 10 (as on its ten-seat tables)
            max_seats=None,
            button_seat=self._button,
            tournament_id=tournament[0][1:] if tournament else None,
            buy_in=h.get("buy_in"),
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = _seat_number(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player)
        if f["seat_dealer"]:
            self._button = seat
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["seat_stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        player = f["who"]
        kind, amount = _POST_KINDS[f["post_kind"]], self._money(f["post_amount"])
        if kind in (ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND):
            self._stakes_shown(kind is ev.PostKind.BIG_BLIND, amount, f["post_eur"])
        self._seen.add(player)
        self._events.append(ev.Posted(span, player, kind, amount))

    def _stakes_shown(self, big: bool, amount: int, shown: str | None) -> None:
        """A blind whose euro value is the header's euro stake: that stake in dollars."""
        stakes = self._head["stakes"].split("/")[-2:]
        symbol, number = _number(stakes[big])
        if symbol and shown is not None and _number(shown)[1] == number:
            self._stakes_posted[big] = amount

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._seen.add(f["who"])
        self._events.append(ev.Folded(span, f["who"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._seen.add(f["who"])
        self._events.append(ev.Checked(span, f["who"]))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        self._seen.add(f["who"])
        self._events.append(ev.Called(span, f["who"], self._money(f["call_amount"])))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        self._seen.add(f["who"])
        self._events.append(ev.Bet(span, f["who"], self._money(f["bet_amount"])))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        self._seen.add(f["who"])
        to = self._money(f["raise_amount"])
        self._events.append(ev.RaisedTo(span, f["who"], 0, to, given=ev.RaiseGiven.TO))

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        # the chips the player puts in, whatever the bet he faces: the engine tells a bet,
        # call or raise from the bets so far
        self._seen.add(f["who"])
        added = self._money(f["allin_amount"])
        self._events.append(ev.RaisedTo(span, f["who"], added, 0, True, ev.RaiseGiven.BY))

    def RETURNS(self, f: Fields, span: SourceSpan) -> None:
        self._seen.add(f["who"])
        amount = self._money(f["returns_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        player, cards = f["who"], comma_cards(LETTERS, f["shows_cards"])
        words = (f["shows_words"] or "").strip()
        self._seen.add(player)
        self._events.append(ev.Shown(span, player, cards, words, claim(words, self._hi_lo)))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        cards = comma_cards(LETTERS, f["mucks_cards"] or "")
        self._events.append(ev.Mucked(span, f["who"], cards))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        new = comma_cards(LETTERS, f["street_cards"])
        self._board += new
        self._events.append(ev.StreetDealt(span, _STREETS[f["street_name"]], 1, self._board, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        cards = comma_cards(LETTERS, f["dealt_cards"])
        if not self._dealt:
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
            self._dealt = True
        self._events.append(ev.Dealt(span, f["dealt_who"], cards))

    # ------------------------------------------------------------ the showdown
    def SHOWDOWN(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.ShowdownStarted(span, 1))

    def NO_LOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().rstrip()))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        self._won = True
        self._events.append(ev.Collected(span, f["who"], self._money(f["wins_amount"])))


def _seat_number(text: str) -> int:
    seat = int(text)
    if not 1 <= seat <= SEAT_LIMIT:
        raise SeatError(f"seat {seat}, which no table has")
    return seat
