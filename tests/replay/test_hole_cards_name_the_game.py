"""A 4-card Omaha header over a hand dealt five cards a player is the 5-card game, with the
header's name a GAME_MISLABELED warning (issue 21, pattern 10: PokerMaster writes "Omaha Pot
Limit" at its "PPP_5Cards_..." tables; it was a CARD_INVALID error). In memory, in the
PokerStars layout PokerMaster writes."""

from __future__ import annotations

from auditor.api import audit_text

HAND = """PokerMaster Hand #1900000000001: Omaha Pot Limit ($15/$30 USD) - 2019/05/26 12:53:33 UTC
Table 'PPP_5Cards_TEST' 6-max Seat #6 is the button
Seat 3: p3 ($3000 in chips)
Seat 6: p6 ($1500 in chips)
p6: posts small blind $15
p3: posts big blind $30
*** HOLE CARDS ***
Dealt to p6 [9c Qc 9h Jc Qs]
p6: raises $60 to $90
p3: folds
Uncalled bet ($60) returned to p6
p6 collected $60 from pot
*** SUMMARY ***
Total pot $60 | Rake $0
Seat 3: p3 (big blind) folded before Flop
Seat 6: p6 (button) (small blind) collected ($60)
"""


def test_five_cards_under_an_omaha_header_are_the_five_card_game() -> None:
    (result,) = audit_text(HAND)
    assert result.hand is not None
    assert (result.hand.start.variant, result.hand.start.hole_card_count) == ("PLO5", 5)
    codes = [(f.code.value, f.severity.name) for f in result.findings]
    assert codes == [("GAME_MISLABELED", "WARNING")]


def test_four_cards_under_the_same_header_are_left_alone() -> None:
    (result,) = audit_text(HAND.replace("[9c Qc 9h Jc Qs]", "[9c Qc 9h Jc]"))
    assert result.hand is not None
    assert result.hand.start.variant == "PLO"
    assert result.findings == ()
