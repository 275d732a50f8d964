"""Split arithmetic: a pot in equal shares of whole units, the odd units by the profile's
tie rule, and the high half's odd chip."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from auditor import events as ev
from auditor.cards import Card
from auditor.replay.profile import OddChipTieRule, OddChipUnit, RuleProfile


def odd_chip_unit(profile: RuleProfile, start: ev.HandStarted) -> int:
    """The smallest chip a pot is split in (1: the currency's minor unit)."""
    if profile.odd_chip_unit is OddChipUnit.SMALLEST_BLIND_CHIP:
        return math.gcd(start.small_stake, start.big_stake) or 1
    return 1


def split(
    amount: int,
    winners: Sequence[str],
    unit: int,
    profile: RuleProfile,
    shown: Mapping[str, Sequence[Card]],
) -> dict[str, int]:
    """Equal shares in whole units; odd units one each to the winners in tie order
    (``shown``: the winners' cards, for the by-suit rule)."""
    if not winners:
        return {}
    ordered = list(winners)
    if profile.odd_chip_tie_rule is OddChipTieRule.BY_SUIT:
        ordered.sort(key=lambda p: suit_order(shown.get(p, ())), reverse=True)
    units, rest = divmod(amount, unit)
    each, odd = divmod(units, len(ordered))
    shares = {p: each * unit for p in ordered}
    for player in ordered[:odd]:
        shares[player] += unit
    shares[ordered[0]] += rest
    return shares


def round_up(amount: int, parts: int, unit: int) -> int:
    """The larger part of ``amount`` split in ``parts``, in whole units (the high half)."""
    units, rest = divmod(amount, unit)
    half, odd = divmod(units, parts)
    return (half + odd) * unit + rest


def suit_order(cards: Sequence[Card]) -> tuple[int, int]:
    """For the by-suit odd chip: the highest card, then its suit (spades highest)."""
    if not cards:
        return (-1, -1)
    top = max(cards, key=lambda c: (c.rank, c.suit))
    return (top.rank, top.suit)
