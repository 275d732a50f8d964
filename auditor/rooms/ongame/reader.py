"""OnGame hands to events.

The grammar (``grammars/ongame.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields (each kind's pattern below names
them) into an event. They run as lexer callbacks, so the events come out in file order.

What OnGame's layout means, where it is not the Stars layout:

- "X raises $5.00 to $10.00": the first amount is the chips X puts in with this action,
  the second X's bet in the round after it (McCall901 has posted $5, "raises $5.00 to
  $10.00"; fpdb's OnGameToFpdb.py reads the second as the raise's total). The record
  is read as a raise TO the second amount: the first is the engine's to work out.
- The hands shown at the showdown are written only in the summary: "Seat 1: X ($354.50),
  net: -$0.50, [Kc, Ks, 6s, 5d] (TWO_PAIR KING, THREE)"; the amount in brackets is the
  stack AFTER the hand, "net" the hand's result: neither is an amount won.
- The pots: "Main pot: $710.00 won by A ($354.50), B ($354.50)" names the pot's gross
  amount (before the rake) and what each winner was paid from it (after it): one
  ``Collected`` per winner, the pot named; "Rake taken: $1" follows them.
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
from auditor.rooms.ongame.games import game_facts
from auditor.rooms.ongame.wording import read_claim
from auditor.source import SourceSpan

SITE = "OnGame"

_AMOUNT = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?"
# Each line kind's fields, by name (the grammar has already checked the line's shape).
_HEADER = re.compile(
    r"\*\*\*\*\* History for hand (?P<hand_id>[A-Z0-9-]+)"
    r"(?: \(TOURNAMENT: (?:\"(?P<name>[^\"]*)\", )?(?P<tournament>[^,)]+)"
    r"(?:, buy-in: (?P<buy_in>[^)]*))?\))? \*\*\*\*\*"
)
_START_TIME = re.compile(
    r"Start hand: [A-Z][a-z]{2} (?P<month>[A-Z][a-z]{2}) (?P<day>[0-9]{1,2}) "
    r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2}) "
    r"(?P<zone>[A-Z]{1,5}(?:[+-][0-9]{2}:?[0-9]{2})?) (?P<year>[0-9]{4})"
)
_TABLE = re.compile(
    r"Table: (?:\[SPEED\] )?(?P<name>.+?) \[(?P<number>[0-9]+)\] \("
    r"(?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) (?P<small>" + _AMOUNT + r")/(?P<big>" + _AMOUNT + r")"
    r"(?:, ante: (?P<ante>" + _AMOUNT + r"))?, (?P<money>[A-Za-z ]+)\)"
)
_SEAT = re.compile(r"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>" + _AMOUNT + r")\)")
_POST = re.compile(
    r"(?P<player>.+?) posts (?P<kind>small blind|big blind|dead blind|small & big blinds?|ante)"
    r" \( ?(?P<amount>" + _AMOUNT + r")\)"
)
_ALL_IN = r"(?P<all_in> \[all in\]| and is all-in)?"
_CALL = re.compile(r"(?P<player>.+) calls (?P<amount>" + _AMOUNT + r")" + _ALL_IN)
_BET = re.compile(r"(?P<player>.+) bets (?P<amount>" + _AMOUNT + r")" + _ALL_IN)
_RAISE = re.compile(
    r"(?P<player>.+) raises (?P<added>" + _AMOUNT + r") to (?P<to>" + _AMOUNT + r")" + _ALL_IN
)
_STREET = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]")
_DEALT = re.compile(r"Dealing to (?P<player>.+): \[(?P<cards>[^\]]*)\]")
_POT = re.compile(
    r"(?:Main pot|Side pot (?P<side>[0-9]+)): (?P<amount>" + _AMOUNT + r") won by (?P<winners>.+)"
)
# one winner of a pot: "alikator21 ($354.50)", "KREST 78 (165 High)"
_WINNER = re.compile(r"(?P<player>.+?) \((?P<amount>" + _AMOUNT + r")(?: (?P<half>High|Low))?\)$")
_RAKE = re.compile(r"Rake taken: (?P<amount>" + _AMOUNT + r")")
_SUMMARY_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>" + _AMOUNT + r")\)"
    r"(?:, net: (?P<net>[+-]?" + _AMOUNT + r"))?"
    r"(?:, \[(?P<cards>[^\]]*)\](?: \((?P<description>[^)]*)\))?)?$"
)
_END = re.compile(r"\*\*\*\*\* End of hand (?P<hand_id>[A-Z0-9-]+) \*\*\*\*\*$")
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)}
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "dead blind": ev.PostKind.MISSED_BLIND,
    "small & big blind": ev.PostKind.SMALL_AND_BIG,
    "small & big blinds": ev.PostKind.SMALL_AND_BIG,
    "ante": ev.PostKind.ANTE,
}
_STREETS = {"flop": ev.Street.FLOP, "turn": ev.Street.TURN, "river": ev.Street.RIVER}
_PLAYER_LINE = ("POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "STATUS")
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DIVIDER", "POCKET", "DEALT"),
    "SUMMARY_BODY": ("POT", "RAKE", "SUMMARY_SEAT"),
}

# What each of the grammar's terminals is, in OnGame's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (***** History for hand R5-... *****)",
    "START_TIME": "the start time (Start hand: Mon Jan 06 08:55:00 CET 2014)",
    "TABLE": "the table line (Table: Name [123] (POT_LIMIT OMAHA_HI $1/$1, Real money))",
    "USER": "User: NAME",
    "BUTTON": "Button: seat N",
    "PLAYERS": "Players in round: N",
    "SEATS": "a seat line (Seat N: NAME ($x))",
    "PLAY": "a line of play (NAME calls $x, --- Dealing flop [..])",
    "SUMMARY_MARKER": "Summary:",
    "SUMMARY_BODY": "a summary line (Main pot: $x won by NAME ($y), Rake taken: $x, Seat N: ...)",
    "END": "***** End of hand ... *****",
}


# OnGame writes no "returned" line: a bet nobody called is left out of the pot line
# ("Main pot: $25.00" in R5-362055755-3, yakitaki's $25 flop bet not in it)
_RETURNS_WRITTEN = False


class OnGameReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS

    def __init__(self) -> None:
        singles = (
            "HEADER", "START_TIME", "TABLE", "USER", "BUTTON", "PLAYERS", "SUMMARY_MARKER",
            "END",
        )  # fmt: skip
        self._wire("ongame", singles, _BLOCKS)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._summary_started

    def _stops_early(self, raw: RawHand) -> bool:
        return "Summary:" not in raw.lines

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        cut = truncated_at is not None
        return ev.Hand(start, tuple(self._events), cut, truncated_at, _RETURNS_WRITTEN)

    def _before_block(self, block: str) -> None:
        if block == "SEATS" or block == "PLAY":
            self._ensure_start()

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._summary_started = False
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._button: int | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._pots: list[int] = []

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_HEADER, text)
        self._head["hand_id"] = found["hand_id"]
        if found["tournament"]:
            self._head["tournament_id"] = found["tournament"]
            if found["buy_in"]:
                self._head["buy_in"] = found["buy_in"]

    def START_TIME(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_START_TIME, text)
        self._head.update(found)

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TABLE, text)
        self._table_span = span
        small = found["small"]
        symbol = small[0] if small[:1] in CURRENCY_OF_SYMBOL else ""
        # "Chips" (tournaments) and "Play money" are no currency: chips, whole unless the
        # stakes have cents
        if symbol and found["money"] == "Real money":
            currency, self._scale = CURRENCY_OF_SYMBOL[symbol], 100
        else:
            cents = "." in small or "." in found["big"]
            currency, self._scale = "chips", 100 if cents else 1
        self._head.update(
            table=found["name"],
            game=f"{found['limit']} {found['game']}",
            small=small,
            big=found["big"],
            currency=currency,
        )

    def USER(self, text: str, span: SourceSpan) -> None:
        return  # whose history it is: the "Dealing to" line says whose cards are shown

    def BUTTON(self, text: str, span: SourceSpan) -> None:
        button = int(text.rsplit(" ", 1)[1])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    def PLAYERS(self, text: str, span: SourceSpan) -> None:
        return  # "Players in round: 5 (8)": the seat lines list them

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = h.get("game", "")
        limit, hi_lo, hole, variant = game_facts(game)
        header_line = self._offset + 1
        try:
            started_at, zone = _started_at(h)
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(header_line + 1, err) from None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, header_line, 1),
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
            time_zone=zone,
            table_name=h.get("table", ""),
            max_seats=None,  # the layout does not say; "Players in round: 5 (8)" is players
            button_seat=self._button,
            tournament_id=h.get("tournament_id"),
            buy_in=h.get("buy_in"),
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
        amount = self._money(found["amount"])
        self._events.append(ev.Called(span, found["player"], amount, bool(found["all_in"])))

    def BET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_BET, text)
        amount = self._money(found["amount"])
        self._events.append(ev.Bet(span, found["player"], amount, bool(found["all_in"])))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_RAISE, text)
        self._money(found["added"])  # checked as an amount; the engine works out the rest
        to = self._money(found["to"])
        self._events.append(
            ev.RaisedTo(span, found["player"], 0, to, bool(found["all_in"]), given=ev.RaiseGiven.TO)
        )

    def STATUS(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" sits out")
        self._events.append(ev.PlayerStatus(span, player, ev.Status.SITS_OUT, "sits out"))

    def DIVIDER(self, text: str, span: SourceSpan) -> None:
        return  # "---": between the blinds and the cards, and before the summary

    def POCKET(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_STREET, text)
        new = comma_cards(self.card_notation, found["cards"])
        self._board += new
        street = _STREETS[found["street"]]
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_DEALT, text)
        cards = comma_cards(self.card_notation, found["cards"])
        self._events.append(ev.Dealt(span, found["player"], cards))

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, text: str, span: SourceSpan) -> None:
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def POT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POT, text)
        pot = int(found["side"]) if found["side"] else 0
        self._pots.append(self._money(found["amount"]))
        for part in found["winners"].split(", "):
            winner = _WINNER.match(part)
            if winner is None:
                raise ValueError(f"a pot's winner that is not 'NAME (amount)': {part!r}")
            amount = self._money(winner["amount"])
            self._events.append(ev.Collected(span, winner["player"], amount, pot, True))

    def RAKE(self, text: str, span: SourceSpan) -> None:
        # "Rake taken" closes the pots' lines: the pots are gross (the winners' shares
        # add up to the pot less this rake), so their sum is the total pot, gross
        # (710 = 354.50 + 354.50 + 1 in R5-361875219-6). The events' pots are net of the
        # rake: it is taken off the main pot, where every hand pays it (which pot a room
        # takes it from, the checks leave to the room)
        found = line_fields(_RAKE, text)
        rake = to_minor(found["amount"], self._scale)
        main = self._pots[0] - rake if self._pots else None
        sides = tuple(self._pots[1:])
        self._events.append(ev.SummaryPot(span, sum(self._pots), main, sides, rake))

    def SUMMARY_SEAT(self, text: str, span: SourceSpan) -> None:
        found = _SUMMARY_SEAT.match(text)
        if found is None:
            self._events.append(ev.Garbled(span, text, "a summary seat line of no known shape"))
            return
        seat, player = int(found["seat"]), found["player"]
        if found["cards"] is None:
            # the stack after the hand and its net result: nothing about how it ended
            words = text.partition(": ")[2][len(player) + 1 :]
            outcome = ev.SeatOutcome.OTHER
            self._events.append(ev.SummarySeat(span, seat, player, (), outcome, outcome_text=words))
            return
        cards = comma_cards(self.card_notation, found["cards"])
        description = found["description"] or ""
        result = ev.SeatResult(None, description, read_claim(description))
        showed = ev.SeatOutcome.SHOWED
        self._events.append(
            ev.SummarySeat(span, seat, player, (), showed, cards=cards, results=(result,))
        )

    def END(self, text: str, span: SourceSpan) -> None:
        # "***** End of hand R5-361875219-6 *****": the header's id again; another id is a
        # record at odds with itself (the header's is the hand's)
        found = _END.match(text)
        hand_id = self._head.get("hand_id", "")
        if found is None or found["hand_id"] != hand_id:
            problem = f"the end line names another hand than the header's {hand_id}"
            self._events.append(ev.Garbled(span, text, problem))


def _started_at(head: dict[str, str]) -> tuple[datetime | None, str]:
    if "year" not in head:
        return None, ""
    month = _MONTHS.get(head["month"])
    if month is None:
        raise ValueError(f"no month is called {head['month']!r}")
    local = local_time(
        int(head["year"]),
        month,
        int(head["day"]),
        int(head["hour"]),
        int(head["minute"]),
        int(head["second"]),
        head["zone"],
    )
    return local, head["zone"]
