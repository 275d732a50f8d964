"""The table after each event of a hand, as the replay sees it: for the report's replayer.

The audit's own replay (:mod:`auditor.replay.engine`) with one method overridden: the
loop over the events, which here also takes a snapshot of the table after each event a
viewer would step to. The rules that move the chips are the engine's, run once; the
normal replay is not touched (its loop is the same one method call it always was).
"""

from __future__ import annotations

from dataclasses import dataclass

from auditor import events as ev
from auditor.cards import Card
from auditor.replay.engine import _HANDLERS, _Replay
from auditor.replay.event_index import REPLAYED
from auditor.replay.profile import RuleProfile
from auditor.replay.result import ActionRecord, PotRecord, ReplayResult

# the events a viewer steps to: chips move, cards are dealt or shown
_STEPPED: frozenset[type[ev.Event]] = frozenset(
    {
        ev.Posted,
        ev.Folded,
        ev.Checked,
        ev.Called,
        ev.Bet,
        ev.RaisedTo,
        ev.StreetDealt,
        ev.UncalledReturned,
        ev.PotExtra,
        ev.Collected,
        ev.Shown,
        ev.Mucked,
    }
)
# from these on, the betting is over: the bets in front are swept into the middle
_SHOWDOWN: frozenset[type[ev.Event]] = frozenset(
    {ev.ShowdownStarted, ev.Shown, ev.Mucked, ev.Collected, ev.SummaryStarted}
)
_SHOWS = (ev.SeatOutcome.SHOWED, ev.SeatOutcome.MUCKED)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table after one event (``event`` None: before the first, or at the end).

    ``stacks``: chips behind, with what each has collected so far; ``bets``: in front in
    this betting round (none once the betting is over); ``pot``: the middle, without
    ``bets``; ``pots``: main and side pots of every chip put in so far; ``action``: the
    record the replay made of this event (a post or an action), if it made one."""

    event: ev.Event | None
    action: ActionRecord | None
    street: str
    stacks: dict[str, int]
    bets: dict[str, int]
    pot: int
    pots: tuple[PotRecord, ...]
    folded: tuple[str, ...]
    all_in: tuple[str, ...]
    boards: dict[int, tuple[Card, ...]]
    shown: dict[str, tuple[Card, ...]]
    to_act: str | None


def replay_steps(hand: ev.Hand, profile: RuleProfile) -> tuple[ReplayResult, list[Snapshot]]:
    """The replay's result (the same as :func:`~auditor.replay.engine.replay_hand`'s) and
    the table before the first event, after each event stepped to, and at the end."""
    replay = _SteppedReplay(hand, profile)
    result = replay.run()
    replay.snap(None, None)
    return result, replay.snapshots


class _SteppedReplay(_Replay):
    # no __slots__: the snapshots and the cards seen are kept beside the replay's slots
    def __init__(self, hand: ev.Hand, profile: RuleProfile) -> None:
        super().__init__(hand, profile, None)  # the index built afresh: one hand, no hurry
        self.snapshots: list[Snapshot] = []
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.betting_over = False

    def _replay_events(self) -> None:
        # the engine's loop (index.replayed is hand.events of the handled types, in order),
        # with the events it does not act on seen too: cards shown, the showdown's start
        handlers = _HANDLERS
        self.snap(None, None)
        # a post whose layout never says all-in is told from the stack in the index
        told = iter(self.index.replayed)
        for event in self.hand.events:
            kind = type(event)
            if kind in REPLAYED:
                event = next(told)
            made = len(self.actions)
            handler = handlers.get(kind)
            if handler is not None:
                handler(self, event)
            if kind in _SHOWDOWN:
                self.betting_over = True
            if isinstance(event, ev.StreetDealt):
                self._deal(event)
                if event.street is ev.Street.PREFLOP:
                    continue  # the hole cards' line: no board, no chips
            elif isinstance(event, ev.Shown | ev.Mucked):
                self._show(event)
                if not event.cards:
                    continue
            elif isinstance(event, ev.SummarySeat) and event.outcome in _SHOWS:
                self._show(event)  # cards the summary alone shows: no step of their own
            if kind not in _STEPPED:
                continue
            action = self.actions[-1] if len(self.actions) > made else None
            self.snap(event, action)

    def _deal(self, event: ev.StreetDealt) -> None:
        if event.cards:
            self.boards[event.board] = event.cards
        elif event.new_cards:
            self.boards[event.board] = self.boards.get(event.board, ()) + event.new_cards

    def _show(self, event: ev.Shown | ev.Mucked | ev.SummarySeat) -> None:
        # a partial show does not shrink a whole hand shown before
        if event.cards and len(event.cards) >= len(self.shown.get(event.player, ())):
            self.shown[event.player] = event.cards

    def snap(self, event: ev.Event | None, action: ActionRecord | None) -> None:
        collected = self.collected
        stacks = {p: self.stack[p] + collected.get(p, 0) for p in self.seated}
        if self.betting_over:
            bets = dict.fromkeys(self.seated, 0)
            # what a seated player collected left the middle (one with no seat, in a
            # garbled record, takes nothing from the table: a finding says so)
            pot = self._pot_now() - sum(v for p, v in collected.items() if p in self.stack)
            street = ev.Street.SHOWDOWN.value
            to_act = None
        else:
            bets = dict(self.street_bet)
            pot = self.pot_before_street
            street = self.street_name
            to_act = None if event is None or self.in_summary else self._next_to_act()
        self.snapshots.append(
            Snapshot(
                event,
                action,
                action.street if action is not None else street,
                stacks,
                bets,
                pot,
                tuple(self._pots()),
                tuple(p for p in self.dealt_in if p in self.folded),
                tuple(p for p in self.dealt_in if p in self.all_in),
                dict(self.boards),
                dict(self.shown),
                to_act,
            )
        )
