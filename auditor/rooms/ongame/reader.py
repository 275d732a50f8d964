"""OnGame hands to events. What its layout means, where it is not the Stars layout:

- "X raises $5.00 to $10.00": the chips put in, then X's bet after it (McCall901 has
  posted $5; fpdb's OnGameToFpdb.py reads the second as the raise's total): both given.
- The hands shown are written only in the summary: "Seat 1: X ($354.50), net: -$0.50,
  [Kc, Ks, 6s, 5d] (TWO_PAIR KING, THREE)"; the bracketed amount is the stack AFTER the
  hand, "net" its result: neither is an amount won.
- "Main pot: $710.00 won by A ($354.50), B ($354.50)": the pot before the rake, each
  winner's share after it; "Rake taken: $1" follows.
"""

from __future__ import annotations

import re
from datetime import datetime

from lark.exceptions import UnexpectedEOF, UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError, local_time
from auditor.parse.games import GameWords
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, comma_cards, last_line
from auditor.read.split import RawHand
from auditor.rooms.ongame.wording import read_claim
from auditor.source import SourceSpan

SITE = "OnGame"

# one winner of a pot: "alikator21 ($354.50)", "KREST 78 (165 High)"
_WINNER = re.compile(
    r"(?P<player>.+?) \((?P<amount>[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)(?: (?:High|Low))?\)$"
)
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)}
_TIME_PARTS = ("year", "day", "hour", "minute", "second")
_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "dead blind": ev.PostKind.MISSED_BLIND,
    "small & big blind": ev.PostKind.SMALL_AND_BIG,
    "small & big blinds": ev.PostKind.SMALL_AND_BIG,
    "ante": ev.PostKind.ANTE,
}
_STREETS = {"flop": ev.Street.FLOP, "turn": ev.Street.TURN, "river": ev.Street.RIVER}
# "(POT_LIMIT OMAHA_HI_LO $5/$5, Real money)"
GAMES = GameWords(
    {"NO_LIMIT": ev.Limit.NO, "POT_LIMIT": ev.Limit.POT, "LIMIT": ev.Limit.FIXED},
    ("_HI_LO",),
    default=ev.Limit.POT,
)


class OnGameReader(CommonLines, FieldsReader):
    GRAMMAR = "ongame"
    POSTS = _POSTS
    STREETS = _STREETS
    _cut_at: SourceSpan | None  # where a record cut inside its last line stops

    def _open(self) -> bool:
        return self._start is not None and "Summary:" not in self._lines

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """A record that stops inside its last line, before its summary (the room or a
        copy cut it): read up to there and marked truncated, at that place."""
        last = len(self._lines)
        line = last if isinstance(err, UnexpectedEOF) else (err.line or 1)
        if line < last or not self._open():
            return False
        column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        self._cut_at = SourceSpan(self._file, self._offset + line, column)
        return True

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._lines = raw.lines
        self._start: ev.HandStarted | None = None
        self._cut_at = None
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._pots: list[int] = []

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        cut = self._cut_at or (None if self._summary else last_line(raw))
        # no "returned" line: a bet nobody called is left out of the pot line ("Main pot:
        # $25.00" in R5-362055755-3, yakitaki's $25 flop bet not in it)
        events = tuple(self._events)
        return ev.Hand(self._start, events, cut is not None, cut, uncalled_returns_written=False)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return comma_cards(LETTERS, text)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head.update({k.removeprefix("head_"): v for k, v in f.groupdict().items() if v})

    def START_TIME(self, f: Fields, span: SourceSpan) -> None:
        self._head.update({k.removeprefix("time_"): v for k, v in f.groupdict().items() if v})

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._table_span = span
        small, big = f["table_small"], f["table_big"]
        symbol = small[0] if small[:1] in CURRENCY_OF_SYMBOL else ""
        # "Chips" (tournaments) and "Play money" are no currency: chips, whole unless the
        # stakes have cents
        if symbol and f["table_money"] == "Real money":
            currency, self._scale = CURRENCY_OF_SYMBOL[symbol], 100
        else:
            currency, self._scale = "chips", 100 if "." in small or "." in big else 1
        game = f"{f['table_limit']} {f['table_game']}"
        self._head.update(table=f["table_name"], game=game, small=small, big=big)
        self._head["currency"] = currency

    def USER(self, f: Fields, span: SourceSpan) -> None:
        return  # whose history it is: the "Dealing to" line says whose cards are shown

    def PLAYERS(self, f: Fields, span: SourceSpan) -> None:
        return  # "Players in round: 5 (8)": the seat lines list them

    def _started(self) -> ev.HandStarted:
        h = self._head
        game = h.get("game", "")
        limit, hi_lo, hole, variant = GAMES.of(game)
        header_line = self._offset + 1
        try:
            started_at, zone = _started_at(h)
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(header_line + 1, err) from None
        return ev.HandStarted(
            span=SourceSpan(self._file, header_line, 1),
            site=SITE,
            hand_id=h.get("id", ""),
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
            tournament_id=h.get("tournament"),
            buy_in=h.get("buy_in"),
            table_span=self._table_span,
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if self._start is None:  # the head is whole once the seats start
            self._start = self._started()
            self._events.append(self._start)
        super().SEAT(f, span)

    # ------------------------------------------------------------ the play
    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.SITS_OUT, "sits out"))

    def DIVIDER(self, f: Fields, span: SourceSpan) -> None:
        return  # "---": between the blinds and the cards, and before the summary

    def POCKET(self, f: Fields, span: SourceSpan) -> None:
        self._street(span, ev.Street.PREFLOP, "")

    def POT(self, f: Fields, span: SourceSpan) -> None:
        pot = int(f["pot_side"]) if f["pot_side"] else 0
        self._pots.append(self._money(f["pot_amount"]))
        for part in f["pot_winners"].split(", "):
            winner = _WINNER.match(part)
            if winner is None:
                raise ValueError(f"a pot's winner that is not 'NAME (amount)': {part!r}")
            amount = self._money(winner["amount"])
            self._events.append(ev.Collected(span, winner["player"], amount, pot, True))

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        # the pots' lines are gross, their sum the total pot (710 = 354.50 + 354.50 + 1 in
        # R5-361875219-6); the events' pots are net: the rake comes off the main pot
        rake = self._money(f["rake_amount"])
        main = self._pots[0] - rake if self._pots else None
        sides = tuple(self._pots[1:])
        self._events.append(ev.SummaryPot(span, sum(self._pots), main, sides, rake))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        text = f.group().rstrip()
        if f["sum_other"] is not None:
            self._events.append(ev.Garbled(span, text, "a summary seat line of no known shape"))
            return
        seat, player = int(f["sum_seat"]), f["sum_player"]
        if f["sum_cards"] is None:
            # the stack after the hand and its net result: nothing about how it ended
            words = text.partition(": ")[2][len(player) + 1 :]
            outcome = ev.SeatOutcome.OTHER
            self._events.append(ev.SummarySeat(span, seat, player, (), outcome, outcome_text=words))
            return
        cards = self._cards(f["sum_cards"])
        description = f["sum_words"] or ""
        result = ev.SeatResult(None, description, read_claim(description))
        showed = ev.SeatOutcome.SHOWED
        self._events.append(
            ev.SummarySeat(span, seat, player, (), showed, cards=cards, results=(result,))
        )

    def END(self, f: Fields, span: SourceSpan) -> None:
        # "***** End of hand R5-361875219-6 *****": the header's id again; another id is a
        # record at odds with itself (the header's is the hand's)
        hand_id = self._head.get("id", "")
        if f["end_id"] != hand_id:
            problem = f"the end line names another hand than the header's {hand_id}"
            self._events.append(ev.Garbled(span, f.group().rstrip(), problem))


def _started_at(head: dict[str, str]) -> tuple[datetime | None, str]:
    if "year" not in head:
        return None, ""
    month = _MONTHS.get(head["month"])
    if month is None:
        raise ValueError(f"no month is called {head['month']!r}")
    year, day, hour, minute, second = (int(head[k]) for k in _TIME_PARTS)
    zone = head["zone"]
    return local_time(year, month, day, hour, minute, second, zone), zone
