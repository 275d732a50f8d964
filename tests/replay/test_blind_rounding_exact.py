"""blinds.fixed_limit_small_blind_rounding = "exact": half the small bet to the minor unit
(Full Tilt posts $1.25 at $2.50/$5), where "down" and "up" round to a whole unit."""

from __future__ import annotations

from auditor.replay.betting import _fixed_limit_small_blind
from auditor.replay.profile import BlindRounding, load_profile


def test_exact_keeps_the_half_in_cents() -> None:
    assert _fixed_limit_small_blind(250, 100, BlindRounding.EXACT) == 125
    assert _fixed_limit_small_blind(250, 100, BlindRounding.DOWN) == 100
    assert _fixed_limit_small_blind(250, 100, BlindRounding.UP) == 200
    assert _fixed_limit_small_blind(5, 1, BlindRounding.EXACT) == 2  # 5 chips: 2 (no half chip)


def test_the_fulltilt_profile_posts_exact_halves() -> None:
    assert load_profile("fulltilt").fixed_limit_small_blind_rounding is BlindRounding.EXACT
