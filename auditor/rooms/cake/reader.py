"""Cake Poker hands to events: one method per line terminal of ``grammars/cake.lark``.

What Cake's layout means, where it is not the Stars layout:

- A euro player at a dollar table sees the header's stakes in euros ("€0,04/€0,08"), each
  amount in dollars with its euro value beside it ("posts small blind $0,05 (EUR
  €0,04)"): the table's money is the dollars (the euros are rounded: the header's "€0.41"
  big blind is "$0.50 (EUR €0.41)"), the stakes the blinds whose euros the header names.
- "$21,89": a comma with two digits after it, in an amount with a symbol, is a decimal
  point; chips use it for thousands ("1,640 in chips").
- No summary, no rake, no time zone: "Player3 wins $3,55 with ..." is what the pot paid
  after the rake; in hi/lo "wins high pot 327", "wins low pot 327".
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError, local_time
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, comma_cards, last_line
from auditor.read.split import RawHand
from auditor.rooms.cake.games import GAMES, TOURNAMENT, table_of
from auditor.rooms.cake.wording import claim
from auditor.source import SourceSpan

SITE = "Cake"

_DECIMAL_COMMA = re.compile(r"[0-9]+,[0-9]{2}")
# a player with one of these lines was dealt in (a seat with none sat the hand out)
_IN_HAND = (ev.Posted, ev.Folded, ev.Checked, ev.ChipsIn, ev.UncalledReturned, ev.Shown)

_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante of": ev.PostKind.ANTE,
}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}


@lru_cache(maxsize=4096)  # hands repeat the same few amounts
def _number(text: str) -> tuple[str, str]:
    """(symbol, plain number) of an amount: "$0,05" -> ("$", "0.05"), "1,640" -> ("", "1640")."""
    symbol = text[0] if text[0] in "$€" else ""
    number = text[len(symbol) :]
    if symbol and "." not in number and _DECIMAL_COMMA.fullmatch(number):
        return symbol, number.replace(",", ".")  # a decimal comma
    return symbol, number.replace(",", "")


class CakeReader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "cake"

    POSTS = _POSTS
    STREETS = _STREETS

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return bool(self._seats) and not self._won

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)  # the events after the head, which the hand's end tells
        self._won = False  # a pot won: the hand's end
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._table = ""
        self._hi_lo = False
        self._symbol: str | None = None  # the table's money: "$", "€" or "" (chips)
        self._stakes_posted: list[int | None] = [None, None]
        self._dealt = False  # the first hole cards open the preflop

    def _hand(self, raw: RawHand) -> ev.Hand:
        if not self._seats:  # cannot be: the grammar wants a seat line
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        start = self._started()
        # Cake lists every seat and writes no line for one not dealt in (waiting for the
        # big blind, sitting out): a player dealt in has a line before the hand can end
        # (the seat lines' events come first, the others after them)
        seated, events = len(self._seats), self._events
        seen = {e.player for e in events[seated:] if isinstance(e, _IN_HAND)}
        seats = [
            dataclasses.replace(e, out_of_hand=True)
            if type(e) is ev.SeatTaken and e.player not in seen
            else e
            for e in events[:seated]
        ]
        cut = None if self._won else last_line(raw)
        return ev.Hand(start, (start, *seats, *events[seated:]), cut is not None, cut)

    def _money(self, text: str) -> int:
        symbol, number = _number(text)
        if self._symbol is None:  # the first amount, a seat's stack: the table's money
            self._symbol = symbol
        return to_minor(number, 100 if self._symbol else 1)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return comma_cards(LETTERS, text)

    def _claim(self, words: str) -> Claim:
        return claim(words, self._hi_lo)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._head_span = span
        self._table = table_of(f)
        self._hi_lo = GAMES.of(self._head["game"]).hi_lo

    def _started(self) -> ev.HandStarted:
        """The head, with the stakes in the table's money (the blinds show them when the
        header names them in the player's)."""
        h = self._head
        game = h["game"]
        try:
            limit, hi_lo, hole, variant = GAMES.of(game)
            symbols, numbers = zip(*map(_number, h["stakes"].split("/")[-2:]), strict=True)
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

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        super().SEAT(f, span)
        if f["seat_dealer"]:  # older hands mark the button's seat, with no "Dealer:" line
            self._button = int(f["seat_number"])

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind, amount, shown = (
            self.POSTS[f["post_kind"]],
            self._money(f["post_amount"]),
            f["post_eur"],
        )
        self._events.append(ev.Posted(span, f["who"], kind, amount))
        if kind is ev.PostKind.ANTE or shown is None:
            return
        # a blind whose euro value is the header's euro stake: that stake in dollars
        big = kind is ev.PostKind.BIG_BLIND
        symbol, number = _number(self._head["stakes"].split("/")[-2:][big])
        if symbol and _number(shown)[1] == number:
            self._stakes_posted[big] = amount

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        added = self._money(f["allin_amount"])
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.ALL_IN, added, None, True))

    def RETURNS(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["returns_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        if not self._dealt:
            self._dealt = True
            self._street(span, ev.Street.PREFLOP, "")
        super().DEALT(f, span)

    # ------------------------------------------------------------ the showdown
    def SHOWDOWN(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.ShowdownStarted(span, 1))

    def NO_LOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().rstrip()))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        self._won = True
        self._events.append(ev.Collected(span, f["who"], self._money(f["wins_amount"])))
