"""A hand whose play has no win line ("X collected ..." / "X wins the pot ...") but whose
summary says what the winner collected ends with the winner holding it: the replay's
ending stacks (and so the next hand's continuity check) take the summary's word, as the
chip-conservation check already does (auditor/replay/pots.py)."""

from __future__ import annotations

from tests.replay.fault_cases import audit

_NO_WIN_LINE = """\
PokerStars Hand #200000000901:  Omaha Pot Limit ($0.50/$1.00 USD) - 2020/03/14 21:05:09 ET
Table 'Ending' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 2: bob ($100 in chips)
ann: posts small blind $0.50
bob: posts big blind $1
*** HOLE CARDS ***
ann: raises $2 to $3
bob: folds
Uncalled bet ($2) returned to ann
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: ann (button) (small blind) collected ($2)
Seat 2: bob (big blind) folded before Flop
"""


def test_the_summary_collect_is_in_the_ending_stack() -> None:
    result = audit(_NO_WIN_LINE, "no-win-line.txt")
    assert result.replay is not None
    assert dict(result.replay.ending_stacks) == {"ann": 10100, "bob": 9900}
