"""The driving shared by WPN's two layouts: a hand's state, its end, its seats.

The old client's UTF-16 files have a blank line after every line: a BLANK line in a run,
read so that the lines are counted. A record that stops before its summary, even inside
its last line, is read up to there and marked truncated.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, local_time
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, error_place, last_line
from auditor.read.split import RawHand
from auditor.source import SourceSpan

STREET = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
CAPPED = "reached the table's cap"
# both layouts' words ("is disconnected." is the old one's); old: "is disconnected and ALL
# IN.", the client's all-in protection (he stays in for what he put in); "wait BB": he
# waits for the big blind to come round to him, out of this hand
STATUS = {
    "is sitting out": ev.Status.SITTING_OUT, "sitting out": ev.Status.SITTING_OUT,
    "wait BB": ev.Status.SITTING_OUT, "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED, "is disconnected": ev.Status.DISCONNECTED,
    "is disconnected.": ev.Status.DISCONNECTED, "is connected": ev.Status.CONNECTED,
    "is connected.": ev.Status.CONNECTED, "has timed out": ev.Status.TIMED_OUT,
    "is timed out.": ev.Status.TIMED_OUT, "is disconnected and ALL IN.": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES, "joins the table": ev.Status.JOINS,
}  # fmt: skip
_TIME = ("year", "month", "day", "hour", "minute", "second")


def bracketed(text: str) -> list[str]:
    """The insides of " [5d 4h As] [7h]": each bracket's cards."""
    return [part.rstrip("]") for part in text.split(" [")[1:]]


class WpnLines(CommonLines, FieldsReader):
    """A WPN hand's state and driving; the layouts' line methods are its subclasses'."""

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._raw = raw
        self._start: ev.HandStarted | None = None
        self._summary_started = False
        self._cut_at: SourceSpan | None = None
        self._max_seats = SEAT_LIMIT
        self._head: Fields | None = None  # the header's fields, till the table line
        self._scale = 1
        self._notation: CardNotation = LETTERS
        self._hole_cards_seen = False
        # the old layout: one line per card dealt, gathered into one Dealt per player
        self._dealt: dict[str, tuple[int, ev.Dealt]] = {}
        self._old = False  # an old-layout hand whose deal is not yet over
        self._summary_board = 1  # the new layout's summary: the board its seat lines are of
        self._game: Fields | None = None  # the old layout's Game ID line, and its span
        self._game_span = SourceSpan(raw.file, raw.first_line + 1, 1)
        # a CAP table's cap, and what each player has put in the hand
        self._cap = 0
        self._in_hand: dict[str, int] = {}

    def _open(self) -> bool:
        return self._start is not None and not self._summary_started

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """A record that stops before its summary, anywhere in its last line (a cut
        file's last line may be cut too): read up to there and marked truncated."""
        raw = self._raw
        line, column = error_place(raw, err)
        if line < raw.first_line + len(raw.lines) - 1 or not self._open():
            return False
        self._cut_at = SourceSpan(raw.file, line, column)
        return True

    def _hand(self, raw: RawHand) -> ev.Hand:
        self._finish_dealt()
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        if self._summary_started:
            return ev.Hand(self._start, tuple(self._events))
        last = self._cut_at or last_line(raw)
        return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return self._notation.cards(text)

    def _begin(self, start: ev.HandStarted) -> None:
        self._start = start
        self._scale = start.scale
        self._events.append(start)

    def _finish_dealt(self) -> None:
        """The old layout's deal is over: a seated player it dealt no card was not in the
        hand (no "received" line: WPN writes one per card for every player dealt in)."""
        if self._old and self._dealt:
            for at, event in enumerate(self._events):
                if type(event) is ev.SeatTaken and event.player not in self._dealt:
                    self._events[at] = replace(event, out_of_hand=True)
        self._old = False
        self._dealt = {}

    def BLANK(self, f: Fields, span: SourceSpan) -> None:
        return  # a blank line in a run: counted, nothing said

    def _summary_begins(self, span: SourceSpan) -> None:
        self._finish_dealt()
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def _when(self, f: Fields | None, prefix: str, line: int) -> tuple[datetime | None, str]:
        """The local time a header's ``prefix``-ed fields give, and its zone ("UTC", or "")."""
        if f is None:
            return None, ""
        zone = f.groupdict().get(prefix + "zone") or ""
        try:
            year, month, day, hour, minute, second = (int(f[prefix + k] or 0) for k in _TIME)
            return local_time(year, month, day, hour, minute, second, zone), zone
        except ValueError as err:
            raise LineError.of(line, err) from None

    def _stakes(self, small: str, big: str, scale: int, line: int) -> tuple[int, int]:
        """The header's stakes; a problem with them is the header line's."""
        try:
            return to_minor(small, scale), to_minor(big, scale)
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None

    def _gross_pot(
        self, span: SourceSpan, net: int, rake: int | None, fees: list[tuple[str, int]]
    ) -> ev.Event:
        return ev.SummaryPot(
            span, net + (rake or 0) + sum(a for _, a in fees), None, (), rake, tuple(fees)
        )
