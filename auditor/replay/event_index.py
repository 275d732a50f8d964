"""What the replay needs to know of a hand's events before replaying them, read in one pass."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from auditor import events as ev
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
_VOLUNTARY = frozenset({ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo})
_SITTING_OUT = (ev.Status.SITTING_OUT, ev.Status.SITS_OUT)
# events that show a player dealt in
_PLAYING = _VOLUNTARY | {ev.Posted, ev.Shown, ev.Mucked, ev.Dealt}
_PlayerEvent = (
    ev.Folded
    | ev.Checked
    | ev.Called
    | ev.Bet
    | ev.RaisedTo
    | ev.Posted
    | ev.Shown
    | ev.Mucked
    | ev.Dealt
)


@dataclass(slots=True)
class EventIndex:
    """What the replay needs to know of a hand's events before replaying them, read in one
    pass (each pass over the events costs as much as the replay of a few actions)."""

    seats: list[ev.SeatTaken] = field(default_factory=list)
    garbled: list[ev.Garbled] = field(default_factory=list)
    mislabeled: list[ev.GameMislabeled] = field(default_factory=list)  # the header's game wrong
    # the events the replay acts on, in record order (table talk, seats, shows...: nothing
    # for the betting to do)
    replayed: list[ev.Event] = field(default_factory=list)
    posts: list[ev.Posted] = field(default_factory=list)
    cancelled: bool = False
    extra_pot: int = 0  # chips added to the pot by the room (PotExtra)
    board_dealt: bool = False  # a StreetDealt line: the record reaches the cards
    first_summary: SourceSpan | None = None
    summary_won: dict[str, int] = field(default_factory=dict)  # what the summary says each won
    active: set[str] = field(default_factory=set)  # posted, acted, was dealt or showed cards
    away: set[str] = field(default_factory=set)  # sitting out before the cards, or told to wait
    cash_outs: list[ev.CashedOut] = field(default_factory=list)
    not_awarded: list[ev.PotNotAwarded] = field(default_factory=list)  # kept for a cash-out


def index_events(events: Iterable[ev.Event]) -> EventIndex:
    index = EventIndex()
    replayed, active, away = index.replayed, index.active, index.away
    dealt = False
    # the commonest events first: actions and posts, then seat and summary seat lines
    for event in events:
        kind = type(event)  # exact types: no event class is subclassed
        if kind in REPLAYED:
            replayed.append(event)
        if kind in _PLAYING:
            active.add(cast(_PlayerEvent, event).player)
            if type(event) is ev.Posted:
                index.posts.append(event)
        elif type(event) is ev.SeatTaken:
            index.seats.append(event)
        elif type(event) is ev.SummarySeat:
            won = index.summary_won
            for result in event.results:
                if result.won:
                    won[event.player] = won.get(event.player, 0) + result.won
        elif kind is ev.StreetDealt:
            dealt = index.board_dealt = True
        elif type(event) is ev.PlayerStatus:
            sitting_out = not dealt and event.status in _SITTING_OUT
            if sitting_out or event.status is ev.Status.ALLOWED_AFTER_BUTTON:
                away.add(event.player)
        elif kind is ev.SummaryStarted and index.first_summary is None:
            index.first_summary = event.span
        elif type(event) is ev.PotExtra:
            index.extra_pot += event.amount
        elif kind is ev.HandCancelled:
            index.cancelled = True
        elif type(event) is ev.Garbled:
            index.garbled.append(event)
        elif type(event) is ev.CashedOut:
            index.cash_outs.append(event)
        elif type(event) is ev.PotNotAwarded:
            index.not_awarded.append(event)
        elif type(event) is ev.GameMislabeled:
            index.mislabeled.append(event)
    return index


def dealt_in(by_seat: list[ev.SeatTaken], active: set[str], away: set[str]) -> list[str]:
    """Players dealt into the hand, in seat order (``by_seat``: the seat lines in that order).

    A seated player is in unless the record has him sitting out (on his seat line or
    before the cards are dealt: ``away``) and shows him doing nothing; anyone who posts,
    acts, is dealt cards or shows (``active``) is in.
    """
    players = []
    for seat in by_seat:
        absent = seat.sitting_out or seat.out_of_hand or seat.player in away
        if seat.player in active or not absent:
            players.append(seat.player)
    return players
