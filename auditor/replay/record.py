"""Findings about the record itself, before any rule: cut short, or garbled in part."""

from __future__ import annotations

from collections.abc import Iterable

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.source import SourceSpan


def record_findings(
    hand: ev.Hand,
    garbled: Iterable[ev.Garbled] | None = None,
    mislabeled: Iterable[ev.GameMislabeled] | None = None,
    seats: Iterable[ev.SeatTaken] | None = None,
    conventions: Iterable[ev.ReadByConvention] | None = None,
) -> list[Finding]:
    """HAND_INCOMPLETE for a record cut short, RECORD_GARBLED for each part-read line,
    GAME_MISLABELED for a header naming another game than the hand deals, and the
    finding each ReadByConvention names (what a room's reader read by its convention)
    (``garbled``, ``mislabeled``, ``seats``, ``conventions``: the hand's events of those
    kinds, in order, if the caller has picked them out: each pass over the events costs)."""
    hand_id = hand.start.hand_id
    if garbled is None:
        garbled = [e for e in hand.events if isinstance(e, ev.Garbled)]
    if mislabeled is None:
        mislabeled = [e for e in hand.events if type(e) is ev.GameMislabeled]
    found = [
        Finding(Code.RECORD_GARBLED, hand_id, event.problem, event.span, recorded=event.text)
        for event in garbled
    ]
    found += [
        Finding(
            Code.GAME_MISLABELED,
            hand_id,
            f"the header names {event.written!r}, but {event.why}: audited as {event.shown}",
            event.span,
            expected=event.shown,
            recorded=event.written,
        )
        for event in mislabeled
    ]
    if conventions is None:
        conventions = [e for e in hand.events if type(e) is ev.ReadByConvention]
    found += [
        Finding(
            Code(event.code),
            hand_id,
            event.message,
            event.span,
            expected=event.expected,
            recorded=event.recorded,
        )
        for event in conventions
    ]
    if seats is None:
        seats = [e for e in hand.events if type(e) is ev.SeatTaken]
    beyond = _beyond_the_table(hand, seats)
    if beyond is not None:
        found.append(beyond)
    if hand.truncated and hand.truncated_at is not None:
        found.append(
            Finding(
                Code.HAND_INCOMPLETE,
                hand_id,
                f"the record stops at line {hand.truncated_at.line} before its summary",
                hand.truncated_at,
                expected="*** SUMMARY ***",
                recorded="end of record",
            )
        )
    return found


def _beyond_the_table(hand: ev.Hand, seated: Iterable[ev.SeatTaken]) -> Finding | None:
    """SEAT_INVALID, once, for a button or seats numbered beyond the table's size (the
    parser rejects a hand with more seats than that, or a seat listed twice)."""
    start = hand.start
    size = start.max_seats
    if size is None:
        return None
    seats = [e for e in seated if e.seat > size]
    button = start.button_seat is not None and start.button_seat > size
    if not seats and not button:
        return None
    said = [f"the button on seat {start.button_seat}"] if button else []
    if seats:
        numbers = [str(s.seat) for s in seats]
        said.append(
            f"seat {numbers[0]}"
            if len(numbers) == 1
            else f"seats {', '.join(numbers[:-1])} and {numbers[-1]}"
        )
    return Finding(
        Code.SEAT_INVALID,
        start.hand_id,
        f"{' and '.join(said)} of a {size}-max table",
        # the button is named on the table line, the one after the header
        SourceSpan(start.span.file, start.span.line + 1) if button else seats[0].span,
        expected=f"seats 1 to {size}",
        recorded=", ".join(said),
    )
