"""Run It Once Poker hands to events.

The grammar (``grammars/runitonce.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

What Run It Once's layout means, where it is not the Stars layout:

- The header gives the time in UTC, then in the room's zone in brackets: the UTC one is
  read, with its zone.
- "STP added: €5.00": splash the pot, the room's money put in the pot (the summary's
  "| STP €5.00" is in its total pot).
- "Hero shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]": the words and the five
  cards they name; the words are kept as written (no claim is read from them).
- The summary's "Main pot €62.60 | Side pot €20.98" are the pots BEFORE the rake (62.60 +
  20.98 is the total 83.58; Hero collects 60.60 of the main pot: the rake, €2.00, is
  taken from the main pot): the main pot is given net of the rake, as the summary's pots
  are read everywhere.
- "Uncalled bet (€71.42) returned to Ricky N" comes at the showdown, after the shown
  hands, not when the bet goes uncalled before the turn (36197946, 34011543): a return is
  due by the end of the hand (``Hand.uncalled_returns_late``).
"""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import Fields, FieldsReader, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.runitonce.games import game_facts
from auditor.source import SourceSpan

SITE = "Run It Once"
_SPACED = str.maketrans("/:", "  ")  # a date's numbers apart

_POST_KINDS = {"small blind": ev.PostKind.SMALL_BLIND, "big blind": ev.PostKind.BIG_BLIND}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_OUTCOMES = {
    "showed": ev.SeatOutcome.SHOWED,
    "mucked": ev.SeatOutcome.MUCKED,
    "collected": ev.SeatOutcome.COLLECTED,
}
# What each of the grammar's terminals is, in the room's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (Run It Once Poker Hand #N: Omaha Pot Limit (€1/€2) - ...)",
    "TABLE": "the table line (Table ID 'N' 6-Max Seat #N is the button)",
    "SEATS": "a seat line (Seat N: NAME (€20 in chips))",
    "PLAY": "a line of play (NAME: calls €1, *** FLOP *** [..])",
    "SUMMARY": "*** SUMMARY ***",
    "RESULTS": "a summary line (Total pot .., Board [..], Seat N: ..)",
}


class RunItOnceReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS

    def __init__(self) -> None:
        self._wire("runitonce")

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return bool(self._seats) and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []  # after the head, made once the hand is read
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._table_span: SourceSpan | None = None
        self._summary = False
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._scale = 100

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._started()
        cut = None if self._summary else last_line(raw)
        events = (start, *self._events)
        return ev.Hand(start, events, cut is not None, cut, uncalled_returns_late=True)

    def _money(self, text: str) -> int:
        return to_minor(text.lstrip("$€£"), self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("head_"), v) for k, v in f.groupdict().items())
        self._head_span = span
        symbol = f["head_small"][0] if f["head_small"][0] in "$€£" else ""
        self._scale = 100 if symbol else 1
        self._head["currency"] = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("table_"), v) for k, v in f.groupdict().items())
        self._table_span = span

    def _started(self) -> ev.HandStarted:
        h = self._head
        try:  # the header's facts: a problem with them is the header line's
            limit, hi_lo, hole, variant = game_facts(h["game"])
            # "2019/04/19 17:52" or "... 17:52:03"
            y, mo, d, hh, mi, *ss = (int(n) for n in h["date"].translate(_SPACED).split())
            started_at = local_time(y, mo, d, hh, mi, ss[0] if ss else 0, h["zone"])
            small, big = self._money(h["small"]), self._money(h["big"])
        except (AmountError, ValueError) as err:
            raise LineError.of(self._head_span.line, err) from None
        try:
            button, max_seats = _seat(h["button"]), _seat(h["max"])
        except SeatError as err:
            raise LineError.of(self._head_span.line + 1, err) from None
        return ev.HandStarted(
            span=self._head_span,
            site=SITE,
            hand_id=h["id"],
            game=h["game"],
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=h["currency"],
            scale=self._scale,
            started_at=started_at,
            time_zone=h["zone"],
            table_name=h["name"],
            max_seats=max_seats,
            button_seat=button,
            table_span=self._table_span,
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["seat_stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind, amount = _POST_KINDS[f["post_kind"]], self._money(f["post_amount"])
        self._events.append(ev.Posted(span, f["who"], kind, amount))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    # "calls €1.50", "bets €10" (the chips put in), "raises €1.25 to €1.75" (the bet it
    # makes: the engine reads it by that); the layout writes " and is all-in" wherever
    # the player's last chips go in
    def CALL(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["call_amount"]), f["call_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.CALL, added, None, all_in))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["bet_amount"]), f["bet_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.BET, added, None, all_in))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        to, all_in = self._money(f["raise_to"]), f["raise_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.RAISE, None, to, all_in))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        cards, words = LETTERS.cards(f["shows_cards"]), (f["shows_words"] or "").strip()
        self._events.append(ev.Shown(span, f["who"], cards, words))

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        amount, side = self._money(f["collected_amount"]), f["collected_side"]
        pot, names = int(side) if side else 0, f["collected_pot"] != "pot"
        self._events.append(ev.Collected(span, f["who"], amount, pot, names))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        written = LETTERS.cards(f["street_cards"])
        new = LETTERS.cards(f["street_new"]) if f["street_new"] is not None else written
        self._board = (written + new) if f["street_new"] is not None else written
        street = _STREETS[f["street_name"]]
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def HOLE_CARDS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["dealt_who"], LETTERS.cards(f["dealt_cards"])))

    def STP(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["stp_amount"])
        self._events.append(ev.PotExtra(span, amount, f.group().rstrip()))

    def SHOWDOWN(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.ShowdownStarted(span, 1))

    def UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["uncalled_amount"])
        self._events.append(ev.UncalledReturned(span, f["uncalled_who"], amount))

    # ------------------------------------------------------------ the summary
    def SUMMARY(self, f: Fields, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL(self, f: Fields, span: SourceSpan) -> None:
        # " | Main pot €119.52 | Side pot €21.82 | STP €5.00 | Rake €2.50": name, amount
        named = (part.rpartition(" ") for part in f["total_parts"].split(" | ")[1:])
        parts = {name: self._money(amount) for name, _, amount in named}
        sides = tuple(v for k, v in parts.items() if k.startswith("Side pot"))
        rake = parts.get("Rake")
        main = parts.get("Main pot")
        if main is not None:
            # written before the rake, which the main pot pays, and without the STP, which
            # the main pot holds: 36197946's "Main pot €119.52 | Side pot €21.82 | STP
            # €5.00 | Rake €2.50" pays Ricky N €122.02 from the main pot
            main += parts.get("STP", 0) - (rake or 0)
        total = self._money(f["total_pot"])
        self._events.append(ev.SummaryPot(span, total, main, sides, rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, LETTERS.cards(f["board_cards"])))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = _seat(f["sum_seat"]), f["sum_who"]
        # " (button) (small blind)": the positions, each in brackets
        positions = tuple(p for p in f["sum_positions"].strip(" ()").split(") (") if p)
        if f["sum_outcome"] is None:  # "folded before Flop"
            folded = ev.SeatOutcome.FOLDED
            event = ev.SummarySeat(span, seat, player, positions, folded, f["sum_folded"])
        else:
            outcome = _OUTCOMES[f["sum_outcome"]]
            won = self._money(f["sum_won"]) if f["sum_won"] else None
            if won is None and outcome is ev.SeatOutcome.SHOWED:
                outcome = ev.SeatOutcome.LOST
            result = ev.SeatResult(won, (f["sum_words"] or "").strip())
            cards = LETTERS.cards(f["sum_cards"])
            event = ev.SummarySeat(
                span, seat, player, positions, outcome, cards=cards, results=(result,)
            )
        self._events.append(event)


def _seat(text: str) -> int:
    seat = int(text)
    if not 1 <= seat <= SEAT_LIMIT:
        raise SeatError(f"seat {seat}, which no table has")
    return seat
