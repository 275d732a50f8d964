"""Betfair hands to events.

The grammar (``grammars/betfair.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

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

from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import Fields, FieldsReader, comma_cards, take_seat
from auditor.read.split import RawHand
from auditor.rooms.betfair.games import game_facts
from auditor.source import SourceSpan

SITE = "Betfair"

_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "small & big blinds": ev.PostKind.SMALL_AND_BIG,
}
_STREETS = {
    "Dealing down cards": ev.Street.PREFLOP,
    "Dealing Flop": ev.Street.FLOP,
    "Dealing Turn": ev.Street.TURN,
    "Dealing River": ev.Street.RIVER,
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


class BetfairReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS

    def __init__(self) -> None:
        self._wire("betfair")

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return self._start is not None and not self._ended

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._game_line = raw.first_line
        self._table_span: SourceSpan | None = None
        self._button: int | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._big_blind_posted = False
        self._going_all_in: set[str] = set()
        self._ended = False  # "Game N ends": the hand's end

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:  # cannot be: the grammar wants a seat line
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
        cut = None if self._ended else last
        return ev.Hand(self._start, tuple(self._events), cut is not None, cut, False)

    def _money(self, text: str) -> int:
        return to_minor(text.replace(",", ""), self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return comma_cards(LETTERS, text)

    def _all_in(self, player: str) -> bool:
        """Whether "goes all-in" came before this action of ``player``'s."""
        if player not in self._going_all_in:
            return False
        self._going_all_in.discard(player)
        return True

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head["hand_id"] = f["head_id"]
        self._head_span = span

    def GAME_LINE(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("game_"), v) for k, v in f.groupdict().items() if v)
        self._game_line = span.line
        self._scale = 100 if f["game_symbol"] else 1  # no symbol: tournament chips

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._head["table"] = f["table_name"]
        if f["table_max"]:
            self._head["max"] = f["table_max"]
        self._table_span = span

    def BUTTON(self, f: Fields, span: SourceSpan) -> None:
        button = int(f["button_seat"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    def PLAYERS(self, f: Fields, span: SourceSpan) -> None:
        return  # "Total number of active players : 6": the seat lines list them

    def END(self, f: Fields, span: SourceSpan) -> None:
        self._ended = True

    def _begin(self) -> ev.HandStarted:
        """The hand's head, once its seats start: the head's lines are all read."""
        h = self._head
        game = f"{h['limit']} {h['name']}" if "limit" in h else h["name"]
        limit, hi_lo, variant = game_facts(game)
        try:
            when = datetime.strptime(f"{h['when']} {h['year']}", "%B %d, %H:%M:%S %Y")
            started = local_time(
                when.year, when.month, when.day, when.hour, when.minute, when.second, h["zone"]
            )
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = int(h["max"]) if "max" in h else None
            if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {max_seats} seats")
        except (AmountError, ValueError) as err:
            raise LineError.of(self._game_line, err) from None
        symbol = h.get("symbol", "")
        start = ev.HandStarted(
            span=self._head_span,
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=game,
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
            button_seat=self._button,
            table_span=self._table_span,
        )
        self._events.append(start)
        return start

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if self._start is None:
            self._start = self._begin()
        seat, player = int(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["seat_stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        player, amount = f["who"], self._money(f["post_amount"])
        kind = _POSTS[f["post_kind"]]
        if kind is ev.PostKind.BIG_BLIND:
            # a second big blind: a player posting to be dealt in, live
            kind = ev.PostKind.LIVE if self._big_blind_posted else kind
            self._big_blind_posted = True
        self._events.append(ev.Posted(span, player, kind, amount, self._all_in(player)))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        player, amount = f["who"], self._money(f["call_amount"])
        self._events.append(ev.Called(span, player, amount, self._all_in(player)))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        player, amount = f["who"], self._money(f["bet_amount"])
        self._events.append(ev.Bet(span, player, amount, self._all_in(player)))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        player, to = f["who"], self._money(f["raise_to"])
        all_in = self._all_in(player)
        self._events.append(ev.RaisedTo(span, player, 0, to, all_in, ev.RaiseGiven.TO))

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        self._going_all_in.add(f["who"])  # his next action is

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        cards = self._cards(f["shows_cards"])
        self._events.append(ev.Shown(span, f["who"], cards, f["shows_words"] or ""))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["who"], self._cards(f["mucks_cards"] or "")))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["who"]))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        pot = int(f["wins_side_number"] or 1) if f["wins_side"] else 0
        named = f["wins_unnamed"] is None
        amount = self._money(f["wins_amount"])
        self._events.append(ev.Collected(span, f["who"], amount, pot, named))

    def SITS_OUT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.SITS_OUT, "sits out"))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        name = f["street_name"]
        if name == "Showdown":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        street = _STREETS.get(name)
        if street is None:  # "** Hand Conclusion **": the pots won follow
            return
        if street is ev.Street.PREFLOP:
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        new = self._cards(f["street_cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["dealt_who"], self._cards(f["dealt_cards"])))
