"""A PartyPoker hand's state while its lines are read: what each line method (header,
play, summary: :mod:`auditor.rooms.party.header`, :mod:`auditor.rooms.party.play`) reads
and writes, reset per hand, and the uncalled bet the room never writes back."""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import to_minor
from auditor.read.split import RawHand
from auditor.rooms.party.conventions import InferredPost
from auditor.source import SourceSpan


class HandState:
    """The per-hand state the line methods share (one reader, one hand at a time)."""

    _summary: bool
    _header_span: SourceSpan
    # a hand's second reading: a seat's listed name -> its acting player's, and the
    # blind posts the layout does not write (see PartyReader.read)
    _known: tuple[dict[str, str], tuple[InferredPost, ...]]

    def _reset(self, raw: RawHand) -> None:
        self._raw = raw
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._header: dict[str, str] = {}
        self._start_at = -1  # where the hand's start goes (made at the end: its stakes)
        self._table_span: SourceSpan | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._button: int | None = None
        self._max_seats: int | None = None
        self._blinds: dict[ev.PostKind, int] = {}
        # chips each player has put in this round, as the lines write them: only for the
        # return of an uncalled bet, which the room never writes (see _end_of_round)
        self._put: dict[str, int] = {}
        self._returned: dict[str, int] = {}  # uncalled chips given back, not yet in a "wins"
        self._shown: dict[str, int] = {}  # a player's Shown event's index, for his low line
        self._cut = False  # the record stops inside its last line
        self._settled = False  # a "wins" line or the summary: the record reaches its end
        self._summary = False  # the summary marker read
        self._tournament = False  # the tournament layout: its level names the blinds
        self._no_small_blind = False  # "There is no Small Blind in this hand ..."
        self._names, self._posts = self._known

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _who(self, name: str) -> str:
        """The player a line names: a seat listed under a placeholder is its acting
        player's (:mod:`auditor.rooms.party.conventions`, on a hand's second reading)."""
        return self._names.get(name, name)

    def _end_of_round(self, span: SourceSpan) -> None:
        """The round's betting is over: the part of the top bet nobody matched goes back.

        The room writes no return, and its "wins $X" (or a side pot only the bettor was
        in, or the 2026 "collected") pays the uncalled chips as won: the return is written
        here so that what is won can be read net of it (:meth:`WINS`, :meth:`BALANCE`).
        This needs the chips each line put in (``_put``), never which action it was."""
        if not self._put:
            return
        first, *rest = sorted(self._put.values(), reverse=True)
        excess = first - (rest[0] if rest else 0)
        if excess <= 0:
            return
        player = max(self._put, key=self._put.__getitem__)
        self._put[player] -= excess
        self._returned[player] = self._returned.get(player, 0) + excess
        self._events.append(ev.UncalledReturned(span, player, excess))

    def _end_of_play(self, span: SourceSpan) -> None:
        """The hand's betting is over (a show, a win, the summary)."""
        self._end_of_round(span)
        self._put = {}


def cards(text: str) -> tuple[Card, ...]:
    """``" 7d Ah 6s 2h "`` or ``" Qh, Kd, 6d "``."""
    return LETTERS.cards(text.replace(",", " "))
