"""Cake Poker hands to events.

The grammar (``grammars/cake.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields into an event. They run as lexer
callbacks, so the events come out in file order.

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
from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, comma_cards, line_fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.cake.games import HEADER, TOURNAMENT, game_facts, table_of
from auditor.rooms.cake.wording import claim
from auditor.source import SourceSpan

SITE = "Cake"

_MONEY = r"(?P<{0}>[$€]?[0-9][0-9.,]*)(?: +\(EUR (?P<{0}_eur>€?[0-9][0-9.,]*)\))?"
_DEALER = re.compile(r"Dealer: Seat (?P<seat>[0-9]+)")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>[$€]?[0-9][0-9.,]*) in chips\)"
    r"(?: +\(EUR [^)]*\))?(?P<dealer> DEALER)?$"
)
_POST = re.compile(
    r"(?P<player>.+?): posts (?P<kind>small blind|big blind|ante of) " + _MONEY.format("amount")
)
_ACTION = re.compile(
    r"(?P<player>.+?): (?P<verb>calls|bets|raises to|is all in|returns uncalled bet) "
    + _MONEY.format("amount")
    + "$"
)
_SHOWS = re.compile(r"(?P<player>.+?): shows \[(?P<cards>[^\]]*)\](?: \((?P<words>[^\n]*)\))?$")
_MUCKS = re.compile(r"(?P<player>.+?): mucks(?: \[(?P<cards>[^\]]*)\])?$")
_STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]")
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_WINS = re.compile(
    r"(?P<player>.+?) wins (?:high pot |low pot )?(?P<amount>[$€]?[0-9][0-9.,]*)"
    r"(?: with[^(\n]*)?(?: +\(EUR [^)]*\))?$"
)
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante of": ev.PostKind.ANTE,
}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_PLAYER_LINE = (
    "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "ALL_IN", "RETURNS", "SHOWS", "MUCKS"
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": ("STREET", "DEALT", _PLAYER_LINE),
    "RESULTS": ("NO_LOW", (*_PLAYER_LINE, "WINS")),
}

# What each of the grammar's terminals is, in Cake's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (Hand#N - TABLE -- $0.05/$0.10 PL Omaha -- 2012/08/09 - 02:43:32)",
    "DEALER": "Dealer: Seat N",
    "SEATS": "a seat line (Seat N: NAME ($10 in chips))",
    "PLAY": "a line of play (NAME: calls $0.10, *** FLOP *** [..])",
    "SHOWDOWN": "***SHOW DOWN***",
    "RESULTS": "a showdown line (NAME: shows [..], NAME wins $1)",
}


def _number(text: str) -> tuple[str, str]:
    """(symbol, plain number) of an amount: "$0,05" -> ("$", "0.05"), "1,640" -> ("", "1640")."""
    symbol = text[0] if text[0] in "$€" else ""
    number = text[len(symbol) :]
    if symbol and "." not in number and re.fullmatch(r"[0-9]+,[0-9]{2}", number):
        return symbol, number.replace(",", ".")  # a decimal comma
    return symbol, number.replace(",", "")


class CakeReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS
    END_IS_EOF = True  # "$END" where more was wanted: the record stops early

    def __init__(self) -> None:
        singles = ("HEADER", "DEALER", "SHOWDOWN")
        aliases = {
            "CALL": self.ACTION,
            "BET": self.ACTION,
            "RAISE": self.ACTION,
            "ALL_IN": self.ACTION,
            "RETURNS": self.ACTION,
        }
        self._wire("cake", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._won  # a pot won: the hand's end

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        start = self._finish()  # (before the events: it marks the seats out of the hand)
        return ev.Hand(start, tuple(self._events), truncated_at is not None, truncated_at)

    def _before_block(self, block: str) -> None:
        if block != "SEATS":
            self._ensure_start()

    def _finish(self) -> ev.HandStarted:
        """The head, with the stakes in the table's money once the blinds have shown them."""
        start = self._start
        assert start is not None
        # Cake lists every seat, and writes no line for a seat not dealt in (waiting for
        # the big blind, sitting out): a player dealt in has a line before the hand can
        # end (he acts, or everyone before the big blind folds to it), so a seat with no
        # line of its own was out of the hand
        for index, event in enumerate(self._events):
            if type(event) is ev.SeatTaken and event.player not in self._seen:
                self._events[index] = dataclasses.replace(event, out_of_hand=True)
        small, big = self._stakes_posted
        if self._euro_stakes and small is not None and big is not None:
            start = dataclasses.replace(start, small_stake=small, big_stake=big)
            self._events[0] = start
        return start

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._won = False
        self._head: dict[str, str] = {}
        self._button: int | None = None
        self._seats: dict[int, str] = {}
        self._pending: list[ev.Event] = []  # seat lines, before the head is known
        self._symbol: str | None = None  # the table's money: "$", "€" or "" (chips)
        self._euro_stakes: tuple[str, str] | None = None
        self._stakes_posted: list[int | None] = [None, None]
        self._board: tuple[Card, ...] = ()
        self._dealt = False  # the first hole cards open the preflop
        self._seen: set[str] = set()  # players with a line in the hand

    def _money(self, text: str) -> int:
        symbol, number = _number(text)
        if self._symbol is None:
            self._symbol = symbol
        return to_minor(number, 100 if self._symbol else 1)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = HEADER.match(text)
        if found is None:
            raise ValueError(f"cannot read the fields of {text!r}")
        self._head.update({k: v for k, v in found.groupdict().items() if v is not None})
        self._head["table_name"] = table_of(found)

    def DEALER(self, text: str, span: SourceSpan) -> None:
        self._button = _seat_number(line_fields(_DEALER, text)["seat"])

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = h.get("game", "")
        header_line = self._offset + 1
        try:
            limit, hi_lo, hole, variant = game_facts(game)
            stakes = h.get("stakes", "0/0").split("/")[-2:]
            symbols, numbers = zip(*map(_number, stakes), strict=True)
            table_symbol = self._symbol if self._symbol is not None else symbols[0]
            scale = 100 if table_symbol else 1
            if symbols[0] and table_symbol and symbols[0] != table_symbol:
                # stakes in the player's currency: the blinds' own amounts say them
                self._euro_stakes = (stakes[0], stakes[1])
            small, big = (to_minor(n, scale) for n in numbers)
            started_at = _started_at(h)
        except (AmountError, ValueError) as err:
            raise LineError.of(header_line, err) from None
        table = h.get("table", "")
        tournament = TOURNAMENT.search(table) if "table_no" in h else None
        # "(6-Max)" is the players a table seats, not its highest seat: Cake numbers a
        # six-seat table's seats 1, 2, 3, 8, 9 and 10 (as on its ten-seat tables)
        max_seats = None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, header_line, 1),
            site=SITE,
            hand_id=h.get("id", ""),
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
            table_name=h.get("table_name", ""),
            max_seats=max_seats,
            button_seat=self._button,
            tournament_id=tournament[0][1:] if tournament else None,
            buy_in=h.get("buy_in"),
        )
        self._events.append(self._start)
        self._events.extend(self._pending)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SEAT, text)
        seat, player = _seat_number(found["seat"]), found["player"]
        take_seat(self._seats, seat, player)
        if found["dealer"]:
            self._button = seat
        self._pending.append(ev.SeatTaken(span, seat, player, self._money(found["stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POST, text)
        kind, amount = _POST_KINDS[found["kind"]], self._money(found["amount"])
        euro = self._euro_stakes
        if euro is not None and kind in (ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND):
            index = 0 if kind is ev.PostKind.SMALL_BLIND else 1
            shown = found["amount_eur"]
            if shown is not None and _number(shown)[1] == _number(euro[index])[1]:
                self._stakes_posted[index] = amount  # the header's euros, in dollars
        self._seen.add(found["player"])
        self._events.append(ev.Posted(span, found["player"], kind, amount))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._seen.add(text.removesuffix(": folds"))
        self._events.append(ev.Folded(span, text.removesuffix(": folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._seen.add(text.removesuffix(": checks"))
        self._events.append(ev.Checked(span, text.removesuffix(": checks")))

    def ACTION(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_ACTION, text)
        player, amount, verb = found["player"], self._money(found["amount"]), found["verb"]
        self._seen.add(player)
        event: ev.Event
        if verb == "calls":
            event = ev.Called(span, player, amount)
        elif verb == "bets":
            event = ev.Bet(span, player, amount)
        elif verb == "raises to":
            event = ev.RaisedTo(span, player, 0, amount, given=ev.RaiseGiven.TO)
        elif verb == "is all in":
            # the chips the player puts in, whatever the bet he faces: the engine tells a
            # bet, call or raise from the bets so far
            event = ev.RaisedTo(span, player, amount, 0, True, ev.RaiseGiven.BY)
        else:
            event = ev.UncalledReturned(span, player, amount)
        self._events.append(event)

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SHOWS, text)
        cards = comma_cards(self.card_notation, found["cards"])
        words = (found["words"] or "").strip()
        hi_lo = self._start is not None and self._start.hi_lo
        self._seen.add(found["player"])
        self._events.append(ev.Shown(span, found["player"], cards, words, claim(words, hi_lo)))

    def MUCKS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_MUCKS, text)
        cards = comma_cards(self.card_notation, found["cards"] or "")
        self._events.append(ev.Mucked(span, found["player"], cards))

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_STREET, text)
        new = comma_cards(self.card_notation, found["cards"])
        self._board += new
        self._events.append(ev.StreetDealt(span, _STREETS[found["street"]], 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_DEALT, text)
        cards = comma_cards(self.card_notation, found["cards"])
        if not self._dealt:
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
            self._dealt = True
        self._events.append(ev.Dealt(span, found["player"], cards))

    # ------------------------------------------------------------ the showdown
    def SHOWDOWN(self, text: str, span: SourceSpan) -> None:
        self._ensure_start()
        self._events.append(ev.ShowdownStarted(span, 1))

    def NO_LOW(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, text))

    def WINS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_WINS, text)
        self._won = True
        self._events.append(ev.Collected(span, found["player"], self._money(found["amount"])))


def _seat_number(text: str) -> int:
    seat = int(text)
    if not 1 <= seat <= SEAT_LIMIT:
        raise SeatError(f"seat {seat}, which no table has")
    return seat


def _started_at(head: dict[str, str]) -> datetime | None:
    if "year" not in head:
        return None
    y, mo, d = int(head["year"]), int(head["month"]), int(head["day"])
    h, mi, s = int(head["hour"]), int(head["minute"]), int(head["second"])
    return local_time(y, mo, d, h, mi, s, "")
