"""BetOnline hands to events.

The grammar (``grammars/betonline.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's named fields into an event. They run as
lexer callbacks, so the events come out in file order.

What BetOnline's layout means, where it is not the Stars layout:

- "Player8: raises 0.64 to 0.74": the chips put in with this action (he had called 0.10),
  then his bet in the round ("Player2: raises 0.75 to 0.75" opens for 0.75): read as a
  raise TO the second amount.
- "Player8: post now 0.10": a newcomer's big blind out of the blinds' seats, live (he then
  "checks" when the action comes to him): live chips.
- "Total pot 4.00 | Rake 0.20" is NET of the rake (its winner "won (4.00)" of 4.20 put in),
  one line per pot when there are side pots: the reader adds the rake back (one gross
  SummaryPot; the lines' order is the room's: main pot last).
- No line returns an uncalled bet (Player7's 4.20 over an all-in of 1.55 in #1073062051),
  no line collects a pot in the play: the summary's "collected (1.90)", "showed [..] and
  won (11.55)" say what each won.
- Seats are numbered from 0 ("Seat 0: Hero", "Seat #0 is the button").
- The header says "Hold'em Pot Limit" over hands that deal four hole cards: the hand is
  read as the Omaha it deals, and a GameMislabeled event says so on the header's line.
"""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, line_fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.betonline.games import game_facts, hole_cards_dealt, shown_game
from auditor.source import SourceSpan

SITE = "BetOnline"

_HEADER = re.compile(
    r"BetOnline Poker Game #(?P<hand_id>[0-9]+): (?P<game>.+?) \((?P<symbol>[$€]?)"
    r"(?P<small>[0-9][0-9,.]*)/[$€]?(?P<big>[0-9][0-9,.]*)\) - (?P<year>[0-9]{4})/"
    r"(?P<month>[0-9]{2})/(?P<day>[0-9]{2}) (?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2}):"
    r"(?P<second>[0-9]{2})(?: (?P<zone>[A-Za-z ]+))?"
)
_TABLE = re.compile(
    r"Table '(?P<table>[^']+)' (?:(?P<max>[0-9]+)-Max, )?Seat #(?P<button>[0-9]+) is the button"
)
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>[0-9][0-9,.]*) in chips\)"
    r"(?: - (?P<note>.+))?$"
)
_POST = re.compile(
    r"(?P<player>.+?): (?P<kind>posts small blind|posts big blind|post now) "
    r"(?P<amount>[0-9][0-9,.]*)$"
)
_AMOUNT_LINE = re.compile(
    r"(?P<player>.+?): (?:calls|bets|raises) (?P<amount>[0-9][0-9,.]*)"
    r"(?: to (?P<to>[0-9][0-9,.]*))?(?P<all_in> and is all in)?$"
)
_SHOWS = re.compile(r"(?P<player>.+?) shows (?P<cards>[^\n]+)$")
_JOINS = re.compile(r"(?P<player>.+?) joins the table at seat #(?P<seat>[0-9]+)$")
_SAID = re.compile(r"(?P<player>.+?) said \"(?P<text>.*)\"$")
_STREET = re.compile(r"\*\*\* (?P<street>[A-Z ]+) \*\*\*(?: (?P<cards>.+))?$")
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_TOTAL = re.compile(r"Total pot (?P<total>[0-9][0-9,.]*) \| Rake (?P<rake>[0-9][0-9,.]*)$")
_SUMMARY_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?) (?:folded (?P<folded>before Flop|on the \w+)"
    r"|collected \((?P<collected>[0-9.,]+)\)"
    r"|showed \[(?P<cards>[^\]]*)\] (?:and won \((?P<won>[0-9.,]+)\)|(?P<lost>but did not win)))$"
)
_POST_KINDS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "post now": ev.PostKind.LIVE,
}
_STREETS = {
    "HOLE CARDS": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
_PLAYER_LINE = (
    "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "SHOWS", "JOINS", "LEFT", "SAID"
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DEALT"),
    "SUMMARY": ("TOTAL_POT", "BOARD", "SUMMARY_SEAT", _PLAYER_LINE),
}

# What each of the grammar's terminals is, in BetOnline's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (BetOnline Poker Game #N: Hold'em Pot Limit ($0.05/0.10) - ...)",
    "TABLE": "the table line (Table 'NAME' 10-Max, Seat #N is the button)",
    "SEATS": "a seat line (Seat N: NAME (x in chips))",
    "PLAY": "a line of play (NAME: calls x, *** FLOP *** [..])",
    "SUMMARY_MARKER": "*** SUMMARY ***",
    "SUMMARY": "a summary line (Total pot x | Rake y, Board [..], Seat N: NAME ...)",
}
# BetOnline writes no "returned" line: Player7's uncalled 4.20 in #1073062051
_RETURNS_WRITTEN = False


def _cards(notation: CardNotation, text: str) -> tuple[Card, ...]:
    """BetOnline writes the ten as "10": "[Jc 10c Ks 2h]"."""
    return notation.cards(text.replace("10", "T"))


class BetOnlineReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS

    def __init__(self) -> None:
        singles = ("HEADER", "TABLE", "SUMMARY_MARKER")
        self._wire("betonline", singles, _BLOCKS)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._summary  # (the grammar reads no whole record without it)

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        cut = truncated_at is not None
        return ev.Hand(start, tuple(self._events), cut, truncated_at, _RETURNS_WRITTEN)

    def _after_parse(self) -> None:
        self._end_pots()

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._lines = raw.lines
        self._events = []
        self._start = None
        self._head: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._summary = False
        self._pots: list[tuple[int, int]] = []  # (net, rake) of each "Total pot" line
        self._pots_at = -1  # where in the events the summary's pot goes
        self._pots_span = self._header_span
        self._in_summary = _summary_seats(raw.lines)

    def _money(self, text: str) -> int:
        return to_minor(text.replace(",", ""), self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = _HEADER.match(text)
        if found is None:
            raise ValueError(f"cannot read the fields of {text!r}")
        self._head = {k: v for k, v in found.groupdict().items() if v is not None}
        self._header_span = span

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TABLE, text)
        h = self._head
        written = h["game"]
        game = shown_game(written, hole_cards_dealt(self._lines))
        limit, hi_lo, variant = game_facts(game)
        symbol = h.get("symbol", "")
        currency = CURRENCY_OF_SYMBOL.get(symbol, "USD")  # the cash tables write no symbol
        button = int(found["button"])
        max_seats = int(found["max"]) if found["max"] else None
        if not 0 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
            raise SeatError(f"a table of {max_seats} seats")
        zone = h.get("zone", "")
        try:
            started = local_time(
                int(h["year"]), int(h["month"]), int(h["day"]),
                int(h["hour"]), int(h["minute"]), int(h["second"]), zone,
            )  # fmt: skip
            small, big = self._money(h["small"]), self._money(h["big"])
        except (AmountError, ValueError) as err:
            raise LineError.of(self._header_span.line, err) from None
        self._start = ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h["hand_id"],
            game=written,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=currency,
            scale=self._scale,
            started_at=started,
            time_zone=zone,
            table_name=found["table"],
            max_seats=max_seats,
            button_seat=button,
            table_span=span,
        )
        self._events.append(self._start)
        if game != written:
            why = "four hole cards are dealt"
            self._events.append(ev.GameMislabeled(self._header_span, written, variant, why))

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SEAT, text)
        seat, player = int(found["seat"]), found["player"]
        take_seat(self._seats, seat, player, lowest=0)  # BetOnline numbers its seats from 0
        out = found["note"] == "Sitting out"
        # a seat the summary does not list was not dealt in ("Seat 1: Player4 (0.00 in
        # chips)", who "has left the table" in #1073060164)
        gone = self._in_summary is not None and seat not in self._in_summary
        stack = self._money(found["stack"])
        self._events.append(ev.SeatTaken(span, seat, player, stack, out, gone))

    # ------------------------------------------------------------ the play
    def POST(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POST, text)
        kind = _POST_KINDS[found["kind"]]
        self._events.append(ev.Posted(span, found["player"], kind, self._money(found["amount"])))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(": folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(": checks")))

    def CALL(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_AMOUNT_LINE, text)
        amount, all_in = self._money(f["amount"]), f["all_in"] is not None
        self._events.append(ev.Called(span, f["player"], amount, all_in))

    def BET(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_AMOUNT_LINE, text)
        amount, all_in = self._money(f["amount"]), f["all_in"] is not None
        self._events.append(ev.Bet(span, f["player"], amount, all_in))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_AMOUNT_LINE, text)
        to, all_in = self._money(f["to"]), f["all_in"] is not None
        # the first amount is the chips put in, not the raise over the bet faced
        self._events.append(ev.RaisedTo(span, f["player"], 0, to, all_in, ev.RaiseGiven.TO))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_SHOWS, text)
        self._events.append(ev.Shown(span, f["player"], _cards(self.card_notation, f["cards"])))

    def JOINS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_JOINS, text)
        words = f"joins the table at seat #{f['seat']}"
        self._events.append(ev.PlayerStatus(span, f["player"], ev.Status.JOINS, words))

    def LEFT(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" has left the table")
        self._events.append(ev.PlayerStatus(span, player, ev.Status.LEAVES, "has left the table"))

    def SAID(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_SAID, text)
        self._events.append(ev.TableTalk(span, f["player"], f["text"]))

    def STREET(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_STREET, text)
        name = f["street"]
        if name == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        street = _STREETS.get(name)
        if street is None:
            raise ValueError(f"no street is called {name!r}")
        if street is ev.Street.PREFLOP:
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        # "[7s 7h 10s][6c]": the board so far, then the new card
        groups = (f["cards"] or "").strip("[]").split("][")
        new = _cards(self.card_notation, groups[-1])
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_DEALT, text)
        self._events.append(ev.Dealt(span, f["player"], _cards(self.card_notation, f["cards"])))

    # ------------------------------------------------------------ the summary
    def SUMMARY_MARKER(self, text: str, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_TOTAL, text)
        if not self._pots:
            self._pots_at, self._pots_span = len(self._events), span
        self._pots.append((self._money(f["total"]), self._money(f["rake"])))

    def _end_pots(self) -> None:
        """One SummaryPot for the summary's pot lines, gross (each line is net of its
        rake); several lines: the last is the main pot, the others its side pots (in
        #1073068762 "Total pot 10.90 | Rake 0.60" is the side pot of the two all-ins'
        11.50, "Total pot 12.00 | Rake 0.60" the main pot of 12.60)."""
        if not self._pots:
            return
        nets = [net for net, _ in self._pots]
        rake = sum(r for _, r in self._pots)
        # the main and side pots net of the rake, as the Stars layout's "Main pot" are
        main = nets[-1] if len(nets) > 1 else None
        sides = tuple(reversed(nets[:-1]))
        pot = ev.SummaryPot(self._pots_span, sum(nets) + rake, main, sides, rake)
        self._events.insert(self._pots_at, pot)

    def BOARD(self, text: str, span: SourceSpan) -> None:
        cards = _cards(self.card_notation, text.removeprefix("Board ").strip("[]"))
        self._events.append(ev.SummaryBoard(span, 1, cards))

    def SUMMARY_SEAT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_SUMMARY_SEAT, text)
        seat, player = int(f["seat"]), f["player"]
        if f["folded"]:
            out = ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.FOLDED, f["folded"])
        elif f["collected"]:
            won = (ev.SeatResult(self._money(f["collected"])),)
            out = ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.COLLECTED, results=won)
        else:
            hole = _cards(self.card_notation, f["cards"])
            result = ev.SeatResult(None if f["lost"] else self._money(f["won"]))
            showed = ev.SeatOutcome.SHOWED
            out = ev.SummarySeat(span, seat, player, (), showed, cards=hole, results=(result,))
        self._events.append(out)


def _summary_seats(lines: tuple[str, ...]) -> set[int] | None:
    """The seats the summary lists (every player dealt in: "Seat 8: Player0 folded before
    Flop"), or None for a record with no summary seat lines."""
    seats: set[int] = set()
    for line in reversed(lines):
        if line.startswith("Seat "):
            number = line[5 : line.find(":")]
            if number.isdigit():
                seats.add(int(number))
        elif line.startswith("*** SUMMARY ***"):
            return seats or None
    return None
