"""Run It Once Poker hands to events.

The grammar (``grammars/runitonce.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's named fields into an event. They run as
lexer callbacks, so the events come out in file order.

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

import re
from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, line_fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.runitonce.games import HEADER, game_facts
from auditor.source import SourceSpan

SITE = "Run It Once"

_MONEY = r"(?P<{0}>[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)"
_TABLE = re.compile(
    r"Table ID '(?P<table>[^'\n]+)' (?P<max>[0-9]+)-Max Seat #(?P<button>[0-9]+) is the button"
)
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+) \(" + _MONEY.format("stack") + r" in chips\)$"
)
_POST = re.compile(
    r"(?P<player>.+?): posts (?P<kind>small blind|big blind) " + _MONEY.format("amount") + "$"
)
_ACTION = re.compile(
    r"(?P<player>.+?): (?P<verb>calls|bets|raises) "
    + _MONEY.format("amount")
    + r"(?: to "
    + _MONEY.format("to")
    + r")?(?P<all_in> and is all-in)?$"
)
_SHOWS = re.compile(
    r"(?P<player>.+?) shows \[(?P<cards>[^\]]*)\](?: for (?P<words>[^\[]+?) \[[^\]]*\])?$"
)
_COLLECTED = re.compile(
    r"(?P<player>.+?) collected "
    + _MONEY.format("amount")
    + r" from (?P<pot>pot|main pot|side pot (?P<side>[0-9]+))$"
)
_STREET = re.compile(
    r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?"
)
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_UNCALLED = re.compile(
    r"Uncalled bet \(" + _MONEY.format("amount") + r"\) returned to (?P<player>.+)$"
)
_TOTAL_PART = re.compile(
    r"(?P<name>Total pot|Main pot|Side pot(?: [0-9]+)?|STP|Rake) " + _MONEY.format("amount")
)
_SUMMARY_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?)"
    r"(?P<positions>(?: \((?:button|small blind|big blind)\))*)"
    r" (?P<outcome>folded|showed|mucked|collected)(?P<rest>.*)$"
)
_RESULT = re.compile(
    r" \[(?P<cards>[^\]]*)\] and (?:won "
    + _MONEY.format("won")
    + r"(?: with (?P<words>.+))?|lost)$"
)
_POST_KINDS = {"small blind": ev.PostKind.SMALL_BLIND, "big blind": ev.PostKind.BIG_BLIND}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_OUTCOMES = {
    "folded": ev.SeatOutcome.FOLDED,
    "showed": ev.SeatOutcome.SHOWED,
    "mucked": ev.SeatOutcome.MUCKED,
    "collected": ev.SeatOutcome.COLLECTED,
}
_PLAYER_LINE = ("POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "SHOWS", "COLLECTED")
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": ("STREET", "HOLE_CARDS", "DEALT", "STP", "SHOWDOWN", "UNCALLED", _PLAYER_LINE),
    "RESULTS": ("TOTAL", "BOARD", "SUMMARY_SEAT"),
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


class RunItOnceReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS
    END_IS_EOF = True  # "$END" where more was wanted: the record stops early

    def __init__(self) -> None:
        singles = ("HEADER", "TABLE", "SUMMARY")
        aliases = {"CALL": self.ACTION, "BET": self.ACTION, "RAISE": self.ACTION}
        self._wire("runitonce", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._summary

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        cut = truncated_at is not None
        return ev.Hand(start, tuple(self._events), cut, truncated_at, uncalled_returns_late=True)

    def _before_block(self, block: str) -> None:
        self._ensure_start()

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._summary = False
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._scale = 100

    def _money(self, text: str) -> int:
        return to_minor(text.lstrip("$€£"), self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = HEADER.match(text)
        if found is None:
            raise ValueError(f"cannot read the fields of {text!r}")
        self._head.update({k: v for k, v in found.groupdict().items() if v is not None})
        symbol = found["small"][0] if found["small"][0] in "$€£" else ""
        self._scale = 100 if symbol else 1
        self._head["currency"] = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TABLE, text)
        self._head.update(found)
        self._table_span = span

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = h.get("game", "")
        try:
            limit, hi_lo, hole, variant = game_facts(game)
            started_at = _started_at(h)
            small, big = self._money(h.get("small", "0")), self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(self._offset + 1, err) from None
        try:
            button = _seat(h["button"]) if "button" in h else None
            max_seats = _seat(h["max"]) if "max" in h else None
        except SeatError as err:
            raise LineError.of(self._offset + 2, err) from None
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
            time_zone=h.get("zone", ""),
            table_name=h.get("table", ""),
            max_seats=max_seats,
            button_seat=button,
            table_span=self._table_span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SEAT, text)
        seat, player = _seat(found["seat"]), found["player"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(found["stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POST, text)
        kind = _POST_KINDS[found["kind"]]
        self._events.append(ev.Posted(span, found["player"], kind, self._money(found["amount"])))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(": folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(": checks")))

    def ACTION(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_ACTION, text)
        player, amount = found["player"], self._money(found["amount"])
        all_in = found["all_in"] is not None
        event: ev.Event
        if found["verb"] == "calls":
            event = ev.Called(span, player, amount, all_in)
        elif found["verb"] == "bets":
            event = ev.Bet(span, player, amount, all_in)
        elif found["to"] is None:
            raise ValueError(f"a raise with no total: {text!r}")
        else:
            event = ev.RaisedTo(span, player, amount, self._money(found["to"]), all_in)
        self._events.append(event)

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SHOWS, text)
        cards = self.card_notation.cards(found["cards"])
        self._events.append(ev.Shown(span, found["player"], cards, (found["words"] or "").strip()))

    def COLLECTED(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_COLLECTED, text)
        side = found["side"]
        amount = self._money(found["amount"])
        names = found["pot"] != "pot"
        self._events.append(
            ev.Collected(span, found["player"], amount, int(side) if side else 0, names)
        )

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_STREET, text)
        written = self.card_notation.cards(found["cards"])
        new = self.card_notation.cards(found["new"]) if found["new"] is not None else written
        self._board = (written + new) if found["new"] is not None else written
        self._events.append(ev.StreetDealt(span, _STREETS[found["street"]], 1, self._board, new))

    def HOLE_CARDS(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_DEALT, text)
        cards = self.card_notation.cards(found["cards"])
        self._events.append(ev.Dealt(span, found["player"], cards))

    def STP(self, text: str, span: SourceSpan) -> None:
        amount = self._money(text.removeprefix("STP added: "))
        self._events.append(ev.PotExtra(span, amount, text))

    def SHOWDOWN(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.ShowdownStarted(span, 1))

    def UNCALLED(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_UNCALLED, text)
        self._events.append(
            ev.UncalledReturned(span, found["player"], self._money(found["amount"]))
        )

    # ------------------------------------------------------------ the summary
    def SUMMARY(self, text: str, span: SourceSpan) -> None:
        self._ensure_start()
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL(self, text: str, span: SourceSpan) -> None:
        parts = {m["name"]: self._money(m["amount"]) for m in _TOTAL_PART.finditer(text)}
        sides = tuple(v for k, v in parts.items() if k.startswith("Side pot"))
        rake = parts.get("Rake")
        main = parts.get("Main pot")
        if main is not None:
            # written before the rake, which the main pot pays, and without the STP, which
            # the main pot holds: 36197946's "Main pot €119.52 | Side pot €21.82 | STP
            # €5.00 | Rake €2.50" pays Ricky N €122.02 from the main pot
            main += parts.get("STP", 0) - (rake or 0)
        self._events.append(ev.SummaryPot(span, parts["Total pot"], main, sides, rake))

    def BOARD(self, text: str, span: SourceSpan) -> None:
        cards = self.card_notation.cards(text.removeprefix("Board ").strip("[]"))
        self._events.append(ev.SummaryBoard(span, 1, cards))

    def SUMMARY_SEAT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SUMMARY_SEAT, text)
        positions = tuple(p for p in re.findall(r"\(([a-z ]+)\)", found["positions"]))
        outcome = _OUTCOMES[found["outcome"]]
        rest = found["rest"]
        seat, player = _seat(found["seat"]), found["player"]
        if outcome is ev.SeatOutcome.FOLDED:
            event = ev.SummarySeat(span, seat, player, positions, outcome, rest.strip())
        else:
            result = _RESULT.match(rest)
            if result is None:
                raise ValueError(f"cannot read the fields of {text!r}")
            cards = self.card_notation.cards(result["cards"])
            won = self._money(result["won"]) if result["won"] else None
            if won is None:
                outcome = ev.SeatOutcome.LOST if outcome is ev.SeatOutcome.SHOWED else outcome
            seat_result = ev.SeatResult(won, (result["words"] or "").strip())
            event = ev.SummarySeat(
                span, seat, player, positions, outcome, cards=cards, results=(seat_result,)
            )
        self._events.append(event)


def _seat(text: str) -> int:
    seat = int(text)
    if not 1 <= seat <= SEAT_LIMIT:
        raise SeatError(f"seat {seat}, which no table has")
    return seat


def _started_at(head: dict[str, str]) -> datetime | None:
    if "year" not in head:
        return None
    y, mo, d = int(head["year"]), int(head["month"]), int(head["day"])
    h, mi, s = int(head["hour"]), int(head["minute"]), int(head.get("second", "0"))
    return local_time(y, mo, d, h, mi, s, head.get("zone", ""))
