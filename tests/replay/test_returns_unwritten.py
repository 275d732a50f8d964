"""A layout that writes no line for an uncalled bet's return (Hand.uncalled_returns_written False):
the bet comes back by the rules and no UNCALLED_WRONG is raised for the missing line; the
pot checks still hold the record to the return (a pot line that kept the bet is POT_WRONG).
A hand without the mark still flags the missing return."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.findings import Code
from auditor.read.split import RawHand
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.rooms.ongame.reader import OnGameReader

# OnGame's Limit5.txt (HHSmithy): yakitaki's $25 flop bet is not called, and the pot line
# leaves it out ($25 = 10 + 10 + 5)
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


def _hand(text: str) -> ev.Hand:
    return OnGameReader().read(RawHand("limit5.txt", 1, tuple(text.splitlines()), "ongame"))


def test_a_silent_return_is_no_finding_and_the_stacks_end_right() -> None:
    replayed = replay_hand(_hand(HAND), load_profile("seeds"))
    assert [f.code for f in replayed.findings] == []
    assert dict(replayed.ending_stacks)["yakitaki"] == 15475  # as the summary's ($154.75)


def test_without_the_mark_the_missing_return_is_flagged() -> None:
    # the pot line leaves the bet out: the return is implied, its missing line a warning
    hand = _hand(HAND)
    replayed = replay_hand(replace(hand, uncalled_returns_written=True), load_profile("seeds"))
    assert [f.code for f in replayed.findings] == [Code.UNCALLED_UNWRITTEN]


def test_a_pot_that_kept_the_uncalled_bet_and_paid_it_back_is_conserved() -> None:
    # $50 in the pot line, $48.75 + $1.25 rake to yakitaki, whose $25 it is: his own money
    # back under another word (a walk's "won"), no finding
    kept = HAND.replace("Main pot: $25.00 won by yakitaki ($23.75)", "Main pot: $50.00 won by "
                        "yakitaki ($48.75)")  # fmt: skip
    replayed = replay_hand(_hand(kept), load_profile("seeds"))
    assert [f.code for f in replayed.findings] == []
    assert dict(replayed.ending_stacks)["yakitaki"] == 15475  # as the summary's ($154.75)


def test_a_pot_that_kept_the_uncalled_bet_and_paid_no_one_is_still_wrong() -> None:
    kept = HAND.replace("Main pot: $25.00 won by yakitaki ($23.75)", "Main pot: $50.00 won by "
                        "yakitaki ($23.75)")  # fmt: skip
    replayed = replay_hand(_hand(kept), load_profile("seeds"))
    assert Code.POT_WRONG in [f.code for f in replayed.findings]
