"""What the betting structures allow: blinds, bet sizes, the pot-limit maximum, minimum raises.

Pure functions of the numbers at one moment; the engine keeps the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from auditor import events as ev
from auditor.replay.profile import BlindRounding, RuleProfile


@dataclass(frozen=True, slots=True)
class Stakes:
    """The blinds and bet sizes of a hand, in its minor unit."""

    small_blind: int
    big_blind: int
    small_bet: int  # fixed limit: the first two streets' bet; otherwise the big blind
    big_bet: int  # fixed limit: the last two streets' bet; otherwise the big blind


def stakes_of(start: ev.HandStarted, profile: RuleProfile) -> Stakes:
    """Blinds from the header: in fixed limit, derived from the small bet under the profile.

    >>> from auditor.replay.profile import load_profile
    >>> seeds = load_profile("seeds")
    >>> down, up = BlindRounding.DOWN, BlindRounding.UP
    >>> fixed = _fixed_limit_small_blind(500, 100, down), _fixed_limit_small_blind(500, 100, up)
    >>> fixed
    (200, 300)
    """
    if start.limit is ev.Limit.FIXED:
        small_bet, big_bet = start.small_stake, start.big_stake
        small_blind = _fixed_limit_small_blind(
            small_bet, start.scale, profile.fixed_limit_small_blind_rounding
        )
        named = (profile.fixed_limit_small_blinds or {}).get(Decimal(small_bet) / start.scale)
        if named is not None:  # the room's own structure for this stake (Merge: 0.25 -> 0.10)
            small_blind = int(named * start.scale)
        return Stakes(small_blind, small_bet, small_bet, big_bet)
    return Stakes(start.small_stake, start.big_stake, start.big_stake, start.big_stake)


def _fixed_limit_small_blind(small_bet: int, scale: int, rounding: BlindRounding) -> int:
    """Half the small bet, rounded to a whole unit of the currency once it is worth one.

    The seeds' example: 5/10 limit gives a small blind of 2; $1/$2 gives $0.50.
    """
    exact, remainder = divmod(small_bet, 2)
    if rounding is BlindRounding.EXACT:
        return exact  # $2.50/$5 gives $1.25 (an odd minor unit: rounded down)
    if rounding is BlindRounding.UP and remainder:
        exact += 1
    if exact < scale or scale == 1:
        return exact
    whole, part = divmod(exact, scale)
    if part == 0:
        return exact
    if rounding is BlindRounding.UP:
        return (whole + 1) * scale
    return whole * scale


def street_bet_size(street: ev.Street, stakes: Stakes) -> int:
    """Fixed limit: the small bet before the flop and on it, the big bet after."""
    return stakes.small_bet if street in (ev.Street.PREFLOP, ev.Street.FLOP) else stakes.big_bet


def pot_limit_max_raise_to(
    pot_before_street: int, bets_on_table: int, current_bet: int, own_bet: int
) -> int:
    """The largest total a player may make his bet in pot limit.

    Maximum raise = the pot + all bets on the table + the amount the raiser must call
    first. The seeds' example: pot 200, bet 150, call 150 -> the third player may make
    it 800 (call 150 + raise 650).

    >>> pot_limit_max_raise_to(200, 300, 150, 0)
    800
    >>> pot_limit_max_raise_to(0, 3, 2, 0)  # blinds 1/2: the first raise may be to 7
    7
    """
    to_call = current_bet - own_bet
    pot_after_call = pot_before_street + bets_on_table + to_call
    return current_bet + pot_after_call


def min_raise_to(current_bet: int, last_raise: int, big_blind: int) -> int:
    """The smallest legal total for a bet or raise: the last bet or raise again, at least a BB.

    >>> min_raise_to(0, 0, 2), min_raise_to(10, 8, 2), min_raise_to(2, 2, 2)
    (2, 18, 4)
    """
    return current_bet + max(last_raise, big_blind)
