"""What settlement knows of a hand: the showdown's events, the boards and the hands shown,
taken from the hand's event index, and each hand's value evaluated once (for its wording
and for the pot).

The checks are methods of classes built on this one (descriptions.py) or functions of
their own (split.py, order.py, rake.py, cash_out_rows.py), joined in awards.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from auditor import events as ev
from auditor.cards import Card
from auditor.finding_log import FindingLog
from auditor.findings import Finding
from auditor.money import format_minor
from auditor.replay.event_index import EventIndex, index_events
from auditor.replay.profile import RuleProfile
from auditor.replay.result import ReplayResult
from auditor.showdown.evaluator import omaha_hi_lo, omaha_high
from auditor.showdown.result import AwardRecord, PotAward

Values = tuple[int, int | None]
"""A hand's high value and its low (None when it has none or the game is high only)."""

# a card's index (-1: an invalid card)
INDEX = attrgetter("index")


class SettleState(FindingLog):
    """One hand's settlement: what it has read and found so far (awards.py runs it)."""

    street_name = "showdown"  # the street of its findings

    def __init__(
        self,
        hand: ev.Hand,
        replay: ReplayResult,
        profile: RuleProfile,
        index: EventIndex | None = None,
    ) -> None:
        self.hand = hand
        self.start = hand.start
        self.replay = replay
        self.profile = profile
        self.findings: list[Finding] = []
        self.pot_awards: list[PotAward] = []
        self.awards: list[AwardRecord] = []
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.mucked: set[str] = set()
        # each hand is evaluated once, whether for its wording or for the pot; keyed by
        # the cards' indices (a Card hashes in Python, an int in C)
        self._evaluated: dict[tuple[tuple[int, ...], tuple[int, ...]], Values] = {}
        self._read(index_events(hand.events) if index is None else index)
        self.at_showdown = False  # hands shown earlier (all-in tabling) show the board then

    def _read(self, index: EventIndex) -> None:
        """What the checks look up in the whole record, and the showdown's own events in
        order, from the hand's event index (most of a hand is betting, read once there)."""
        self.seat_of: dict[str, int] = index.seat_of()
        # The summary's boards, when whole, stand in for street lines that lost a card.
        self.summary_boards: dict[int, tuple[Card, ...]] = index.whole_summary_boards
        self.rivers: set[int] = index.rivers  # boards whose river was dealt
        self.flop_seen = index.flop_seen
        self.labelled = index.labelled  # a collected line names its pot
        self.summary_pot: ev.SummaryPot | None = index.summary_pot
        self.summary_won: dict[str, int] = index.summary_won  # the summary's "won (X)"
        self.timeline: list[ev.Event] = index.timeline
        self.cash_outs: list[ev.CashedOut] = index.cash_outs
        self.not_awarded: dict[str, ev.PotNotAwarded] = {
            e.player: e for e in index.not_awarded if e.amount > 0
        }

    def _money(self, amount: int) -> str:
        return format_minor(amount, self.start.scale)

    def _board(self, board: int) -> tuple[Card, ...]:
        """The cards of ``board`` as dealt (the summary's, once it shows a card the street
        lines lost)."""
        dealt = self.boards.get(board) or self.boards.get(1, ())
        summary = self.summary_boards.get(board)
        if self.at_showdown and len(dealt) < 5 and summary is not None:
            if board in self.rivers:  # the street line may still have lost a card
                return summary
            if summary[: len(dealt)] == dealt:
                # the streets after an all-in not written (a layout that goes from the turn,
                # or the hole cards, to the showdown): the summary's board is the rest
                return summary
        return dealt

    def _values(self, hole: Sequence[Card], board: Sequence[Card]) -> Values:
        """The hand's high value and, in a hi/lo game, its low (None: no low, or not hi/lo).

        Raises ValueError for bad cards, as the evaluator does."""
        key = (tuple(map(INDEX, hole)), tuple(map(INDEX, board)))
        values = self._evaluated.get(key)
        if values is None:
            if self.start.hi_lo:
                values = omaha_hi_lo(hole, board)
            else:
                values = (omaha_high(hole, board), None)
            self._evaluated[key] = values
        return values
