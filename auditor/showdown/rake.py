"""Rake: the hand's rake, written or implied, against the profile's schedule (RAKE_WRONG).

A record that writes no rake (PartyPoker's older layouts, 888, Everleaf, iPoker...) still
implies one: the chips put in the pots less what the record paid out of them. That rake is
checked like a written one, and the tables carry it with its source (``rake_source``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from enum import StrEnum

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.money import format_minor
from auditor.replay.profile import RakeKind, RakeRounding, RuleProfile
from auditor.replay.result import ReplayResult
from auditor.source import SourceSpan


class RakeSource(StrEnum):
    WRITTEN = "written"  # the record names the rake
    IMPLIED = "implied"  # chips put in less chips paid out


@dataclass(frozen=True, slots=True)
class HandRake:
    """A hand's total pot and rake, and where the rake comes from (None: not known)."""

    total_pot: int | None
    rake: int | None
    source: RakeSource | None


def implied_rakes(replay: ReplayResult) -> tuple[int, ...]:
    """The rakes the record's money allows, smallest first: chips in less chips paid out,
    and, where the layout never writes an uncalled bet's return, the same with the return
    counted in the pay lines (a layout may pay it back with the pot). None is negative:
    more paid out than put in is CHIPS_NOT_CONSERVED, not a rake."""
    if replay.chips_in is None or replay.paid_out is None:
        return ()
    left = replay.chips_in - replay.paid_out
    found = {left, left + replay.unwritten_returns}
    return tuple(sorted(rake for rake in found if rake >= 0))


def hand_rake(summary: ev.SummaryPot | None, replay: ReplayResult | None) -> HandRake:
    """The rake the record writes, else the smallest it implies (for the hands table)."""
    if summary is not None and summary.rake is not None:
        return HandRake(summary.total, summary.rake, RakeSource.WRITTEN)
    rakes = implied_rakes(replay) if replay is not None else ()
    total = summary.total if summary is not None else None
    if not rakes or replay is None:
        return HandRake(total, None, None)
    return HandRake(total if total is not None else replay.chips_in, rakes[0], RakeSource.IMPLIED)


def expected_rake(
    schedule_profile: RuleProfile, scale: int, pot: int, players: int, flop_seen: bool
) -> int | None:
    """The rake the profile's percent schedule takes from ``pot`` (None: no schedule)."""
    schedule = schedule_profile.rake
    if schedule.schedule is not RakeKind.PERCENT:
        return None
    if schedule.no_flop_no_drop and not flop_seen:
        return 0
    cap = int(schedule.cap_for(players) * scale)
    raw = Decimal(pot) * schedule.percent / 100
    rounding = ROUND_DOWN if schedule.rounding is RakeRounding.DOWN else ROUND_HALF_UP
    taken = int(raw.quantize(Decimal(1), rounding=rounding))
    return min(taken, cap) if cap else taken


def rake_finding(
    start: ev.HandStarted,
    profile: RuleProfile,
    summary: ev.SummaryPot | None,
    replay: ReplayResult,
    flop_seen: bool,
    span: SourceSpan | None = None,
) -> Finding | None:
    """RAKE_WRONG when the rake, written or implied, is not the profile's percent schedule's
    (capped by the players dealt in; none before the flop where the profile says so), or is
    above the profile's cap where it names one without a schedule. An implied rake is
    judged only in a cash game (a tournament's is conservation: everything is paid out),
    and only where no reading of the record's pay lines fits the schedule. ``span``: where
    to place a finding on a record with no total pot line."""
    schedule = profile.rake
    if schedule.schedule is not RakeKind.PERCENT and not any(schedule.cap.values()):
        return None  # nothing to judge a rake by (most profiles: conservation only)
    since = schedule.since
    if since is not None and (start.started_at is None or start.started_at.date() < since):
        return None  # the room's schedule of that day is not known (the profile's "since")
    players = _players_in(replay)
    rakes: tuple[int, ...]
    where: SourceSpan | None
    if summary is not None and summary.rake is not None:
        pot, rakes, where = summary.total, (summary.rake,), summary.span
    else:
        if start.tournament_id is not None or replay.chips_in is None:
            return None
        rakes = implied_rakes(replay)
        pot = replay.chips_in
        where = summary.span if summary is not None else span
        if not rakes or where is None:
            return None
    expected = expected_rake(profile, start.scale, pot, players, flop_seen)
    if expected is not None:
        if expected in rakes:
            return None
        if profile.rake.per_whole_unit:
            whole = pot - pot % start.scale
            if expected_rake(profile, start.scale, whole, players, flop_seen) in rakes:
                return None
        message = "the rake breaks the profile's schedule"
    else:
        cap = int(profile.rake.cap_for(players) * start.scale)
        if not cap or rakes[0] <= cap:
            return None
        expected, message = cap, "the rake is above the profile's cap"
    if len(rakes) == 1 and (summary is None or summary.rake is None):
        message += " (the rake is implied: chips put in less chips paid out)"
    elif summary is None or summary.rake is None:
        message += " (the rake is implied, whether the pay lines count the unwritten return or not)"
    return Finding(
        Code.RAKE_WRONG,
        start.hand_id,
        message,
        where,
        street="showdown",
        expected=format_minor(expected, start.scale),
        recorded=format_minor(rakes[0], start.scale),
    )


def _players_in(replay: ReplayResult) -> int:
    """The players dealt in that the record shows in the hand (a post, an action, chips
    in): the cap is by players dealt in, and a seat the record never shows playing is not
    counted on the word of a seat line (some layouts list seats never dealt in)."""
    seen = {action.player for action in replay.actions}
    seen.update(player for player, chips in replay.contributions if chips)
    shown = [player for player in replay.dealt_in if player in seen]
    return len(shown) or len(replay.dealt_in)
