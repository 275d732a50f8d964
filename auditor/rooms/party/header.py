"""PartyPoker's header and seat lines: the game, stakes and date, the table and button,
the seats; and the hand's start made from them at the end (its stakes can come from the
big blind posted)."""

from __future__ import annotations

import re
from datetime import datetime

from auditor import events as ev
from auditor.parse.facts import SEAT_LIMIT, SeatError, local_time, variant
from auditor.parse.text_reader import Fields, take_seat
from auditor.rooms.party import SITE
from auditor.rooms.party.state import HandState
from auditor.source import SourceSpan

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}
_DATE = re.compile(
    r"(?:[A-Za-z]+, ?(?P<month>[A-Za-z]+) (?P<day>[0-9]{1,2}),"
    r"|[A-Za-z]{3} (?P<month3>[A-Za-z]{3}) (?P<day3>[0-9]{1,2}))"
    r" (?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2}) (?P<zone>[A-Z]+) (?P<year>[0-9]{4})"
)
_LIMITS = {"PL": ev.Limit.POT, "FL": ev.Limit.FIXED, "NL": ev.Limit.NO}
_CURRENCIES = {"$": "USD", "€": "EUR"}


class HeaderLines(HandState):
    """The methods of the header's and the seats' line terminals."""

    def PREAMBLE(self, f: Fields, span: SourceSpan) -> None:
        return  # "Game #N starts.": the header names the hand

    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header["hand_id"] = f["header_hand_id"]
        self._header_span = span

    def GAME(self, f: Fields, span: SourceSpan) -> None:
        h = self._header
        if f["game_game"] is not None:  # a cash table: its buy-in, or the fixed-limit bets
            stakes, currency = f["game_stakes"], f["game_currency"]
            h.update(game=f["game_game"], limit=f["game_limit"], date=f["game_date"])
            h["currency"] = currency or _CURRENCIES.get(stakes[:1], "")
            if "/" in stakes:  # "$20/$40": the bets (fixed limit) or blinds
                h["small"], _, h["big"] = stakes.partition("/")
            else:
                h["buy_in"] = stakes
        elif f["game_t_game"] is not None:
            h.update(game=f["game_t_game"], limit=f["game_t_limit"], date=f["game_t_date"])
            h.update(small=f["game_t_small"], big=f["game_t_big"], currency="chips")
            h.update(
                tournament=f["game_tournament"], level=f["game_level"], buy_in=f["game_buy_in"]
            )
            self._scale = 1
            self._tournament = True
        else:
            h.update(game=f["game_n_game"], limit=f["game_n_limit"], date=f["game_n_date"])
            h.update(small=f["game_n_small"], big=f["game_n_big"], currency="USD")
        if not h["currency"]:
            h["currency"] = "USD"  # the 2005 layout: "$25 PL Omaha"
        if h["currency"] == "chips":
            self._scale = 1
        _local_time(h["date"])  # a date the tables cannot hold is this line's finding

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._header["table"] = " ".join(f["table_name"].split())  # "Table  135446": one space
        self._table_span = span
        if f["table_button"] is not None:
            self._set_button(f["table_button"])
        self._start_at = len(self._events)
        self._events.append(ev.Note(span, "table"))  # the hand's start goes here

    def BUTTON(self, f: Fields, span: SourceSpan) -> None:
        self._set_button(f["button_seat"])

    def _set_button(self, seat: str) -> None:
        button = int(seat)
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    def PLAYER_COUNT(self, f: Fields, span: SourceSpan) -> None:
        if f["player_count_seats"] is not None:
            seats = int(f["player_count_seats"])
            if not 1 <= seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {seats} seats")
            self._max_seats = seats

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_seat"]), self._who(f["seat_player"])
        take_seat(self._seats, seat, player)
        if len(self._seats) > (self._max_seats or SEAT_LIMIT):
            raise SeatError(f"more seats than the table's {self._max_seats}")
        stack = self._money(f["seat_stack"])
        # the room lists the seat of a player with no chips left ("( $0 USD )", who then
        # "has left the table"): a seat with nothing is not dealt in
        self._events.append(ev.SeatTaken(span, seat, player, stack, out_of_hand=stack == 0))

    def _hand_started(self) -> ev.HandStarted:
        h = self._header
        game = h.get("game", "")
        limit = _LIMITS[h.get("limit", "PL")]
        hi_lo = game.endswith("Hi-Lo")
        if "small" in h:
            small, big = self._money(h["small"]), self._money(h["big"])
        else:
            # The header names the table's buy-in ("$100 USD PL Omaha"), not its blinds,
            # and the buy-in is not always 100 big blinds ("$10,000" at $25/$50): the big
            # blind posted names the stakes, and the small blind is the room's for it
            # (half, but $0.10 at $0.10/$0.25), so that a wrong small blind is found.
            big = self._blinds.get(ev.PostKind.BIG_BLIND, 0)
            small = 10 if big == 25 and self._scale == 100 else big // 2
        started_at, zone = _local_time(h.get("date", ""))
        assert self._table_span is not None
        return ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=f"{h.get('limit', '')} {game}",
            variant=variant(limit, hi_lo, 4),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=h.get("currency", "USD"),
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=h.get("table", ""),
            max_seats=self._max_seats,
            button_seat=self._button,
            tournament_id=h.get("tournament"),
            buy_in=h.get("buy_in"),
            level=h.get("level"),
            table_span=self._table_span,
        )


def _local_time(text: str) -> tuple[datetime | None, str]:
    found = _DATE.search(text)
    if found is None:
        return None, ""
    month = _MONTHS.get(found["month"] or found["month3"] or "")
    if month is None:
        raise ValueError(f"no month {found['month'] or found['month3']!r}")
    day = int(found["day"] or found["day3"])
    zone = found["zone"]
    when = local_time(
        int(found["year"]), month, day, int(found["h"]), int(found["mi"]), int(found["s"]), zone
    )
    return when, zone
