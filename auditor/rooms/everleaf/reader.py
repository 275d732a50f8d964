"""Everleaf hands to events.

The grammar (``grammars/everleaf.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields (each kind's pattern below names
them) into an event. They run as lexer callbacks, so the events come out in file order.

What Everleaf's layout means, where it is not the Stars layout:

- "Hero raises [$ 0.20 USD]": the chips the raiser puts in with this action (Villain,
  small blind $0.25 at $0.50/$1 fixed limit, "raises [$ 0.75 USD]" and the big blind
  "calls [$ 0.50 USD]": both have $1 in): a raise given BY.
- No summary, no total pot, no rake line: the hand ends with "X wins $ 1.90 USD from main
  pot" lines, one per half in hi/lo ("wins  high (...)", "wins  low (...)"), each what
  the pot paid after the rake. A bet nobody called comes back without a line.
- The record writes no time zone ("2010/03/02 - 19:35:19"): the zone is kept empty.
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
from auditor.rooms.everleaf.games import game_facts
from auditor.rooms.everleaf.wording import high_claim
from auditor.source import SourceSpan

SITE = "Everleaf"

# "$ 0.05 USD", "$0.09", "10 USD", "1500": the number only
_MONEY = r"[$€]? ?(?P<{0}>[0-9][0-9,]*(?:\.[0-9]+)?)(?: (?:USD|EUR|EURO|Chips|GEL))?"
_GAME_LINE = re.compile(
    r"(?:Blinds )?(?P<symbol>[$€]?)(?P<small>[0-9][0-9,]*(?:\.[0-9]+)?)/[$€]?"
    r"(?P<big>[0-9][0-9,]*(?:\.[0-9]+)?) (?:(?P<limit>NL|PL) )?(?P<game>.+?)"
    r"(?: - (?P<max>[0-9]+) Max)? - (?P<year>[0-9]{4})/(?P<month>[0-9]{2})/(?P<day>[0-9]{2})"
    r" - (?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
)
_SEAT = re.compile(r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \( *" + _MONEY.format("stack"))
_POST = re.compile(
    r"(?P<player>.+?): posts (?P<kind>small blind|big blind|both blinds|ante) \["
    + _MONEY.format("amount")
    + r"\]$"
)
_CALL = re.compile(r"(?P<player>.+) calls \[" + _MONEY.format("amount") + r"\]$")
_BET = re.compile(r"(?P<player>.+): bets \[" + _MONEY.format("amount") + r"\]$")
_RAISE = re.compile(r"(?P<player>.+) raises \[" + _MONEY.format("amount") + r"\]$")
_SHOWS = re.compile(
    r"(?P<player>.+?) (?P<verb>shows|mucks) \[ ?(?P<cards>[^\]]*?) ?\](?: (?P<words>.+))?$"
)
_WINS = re.compile(
    r"(?P<player>.+?) wins (?:(?: (?P<half>high|low) \(" + _MONEY.format("half_amount") + r"\))"
    r"|" + _MONEY.format("amount") + r") from (?P<pot>main pot|side pot(?: #?(?P<side>[0-9]+))?)"
)
_STREET = re.compile(
    r"\*\* Dealing (?P<street>down cards|Flop|Turn|River) \*\*(?: \[ ?(?P<cards>[^\]]*?) ?\])?"
)
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[ ?(?P<cards>[^\]]*?) ?\]$")
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "both blinds": ev.PostKind.SMALL_AND_BIG,
    "ante": ev.PostKind.ANTE,
}
_STREETS = {
    "down cards": ev.Street.PREFLOP,
    "Flop": ev.Street.FLOP,
    "Turn": ev.Street.TURN,
    "River": ev.Street.RIVER,
}
_PLAYER_LINE = (
    "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "SHOWS", "MUCKS", "NO_SHOW", "WINS", "STATUS"
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DEALT"),
}

# What each of the grammar's terminals is, in Everleaf's words, for parse errors.
_WORDS = {
    "GAME_ID": "a hand header (Everleaf Gaming Game #N)",
    "HISTORY_ID": "***** Hand history for game #N *****",
    "GAME_LINE": "the game line (Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19)",
    "TABLE": "the table line (Table NAME)",
    "BUTTON": "Seat N is the button",
    "PLAYERS": "Total number of players: N",
    "SEATS": "a seat line (Seat N: NAME (  $ x USD ))",
    "PLAY": "a line of play (NAME calls [$ x USD], ** Dealing Flop ** [ .. ])",
}


# Everleaf writes no "returned" line: Villain's uncalled $1.80 turn bet in #149107406
# is not in the $1.71 he wins (the $1.80 pot less its rake)
_RETURNS_WRITTEN = False


class EverleafReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS

    def __init__(self) -> None:
        singles = ("GAME_ID", "HISTORY_ID", "GAME_LINE", "TABLE", "BUTTON", "PLAYERS")
        self._wire("everleaf", singles, _BLOCKS)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._won  # a pot won: the hand's end (Everleaf has no summary)

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        cut = truncated_at is not None
        return ev.Hand(start, tuple(self._events), cut, truncated_at, _RETURNS_WRITTEN)

    def _before_block(self, block: str) -> None:
        self._ensure_start()

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._won = False
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._button: int | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    # ------------------------------------------------------------ the hand's head
    def GAME_ID(self, text: str, span: SourceSpan) -> None:
        self._head["hand_id"] = text.rsplit("#", 1)[1]

    def HISTORY_ID(self, text: str, span: SourceSpan) -> None:
        return  # "***** Hand history for game #N *****": the id again

    def GAME_LINE(self, text: str, span: SourceSpan) -> None:
        found = _GAME_LINE.match(text)
        if found is None:
            raise ValueError(f"cannot read the fields of {text!r}")
        fields = {k: v for k, v in found.groupdict().items() if v is not None}
        symbol = fields.get("symbol", "")
        # no currency symbol: a tournament's chips
        self._scale = 100 if symbol else 1
        fields["currency"] = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"
        limit = fields.get("limit")
        fields["game"] = f"{limit} {fields['game']}" if limit else fields["game"]
        self._head.update(fields)

    def TABLE(self, text: str, span: SourceSpan) -> None:
        self._head["table"] = text.removeprefix("Table ")
        self._table_span = span

    def BUTTON(self, text: str, span: SourceSpan) -> None:
        button = int(text.split(" ", 2)[1])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    def PLAYERS(self, text: str, span: SourceSpan) -> None:
        return  # "Total number of players: 2": the seat lines list them

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = h.get("game", "")
        limit, hi_lo, hole, variant = game_facts(game)
        game_line = self._offset + 3
        try:
            started_at = _started_at(h)
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
            max_seats = int(h["max"]) if "max" in h else None
            if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {max_seats} seats")
        except (AmountError, ValueError) as err:
            raise LineError.of(game_line, err) from None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
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
            time_zone="",  # Everleaf writes none
            table_name=h.get("table", ""),
            max_seats=max_seats,
            button_seat=self._button,
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
    def POST(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POST, text)
        kind = _POST_KINDS[found["kind"]]
        self._events.append(ev.Posted(span, found["player"], kind, self._money(found["amount"])))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def CALL(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_CALL, text)
        self._events.append(ev.Called(span, found["player"], self._money(found["amount"])))

    def BET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_BET, text)
        self._events.append(ev.Bet(span, found["player"], self._money(found["amount"])))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_RAISE, text)
        added = self._money(found["amount"])
        self._events.append(ev.RaisedTo(span, found["player"], added, 0, given=ev.RaiseGiven.BY))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SHOWS, text)
        cards = comma_cards(self.card_notation, found["cards"])
        words = found["words"] or ""
        self._events.append(ev.Shown(span, found["player"], cards, words, high_claim(words)))

    def MUCKS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SHOWS, text)
        cards = comma_cards(self.card_notation, found["cards"])
        self._events.append(ev.Mucked(span, found["player"], cards))

    def NO_SHOW(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, text.removesuffix(" does not show cards")))

    def WINS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_WINS, text)
        amount = self._money(found["half_amount"] or found["amount"])
        pot = 0
        if found["pot"].startswith("side pot"):
            pot = int(found["side"] or 1)
        self._won = True
        self._events.append(ev.Collected(span, found["player"], amount, pot, True))

    def STATUS(self, text: str, span: SourceSpan) -> None:
        player, _, words = text.partition(" has disconnected")
        status = ev.Status.DISCONNECTED
        self._events.append(ev.PlayerStatus(span, player, status, "has disconnected" + words))

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_STREET, text)
        street = _STREETS[found["street"]]
        if street is ev.Street.PREFLOP:
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        new = comma_cards(self.card_notation, found["cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_DEALT, text)
        cards = comma_cards(self.card_notation, found["cards"])
        self._events.append(ev.Dealt(span, found["player"], cards))


def _started_at(head: dict[str, str]) -> datetime | None:
    if "year" not in head:
        return None
    y, mo, d = int(head["year"]), int(head["month"]), int(head["day"])
    h, mi, s = int(head["hour"]), int(head["minute"]), int(head["second"])
    return local_time(y, mo, d, h, mi, s, "")
