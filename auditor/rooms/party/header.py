"""A PartyPoker hand's state while its lines are read, and its head's and seats' line
methods; the hand's start is made at the end (its stakes can come from the big blind)."""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import to_minor
from auditor.parse.facts import SEAT_LIMIT, SeatError, local_time, variant
from auditor.parse.text_reader import Fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.party import SITE
from auditor.rooms.party.conventions import InferredPost
from auditor.source import SourceSpan

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_LIMITS = {"PL": ev.Limit.POT, "FL": ev.Limit.FIXED, "NL": ev.Limit.NO}
_CURRENCIES = {"$": "USD", "€": "EUR"}


class HandState:
    """The per-hand state the line methods share, and the head's and seats' methods."""

    _header_span: SourceSpan
    _started: tuple[datetime, str]  # the game line's time, and the zone it names
    # a hand's second reading: a seat's listed name -> its acting player's, and the
    # blind posts the layout does not write (see PartyReader.read)
    _known: tuple[dict[str, str], tuple[InferredPost, ...]]

    def _reset(self, raw: RawHand) -> None:
        self._raw = raw
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._header: dict[str, str] = {}
        self._start_at = -1  # where the hand's start goes (made at the end: its stakes)
        self._table_span: SourceSpan | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._button: int | None = None
        self._max_seats: int | None = None
        self._blinds: dict[ev.PostKind, int] = {}
        self._shown: dict[str, int] = {}  # a player's Shown event's index, for his low line
        self._cut = False  # the record stops inside its last line
        self._settled = False  # a "wins" line or the summary: the record reaches its end
        self._summary = False  # the summary marker read
        self._names, self._posts = self._known

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _who(self, name: str) -> str:
        """The player a line names: a seat listed under a placeholder is its acting
        player's (:mod:`auditor.rooms.party.conventions`, on a hand's second reading)."""
        return self._names.get(name, name)

    # ------------------------------------------------------------ the head and seats
    def PREAMBLE(self, f: Fields, span: SourceSpan) -> None:
        return  # "Game #N starts.": the header names the hand

    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header["hand_id"] = f["header_hand_id"]
        self._header_span = span

    def GAME(self, f: Fields, span: SourceSpan) -> None:
        h = self._header
        if f["game_game"] is not None:  # a cash table: its buy-in, or the fixed-limit bets
            stakes = f["game_stakes"]
            h.update(game=f["game_game"], limit=f["game_limit"])
            # no currency word: "$25 PL Omaha" (2005), "$" or "€" or none (USD)
            h["currency"] = f["game_currency"] or _CURRENCIES.get(stakes[:1], "USD")
            if "/" in stakes:  # "$20/$40": the bets (fixed limit) or blinds
                h["small"], _, h["big"] = stakes.partition("/")
            else:
                h["buy_in"] = stakes
        elif f["game_t_game"] is not None:
            h.update(game=f["game_t_game"], limit=f["game_t_limit"], currency="chips")
            h.update(small=f["game_t_small"], big=f["game_t_big"], buy_in=f["game_buy_in"])
            h.update(tournament=f["game_tournament"], level=f["game_level"])
        else:
            h.update(game=f["game_n_game"], limit=f["game_n_limit"], currency="USD")
            h.update(small=f["game_n_small"], big=f["game_n_big"])
        self._scale = 1 if h["currency"] == "chips" else 100
        if f["date_month"][:3] not in _MONTHS:
            raise ValueError(f"no month {f['date_month']!r}")
        # as written, in the zone it names (a date no table can hold: this line's finding)
        y, mo, d = int(f["date_year"]), _MONTHS.index(f["date_month"][:3]) + 1, int(f["date_day"])
        hms = int(f["date_hour"]), int(f["date_minute"]), int(f["date_second"])
        self._started = local_time(y, mo, d, *hms, f["date_zone"]), f["date_zone"]

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
        game, limit = h.get("game", ""), _LIMITS[h.get("limit", "PL")]
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
        assert self._table_span is not None
        return ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h.get("hand_id", ""),
            started_at=self._started[0],
            time_zone=self._started[1],
            game=f"{h.get('limit', '')} {game}",
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            variant=variant(limit, hi_lo, 4),
            small_stake=small,
            big_stake=big,
            currency=h.get("currency", "USD"),
            scale=self._scale,
            table_name=h.get("table", ""),
            max_seats=self._max_seats,
            button_seat=self._button,
            tournament_id=h.get("tournament"),
            buy_in=h.get("buy_in"),
            level=h.get("level"),
            table_span=self._table_span,
        )


def cards(text: str) -> tuple[Card, ...]:
    """``" 7d Ah 6s 2h "`` or ``" Qh, Kd, 6d "``."""
    return LETTERS.cards(text.replace(",", " "))
