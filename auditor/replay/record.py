"""Findings about the record itself, before any rule: cut short, or garbled in part."""

from __future__ import annotations

from collections.abc import Iterable

from auditor import events as ev
from auditor.findings import Finding


def record_findings(hand: ev.Hand, garbled: Iterable[ev.Garbled] | None = None) -> list[Finding]:
    """HAND_INCOMPLETE for a record cut short, RECORD_GARBLED for each part-read line
    (``garbled``: the hand's Garbled events, in order, if the caller has picked them out)."""
    hand_id = hand.start.hand_id
    if garbled is None:
        garbled = [e for e in hand.events if isinstance(e, ev.Garbled)]
    found = [
        Finding("RECORD_GARBLED", hand_id, event.problem, event.span, recorded=event.text)
        for event in garbled
    ]
    if hand.truncated and hand.truncated_at is not None:
        found.append(
            Finding(
                "HAND_INCOMPLETE",
                hand_id,
                f"the record stops at line {hand.truncated_at.line} before its summary",
                hand.truncated_at,
                expected="*** SUMMARY ***",
                recorded="end of record",
            )
        )
    return found
