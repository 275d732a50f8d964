"""A layout whose win lines hold the bet nobody called (Hand.wins_hold_returns): the replay
returns the bet by the rules and takes it out of the bettor's win that holds it and out of
the summary's pot, and the pipeline hands the lines on so (with_classified); a win smaller
than the bet does not hold it and is left as written."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.replay.classify import with_classified
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from tests.replay.test_returns_unwritten import HAND, _hand

BET = 2500  # yakitaki's flop bet, not called


def _holding(win: int, total: int) -> ev.Hand:
    """The hand with the win and the pot as a layout that keeps the bet in both writes
    them ($23.75 + the $25 bet, $25 + the bet)."""
    hand = _hand(HAND)
    events = [
        replace(e, amount=win)
        if isinstance(e, ev.Collected)
        else replace(e, total=total)
        if isinstance(e, ev.SummaryPot)
        else e
        for e in hand.events
    ]
    return replace(hand, events=tuple(events), wins_hold_returns=True)


def test_the_win_and_the_pot_are_netted_of_the_bet() -> None:
    hand = _holding(2375 + BET, 2500 + BET)
    replayed = replay_hand(hand, load_profile("seeds"))
    assert [f.code for f in replayed.findings] == []
    assert dict(replayed.collected) == {"yakitaki": 2375}
    assert dict(replayed.ending_stacks)["yakitaki"] == 15475  # as the summary's ($154.75)
    told = with_classified(hand, replayed.classified, replayed.netted)
    assert [e.amount for e in told.events if isinstance(e, ev.Collected)] == [2375]
    assert [e.total for e in told.events if isinstance(e, ev.SummaryPot)] == [2500]


def test_a_win_that_was_the_bet_alone_is_dropped() -> None:
    hand = _holding(BET, 2500 + BET)
    replayed = replay_hand(hand, load_profile("seeds"))
    assert dict(replayed.collected) == {}
    told = with_classified(hand, replayed.classified, replayed.netted)
    assert not [e for e in told.events if isinstance(e, ev.Collected)]


def test_a_win_smaller_than_the_bet_is_left_as_written() -> None:
    hand = _holding(2375, 2500)  # the layout's win left the bet out after all
    replayed = replay_hand(hand, load_profile("seeds"))
    assert [f.code for f in replayed.findings] == []
    assert dict(replayed.collected) == {"yakitaki": 2375}
    assert replayed.netted == ()


def test_without_the_mark_nothing_is_netted() -> None:
    replayed = replay_hand(_hand(HAND), load_profile("seeds"))
    assert replayed.netted == ()
