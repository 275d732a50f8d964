"""The engine tells what a chips line was (auditor/replay/classify.py): a reader gives the
verb the record writes and the chips, the replay makes it a call, bet or raise from the
bets of the round and the stack, and the rest of the audit sees that action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from auditor import events as ev
from auditor.findings import Severity
from auditor.read.split import RawHand
from auditor.replay.classify import classify, with_classified
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.rooms.ongame.reader import OnGameReader
from auditor.source import SourceSpan


def _span() -> SourceSpan:
    return SourceSpan("x.txt", 7)


def _line(
    verb: ev.Verb, added: int | None = None, to: int | None = None, all_in: bool | None = None
) -> ev.ChipsIn:
    return ev.ChipsIn(_span(), "P", verb, added, to, all_in)


# own bet in the round, the bet faced, the stack behind: what classify is given
@pytest.mark.parametrize(
    ("line", "own", "faced", "stack", "made"),
    [
        # the record's verb is kept: "calls 30" facing 50 with 20 in
        (_line(ev.Verb.CALL, added=30), 20, 50, 500, ev.Called(_span(), "P", 30, False)),
        # a call written as the bet's total (KingsClub: "calls 50"): the chips are 30
        (_line(ev.Verb.CALL, to=50), 20, 50, 500, ev.Called(_span(), "P", 30, False)),
        (_line(ev.Verb.BET, added=40), 0, 0, 500, ev.Bet(_span(), "P", 40, False)),
        # a raise by the chips put in (PartyPoker's "raises [$x]"): given BY
        (
            _line(ev.Verb.RAISE, added=100),
            50,
            50,
            500,
            ev.RaisedTo(_span(), "P", 100, 0, False, ev.RaiseGiven.BY),
        ),
        # a raise to a total: given TO
        (
            _line(ev.Verb.RAISE, to=150),
            50,
            50,
            500,
            ev.RaisedTo(_span(), "P", 0, 150, False, ev.RaiseGiven.TO),
        ),
        # "goes all-in 30" on a street with nothing bet: a bet
        (_line(ev.Verb.ALL_IN, added=30, all_in=True), 0, 0, 30, ev.Bet(_span(), "P", 30, True)),
        # all-in for less than the bet faced: a call (short)
        (
            _line(ev.Verb.ALL_IN, added=10, all_in=True),
            25,
            50,
            10,
            ev.Called(_span(), "P", 10, True),
        ),
        # all-in for exactly the bet faced: a call
        (
            _line(ev.Verb.ALL_IN, added=25, all_in=True),
            25,
            50,
            25,
            ev.Called(_span(), "P", 25, True),
        ),
        # all-in past the bet faced: a raise by the chips put in
        (
            _line(ev.Verb.ALL_IN, added=100, all_in=True),
            50,
            50,
            100,
            ev.RaisedTo(_span(), "P", 100, 0, True, ev.RaiseGiven.BY),
        ),
        # all-in given as a total past the bet: a raise to it
        (
            _line(ev.Verb.ALL_IN, to=300, all_in=True),
            50,
            100,
            250,
            ev.RaisedTo(_span(), "P", 0, 300, True, ev.RaiseGiven.TO),
        ),
        # a bare "puts in 50" facing 50 with nothing in: a call; all-in unsaid and not his
        # whole stack
        (_line(ev.Verb.CHIPS, added=50), 0, 50, 500, ev.Called(_span(), "P", 50, False)),
        # all-in unsaid (the layout never says): the whole stack put in is all-in
        (_line(ev.Verb.CALL, added=40), 0, 50, 40, ev.Called(_span(), "P", 40, True)),
        # the layout says all-in where it is: a line that does not say is not, whatever
        # the stack the auditor believes
        (
            _line(ev.Verb.CALL, added=40, all_in=False),
            0,
            50,
            40,
            ev.Called(_span(), "P", 40, False),
        ),
        # a stack the replay does not know (re-based): not all-in by the stack
        (_line(ev.Verb.CALL, added=40), 0, 50, None, ev.Called(_span(), "P", 40, False)),
        # a bet written as its total (KingsClub: "bets 63"): the chips are the total
        (_line(ev.Verb.BET, to=63, all_in=False), 0, 0, 500, ev.Bet(_span(), "P", 63, False)),
        # a raise giving the chips and the total (Absolute: "Raises $45 to $60" from a $15
        # blind): measured by the total
        (
            _line(ev.Verb.RAISE, added=45, to=60, all_in=False),
            15,
            30,
            500,
            ev.RaisedTo(_span(), "P", 0, 60, False, ev.RaiseGiven.TO),
        ),
        # PHH's "cbr 80", a bet or a raise to 80: a bet on a street with nothing bet ...
        (_line(ev.Verb.BET_OR_RAISE, to=80), 0, 0, 500, ev.Bet(_span(), "P", 80, False)),
        # ... a raise to 80 over a bet (or the blinds), all-in when it is his whole stack
        (
            _line(ev.Verb.BET_OR_RAISE, to=80),
            20,
            40,
            60,
            ev.RaisedTo(_span(), "P", 0, 80, True, ev.RaiseGiven.TO),
        ),
        # PHH's "cc" facing a bet of 40 with 10 in: a call of the 30 owed ...
        (_line(ev.Verb.MATCH, to=40), 10, 40, 500, ev.Called(_span(), "P", 30, False)),
        # ... of all he has when he has less: all-in
        (_line(ev.Verb.MATCH, to=40), 10, 40, 25, ev.Called(_span(), "P", 25, True)),
        # ... of exactly his stack: all-in
        (_line(ev.Verb.MATCH, to=40), 10, 40, 30, ev.Called(_span(), "P", 30, True)),
        # ... and with a stack the replay does not know, what is owed
        (_line(ev.Verb.MATCH, to=40), 10, 40, None, ev.Called(_span(), "P", 30, False)),
    ],
)
def test_each_verb_is_the_action_the_chips_make(
    line: ev.ChipsIn, own: int, faced: int, stack: int | None, made: ev.Event
) -> None:
    assert classify(line, own, faced, stack) == made


def test_a_written_call_that_passes_the_bet_stays_a_call() -> None:
    # "calls 80" facing 50: the record's word is kept, for the call check to judge
    assert classify(_line(ev.Verb.CALL, added=80), 0, 50, 500) == ev.Called(_span(), "P", 80, False)


def test_a_chips_line_names_an_amount() -> None:
    with pytest.raises(ValueError, match="no amount"):
        ev.ChipsIn(_span(), "P", ev.Verb.ALL_IN)


# OnGame's Limit5.txt (HHSmithy): a real record whose lines name their verbs
HAND = """***** History for hand R5-362055755-3 *****
Start hand: Mon Jan 06 23:18:00 CET 2014
Table: Torrance [362055755] (POT_LIMIT OMAHA_HI $5/$5, Real money)
Button: seat 8
Players in round: 3
Seat 3: the_mino ($447.00)
Seat 6: LagTard_x ($360.00)
Seat 8: yakitaki ($141.00)
the_mino posts small blind ($5)
LagTard_x posts big blind ($5)
---
Dealing pocket cards
yakitaki raises $10.00 to $10.00
the_mino calls $5.00
LagTard_x folds
--- Dealing flop [8c, Ks, Jc]
the_mino checks
yakitaki bets $25.00
the_mino folds
---
Summary:
Main pot: $25.00 won by yakitaki ($23.75)
Rake taken: $1.25
Seat 3: the_mino ($437.00), net: -$10.00
Seat 6: LagTard_x ($355.00), net: -$5.00
Seat 8: yakitaki ($154.75), net: +$13.75
***** End of hand R5-362055755-3 *****
"""


def _as_chips(event: ev.Event) -> ev.Event:
    """The same line as a layout that writes only the chips and no verb would."""
    if isinstance(event, ev.Called | ev.Bet):
        return ev.ChipsIn(event.span, event.player, ev.Verb.CHIPS, event.amount)
    if isinstance(event, ev.RaisedTo):
        return ev.ChipsIn(event.span, event.player, ev.Verb.CHIPS, to=event.to)
    return event


def test_the_replay_tells_each_chips_line_as_the_verbs_say() -> None:
    raw = RawHand("limit5.txt", 1, tuple(HAND.splitlines()), "ongame")
    hand = OnGameReader().read(raw)
    chips = replace(hand, events=tuple(_as_chips(e) for e in hand.events))
    assert any(isinstance(e, ev.ChipsIn) for e in chips.events)
    profile = load_profile("seeds")
    written, told = replay_hand(hand, profile), replay_hand(chips, profile)
    assert [(a.player, a.action, a.amount, a.to_amount) for a in told.actions] == [
        (a.player, a.action, a.amount, a.to_amount) for a in written.actions
    ]
    assert [(a.player, a.action) for a in told.actions if not a.action.startswith("post")] == [
        ("yakitaki", "raise"),
        ("the_mino", "call"),
        ("LagTard_x", "fold"),
        ("the_mino", "check"),
        ("yakitaki", "bet"),
        ("the_mino", "fold"),
    ]
    assert told.findings == written.findings
    # the hand handed on carries the actions the replay made, in the record's places
    again = with_classified(chips, told.classified)
    assert not any(isinstance(e, ev.ChipsIn) for e in again.events)
    kinds = [type(e).__name__ for e in again.events if type(e) in (ev.Called, ev.Bet, ev.RaisedTo)]
    assert kinds == ["RaisedTo", "Called", "Bet"]


def test_a_line_whose_chips_and_total_disagree_is_read_two_ways_and_said() -> None:
    # yakitaki (nothing in) "puts in 5.00 to 10.00": 0 + 5 = 5, not 10; the replay goes on
    # with the bet written (10.00) and names both readings
    raw = RawHand("limit5.txt", 1, tuple(HAND.splitlines()), "ongame")
    hand = OnGameReader().read(raw)
    made = []
    for event in hand.events:
        if isinstance(event, ev.ChipsIn) and event.verb is ev.Verb.RAISE:  # yakitaki's raise
            event = ev.ChipsIn(event.span, event.player, ev.Verb.RAISE, 500, 1000, False)
        made.append(event)
    told = replay_hand(replace(hand, events=tuple(made)), load_profile("seeds"))
    found = [f for f in told.findings if f.code == "AMBIGUOUS_RECORD"]
    assert len(found) == 1 and found[0].player == "yakitaki"
    assert "makes his bet 5.00, but the line writes it as 10.00" in found[0].message
    assert found[0].severity is Severity.WARNING
    raise_ = next(a for a in told.actions if a.action == "raise")
    assert (raise_.amount, raise_.to_amount) == (1000, 1000)  # read as the bet written
    # the same line with chips and total agreeing (0 + 10 = 10): one reading, no finding
    agreeing = [
        ev.ChipsIn(e.span, e.player, ev.Verb.RAISE, 1000, 1000, False)
        if isinstance(e, ev.ChipsIn) and e.verb is ev.Verb.RAISE
        else e
        for e in hand.events
    ]
    again = replay_hand(replace(hand, events=tuple(agreeing)), load_profile("seeds"))
    assert not [f for f in again.findings if f.code == "AMBIGUOUS_RECORD"]
