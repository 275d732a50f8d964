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
from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, comma_cards, line_fields, take_seat
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


class BetfairReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS

    def __init__(self) -> None:
        singles = ("HEADER", "GAME_LINE", "TABLE", "BUTTON", "PLAYERS", "END")
        amount = self.AMOUNT
        aliases = {
            "POST": amount,
            "CALL": amount,
            "BET": amount,
            "RAISE": amount,
            "MUCKS": self.SHOWS,
        }
        self._wire("betfair", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._ended  # "Game N ends": the hand's end

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        cut = truncated_at is not None
        return ev.Hand(start, tuple(self._events), cut, truncated_at, False)

    def _before_block(self, block: str) -> None:
        self._ensure_start()

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
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
        found = line_fields(_GAME_LINE, text)
        self._head.update({k: v for k, v in found.items() if v is not None})
        self._head["game"] = line_game(text)
        self._scale = 100 if found["symbol"] else 1  # no symbol: tournament chips

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TABLE, text)
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
        found = line_fields(_SEAT, text)
        seat, player = int(found["seat"]), found["player"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(found["stack"])))

    # ------------------------------------------------------------ the play
    def AMOUNT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_AMOUNT_LINE, text)
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
        f = line_fields(_SHOWS, text)
        cards = comma_cards(self.card_notation, f["cards"] or "")
        if " mucks" in text:
            self._events.append(ev.Mucked(span, f["player"], cards))
            return
        self._events.append(ev.Shown(span, f["player"], cards, f["words"] or ""))

    def NO_SHOW(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, text.removesuffix(" does not show cards")))

    def WINS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_WINS, text)
        pot = int(f["side"] or 1) if f["pot"].startswith("side") else 0
        named = f["pot"] != "the pot"
        self._events.append(ev.Collected(span, f["player"], self._money(f["amount"]), pot, named))

    def SITS_OUT(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" sits out")
        self._events.append(ev.PlayerStatus(span, player, ev.Status.SITS_OUT, "sits out"))

    def STREET(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_STREET, text)
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
        new = comma_cards(self.card_notation, f["cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_DEALT, text)
        cards = comma_cards(self.card_notation, f["cards"])
        self._events.append(ev.Dealt(span, f["player"], cards))
