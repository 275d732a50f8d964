"""Rake: the summary's rake against the profile's schedule (RAKE_WRONG)."""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.money import format_minor
from auditor.replay.profile import RakeKind, RakeRounding, RuleProfile


def rake_finding(
    start: ev.HandStarted,
    profile: RuleProfile,
    summary: ev.SummaryPot | None,
    players: int,
    flop_seen: bool,
) -> Finding | None:
    """RAKE_WRONG when a percent schedule gives another rake than the record's
    (``players``: dealt in, for a cap by table size; ``flop_seen``: for no flop, no drop)."""
    schedule = profile.rake
    if schedule.schedule is not RakeKind.PERCENT:
        return None
    if summary is None or summary.rake is None:
        return None
    if schedule.no_flop_no_drop and not flop_seen:
        expected = 0
    else:
        cap = int(schedule.cap_for(players) * start.scale)
        raw = Decimal(summary.total) * schedule.percent / 100
        rounding = ROUND_DOWN if schedule.rounding is RakeRounding.DOWN else ROUND_HALF_UP
        taken = int(raw.quantize(Decimal(1), rounding=rounding))
        expected = min(taken, cap) if cap else taken
    if expected == summary.rake:
        return None
    return Finding(
        Code.RAKE_WRONG,
        start.hand_id,
        "the rake breaks the profile's schedule",
        summary.span,
        street="showdown",
        expected=format_minor(expected, start.scale),
        recorded=format_minor(summary.rake, start.scale),
    )
