"""An uncalled bet the record writes no return for is judged by the record's own totals
(auditor/replay/uncalled.py), for every room: a walk that pays the big blind his own
uncalled chips as "won" is conserved; totals that leave the bet out of the pot imply its
return (a warning for the missing line); a return written late is a return; a bet kept in
the pot and paid to another is UNCALLED_WRONG. And a return while a player still owes the
bet an action hides an unfinished round: STREET_EARLY at the next street."""

from __future__ import annotations

from auditor.api import audit_text
from auditor.findings import Code

# a walk written as the converted PokerStars layout writes it (...converted.uncalled.bet:
# "collected $15", "Total pot $15", no return line): 15 in, 15 out, the $5 to its owner
WALK = """PokerStars Hand #3126037878: Omaha Pot Limit ($5/$10) - 2015/09/01 23:34:07
Table '#9986279' 6-max Seat #3 is the button
Seat 1: A ($799 in chips)
Seat 3: C ($597 in chips)
Seat 4: D ($3,351.78 in chips)
Seat 5: E ($1,907.87 in chips)
D: posts small blind $5
E: posts big blind $10
*** HOLE CARDS ***
A: folds
C: folds
D: folds
E collected $15 from pot
*** SUMMARY ***
Total pot $15 | Rake $0.00
Seat 1: A folded before Flop (didn't bet)
Seat 3: C (button) folded before Flop (didn't bet)
Seat 4: D (small blind) folded before Flop
Seat 5: E (big blind) collected ($15)
"""

# three players see a flop; B's bet is folded to, and returned
FLOP = """PokerStars Hand #1: Omaha Pot Limit ($0.50/$1.00 USD) - 2014/01/05 20:00:23 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($100 in chips)
B: posts small blind $0.50
C: posts big blind $1
*** HOLE CARDS ***
A: calls $1
B: calls $0.50
C: checks
*** FLOP *** [7s 3s Qc]
B: bets $3
C: folds
A: folds
Uncalled bet ($3) returned to B
B collected $3 from pot
B: doesn't show hand
*** SUMMARY ***
Total pot $3 | Rake $0
Board [7s 3s Qc]
Seat 1: A (button) folded on the Flop
Seat 2: B (small blind) collected ($3)
Seat 3: C (big blind) folded on the Flop
"""


def _codes(text: str) -> list[str]:
    (result,) = audit_text(text)
    return [f.code for f in result.findings]


def test_a_walk_paid_back_as_won_is_conserved() -> None:
    (result,) = audit_text(WALK)
    assert result.findings == () and result.replay is not None
    assert dict(result.replay.ending_stacks)["E"] == 190787 + 500  # his $10 back, $5 won


def test_a_return_the_totals_imply_is_a_warning_not_an_error() -> None:
    assert _codes(FLOP) == []
    implied = FLOP.replace("Uncalled bet ($3) returned to B\n", "")
    assert _codes(implied) == [Code.UNCALLED_UNWRITTEN]
    (result,) = audit_text(implied)
    assert result.replay is not None
    assert dict(result.replay.ending_stacks)["B"] == 10000 - 100 + 300  # the $3 came back


def test_a_return_written_after_the_showdown_is_a_return() -> None:
    late = FLOP.replace("Uncalled bet ($3) returned to B\nB collected", "B collected").replace(
        "B: doesn't show hand\n", "B: doesn't show hand\nUncalled bet ($3) returned to B\n"
    )
    assert _codes(late) == []


def test_an_uncalled_bet_the_pot_kept_is_not_returned() -> None:
    # the return gone, the pot counts B's $3 and nobody is paid it: the room kept it
    kept = FLOP.replace("Uncalled bet ($3) returned to B\n", "").replace(
        "Total pot $3 |", "Total pot $6 |"
    )
    assert _codes(kept) == [Code.UNCALLED_WRONG, Code.POT_WRONG]


def test_a_return_while_a_player_still_owes_an_action_is_an_unfinished_round() -> None:
    # A's fold removed and the turn dealt: the bet was returned with A still to act on it
    early = FLOP.replace("A: folds\n", "").replace(
        "Uncalled bet ($3) returned to B\n",
        "Uncalled bet ($3) returned to B\n*** TURN *** [7s 3s Qc] [8d]\nB: checks\nA: checks\n",
    )
    (result,) = audit_text(early)
    street_early = [f for f in result.findings if f.code == Code.STREET_EARLY]
    assert [(f.player, f.recorded) for f in street_early] == [("A", "turn")]
