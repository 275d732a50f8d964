"""Showdown order: who shows first and the order after (SHOWDOWN_ORDER), and the seats
clockwise from the button (the order ties are broken in, too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.replay.profile import RuleProfile, ShowdownOrder
from auditor.replay.result import ReplayResult
from auditor.source import SourceSpan

# play that shows a hand shown before it was not tabled at a showdown
_PLAY = (ev.Posted, ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo, ev.StreetDealt)


def order_from_button(
    players: Sequence[str], seat_of: Mapping[str, int], button_seat: int | None
) -> list[str]:
    """Players clockwise from the button: the first is the first left of it."""
    button = button_seat or 0
    return sorted(players, key=lambda p: (seat_of.get(p, 0) <= button, seat_of.get(p, 0)))


def showdown_order_finding(
    start: ev.HandStarted,
    profile: RuleProfile,
    replay: ReplayResult,
    timeline: Sequence[ev.Event],
    seat_of: Mapping[str, int],
) -> Finding | None:
    """The last aggressor of the last street with a bet shows first, then clockwise.

    Not judged once anyone is all-in (every hand is then tabled) or when the room
    shows hands before the last card is dealt (all-in tabling)."""
    if replay.all_in:
        return None
    live = [p for p in replay.dealt_in if p not in replay.folded]
    shows: list[tuple[str, SourceSpan]] = []
    # A room may table the hands after the last bet and before its showdown line (GG):
    # shown there, they count; a bet or a card dealt after a show means it was no showdown.
    collecting = True
    for event in timeline:
        if isinstance(event, ev.ShowdownStarted):
            collecting = event.board == 1
        elif isinstance(event, ev.SummaryStarted):
            break
        elif isinstance(event, _PLAY):
            shows.clear()
        elif (
            collecting
            and isinstance(event, ev.Shown | ev.Mucked | ev.NotShown)
            and event.player not in (p for p, _ in shows)
        ):
            shows.append((event.player, event.span))
    if len(shows) < 2 or len(live) < 2:
        return None
    aggressors = dict(replay.aggressors)
    first = None
    rule = profile.showdown_order
    if rule is ShowdownOrder.LAST_AGGRESSOR:
        for street in ("river", "turn", "flop", "preflop"):
            if street in aggressors:
                first = aggressors[street]
                break
    elif rule is ShowdownOrder.RIVER_AGGRESSOR:
        first = aggressors.get("river")
    else:  # first_bettor
        first = dict(replay.openers).get("river")
    if first is None or first not in live:
        first = order_from_button(live, seat_of, start.button_seat)[0]
    order = order_from_button(live, seat_of, start.button_seat)
    begin = order.index(first)
    expected = order[begin:] + order[:begin]
    recorded = [p for p, _ in shows if p in live]
    expected = [p for p in expected if p in recorded]
    if recorded != expected:
        breaks = next(i for i, (r, e) in enumerate(zip(recorded, expected, strict=False)) if r != e)
        player = recorded[breaks]
        span = next(sp for p, sp in shows if p == player)
        return Finding(
            Code.SHOWDOWN_ORDER,
            start.hand_id,
            "hands shown in the wrong order",
            span,
            street="showdown",
            player=player,
            expected=", ".join(expected),
            recorded=", ".join(recorded),
        )
    return None
