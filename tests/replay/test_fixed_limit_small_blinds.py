"""A room's own fixed-limit small blind where no rounding of half the small bet gives it
(issue 21, pattern 6): Merge's "Limit $0.25/$0.50" posts $0.10/$0.25 (fpdb's MergeToFpdb
Lim_Blinds '0.50': ('0.10', '0.25')); the merge profile's blinds.fixed_limit_small_blinds
names it, other stakes keep the rounding rule."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.api import audit_text, bundled_fixtures
from auditor.replay.betting import stakes_of
from auditor.replay.profile import load_profile


def _fixed_start(small_bet: int, big_bet: int) -> ev.HandStarted:
    text = (bundled_fixtures() / "pokerstars" / "cash_plo_every_line.txt").read_text()
    (result,) = audit_text(text)
    assert result.hand is not None
    start = result.hand.start
    return replace(start, limit=ev.Limit.FIXED, small_stake=small_bet, big_stake=big_bet, scale=100)


def test_merge_s_quarter_limit_small_blind_is_a_dime() -> None:
    merge = load_profile("merge")
    assert stakes_of(_fixed_start(25, 50), merge).small_blind == 10
    assert stakes_of(_fixed_start(25, 50), load_profile("seeds")).small_blind == 12


def test_other_stakes_keep_the_rounding_rule() -> None:
    merge = load_profile("merge")
    assert stakes_of(_fixed_start(100, 200), merge).small_blind == 50
    assert load_profile("seeds").fixed_limit_small_blinds is None
