"""A low worded by its top card only ("LO : High card : 7", Winamax) is checked on the
card it names, as a high claim is on the ranks it names (room-neutral: hand_claims and
showdown/descriptions)."""

from __future__ import annotations

from auditor.hand_claims import ClaimedLow


def test_a_low_named_by_its_top_card_matches_the_lows_with_that_top() -> None:
    assert ClaimedLow((7,)).matches((7, 5, 4, 3, 2))
    assert not ClaimedLow((7,)).matches((8, 7, 5, 4, 3))
    assert ClaimedLow((8, 5, 4, 2, 1)).matches((8, 5, 4, 2, 1))
    assert not ClaimedLow((8, 5, 4, 2, 1)).matches((8, 5, 4, 3, 1))
    assert not ClaimedLow((7,)).matches(None)
