"""A layout that pays an uncalled bet back in its owner's win line (Hand.uncalled_returns_in_wins):
the replay reads the part of the line that is the return as the return, the rest as won, so
the pots, the awards and the implied rake are the pot's, not the pot's and the bet's."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.findings import Code
from auditor.read.split import RawHand
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.rooms.party.reader import PartyReader

# PartyPoker's "6 Max.txt" (HHSmithy), hand 13550493674, cut to its three players:
# FlotFyr31aar's $7.13 flop bet is not called, and "wins $14.26" is the $7.50 pot less its
# $0.37 rake (5%, rounded down) and the $7.13 given back
HEAD = """***** Hand History for Game 13550493674 *****
$100 USD PL Omaha - Monday, January 06, 06:50:34 EST 2014
Table Paris (Real Money)
Seat 3 is the button
Total number of players : 3/6
Seat 1: Ann ( $100 USD )
Seat 2: Ben ( $50 USD )
Seat 3: FlotFyr31aar ( $20 USD )
Ann posts small blind [$0.50 USD].
Ben posts big blind [$1 USD].
** Dealing down cards **
FlotFyr31aar raises [$3.50 USD]
Ann folds
Ben calls [$2.50 USD]
** Dealing Flop ** [ 2d, Qc, Ad ]
Ben checks
"""
NO_SHOWDOWN = HEAD + (
    "FlotFyr31aar bets [$7.13 USD]\nBen folds\nFlotFyr31aar does not show cards.\n"
    "FlotFyr31aar wins $14.26 USD\n"
)


def _hand(text: str) -> ev.Hand:
    return PartyReader().read(RawHand("6max.txt", 1, tuple(text.splitlines()), "party"))


def test_the_return_inside_a_win_line_is_read_out_of_it() -> None:
    hand = _hand(NO_SHOWDOWN)
    assert hand.uncalled_returns_in_wins and not hand.uncalled_returns_written
    replayed = replay_hand(hand, load_profile("party"))
    assert [f.code for f in replayed.findings] == []
    assert dict(replayed.collected) == {"FlotFyr31aar": 713}  # 14.26 less the 7.13 returned
    ((line, read),) = replayed.netted
    assert isinstance(line, ev.Collected) and isinstance(read, ev.Collected)
    assert (line.amount, read.amount) == (1426, 713)
    # the implied rake is the pot's: 7.50 in, 7.13 paid
    assert (replayed.chips_in, replayed.paid_out, replayed.unwritten_returns) == (750, 713, 0)
    assert dict(replayed.ending_stacks)["FlotFyr31aar"] == 2000 - 350 + 713


def test_without_the_mark_the_win_line_is_the_pot_and_the_bet() -> None:
    # read as a walk's "won whole": the pot the totals are weighed against holds the bet
    hand = replace(_hand(NO_SHOWDOWN), uncalled_returns_in_wins=False)
    replayed = replay_hand(hand, load_profile("party"))
    assert replayed.netted == ()
    assert dict(replayed.collected) == {"FlotFyr31aar": 1426}
    assert replayed.chips_in == 750 + 713


def test_a_side_pot_only_its_bettor_was_in_is_his_return() -> None:
    text = HEAD.replace("Ben checks\n", "") + (
        "Ben is all-In  [$46.50 USD]\n"  # 30 more than FlotFyr31aar's 16.50 behind
        "FlotFyr31aar is all-In  [$16.50 USD]\n"
        "** Dealing Turn ** [ 5s ]\n** Dealing River ** [ 9h ]\n"
        "FlotFyr31aar shows [ Ac, As, Kh, Ks ]three of a kind, Aces.\n"
        "Ben shows [ 3c, 4c, 8d, 8h ]a pair of Aces.\n"
        "Ben wins $30 USD from the side pot 1 with a pair of Aces.\n"
        "FlotFyr31aar wins $38.50 USD from the main pot with three of a kind, Aces.\n"
    )
    replayed = replay_hand(_hand(text), load_profile("party"))
    ((line, read),) = replayed.netted
    assert isinstance(line, ev.Collected) and isinstance(read, ev.UncalledReturned)
    assert (line.pot, read.amount) == (1, 3000)
    assert dict(replayed.collected) == {"FlotFyr31aar": 3850}  # $40.50 less $2 rake
    assert Code.UNCALLED_WRONG not in [f.code for f in replayed.findings]
