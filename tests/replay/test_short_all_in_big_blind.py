"""A big blind posted all-in for less does not lower the bet the others face: they call
the full big blind (Robert's Rules of Poker, "Button and blind use", rule 1: "The minimum
bring-in and allowable raise sizes for the opener are specified by the poker form used
and blind amounts set for a game. They remain the same even when the player in the blind
does not have enough chips to post the full amount."). Issue 21, pattern 6 (Merge's
tournament hand #4927169400080); the rule is the engine's, for every room."""

from __future__ import annotations

from auditor.api import audit_text

_HEADER = (
    "PokerStars Hand #300000000101:  Omaha Pot Limit ($0.50/$1.00 USD) - "
    "2020/03/14 21:05:09 CET [2020/03/14 16:05:09 ET]"
)
HAND = f"""{_HEADER}
Table 'Fixture S' 6-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($0.60 in chips)
B: posts small blind $0.50
C: posts big blind $0.60 and is all-in
*** HOLE CARDS ***
A: calls $1
B: calls $0.50
*** FLOP *** [2c 7d Th]
B: checks
A: checks
*** TURN *** [2c 7d Th] [Qs]
B: checks
A: checks
*** RIVER *** [2c 7d Th Qs] [3h]
B: checks
A: checks
*** SHOW DOWN ***
B: shows [8h 6h 4d 3c] (high card Queen)
A: shows [5h 5d 4c 4s] (two pair, Fives and Fours)
C: shows [As Ks 9d 9c] (a pair of Nines)
C collected $1.80 from main pot
A collected $0.80 from side pot
*** SUMMARY ***
Total pot $2.60 Main pot $1.80. Side pot $0.80. | Rake $0
Board [2c 7d Th Qs 3h]
Seat 1: A (button) showed [5h 5d 4c 4s] and won ($0.80) with two pair, Fives and Fours
Seat 2: B (small blind) showed [8h 6h 4d 3c] and lost with high card Queen
Seat 3: C (big blind) showed [As Ks 9d 9c] and won ($1.80) with a pair of Nines
"""


def test_the_others_call_the_full_big_blind() -> None:
    (result,) = audit_text(HAND)
    assert [f.code.value for f in result.findings if f.severity.name == "ERROR"] == []


def test_a_call_of_the_short_blind_alone_is_short() -> None:
    text = HAND.replace("A: calls $1\n", "A: calls $0.60\n")
    text = text.replace("B: calls $0.50", "B: calls $0.10")
    (result,) = audit_text(text)
    assert "CALL_WRONG" in [f.code.value for f in result.findings]
