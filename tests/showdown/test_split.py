"""The halves of a hi/lo pot: the pot's odd chip to the high half, a tied low half's odd
chips by the tie rule, or to the high half where the room's profile says so (Bovada)."""

from __future__ import annotations

import dataclasses

from auditor.replay.profile import load_profile
from auditor.showdown.split import halves


def test_the_seeds_give_a_tied_low_half_s_odd_cent_to_the_first_low_winner() -> None:
    seeds = load_profile("seeds")
    high, low = halves(962, ("dealer",), ("dealer", "bb"), 1, seeds, {})
    assert high == {"dealer": 481}
    assert low == {"dealer": 241, "bb": 240}


def test_bovada_gives_it_to_the_high_half() -> None:
    """Bovada's 2902256725: $9.62 net, "HI $4.82" and the lows $2.40 each."""
    bovada = load_profile("bovada")
    assert bovada.low_ties_odd_chips_to_high
    high, low = halves(962, ("dealer",), ("dealer", "bb"), 1, bovada, {})
    assert high == {"dealer": 482}
    assert low == {"dealer": 240, "bb": 240}
    # 2902266598: $0.95 net, the high $0.49, the lows $0.23 each
    high, low = halves(95, ("bb",), ("sb", "utg3"), 1, bovada, {})
    assert (high, low) == ({"bb": 49}, {"sb": 23, "utg3": 23})


def test_one_low_winner_takes_the_whole_low_half_whatever_the_rule() -> None:
    rule = dataclasses.replace(load_profile("seeds"), low_ties_odd_chips_to_high=True)
    assert halves(95, ("a",), ("b",), 1, rule, {}) == ({"a": 48}, {"b": 47})
