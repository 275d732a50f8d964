"""Winamax hands to events.

The grammar (``grammars/winamax.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's named fields (each kind's pattern below)
into an event. They run as lexer callbacks, so events come out in file order.

Two things Winamax writes its own way, read here as the room means them:

- No "Uncalled bet returned" line: the part of a bet nobody called is in the bettor's
  collect line, in the summary's total pot and in his "won" amount. In
  PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt Hero raises to 40€ over Incognito 3's 12€,
  who folds: "Hero collected 56€ from pot", "Total pot 56€ | No rake", when the pot is
  2 + 2 + 12 + 12 = 28€ and 28€ went back. When the others are all-in it is written as a
  side pot of its own: in 5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt Hero bets 108€, the
  all-in Player0 calls 24€, and "Hero collected 84€ from side pot 1" is the 84€ nobody
  called. Each round's unmatched bet is read off the hand's posts and chips lines once
  it is read (:func:`.meaning.unmatched_bets`); where that bettor's collect line holds
  it, :func:`.meaning.with_returns` writes the return as its own event (on that collect
  line) and the collect less it.
- The summary's "Total pot" is net of the rake: "Total pot 14.73€ | Rake 1.02€" with
  "sharon59221 collected 14.73€ from pot" (OmahaShowdown.txt: 15.75€ went in). The
  SummaryPot event's total is gross: the rake is added back (and the returned bets taken
  out, as above).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from functools import lru_cache

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import describe_expected
from auditor.parse.facts import (
    CURRENCY_OF_SYMBOL,
    SEAT_LIMIT,
    LineError,
    SeatError,
    local_time,
)
from auditor.parse.text_reader import LineReader, known_mistake
from auditor.read.split import RawHand
from auditor.rooms.winamax import SITE
from auditor.rooms.winamax.games import game_facts
from auditor.rooms.winamax.meaning import not_dealt_in, with_returns
from auditor.rooms.winamax.summary import joined_seat, seat_outcome
from auditor.rooms.winamax.wording import joined, low_claim, read_claim
from auditor.source import SourceSpan

# ---------------------------------------------------------------- each line's fields
_DATETIME = re.compile(
    r" - (?P<y>[0-9]{4})/(?P<mo>[0-9]{1,2})/(?P<d>[0-9]{1,2}) (?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2})"
    r"(?::(?P<s>[0-9]{2}))?(?: (?P<zone>[A-Z]{1,5}))?"
)
_KIND = re.compile(
    r"Winamax Poker - (?:(?P<cash>CashGame)|(?P<fast>(?:Go Fast|HOLD-UP|ESCAPE) \"[^\"]*\")"
    r"|Tournament \"(?P<tournament>[^\"]*)\"(?: buyIn: (?P<buy_in>.*?))?"
    r"(?: level: (?P<level>[0-9]+))?)$"
)
_TABLE = re.compile(
    r"Table:? '(?P<name>.*)'(?: (?P<max>[0-9]+)-max)?(?: \((?P<money>real|play) money\))?"
    r"(?: Seat #(?P<button>[0-9]+) is the button)?$"
)
# a tournament's table: "Sunday Surprise(123456789)#004"
_TOURNAMENT_TABLE = re.compile(r"\((?P<id>[0-9]+)\)#(?P<table>[0-9]+)$")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>[^,)]+)(?:, (?P<bounty>[^)]*) bounty)?\)"
    r"(?P<after>.*)$"
)
_ALL_IN = "(?P<all_in> and is all-in)?$"
_FOLD = re.compile(r"(?P<player>.+?) folds$")
_CHECK = re.compile(r"(?P<player>.+?) checks$")
_CALL = re.compile(r"(?P<player>.+?) calls (?P<amount>\S+)" + _ALL_IN)
_BET = re.compile(r"(?P<player>.+?) bets (?P<amount>\S+)" + _ALL_IN)
_RAISE = re.compile(r"(?P<player>.+?) raises (?P<by>\S+) to (?P<to>\S+)" + _ALL_IN)
_POST = re.compile(
    r"(?P<player>.+?) posts (?P<kind>small blind|big blind|ante|dead blind|small & big blind) "
    r"(?P<amount>\S+)(?P<away> out of position)?" + _ALL_IN
)
_COLLECTED = re.compile(
    r"(?P<player>.+?) collected (?P<amount>\S+) from "
    r"(?P<pot>pot|main pot|side pot (?P<side>[0-9]+))(?: ?\((?P<half>HI|LO)\))?$"
)
_SHOWS = re.compile(r"(?P<player>.+?) shows \[(?P<cards>[^\]]*)\](?: \((?P<words>.*)\))?$")
_MUCKS = re.compile(r"(?P<player>.+?) mucks(?: hand)?(?: \[(?P<cards>[^\]]*)\])?$")
_STATUS = re.compile(
    r"(?P<player>.+?) (?P<status>sits out|is sitting out|has returned|is back|is disconnected"
    r"|is connected|has timed out|leaves the table|joins the table|deny [SB]B(?: \S+)?"
    r"|will be allowed to play after the button)$"
)
_DEALT = re.compile(r"Dealt to (?P<player>.+?)(?P<cards>(?: \[[^\]]*\])+)$")
_MARKER = re.compile(
    r"\*\*\* (?P<name>ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN) \*\*\*:?"
    r"(?P<cards>(?: ?\[[^\]]*\])*)(?P<rest>.*?)\s*$"
)
_POT_EXTRA = re.compile(r"(?P<what>Hold-up|Escape) to Pot: total (?P<amount>\S+)$")
_TOTAL_POT = re.compile(r"Total pot (?P<total>\S+)(?P<parts>.*)$")
_RAKE = re.compile(r"\| Rake (?P<rake>\S+)")
_POT_PART = re.compile(r"(?P<label>Main pot|Side pot(?: ?-?[0-9]+)?):? (?P<amount>[0-9][^ |]*)")
_BOARD = re.compile(r"Board: \[(?P<cards>[^\]]*)\]$")
_SUMMARY_SEAT = re.compile(r"Seat (?P<seat>[0-9]+): (?P<rest>.*)$")
_STREET = {
    "PRE-FLOP": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
_STATUS_OF = {
    "sits out": ev.Status.SITS_OUT,
    "is sitting out": ev.Status.SITTING_OUT,
    "has returned": ev.Status.RETURNED,
    "is back": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
}
_PLAYER_LINE = (
    "FOLD",
    "CHECK",
    "CALL",
    "RAISE",
    "BET",
    "POST",
    "COLLECTED",
    "SHOWS",
    "MUCKS",
    "STATUS",
)
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "SECTION_MARKER", "DEALT", "POT_EXTRA", "CANCELLED"),
    "SUMMARY_BODY": ("SUMMARY_SEAT", "TOTAL_POT", "BOARD"),
}


class WinamaxReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    NO_START = "no table line"

    def __init__(self) -> None:
        # the header line's parts, each a token of its own
        header_parts: dict[str, Callable[[str], None]] = {
            "ROOM_KIND": self.ROOM_KIND,
            "HAND_ID": self.HAND_ID,
            "GAME_NAME": self.GAME_NAME,
            "STAKES": self.STAKES,
            "DATETIME": self.DATETIME,
        }
        parts = {name: self._header_part(method) for name, method in header_parts.items()}
        self._wire("winamax", ("TABLE", "SUMMARY_MARKER"), _BLOCKS, parts=parts)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._summary_started

    def _stops_early(self, raw: RawHand) -> bool:
        # a record cut short (by the room or a copy) is read to its last whole line
        return not any(text.startswith("*** SUMMARY ***") for text in raw.lines)

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        # (a record cut short has no summary, so no seat it says was not dealt in)
        events = with_returns(not_dealt_in(self._events, self._idle), self._big)
        if truncated_at is not None:
            return ev.Hand(start, tuple(events), truncated=True, truncated_at=truncated_at)
        return ev.Hand(start, tuple(events))

    def _describe(self, terminals: set[str], line: str) -> str:
        return describe_expected(terminals, line)

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (same parser state and token), or "".

        Runs after the failed hand's facts are taken: parsing the examples goes through
        the callbacks, which refill this reader's per-hand state (reset by the next read)."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(RawHand(file, 1, ("",)))
            return self._parser.parse(text, start="start")

        return known_mistake(err, _MISTAKES, parse)

    def _header_part(self, method: Callable[[str], None]) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            try:
                method(str(tok))
            except (AmountError, ValueError) as err:
                raise LineError.of(self._offset + (tok.line or 1), err) from None
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each read by its kind's method, one event (or none) each."""
        line = self._offset + (tok.line or 1)
        classifier = self._classifiers[tok.type]
        methods = self._line_methods
        try:
            if classifier.only is not None:
                method = methods[classifier.only]
                for text in tok.split("\n")[:-1]:
                    method(text.rstrip(), SourceSpan(self._file, line))
                    line += 1
            else:
                for found in classifier.matches(tok):
                    methods[found.lastgroup](found.group().rstrip(), SourceSpan(self._file, line))
                    line += 1
        except (AmountError, ValueError, KeyError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._summary_started = False
        self._seats: dict[int, str] = {}
        self._players: set[str] = set()
        self._max_seats = SEAT_LIMIT
        self._header: dict[str, str] = {}
        self._scale = 100
        self._small = 0
        self._hi_lo = False
        self._shown: dict[str, int] = {}  # player -> index of his Shown event
        self._big = 0
        self._idle: set[int] = set()  # seats the summary has "folded" on no street
        self._rake = 0

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    # ------------------------------------------------------------ header
    def ROOM_KIND(self, tok: str) -> None:
        found = _KIND.match(tok)
        if found is None:
            raise ValueError(f"a header this reader does not know: {tok!r}")
        if found.group("tournament") is not None:
            self._header["tournament"] = found.group("tournament")
            if found.group("buy_in"):
                self._header["buy_in"] = found.group("buy_in").strip()
            if found.group("level"):
                self._header["level"] = found.group("level")

    def HAND_ID(self, tok: str) -> None:
        self._header["hand_id"] = tok.strip(" -")[len("HandId: #") :]

    def GAME_NAME(self, tok: str) -> None:
        self._header["game"] = tok

    def STAKES(self, tok: str) -> None:
        parts = tok.strip()[1:-1].split("/")
        self._header["small"], self._header["big"] = parts[-2], parts[-1]
        if len(parts) == 3:
            self._header["ante"] = parts[0]
        symbols = {c for c in tok if c in CURRENCY_OF_SYMBOL}
        self._header["currency"] = CURRENCY_OF_SYMBOL[symbols.pop()] if symbols else "chips"

    def DATETIME(self, tok: str) -> None:
        self._header["datetime"] = tok.rstrip()

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = _TABLE.match(text)
        if found is None:
            raise ValueError(f"a table line this reader does not know: {text!r}")
        h = self._header
        tournament = "tournament" in h
        # tournaments count in chips; cash games in cents, play money too (0.05/0.10)
        self._scale = 1 if tournament else 100
        max_seats = int(found.group("max")) if found.group("max") else None
        if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
            raise SeatError(f"a table of {max_seats} seats")
        button = int(found.group("button")) if found.group("button") else None
        if button is not None and not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._max_seats = max_seats or SEAT_LIMIT
        name = found.group("name")
        tournament_id = None
        if tournament:
            numbered = _TOURNAMENT_TABLE.search(name)
            tournament_id = numbered.group("id") if numbered else h["tournament"]
        game = h.get("game", "")
        limit, hi_lo, hole, code = game_facts(game)
        self._hi_lo = hi_lo
        header_line = self._offset + 1
        try:  # the header's facts: a problem with them is the header line's
            started_at, zone = _parse_datetime(h.get("datetime", ""))
            small = self._money(h.get("small", "0"))
            big = self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(header_line, err) from None
        self._small = small
        self._big = big
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, header_line, 1),
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=game,
            variant=code,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=h.get("currency", "chips"),
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=name,
            max_seats=max_seats,
            button_seat=button,
            tournament_id=tournament_id,
            buy_in=h.get("buy_in"),
            level=h.get("level"),
            table_span=span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = _fields(_SEAT, text)
        seat = int(found["seat"])
        player = found["player"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._players:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._players.add(player)
        after = found["after"] or ""
        self._events.append(
            ev.SeatTaken(
                span,
                seat=seat,
                player=player,
                stack=self._money(found["stack"]),
                sitting_out="sitting out" in after,
                out_of_hand="out of hand" in after,
                bounty=found["bounty"],
            )
        )

    # ------------------------------------------------------------ the play
    def POST(self, text: str, span: SourceSpan) -> None:
        found = _fields(_POST, text)
        amount = self._money(found["amount"])
        words = found["kind"]
        kind = _post_kind(words, found["away"] is not None, amount, self._small)
        if kind is None:
            # "posts big blind 0€ out of position" after a small blind out of position
            # that held both blinds (PLO-5max-EUR-1.00-2.00-201611.post.both.txt: 3€ at
            # 1€/2€, then this line): the big blind is in that post already
            self._events.append(ev.Note(span, text))
            return
        player = found["player"]
        self._events.append(ev.Posted(span, player, kind, amount, found["all_in"] is not None))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = _fields(_DEALT, text)
        dealt: tuple[Card, ...] = ()
        for group in re.findall(r"\[([^\]]*)\]", found["cards"]):
            dealt += self.card_notation.cards(group)
        self._events.append(ev.Dealt(span, found["player"], dealt))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, _fields(_FOLD, text)["player"]))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, _fields(_CHECK, text)["player"]))

    def CALL(self, text: str, span: SourceSpan) -> None:
        f = _fields(_CALL, text)
        added, all_in = self._money(f["amount"]), f["all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["player"], ev.Verb.CALL, added, all_in=all_in))

    def BET(self, text: str, span: SourceSpan) -> None:
        f = _fields(_BET, text)
        added, all_in = self._money(f["amount"]), f["all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["player"], ev.Verb.BET, added, all_in=all_in))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        # "raises 1.05€ to 1.35€": the line writes both the raise over the bet faced and
        # the total, which ChipsIn (chips added and/or the total) cannot hold; RaisedTo
        # with both is the line as written, and no bet of the round is needed to say it
        f = _fields(_RAISE, text)
        to, by = self._money(f["to"]), self._money(f["by"])
        self._events.append(ev.RaisedTo(span, f["player"], by, to, f["all_in"] is not None))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_SHOWS, text)
        player = f["player"]
        shown = self.card_notation.cards(f["cards"])
        words = f["words"] or ""
        earlier = self._shown.get(player)
        if earlier is not None and self._hi_lo:
            # the same hand's other half on a line of its own (its low): one claim
            first = self._events[earlier]
            assert isinstance(first, ev.Shown)
            if first.cards == shown:
                claim = joined(first.claim, low_claim(words))
                self._events[earlier] = replace(first, description=claim.text, claim=claim)
                return
        self._shown[player] = len(self._events)
        self._events.append(ev.Shown(span, player, shown, words, read_claim(words, self._hi_lo)))

    def MUCKS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_MUCKS, text)
        shown = self.card_notation.cards(f["cards"]) if f["cards"] else ()
        self._events.append(ev.Mucked(span, f["player"], shown))

    def COLLECTED(self, text: str, span: SourceSpan) -> None:
        f = _fields(_COLLECTED, text)
        side = f["side"]
        pot = int(side) if side else 0
        self._events.append(
            ev.Collected(span, f["player"], self._money(f["amount"]), pot, f["pot"] != "pot")
        )

    def STATUS(self, text: str, span: SourceSpan) -> None:
        f = _fields(_STATUS, text)
        self._events.append(
            ev.PlayerStatus(
                span, f["player"], _STATUS_OF.get(f["status"], ev.Status.OTHER), f["status"]
            )
        )

    def SECTION_MARKER(self, text: str, span: SourceSpan) -> None:
        street, all_cards, new_cards, rest = _section_marker(text, self.card_notation)
        if street is ev.Street.SHOWDOWN:
            self._events.append(ev.ShowdownStarted(span, 1))
        elif street is not None:  # None: the blinds' heading, no street, nothing dealt
            self._events.append(ev.StreetDealt(span, street, 1, all_cards, new_cards))
        if rest:
            problem = f"unexpected text after the street marker: {rest!r}"
            self._events.append(ev.Garbled(span, text, problem))

    def POT_EXTRA(self, text: str, span: SourceSpan) -> None:
        f = _fields(_POT_EXTRA, text)
        self._events.append(ev.PotExtra(span, self._money(f["amount"]), text))

    def CANCELLED(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, text: str, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, text: str, span: SourceSpan) -> None:
        f = _fields(_TOTAL_POT, text)
        parts = f["parts"]
        rake_found = _RAKE.search(parts)
        rake = self._money(rake_found.group("rake")) if rake_found else None
        if rake is None and "| No rake" not in parts and parts.strip():
            raise ValueError(f"a total pot line this reader does not know: {text!r}")
        main = None
        sides: list[int] = []
        for label, amount in _POT_PART.findall(parts):
            if label == "Main pot":
                main = self._money(amount)
            else:
                sides.append(self._money(amount))
        # Winamax's total is what the winners collected, the rake taken off ("Total pot
        # 14.73€ | Rake 1.02€", 14.73€ collected): the event's total is gross
        total = self._money(f["total"]) + (rake or 0)
        self._events.append(ev.SummaryPot(span, total, main, tuple(sides), rake))

    def BOARD(self, text: str, span: SourceSpan) -> None:
        cards = self.card_notation.cards(_fields(_BOARD, text)["cards"])
        self._events.append(ev.SummaryBoard(span, 1, cards))

    def SUMMARY_SEAT(self, text: str, span: SourceSpan) -> None:
        f = _fields(_SUMMARY_SEAT, text)
        seat = int(f["seat"])
        rest = f["rest"]
        player = self._seats.get(seat, "")
        if player and rest.startswith(player + " "):
            rest = rest[len(player) + 1 :]
        elif player != rest:
            player, _, rest = rest.partition(" ")
        else:
            rest = ""
        outcome = seat_outcome(rest, self._scale, self._hi_lo)
        if outcome[1] is ev.SeatOutcome.FOLDED and not outcome[2]:
            self._idle.add(seat)
        previous = self._events[-1] if self._events else None
        if (
            isinstance(previous, ev.SummarySeat)
            and previous.seat == seat
            and previous.results
            and outcome[5]
        ):
            # a hi/lo hand's second half on a line of its own: one seat, both results
            self._events[-1] = joined_seat(previous, outcome[5][0])
            return
        self._events.append(ev.SummarySeat(span, seat, player, *outcome))


# ---------------------------------------------------------------- helpers
def _fields(pattern: re.Pattern[str], text: str) -> re.Match[str]:
    """The named fields of a line its terminal accepted (its pattern's named groups)."""
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"a line of this kind this reader cannot take apart: {text!r}")
    return found


@lru_cache(maxsize=1024)  # "*** PRE-FLOP ***" and "*** SHOW DOWN ***" are in every hand
def _section_marker(
    text: str, notation: CardNotation
) -> tuple[ev.Street | None, tuple[Card, ...], tuple[Card, ...], str]:
    """A marker's street (SHOWDOWN for the showdown, None for the blinds' heading), the
    board so far, the cards new on it, and any text left over."""
    f = _fields(_MARKER, text)
    name = f["name"]
    if name == "SHOW DOWN":
        return ev.Street.SHOWDOWN, (), (), f["rest"]
    if name == "ANTE/BLINDS":
        return None, (), (), f["rest"]
    groups = re.findall(r"\[([^\]]*)\]", f["cards"])
    all_cards: tuple[Card, ...] = ()
    for group in groups:
        all_cards += notation.cards(group)
    new_cards = notation.cards(groups[-1]) if groups else ()
    return _STREET[name], all_cards, new_cards, f["rest"]


_HEAD = (
    "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - "
    "2014/07/30 01:25:40 UTC\n"
)
_SEATED = (
    _HEAD + "Table: 'T' 5-max (real money) Seat #1 is the button\nSeat 1: a (200€)\n"
    "Seat 2: b (200€)\n"
)
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state and token it shares.
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or date)": [
        "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit - 2014/07/30 01:25:40\n",
        "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€)\n",
    ],
    "a table line the layout does not have": [_HEAD + "Table T\n"],
    "a line of play the layout does not have": [
        _SEATED + "*** ANTE/BLINDS ***\na posts small blind 1€\n*** PRE-FLOP ***\na shoves\n"
    ],
    "a summary line the layout does not have": [
        _SEATED + "*** PRE-FLOP ***\na folds\n*** SUMMARY ***\nTotal pot 0€ | No rake\n"
        "nothing here\n"
    ],
}


def _post_kind(words: str, away: bool, amount: int, small: int) -> ev.PostKind | None:
    """A post's kind. "Out of position" is Winamax's post away from the blinds' seats: a
    small blind there is dead (PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt: 2€ at 2€/4€,
    counted in the pot, no bet); one of more than the small blind holds both blinds
    (3€ at 1€/2€, then "posts big blind 0€ out of position": None); a big blind there
    is a live one (a new player's)."""
    if words == "ante":
        return ev.PostKind.ANTE
    if words in ("dead blind",):
        return ev.PostKind.MISSED_BLIND
    if words == "small & big blind":
        return ev.PostKind.SMALL_AND_BIG
    if words == "small blind":
        if not away:
            return ev.PostKind.SMALL_BLIND
        return ev.PostKind.SMALL_AND_BIG if amount > small else ev.PostKind.MISSED_BLIND
    if away and amount == 0:
        return None
    return ev.PostKind.BIG_BLIND


def _parse_datetime(text: str) -> tuple[datetime | None, str]:
    found = _DATETIME.match(text)
    if not found:
        return None, ""
    g = found.groupdict()
    zone = g["zone"] or ""
    when = local_time(
        int(g["y"]), int(g["mo"]), int(g["d"]), int(g["h"]), int(g["mi"]), int(g["s"] or 0), zone
    )
    return when, zone
