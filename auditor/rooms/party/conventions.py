"""What PartyPoker's records leave to their reader, decided from the whole record.

- Who is dealt in: the room lists every seated player, and writes a line for every player
  dealt in (a blind, his cards, a fold at least); a seat no line of the play names was not
  dealt in (PLO-6max-USD-5-10-201202.diff.format.txt: three of its six seats never appear
  again; fpdb-3 places a tournament's blinds only among the players the play names).
- A seat listed under another name: its 2015/16 records may list a placeholder
  ("Player2") while the actions carry the real name (PLO-2max-USD-0.50-1.00-201601
  .unknown.preamble.txt); the seat is the acting player's when elimination says whose it
  is (as many players acting with no seat as seats that never act), with a warning.
- A tournament's blind posts: its 2010 layout names the level's blinds and writes no post,
  while its calls count them: the small blind left of the button (the button heads-up),
  the big blind left of that, each the blind or the whole stack if less; after "There is
  no Small Blind in this hand" only the big blind, left of the button (as fpdb-3 reads it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from auditor import events as ev
from auditor.findings import Code
from auditor.source import SourceSpan

# A player's own turn or result: a line only a player dealt in has.
_TURNS = (ev.Folded, ev.Checked, ev.ChipsIn)
_ACTS = (*_TURNS, ev.Shown, ev.Mucked, ev.NotShown, ev.Collected, ev.CashedOut)
# ... and the lines that put him in the hand without a turn of his own
_IN_HAND = (*_ACTS, ev.Posted, ev.Dealt)


@dataclass(frozen=True, slots=True)
class Renamed:
    """A seat listed as ``listed`` whose player acts as ``acting``."""

    seat: int
    listed: str
    acting: str
    span: SourceSpan  # the seat line


@dataclass(frozen=True, slots=True)
class InferredPost:
    """A blind the layout does not write, as the level and the button place it."""

    seat: int
    player: str
    kind: ev.PostKind
    amount: int
    all_in: bool
    span: SourceSpan  # the line naming the level's blinds


def _named(events: tuple[ev.Event, ...], kinds: tuple[type[ev.Event], ...]) -> list[str]:
    """The players the events of ``kinds`` name, in order of first appearance."""
    names: dict[str, None] = {}
    for event in events:
        player = getattr(event, "player", None) if isinstance(event, kinds) else None
        if player is not None:
            names.setdefault(player, None)
    return list(names)


def _clockwise_after(seat: int, seats: list[int]) -> list[int]:
    """``seats`` in the order play goes round from the one after ``seat``."""
    return sorted(seats, key=lambda s: (s <= seat, s))


def seat_names(seats: list[ev.SeatTaken], events: tuple[ev.Event, ...]) -> tuple[Renamed, ...]:
    """The seats whose player acts under another name, by elimination: the players who act
    with no seat, and as many seats (of players with chips) that never act; with several,
    matched in the order they act before the flop (from left of the big blind)."""
    seated = {s.player for s in seats}
    actors = _named(events, _ACTS)
    unseated = [name for name in actors if name not in seated]
    if not unseated:
        return ()
    silent = [s for s in seats if s.player not in actors and not s.out_of_hand]
    if len(silent) != len(unseated):  # those who post or are dealt cards, if they tell
        present = set(_named(events, (ev.Posted, ev.Dealt)))
        silent = [s for s in silent if s.player in present]
        if len(silent) != len(unseated):
            return ()  # elimination cannot tell whose seat is whose
    if len(silent) > 1:
        big = [e.player for e in events if type(e) is ev.Posted and e.kind is ev.PostKind.BIG_BLIND]
        seat_of = {s.player: s.seat for s in seats}
        if len(big) != 1 or big[0] not in seat_of:
            return ()
        order = _clockwise_after(seat_of[big[0]], [s.seat for s in silent])
        silent = sorted(silent, key=lambda s: order.index(s.seat))
    return tuple(
        Renamed(seat.seat, seat.player, name, seat.span)
        for seat, name in zip(silent, unseated, strict=True)
    )


def blind_posts(
    start: ev.HandStarted,
    seats: list[ev.SeatTaken],
    renamed: tuple[Renamed, ...],
    events: tuple[ev.Event, ...],
    no_small_blind: bool,
) -> tuple[InferredPost, ...]:
    """The blinds of a tournament hand whose layout writes none (its players are those the
    play names, ``renamed`` applied); () when the record does not place them."""
    names = {r.listed: r.acting for r in renamed}
    present = set(_named(events, _IN_HAND))
    stacks = {s.seat: (names.get(s.player, s.player), s.stack) for s in seats}
    seats_in = [seat for seat, (player, stack) in stacks.items() if player in present and stack > 0]
    button = start.button_seat
    if button is None or len(seats_in) < 2:
        return ()
    order = _clockwise_after(button, seats_in)
    if len(seats_in) == 2:  # heads-up the button posts the small blind
        if button not in seats_in:
            return ()
        small, big = button, order[0]
    elif no_small_blind:
        small, big = None, order[0]
    else:
        small, big = order[0], order[1]
    where = next(
        (e.span for e in events if type(e) is ev.Note and e.text.startswith("Blinds(")),
        SourceSpan(start.span.file, start.span.line + 1),  # the game line names them
    )
    posts = []
    for seat, kind, blind in (
        (small, ev.PostKind.SMALL_BLIND, start.small_stake),
        (big, ev.PostKind.BIG_BLIND, start.big_stake),
    ):
        if seat is None:
            continue
        player, stack = stacks[seat]
        amount = min(blind, stack)
        posts.append(InferredPost(seat, player, kind, amount, amount == stack, where))
    return tuple(posts)


def with_conventions(
    hand: ev.Hand, renamed: tuple[Renamed, ...], posts: tuple[InferredPost, ...]
) -> ev.Hand:
    """``hand`` with the seats no line of the play names out of it, and a finding event for
    each seat read under its acting name and for the blinds read from the level."""
    present = set(_named(hand.events, _IN_HAND))
    events: list[ev.Event] = []
    last_seat = 0
    for event in hand.events:
        if type(event) is ev.SeatTaken:
            last_seat = len(events) + 1
            if event.player not in present and not event.out_of_hand:
                event = replace(event, out_of_hand=True)
        events.append(event)
    notes: list[ev.Event] = [
        ev.ReadByConvention(
            r.span,
            Code.SEAT_NAME_MISMATCH,
            f"seat {r.seat} is listed as {r.listed}, who never acts, while {r.acting}, "
            f"who holds no seat, acts: the seat is read as {r.acting}'s",
            expected=r.acting,
            recorded=r.listed,
        )
        for r in renamed
    ]
    if posts:
        said = ", ".join(
            f"{p.player} (seat {p.seat}) the {p.kind} {p.amount}{' all-in' if p.all_in else ''}"
            for p in posts
        )
        notes.append(
            ev.ReadByConvention(
                posts[0].span,
                Code.BLINDS_INFERRED,
                f"the layout writes no blind posts: read as posted by the level "
                f"({hand.start.small_stake}/{hand.start.big_stake}) and the button "
                f"(seat {hand.start.button_seat}): {said}",
                expected=said,
                recorded="no blind posts",
            )
        )
    events[last_seat:last_seat] = notes
    return replace(hand, events=tuple(events))
