"""A hand's events read once, in one pass, for everything that picks events by type.

The replay, settlement (auditor/showdown), the cross-hand checks (continuity) and the
table rows each used to scan a hand's events in their own way, and they did not agree on
who was dealt in. The pipeline builds one :class:`EventIndex` per hand and passes it on;
:meth:`EventIndex.dealt_in` is the one definition of "dealt in".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import cast

from auditor import events as ev
from auditor.cards import Card
from auditor.source import SourceSpan

# the events the replay acts on (the engine's handlers: it checks the two are equal); by
# exact type: no event class is subclassed
REPLAYED: frozenset[type[ev.Event]] = frozenset(
    {
        ev.Folded,
        ev.Checked,
        ev.Called,
        ev.Bet,
        ev.RaisedTo,
        ev.ChipsIn,
        ev.Posted,
        ev.StreetDealt,
        ev.UncalledReturned,
        ev.PotExtra,
        ev.Collected,
        ev.PlayerStatus,
        ev.SummaryStarted,
        ev.SummaryPot,
    }
)
# The showdown's events, in record order: what settlement walks through.
TIMELINE: frozenset[type[ev.Event]] = frozenset(
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
# events that hold hole cards (a player's) or board cards, in record order: the card check
CARD_EVENTS: frozenset[type[ev.Event]] = frozenset(
    {ev.Dealt, ev.Shown, ev.Mucked, ev.SummarySeat, ev.StreetDealt}
)
_VOLUNTARY = frozenset({ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo, ev.ChipsIn})
_SITTING_OUT = (ev.Status.SITTING_OUT, ev.Status.SITS_OUT)
_MOVED = (ev.Status.JOINS, ev.Status.LEAVES)
# events that show a player dealt in: he posts, acts, is dealt cards, shows, mucks or
# declines to show. (A summary seat line is no such sign: Winamax writes "folded" for a
# seat that was not dealt in; its reader marks those seats out of the hand.)
_PLAYING = _VOLUNTARY | {ev.Posted, ev.Shown, ev.Mucked, ev.Dealt, ev.NotShown}
_SHOWS_CARDS = frozenset({ev.Dealt, ev.Shown, ev.Mucked, ev.SummarySeat})
_PlayerEvent = (
    ev.Folded
    | ev.Checked
    | ev.Called
    | ev.Bet
    | ev.RaisedTo
    | ev.ChipsIn
    | ev.Posted
    | ev.Shown
    | ev.Mucked
    | ev.Dealt
    | ev.NotShown
)
_HoleCards = ev.Dealt | ev.Shown | ev.Mucked | ev.SummarySeat


@dataclass(slots=True)
class EventIndex:
    """What the audit of a hand needs to know of its events, read in one pass (each pass
    over the events costs as much as the replay of a few actions)."""

    seats: list[ev.SeatTaken] = field(default_factory=list)  # in record order
    garbled: list[ev.Garbled] = field(default_factory=list)
    mislabeled: list[ev.GameMislabeled] = field(default_factory=list)  # the header's game wrong
    conventions: list[ev.ReadByConvention] = field(default_factory=list)  # read by convention
    # the events the replay acts on, in record order (table talk, seats, shows...: nothing
    # for the betting to do)
    replayed: list[ev.Event] = field(default_factory=list)
    posts: list[ev.Posted] = field(default_factory=list)
    cancelled: bool = False
    extra_pot: int = 0  # chips added to the pot by the room (PotExtra)
    board_dealt: bool = False  # a StreetDealt line: the record reaches the cards
    first_summary: SourceSpan | None = None
    summary_won: dict[str, int] = field(default_factory=dict)  # what the summary says each won
    active: set[str] = field(default_factory=set)  # a sign of play: see _PLAYING
    away: set[str] = field(default_factory=set)  # sitting out before the cards, or told to wait
    cash_outs: list[ev.CashedOut] = field(default_factory=list)
    not_awarded: list[ev.PotNotAwarded] = field(default_factory=list)  # kept for a cash-out
    # the showdown's events in record order (TIMELINE), and what settlement looks up
    timeline: list[ev.Event] = field(default_factory=list)
    card_events: list[ev.Event] = field(default_factory=list)  # CARD_EVENTS, in record order
    boards: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # a street line's board
    summary_boards: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # as the summary
    whole_summary_boards: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # 5 cards
    rivers: set[int] = field(default_factory=set)  # boards whose river was dealt
    flop_seen: bool = False
    labelled: bool = False  # a collected line names its pot ("main pot", "side pot-1")
    summary_pot: ev.SummaryPot | None = None  # the first summary pot line
    hole: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # the most cards shown
    stack_changes: set[str] = field(default_factory=set)  # rebuy, add-on, cash-out, join, leave
    # worked out once, when first asked for
    _dealt_in: list[str] | None = field(default=None, init=False, repr=False)
    _seat_of: dict[str, int] | None = field(default=None, init=False, repr=False)

    def by_seat(self) -> list[ev.SeatTaken]:
        """The seat lines in seat order."""
        return sorted(self.seats, key=_SEAT_NUMBER)

    def dealt_in(self) -> list[str]:
        """The players dealt into the hand, in seat order: the one definition (see
        :func:`dealt_in`)."""
        if self._dealt_in is None:
            self._dealt_in = dealt_in(self.by_seat(), self.active, self.away)
        return self._dealt_in

    def silent(self) -> frozenset[str]:
        """Players dealt in by the record who show no sign of play (a seated player who
        never posts, acts or shows, and is not said to sit out): the record leaves their
        turns out, or they sat out unsaid. Cross-hand checks do not rely on them."""
        return frozenset([p for p in self.dealt_in() if p not in self.active])

    def seat_of(self) -> dict[str, int]:
        """Each seated player's seat (his last seat line's); not to be changed."""
        if self._seat_of is None:
            self._seat_of = {s.player: s.seat for s in self.seats}
        return self._seat_of


_SEAT_NUMBER = attrgetter("seat")


def _told_all_in(post: ev.Posted, index: EventIndex) -> ev.Posted:
    """``post`` all-in where it spends what the player's seat line holds less his posts
    before it (a post by a player with no seat line is left not all-in)."""
    seated = [seat.stack for seat in index.seats if seat.player == post.player]
    before = sum(p.amount for p in index.posts if p.player == post.player)
    spent = bool(seated) and post.amount >= seated[-1] - before
    return dataclasses.replace(post, all_in=spent)


def index_events(events: Iterable[ev.Event]) -> EventIndex:
    index = EventIndex()
    replayed, active, away = index.replayed, index.active, index.away
    timeline, card_events, hole = index.timeline, index.card_events, index.hole
    dealt = False
    # the commonest events first: actions and posts, then seat and summary seat lines
    for event in events:
        kind = type(event)  # exact types: no event class is subclassed
        if kind in REPLAYED:
            replayed.append(event)
        if kind in TIMELINE:
            timeline.append(event)
        if kind in CARD_EVENTS:
            card_events.append(event)
            if kind in _SHOWS_CARDS:
                # dealt, shown, mucked face up or shown in the summary: every card the
                # record shows is the player's; a partial show does not shrink a whole hand
                held = cast(_HoleCards, event)
                if held.cards and len(held.cards) >= len(hole.get(held.player, ())):
                    hole[held.player] = held.cards
        if kind in _PLAYING:
            active.add(cast(_PlayerEvent, event).player)
            if type(event) is ev.Posted:
                if event.all_in is None:  # the layout never says: told from the stack
                    event = replayed[-1] = _told_all_in(event, index)
                index.posts.append(event)
        elif type(event) is ev.SeatTaken:
            index.seats.append(event)
        elif type(event) is ev.SummarySeat:
            won = index.summary_won
            for result in event.results:
                if result.won:
                    won[event.player] = won.get(event.player, 0) + result.won
        elif type(event) is ev.StreetDealt:
            dealt = index.board_dealt = True
            if event.cards:
                index.boards[event.board] = event.cards
            if event.street is ev.Street.RIVER:
                index.rivers.add(event.board)
            elif event.street is ev.Street.FLOP:
                index.flop_seen = True
        elif type(event) is ev.Collected:
            if event.names_pot:
                index.labelled = True
        elif type(event) is ev.PlayerStatus:
            sitting_out = not dealt and event.status in _SITTING_OUT
            if sitting_out or event.status is ev.Status.ALLOWED_AFTER_BUTTON:
                away.add(event.player)
            elif event.status in _MOVED:
                index.stack_changes.add(event.player)
        elif kind is ev.SummaryStarted and index.first_summary is None:
            index.first_summary = event.span
        elif type(event) is ev.SummaryPot:
            if index.summary_pot is None:
                index.summary_pot = event
        elif type(event) is ev.SummaryBoard:
            index.summary_boards[event.board] = event.cards
            if len(event.cards) == 5:
                index.whole_summary_boards[event.board] = event.cards
        elif type(event) is ev.PotExtra:
            index.extra_pot += event.amount
        elif kind is ev.HandCancelled:
            index.cancelled = True
        elif type(event) is ev.Garbled:
            index.garbled.append(event)
        elif type(event) is ev.CashedOut:
            index.cash_outs.append(event)
            index.stack_changes.add(event.player)
        elif type(event) is ev.StackAdded:  # rebuys, add-ons, top-ups
            index.stack_changes.add(event.player)
        elif type(event) is ev.PotNotAwarded:
            index.not_awarded.append(event)
        elif type(event) is ev.GameMislabeled:
            index.mislabeled.append(event)
        elif type(event) is ev.ReadByConvention:
            index.conventions.append(event)
    return index


def dealt_in(by_seat: list[ev.SeatTaken], active: set[str], away: set[str]) -> list[str]:
    """Players dealt into the hand, in seat order (``by_seat``: the seat lines in that order).

    A seated player is in unless the record has him sitting out (on his seat line or
    before the cards are dealt: ``away``) and shows him doing nothing; anyone who posts,
    acts, is dealt cards, shows, mucks or declines to show (``active``) is in.
    """
    players = []
    for seat in by_seat:
        absent = seat.sitting_out or seat.out_of_hand or seat.player in away
        if seat.player in active or not absent:
            players.append(seat.player)
    return players
