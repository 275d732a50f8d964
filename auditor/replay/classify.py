"""What a chips line was: the engine, not the reader, tells a call from a bet or a raise.

A reader turns a line that puts chips in into :class:`~auditor.events.ChipsIn`, with what
the line says (its verb, the chips added and/or the total, all-in where written). The
replay, which knows the player's bet in the round, the bet he faces and his stack, makes
it the action it was (:func:`classify`) and acts on that; the pipeline then hands the
classified events on (:func:`with_classified`), so that settlement, the tables and the
report see calls, bets and raises as from any other room.

A verb the record writes is kept: a "call" that passes the bet faced stays a call, which
the replay's call check then reports with the chips the record shows (CALL_WRONG), rather
than a raise the auditor made up. Only a line with no verb (ALL_IN, CHIPS) is told by
the chips; a "bet or raise" (BET_OR_RAISE) by whether anything is bet; a call that names
no chips (MATCH) is what the player owes, capped by his stack.
"""

from __future__ import annotations

import dataclasses

from auditor import events as ev

Classified = ev.Called | ev.Bet | ev.RaisedTo


def classify(event: ev.ChipsIn, own: int, faced: int, stack: int | None) -> Classified:
    """The action ``event`` is for a player whose bet in the round is ``own``, facing a
    bet of ``faced`` (the round's highest), with ``stack`` chips behind (None: unknown).

    The chips added are the line's total less ``own``, else the line's chips (where the
    two disagree, :func:`two_readings` says so); all-in, where the line does not say, is
    putting in the whole stack. With no verb: a bet when nothing is bet
    in the round, a call when the total does not pass the bet faced, else a raise. A
    MATCH is a call of what is owed up to ``to``, or of the whole stack when it is less;
    a BET_OR_RAISE a bet when nothing is bet in the round, else a raise to ``to``."""
    added = event.to - own if event.to is not None else event.added or 0
    verb = event.verb
    if verb is ev.Verb.MATCH:  # the chips are the replay's to tell: owed, or all he has
        verb = ev.Verb.CALL
        if stack is not None and 0 < stack < added:
            added = stack
    elif verb is ev.Verb.BET_OR_RAISE:
        verb = ev.Verb.BET if faced == 0 else ev.Verb.RAISE
    all_in = event.all_in
    if all_in is None:
        all_in = stack is not None and 0 < stack <= added
    if verb is ev.Verb.ALL_IN or verb is ev.Verb.CHIPS:
        if faced == 0:
            verb = ev.Verb.BET
        elif own + added <= faced:
            verb = ev.Verb.CALL
        else:
            verb = ev.Verb.RAISE
    if verb is ev.Verb.CALL:
        return ev.Called(event.span, event.player, added, all_in)
    if verb is ev.Verb.BET:
        return ev.Bet(event.span, event.player, added, all_in)
    if event.to is not None:  # the total written: what the raise is measured by
        return ev.RaisedTo(event.span, event.player, 0, event.to, all_in, ev.RaiseGiven.TO)
    return ev.RaisedTo(event.span, event.player, added, 0, all_in, ev.RaiseGiven.BY)


def two_readings(event: ev.ChipsIn, own: int) -> tuple[int, int] | None:
    """The two bets a line allows when its chips added and its total disagree with the
    player's bet before it (``own``): (own + the chips added, the total written); None
    when the line is read one way only."""
    if event.added is None or event.to is None or own + event.added == event.to:
        return None
    return own + event.added, event.to


def with_classified(
    hand: ev.Hand,
    classified: tuple[tuple[ev.ChipsIn, Classified], ...],
    netted: tuple[tuple[ev.Event, ev.Event | None], ...] = (),
) -> ev.Hand:
    """``hand`` with each chips line replaced by the action the replay made of it, and
    each win or pot line that held a bet nobody called by the line without it (``netted``,
    ReplayResult's: None drops the line). Netted, the hand's wins hold no return any more:
    replayed again (the report's steps), it is not netted twice."""
    if not classified and not netted:
        return hand
    made: dict[int, ev.Event | None] = {id(line): action for line, action in classified}
    made.update((id(line), without) for line, without in netted)
    events = [made.get(id(event), event) for event in hand.events]
    kept = tuple([e for e in events if e is not None])
    if not netted:
        return dataclasses.replace(hand, events=kept)
    return dataclasses.replace(
        hand, events=kept, wins_hold_returns=False, uncalled_returns_in_wins=False
    )
