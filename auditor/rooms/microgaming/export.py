"""PokerTracker's text of Microgaming hands ("** Hand # N starting - ..."), read with its
grammar (``grammars/microgaming_export.lark``), one method per line terminal. Its meaning:

- "raised to €1.25", "called - €1.00", "bet - €1.50", "went all-in - €21.26": the chips
  the player puts in with this action (in 5029053937 the €0.25 small blind "raised to
  €1.25" and the €0.50 big blind "called - €1.00": both have €1.50 in): chips lines
  (ChipsIn) the replay tells a bet, call or raise, as the bets before them make them.
- "wins €X from the main pot": what the pot paid after the rake ("Rake: €0.15"). No line
  returns a bet nobody called: when the hand ends with every other player folded, the
  winner's "wins" is all he took back, his unmatched bet with it (5029053937: €4.35 + the
  €0.15 rake = the €3.00 pot + his uncalled €1.50 flop bet); after a showdown it is the
  pots only (5870377181: €96.77 + €1.50 = the €98.27 the three players matched).
"""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError, SeatError
from auditor.parse.text_reader import Fields, FieldsReader
from auditor.read.split import RawHand
from auditor.rooms.microgaming.games import SCALE, hand_started
from auditor.source import SourceSpan

NOTATION = CardNotation("tens as 10", ten="10")
_STREETS = {"flop": ev.Street.FLOP, "turn": ev.Street.TURN, "river": ev.Street.RIVER}
_BLINDS = {"small blind": ev.PostKind.SMALL_BLIND, "big blind": ev.PostKind.BIG_BLIND}


def _cards(text: str) -> tuple[Card, ...]:
    return NOTATION.cards(text.replace(",", " "))


class ExportReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "microgaming_export"

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self.events: list[ev.Event] = []
        self.head: dict[str, str] = {}
        self.head_span = self.table_span = SourceSpan(raw.file, raw.first_line)
        self.started: datetime | None = None
        self.board: tuple[Card, ...] = ()
        self.symbol = ""
        self.button: int | None = None
        self.seats: set[int] = set()
        self.collected: list[ev.Collected] = []
        self.rake_taken = 0
        self.rake_span: SourceSpan | None = None
        self.showdown = False

    def _open(self) -> bool:
        return False  # no line ends a hand: a record cut short is read as it is

    def _money(self, text: str) -> int:
        if not text[0].isdigit():
            self.symbol = self.symbol or text[0]
            text = text.lstrip(text[0])
        return to_minor(text, SCALE)

    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        try:
            self.started = datetime.strptime(
                f"{f['head_date']} {f['head_time']}", "%Y-%m-%d %H:%M:%S"
            )
        except ValueError:  # month 0, day 32...: the header line's problem
            raise ValueError(f"no such date: {f['head_date']} {f['head_time']}") from None
        self.head["hand_id"], self.head_span = f["head_id"], span

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self.head.update({k.removeprefix("table_"): v for k, v in f.groupdict().items() if v})
        self.table_span = span

    def BLANK(self, f: Fields, span: SourceSpan) -> None:
        pass  # a blank line: the export writes one after every line in some files

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat = int(f["seat_number"])
        if seat in self.seats or seat < 1:
            raise SeatError(f"seat {seat} listed twice")
        self.seats.add(seat)
        if f["seat_dealer"]:
            self.button = seat
        stack = self._money(f["seat_stack"])
        self.events.append(ev.SeatTaken(span, seat, f["seat_player"], stack))

    def POST(self, f: Fields, span: SourceSpan) -> None:
        chips = self._money(f["post_amount"])
        self.events.append(ev.Posted(span, f["post_player"], _BLINDS[f["post_blind"]], chips))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self.events.append(ev.Dealt(span, f["dealt_player"], _cards(f["dealt_cards"])))

    def _chips(self, span: SourceSpan, player: str, amount: str, verb: ev.Verb) -> None:
        # the chips put in with the action: a bet, call or raise as the replay tells
        # them ("raised to" with nothing bet is a bet); all-in is said in its own line
        chips, all_in = self._money(amount), verb is ev.Verb.ALL_IN
        self.events.append(ev.ChipsIn(span, player, verb, chips, all_in=all_in))

    def RAISED(self, f: Fields, span: SourceSpan) -> None:
        self._chips(span, f["raised_player"], f["raised_amount"], ev.Verb.CHIPS)

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        self._chips(span, f["call_player"], f["call_amount"], ev.Verb.CALL)

    def BET(self, f: Fields, span: SourceSpan) -> None:
        self._chips(span, f["bet_player"], f["bet_amount"], ev.Verb.CHIPS)

    def ALLIN(self, f: Fields, span: SourceSpan) -> None:
        self._chips(span, f["allin_player"], f["allin_amount"], ev.Verb.ALL_IN)

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self.events.append(ev.Checked(span, f["check_player"]))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self.events.append(ev.Folded(span, f["fold_player"]))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        self.showdown = True
        self.events.append(ev.Shown(span, f["shows_player"], _cards(f["shows_cards"])))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        cards = _cards(f["mucks_cards"]) if f["mucks_cards"] else ()
        self.events.append(ev.Mucked(span, f["mucks_player"], cards))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        new = _cards(f["street_cards"])
        self.board += new
        street = _STREETS[f["street_name"]]
        self.events.append(ev.StreetDealt(span, street, 1, self.board, new))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        pot = f["wins_pot"]
        side = pot.startswith("side")
        number = int(pot.rsplit(" ", 1)[1]) if side and pot[-1].isdigit() else int(side)
        amount = self._money(f["wins_amount"])
        self.collected.append(ev.Collected(span, f["wins_player"], amount, number, True))

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        self.rake_taken, self.rake_span = self._money(f["rake_amount"]), span

    def _hand(self, raw: RawHand) -> ev.Hand:
        head = self.head
        try:  # the header's stakes: a problem with them is the header line's
            start = hand_started(
                self.head_span,
                head["game"],
                head["limit"],
                (head["small"], head["big"]),
                (head["hand_id"], head["name"], self.started),
                (None, self.button),
                CURRENCY_OF_SYMBOL.get(self.symbol, "chips"),
                self.table_span,
            )
        except ValueError as err:
            raise LineError.of(raw.first_line, err) from None
        wins = self.collected
        won = sum(win.amount for win in wins)
        span = self.rake_span or (wins[-1].span if wins else self.head_span)
        pot = ev.SummaryPot(span, won + self.rake_taken, None, (), self.rake_taken)
        events = (start, *self.events, *wins, pot)
        # with no showdown, the winner's "wins" holds his unmatched bet (the docstring)
        return ev.Hand(
            start, events, uncalled_returns_written=False, wins_hold_returns=not self.showdown
        )
