"""A raise that no one else can call more of is not short, and a "raise" to the bet faced
is a call (issue 21, pattern 11).

Poker Now writes both (plo_home.csv, the PLO8 log pgldC8wst6x4dJlZ9LwBCUpUX: "Bijo raises
to 68 and go all in", then "Ayo raises to 68"); the rule is the engine's, for every room,
so the hands here are in the PokerStars layout and need no corpus.

- Capped: C bets $5 on the flop with $2 behind; A (not all-in) raises to $7, C's whole
  reach. The seeds' minimum raise would be to $10, but no chip above $7 could ever be
  called: the raise is not short (it was RAISE_TOO_SMALL before).
- Call: A raises all-in to $15; C "raises $12 to $15": the chips of a call (two
  RAISE_TOO_SMALL before: "does not raise the bet", "below the minimum").
"""

from __future__ import annotations

from auditor.api import audit_text
from auditor.results import HandResult

_HEAD = (
    (
        "PokerStars Hand #{id}:  Omaha Pot Limit ($0.50/$1.00 USD) - "
        "2020/03/14 21:05:09 CET [2020/03/14 16:05:09 ET]\n"
    )
    + """Table 'Fixture R' 6-max Seat #1 is the button
Seat 1: A (${a} in chips)
Seat 2: B ($100 in chips)
Seat 3: C (${c} in chips)
B: posts small blind $0.50
C: posts big blind $1
*** HOLE CARDS ***
A: raises $2 to $3
B: folds
C: calls $2
*** FLOP *** [2c 7d Th]
"""
)
_TAIL = """*** TURN *** [2c 7d Th] [Qs]
*** RIVER *** [2c 7d Th Qs] [3h]
*** SHOW DOWN ***
C: shows [As Ks 9d 9c] (a pair of Nines)
A: shows [8h 6h 4d 3c] (high card Queen)
C collected ${pot} from pot
*** SUMMARY ***
Total pot ${pot} | Rake $0
Board [2c 7d Th Qs 3h]
Seat 1: A (button) showed [8h 6h 4d 3c] and lost with high card Queen
Seat 2: B (small blind) folded before Flop
Seat 3: C (big blind) showed [As Ks 9d 9c] and won (${pot}) with a pair of Nines
"""

CAPPED = (
    _HEAD.format(id="300000000001", a=100, c=10)
    + "C: bets $5\nA: raises $2 to $7\nC: calls $2 and is all-in\n"
    + _TAIL.format(pot="20.50")  # 0.50 + 3 + 3 + 7 + 7
)
CALL_AS_RAISE = (
    _HEAD.format(id="300000000002", a=18, c=100)
    + "C: bets $3\nA: raises $12 to $15 and is all-in\nC: raises $12 to $15\n"
    + _TAIL.format(pot="36.50")  # 0.50 + 3 + 3 + 15 + 15
)


def _result(text: str) -> HandResult:
    (result,) = audit_text(text)
    return result


def test_a_raise_to_the_only_opponents_reach_is_not_short() -> None:
    result = _result(CAPPED)
    assert [f.code.value for f in result.findings if f.severity.name == "ERROR"] == []
    assert result.replay is not None
    raise_row = next(a for a in result.replay.actions if a.player == "A" and a.street == "flop")
    assert (raise_row.action, raise_row.to_amount, raise_row.min_legal) == ("raise", 700, 700)


def test_a_raise_to_the_bet_faced_is_a_call() -> None:
    result = _result(CALL_AS_RAISE)
    assert [f.code.value for f in result.findings if f.severity.name == "ERROR"] == []
    assert result.replay is not None
    row = result.replay.actions[-1]
    assert (row.player, row.action, row.amount, row.to_amount) == ("C", "call", 1200, 1500)


def test_a_short_raise_others_can_call_more_of_is_still_short() -> None:
    # the same raise to $7 with C holding $30: C could call more, so $7 is below the $10
    text = CAPPED.replace("C ($10 in chips)", "C ($30 in chips)").replace(
        "C: calls $2 and is all-in", "C: calls $2"
    )
    codes = [f.code.value for f in _result(text).findings]
    assert "RAISE_TOO_SMALL" in codes
