"""PKR hands to events.

The grammar (``grammars/pkr.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields into an event. They run as lexer
callbacks, so the events come out in file order.

What PKR's layout means, where it is not the Stars layout:

- "Player3 calls $0.08": the total his bet becomes in the round, not the chips he adds
  (his $0.02 small blind and "calls $0.08" make $0.08: he ends #2080628024 $0.08 down);
  bets and "raises to" write totals too. Each is read as the total it writes (ChipsIn's
  ``to``): the replay, which knows his bet so far, tells the chips a call adds.
- "Button is at seat 3" is the last hand's button: "Moving Button to seat 4" moves it for
  this hand (the blinds follow seat 4).
- "Pot sizes: $0.15" / "Pot sizes: $0.06": one line per pot (main, then side pots), after
  each round; the last run is the hand's pots, before the rake ("Taking Rake of $0.02
  from pot 1"). They make the hand's total pot (no other line says it).
- The cards: "[T c][2 s]" (rank, space, suit).
- A bet nobody called comes back on "Returning 710 to Hero uncalled" in the tournament
  hands; Player2's $0.21 turn bet in the cash hand #2080628024 comes back with no line.
- "Player2 has Two Pairs: Aces, 8s" after his "shows": the words are kept as notes.
- Chat and emotes ("Player6: wake up", "Player6 yawns.", "Player6 says thank you.").
- The hand ends with each seat's stack after it ("Seat 3: Player2 - $9.79"), kept as notes.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime

from lark import Token

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, line_fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.pkr.games import HEADER, STARTING, game_facts
from auditor.source import SourceSpan

SITE = "PKR"

_MONEY = r"(?P<{0}>[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)"
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_START_TIME = re.compile(
    r"Start time of hand: (?P<day>[0-9]{1,2}) (?P<month>[A-Z][a-z]{2}) (?P<year>[0-9]{4}) "
    r"(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
)
_BLINDS = re.compile(r"Blinds are now " + _MONEY.format("small") + " / " + _MONEY.format("big"))
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+) - "
    + _MONEY.format("stack")
    + r"(?P<away> \(away from table\))?$"
)
_POST = re.compile(
    r"(?P<player>.+?) posts (?P<kind>small blind|big blind|ante) \("
    + _MONEY.format("amount")
    + r"\)$"
)
_ACTION = re.compile(
    r"(?P<player>.+) (?P<verb>calls|bets|raises to) "
    + _MONEY.format("amount")
    + r"(?P<all_in> \(all-in\))?$"
)
_SHOWS = re.compile(r"(?P<player>.+?) shows (?P<cards>(?:\[[^\]]*\])+)$")
_WINS = re.compile(
    r"(?P<player>.+?) (?:wins|ties, and wins|ties) "
    + _MONEY.format("amount")
    + r"(?: from side pot #(?P<side>[0-9]+))? with(?::| high hand:| low hand:) (?P<words>.+)$"
)
_MOVING = re.compile(r"Moving Button to seat (?P<seat>[0-9]+)")
_POT_SIZES = re.compile(r"Pot sizes: " + _MONEY.format("amount"))
_RAKE = re.compile(r"Taking Rake of " + _MONEY.format("amount") + r" from pot (?P<pot>[0-9]+)")
_RETURNING = re.compile(r"Returning " + _MONEY.format("amount") + r" to (?P<player>.+) uncalled$")
_STREET = re.compile(r"Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)")
_DEALT = re.compile(r"Dealing (?P<cards>(?:\[[^\]]*\])+) to (?P<player>.+)$")
_TALK = re.compile(r"(?P<player>.+?)(?:: (?P<chat>.*)| says (?P<says>.*)| (?P<emote>[a-z]+s\.))$")
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
}
_VERBS = {"calls": ev.Verb.CALL, "bets": ev.Verb.BET, "raises to": ev.Verb.RAISE}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_PLAYER_LINE = (
    "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "SHOWS", "MUCKS", "HAS", "WINS", "TIES",
    "TIED_LOW", "BRINGS", "TIMED_OUT", "SAYS", "EMOTE", "CHAT",
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": ("DEALER_LINE", _PLAYER_LINE),
}
_DEALER_KINDS = (
    ("Shuffling Deck", "SHUFFLING"), ("Dealing Cards", "DEALING_CARDS"),
    ("Moving Button", "MOVING"), ("Pot sizes", "POT_SIZES"), ("Taking Rake", "RAKE"),
    ("Returning ", "RETURNING"), ("There is no", "NO_LOW"),
)  # fmt: skip

# What each of the grammar's terminals is, in PKR's words, for parse errors.
_WORDS = {
    "TABLE": "a hand header (Table #N - NAME)",
    "STARTING": "Starting Hand #N",
    "START_TIME": "Start time of hand: 12 May 2012 03:37:34",
    "LAST": "Last Hand #N",
    "GAME_TYPE": "Game Type: OMAHA",
    "LIMIT_TYPE": "Limit Type: POT LIMIT",
    "TABLE_TYPE": "Table Type: RING",
    "MONEY_TYPE": "Money Type: REAL MONEY",
    "BLINDS": "Blinds are now $0.02 / $0.04",
    "BUTTON": "Button is at seat N",
    "SEATS": "a seat line (Seat N: NAME - $4.06)",
    "PLAY": "a line of play (NAME calls $0.08, Dealing Flop [..])",
    "END": "End of Hand #N",
}


def _cards(notation: CardNotation, text: str) -> tuple[Card, ...]:
    """PKR's "[T c][2 s]": rank, space, suit, each card in brackets."""
    return notation.cards(
        " ".join(part.replace(" ", "") for part in re.findall(r"\[([^\]]*)\]", text))
    )


class PkrReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS
    END_IS_EOF = True  # "$END" where more was wanted: the record stops early

    def __init__(self) -> None:
        singles = (
            "TABLE", "STARTING", "START_TIME", "LAST", "GAME_TYPE", "LIMIT_TYPE", "TABLE_TYPE",
            "MONEY_TYPE", "BLINDS", "BUTTON", "END",
        )  # fmt: skip
        aliases = {
            "LAST": _ignore,
            "MONEY_TYPE": _ignore,
            "CALL": self.ACTION,
            "BET": self.ACTION,
            "RAISE": self.ACTION,
            "TIES": self.WINS,
            "TIED_LOW": self.WINS,
            "BRINGS": self.NOTE,
            "SAYS": self.TALK,
            "EMOTE": self.TALK,
            "CHAT": self.TALK,
        }
        self._wire("pkr", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._ended  # (the grammar reads no whole record without its end)

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        return ev.Hand(start, self._finish(), truncated_at is not None, truncated_at)

    def _finish(self) -> tuple[ev.Event, ...]:
        """The events, with the total pot of the last "Pot sizes" lines and the rake."""
        pots = self._pots
        if pots:
            at, sizes = pots[-1]
            span = self._events[at - 1].span
            # the pot sizes are before the rake, which the summary's pots are after
            net = [size - self._raked.get(index, 0) for index, size in enumerate(sizes, 1)]
            total = ev.SummaryPot(span, sum(sizes), net[0], tuple(net[1:]), self._rake)
            return (*self._events[:at], total, *self._events[at:])
        return tuple(self._events)

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind from the grammar's line terminals, one event each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        methods = self._line_methods
        try:
            self._ensure_start()
            for found in self._classifiers[tok.type].matches(tok):
                if found.lastgroup != "DEALER_LINE":
                    self._last_was_pot = False  # a run of "Pot sizes" lines ends
                methods[found.lastgroup](found.group().rstrip(), SourceSpan(file, line))
                line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        if tok.type == "PLAY":
            self._played = True
        return tok

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._ended = False
        self._played = False
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._button: int | None = None
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._scale = 100
        self._pots: list[tuple[int, list[int]]] = []  # (events index after, sizes) per run
        self._rake: int | None = None
        self._raked: dict[int, int] = {}  # the rake by pot ("from pot 1": the main pot)
        self._last_was_pot = False

    def _money(self, text: str) -> int:
        return to_minor(text.lstrip("$€£"), self._scale)

    # ------------------------------------------------------------ the hand's head
    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(HEADER, text.lstrip("\ufeff"))
        self._head["table"] = found["table"]
        self._table_span = span

    def STARTING(self, text: str, span: SourceSpan) -> None:
        self._head["id"] = line_fields(STARTING, text)["id"]

    def START_TIME(self, text: str, span: SourceSpan) -> None:
        self._head.update(line_fields(_START_TIME, text))

    def GAME_TYPE(self, text: str, span: SourceSpan) -> None:
        self._head["game"] = text.removeprefix("Game Type: ")

    def LIMIT_TYPE(self, text: str, span: SourceSpan) -> None:
        self._head["limit"] = text.removeprefix("Limit Type: ")

    def TABLE_TYPE(self, text: str, span: SourceSpan) -> None:
        self._head["type"] = text.removeprefix("Table Type: ")

    def BLINDS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_BLINDS, text)
        symbol = found["small"][0] if found["small"][0] in "$€£" else ""
        self._scale = 100 if symbol else 1
        self._head.update(found)
        self._head["currency"] = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"

    def BUTTON(self, text: str, span: SourceSpan) -> None:
        self._button = _seat(text.rsplit(" ", 1)[1])

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = f"{h.get('limit', '')} {h.get('game', '')}"
        try:
            limit, hi_lo, hole, variant = game_facts(game)
        except ValueError as err:
            raise LineError.of(self._offset + 5, err) from None
        try:
            started_at = _started_at(h)
        except ValueError as err:
            raise LineError.of(self._offset + 3, err) from None
        try:
            small, big = self._money(h.get("small", "0")), self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(self._offset + 9, err) from None
        table = h.get("table", "")
        tournament = re.match(r"Tournament #([0-9]+)", table)
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h.get("id", ""),
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=h.get("currency", "chips"),
            scale=self._scale,
            started_at=started_at,
            time_zone="",  # PKR writes none
            table_name=table,
            max_seats=None,
            button_seat=self._button,
            tournament_id=tournament[1] if tournament else None,
            table_span=self._table_span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        if self._played:  # the stacks after the hand
            self._events.append(ev.Note(span, text))
            return
        found = line_fields(_SEAT, text)
        seat, player = _seat(found["seat"]), found["player"]
        take_seat(self._seats, seat, player)
        stack, away = self._money(found["stack"]), found["away"] is not None
        self._events.append(ev.SeatTaken(span, seat, player, stack, sitting_out=away))

    def END(self, text: str, span: SourceSpan) -> None:
        self._ended = True

    # ------------------------------------------------------------ the play
    def DEALER_LINE(self, text: str, span: SourceSpan) -> None:
        was_pot, self._last_was_pot = self._last_was_pot, False
        if text.startswith("Dealing ") and text != "Dealing Cards":
            if text.startswith(("Dealing Flop", "Dealing Turn", "Dealing River")):
                self._street(text, span)
            else:
                self._dealt(text, span)
            return
        kind = next((k for words, k in _DEALER_KINDS if text.startswith(words)), "")
        if kind == "MOVING":
            # this hand's button (the "Button is at seat" line is the last hand's)
            start = self._start
            seat = _seat(line_fields(_MOVING, text)["seat"])
            if start is not None and start.button_seat != seat:
                self._start = dataclasses.replace(start, button_seat=seat)
                self._events[0] = self._start
        elif kind == "POT_SIZES":
            size = self._money(line_fields(_POT_SIZES, text)["amount"])
            if not was_pot:
                self._pots.append((len(self._events) + 1, []))
            sizes = self._pots[-1][1]
            sizes.append(size)
            self._pots[-1] = (len(self._events) + 1, sizes)
            self._last_was_pot = True
        elif kind == "RAKE":
            found = line_fields(_RAKE, text)
            raked = self._money(found["amount"])
            self._rake = (self._rake or 0) + raked
            pot = int(found["pot"])
            self._raked[pot] = self._raked.get(pot, 0) + raked
        elif kind == "RETURNING":
            found = line_fields(_RETURNING, text)
            self._events.append(
                ev.UncalledReturned(span, found["player"], self._money(found["amount"]))
            )
            return
        self._events.append(ev.Note(span, text))

    def _street(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_STREET, text)
        new = _cards(self.card_notation, found["cards"])
        self._board += new
        self._events.append(ev.StreetDealt(span, _STREETS[found["street"]], 1, self._board, new))

    def _dealt(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_DEALT, text)
        cards = _cards(self.card_notation, found["cards"])
        self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
        self._events.append(ev.Dealt(span, found["player"], cards))

    def POST(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POST, text)
        kind, player = _POST_KINDS[found["kind"]], found["player"]
        amount = self._money(found["amount"])
        self._events.append(ev.Posted(span, player, kind, amount))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def ACTION(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_ACTION, text)
        player, amount = found["player"], self._money(found["amount"])
        all_in = found["all_in"] is not None  # the layout writes "(all-in)" where it is
        # calls, bets and raises all write the bet's total
        verb = _VERBS[found["verb"]]
        self._events.append(ev.ChipsIn(span, player, verb, to=amount, all_in=all_in))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SHOWS, text)
        cards = _cards(self.card_notation, found["cards"])
        self._events.append(ev.Shown(span, found["player"], cards))

    def MUCKS(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, text.removesuffix(" mucks")))

    def HAS(self, text: str, span: SourceSpan) -> None:
        player, _, words = text.partition(" has ")
        if words == "requested more time":
            self._events.append(ev.PlayerStatus(span, player, ev.Status.OTHER, words))
        else:  # a shown hand's words, or a player joining for the next hand
            self._events.append(ev.Note(span, text))

    def WINS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_WINS, text)
        side = found["side"]
        amount = self._money(found["amount"])
        self._events.append(
            ev.Collected(span, found["player"], amount, int(side) if side else 0, side is not None)
        )

    def NOTE(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, text))

    def TIMED_OUT(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" did not respond in time and is folded")
        words = "did not respond in time and is folded"
        self._events.append(ev.PlayerStatus(span, player, ev.Status.TIMED_OUT, words))

    def TALK(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TALK, text)
        said = found["chat"] or found["says"] or found["emote"] or ""
        self._events.append(ev.TableTalk(span, found["player"], said))


def _ignore(text: str, span: SourceSpan) -> None:
    return


def _seat(text: str) -> int:
    seat = int(text)
    if not 1 <= seat <= SEAT_LIMIT:
        raise SeatError(f"seat {seat}, which no table has")
    return seat


def _started_at(head: dict[str, str]) -> datetime | None:
    if "year" not in head:
        return None
    month = _MONTHS.index(head["month"]) + 1 if head["month"] in _MONTHS else 0
    y, d = int(head["year"]), int(head["day"])
    h, mi, s = int(head["hour"]), int(head["minute"]), int(head["second"])
    return local_time(y, month, d, h, mi, s, "")
