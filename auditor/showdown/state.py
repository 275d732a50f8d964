"""What settlement knows of a hand: the showdown's events, the boards and the hands shown,
read in one pass, and each hand's value evaluated once (for its wording and for the pot).

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
from auditor.replay.profile import RuleProfile
from auditor.replay.result import ReplayResult
from auditor.showdown.evaluator import omaha_hi_lo, omaha_high
from auditor.showdown.result import AwardRecord, PotAward

Values = tuple[int, int | None]
"""A hand's high value and its low (None when it has none or the game is high only)."""

# The events settlement reads: the showdown's, in record order, and a few it looks up.
_TIMELINE: frozenset[type[ev.Event]] = frozenset(
    {
        ev.StreetDealt,
        ev.ShowdownStarted,
        ev.Shown,
        ev.Mucked,
        ev.NotShown,
        ev.Collected,
        ev.SummaryStarted,
        ev.SummarySeat,
    }
)
_READ = _TIMELINE | {
    ev.SeatTaken,
    ev.SummaryBoard,
    ev.SummaryPot,
    ev.CashedOut,
    ev.PotNotAwarded,
}


# a card's index (-1: an invalid card)
INDEX = attrgetter("index")


class SettleState(FindingLog):
    """One hand's settlement: what it has read and found so far (awards.py runs it)."""

    street_name = "showdown"  # the street of its findings

    def __init__(self, hand: ev.Hand, replay: ReplayResult, profile: RuleProfile) -> None:
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
        self._scan(hand.events)
        self.at_showdown = False  # hands shown earlier (all-in tabling) show the board then

    def _scan(self, events: Sequence[ev.Event]) -> None:
        """One pass over the hand for what the checks look up in the whole record, and
        the showdown's own events in order (most of a hand is betting, read once here).

        Event classes are final, so their exact type says what an event is."""
        self.seat_of: dict[str, int] = {}
        # The summary's boards, when whole, stand in for street lines that lost a card.
        self.summary_boards: dict[int, tuple[Card, ...]] = {}
        self.rivers: set[int] = set()  # boards whose river was dealt
        self.flop_seen = False
        self.labelled = False  # a collected line names its pot ("main pot", "side pot-1")
        self.summary_pot: ev.SummaryPot | None = None
        self.timeline: list[ev.Event] = []
        self.cash_outs: list[ev.CashedOut] = []
        self.not_awarded: dict[str, ev.PotNotAwarded] = {}
        for event in events:
            kind = type(event)
            if kind not in _READ:
                continue
            if kind in _TIMELINE:
                self.timeline.append(event)
                if isinstance(event, ev.StreetDealt):
                    if event.street is ev.Street.RIVER:
                        self.rivers.add(event.board)
                    elif event.street is ev.Street.FLOP:
                        self.flop_seen = True
                elif isinstance(event, ev.Collected) and event.names_pot:
                    self.labelled = True
            elif isinstance(event, ev.SeatTaken):
                self.seat_of[event.player] = event.seat
            elif isinstance(event, ev.SummaryBoard):
                if len(event.cards) == 5:
                    self.summary_boards[event.board] = event.cards
            elif isinstance(event, ev.SummaryPot) and self.summary_pot is None:
                self.summary_pot = event
            elif isinstance(event, ev.CashedOut):
                self.cash_outs.append(event)
            elif isinstance(event, ev.PotNotAwarded) and event.amount > 0:
                self.not_awarded[event.player] = event

    def _money(self, amount: int) -> str:
        return format_minor(amount, self.start.scale)

    def _board(self, board: int) -> tuple[Card, ...]:
        """The cards of ``board`` as dealt (the summary's, once it shows a card the street
        lines lost)."""
        dealt = self.boards.get(board) or self.boards.get(1, ())
        if (
            self.at_showdown
            and len(dealt) < 5
            and board in self.summary_boards
            and board in self.rivers  # the street line may still have lost a card
        ):
            return self.summary_boards[board]
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
