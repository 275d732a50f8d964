"""The driving shared by WPN's two layouts: a hand's state, its runs of lines, its end.

A line of play names its player once, then what he does (the grammar's N_PLAYER_LINE
and O_PLAYER_LINE): a run's pattern reads the name once, then the kinds that follow it
(:meth:`WpnLines._run`). The old client's UTF-16 files have a blank line after every
line: a BLANK line in a run, read so that the lines are counted. A record that stops
before its summary, even inside its last line, is read up to there and marked truncated.
"""

from __future__ import annotations

from dataclasses import replace

from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, CardNotation
from auditor.money import to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, SeatError
from auditor.parse.text_reader import Fields, FieldsReader, error_place
from auditor.read.split import RawHand
from auditor.source import SourceSpan

STREET = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
CAPPED = "reached the table's cap"
# the kinds that follow a player's name in a run of play (the grammar's N_PLAYER_LINE and
# O_PLAYER_LINE), after the name's own terminal
AFTER_NAME = {
    "N_PLAY": ("N_WHO", ("N_FOLD", "N_CHECK", "N_CALL", "N_RAISE", "N_BET", "N_POST",
                         "N_COLLECTED", "N_SHOWS", "N_MUCKS", "N_NO_SHOW", "N_STATUS")),
    "O_PLAY": ("O_WHO", ("O_POST", "O_CHIPS", "O_CARD", "O_HIDDEN_CARD", "O_FOLD", "O_CHECK",
                         "O_MUCKS", "O_ALL_IN", "O_STATUS")),
}  # fmt: skip


def bracketed(text: str) -> list[str]:
    """The insides of " [5d 4h As] [7h]": each bracket's cards."""
    return [part.rstrip("]") for part in text.split(" [")[1:]]


class WpnLines(FieldsReader):
    """A WPN hand's state and driving; the layouts' line methods are its subclasses'."""

    def _run(self, block: str, kinds: tuple[str, ...]) -> str:
        """A line of play names its player once, then what he does (as the grammar's
        player lines: the kinds' own patterns at once would hold the name twice)."""
        if block not in AFTER_NAME:
            return super()._run(block, kinds)
        who, after = AFTER_NAME[block]
        tails = "|".join(f"{self._pattern(kind)}(?P<{kind}>)" for kind in after)
        rest = super()._run(block, kinds[len(after) :])
        return f"{self._pattern(who)}(?:{tails})|{rest}"

    def _reset(self, raw: RawHand) -> None:
        self._raw = raw
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary_started = False
        self._cut_at: SourceSpan | None = None
        self._seats: dict[int, str] = {}
        self._seat_of: dict[str, int] = {}
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
        last = self._cut_at or SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
        return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _seat(self, seat: int, player: str) -> None:
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_of:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_of[player] = seat

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
