"""Split arithmetic: a pot in equal shares of whole units, the odd units by the profile's
tie rule, and the high half's odd chip."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from auditor import events as ev
from auditor.cards import Card
from auditor.replay.profile import OddChipTieRule, OddChipUnit, RuleProfile


def odd_chip_unit(profile: RuleProfile, hand: ev.Hand) -> int:
    """The smallest chip a pot is split in (1: the currency's minor unit)."""
    if profile.odd_chip_unit is OddChipUnit.SMALLEST_BLIND_CHIP:
        return smallest_blind_chip(hand)
    if profile.odd_chip_unit is OddChipUnit.TABLE_CHIP:
        return table_chip(hand)
    return 1


_BLINDS = frozenset({ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND})


def smallest_blind_chip(hand: ev.Hand) -> int:
    """The chip of the blinds: the largest amount both blinds posted are whole numbers of
    (in fixed limit the header names the bets, not the blinds: $0.50/$1 posts $0.25 and
    $0.50, a $0.25 chip); the stakes named, when the record posts no blind."""
    posted = [
        e.amount
        for e in hand.events
        if type(e) is ev.Posted and e.kind in _BLINDS and e.amount > 0 and not e.all_in
    ]
    start = hand.start
    return math.gcd(*posted) if posted else math.gcd(start.small_stake, start.big_stake) or 1


def table_chip(hand: ev.Hand) -> int:
    """The table's smallest chip as the record itself shows it: the largest amount of which
    every amount the hand writes (stacks, posts, bets, calls, raises, returns, payouts and
    the rake) is a whole number. A pot split in it leaves nothing finer than the table
    uses; a split in a finer chip would pay amounts the table's record never writes."""
    chip = 0
    for event in hand.events:
        if isinstance(event, ev.SeatTaken):
            chip = math.gcd(chip, event.stack)
        elif isinstance(event, _AMOUNTED):
            chip = math.gcd(chip, event.amount)
        elif isinstance(event, ev.RaisedTo):
            chip = math.gcd(chip, event.by, event.to)
        elif isinstance(event, ev.SummaryPot) and event.rake:
            chip = math.gcd(chip, event.rake)
        if chip == 1:
            break
    return chip or 1


_AMOUNTED = (ev.Posted, ev.Called, ev.Bet, ev.UncalledReturned, ev.Collected)


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


def halves(
    amount: int,
    hi: Sequence[str],
    lo: Sequence[str],
    unit: int,
    profile: RuleProfile,
    shown: Mapping[str, Sequence[Card]],
) -> tuple[dict[str, int], dict[str, int]]:
    """The high and the low half's shares of a hi/lo pot: the odd chip of the pot to the
    high half; the odd chips of a tied low half by the tie rule, or to the high half where
    the profile says the room puts them there (``odd_chips.low_ties_odd_chips_to_high``)."""
    high_half = round_up(amount, 2, unit)
    low_half = amount - high_half
    if profile.low_ties_odd_chips_to_high and len(lo) > 1:
        each = low_half // unit // len(lo) * unit
        high_half += low_half - each * len(lo)
        return split(high_half, hi, unit, profile, shown), dict.fromkeys(lo, each)
    return split(high_half, hi, unit, profile, shown), split(low_half, lo, unit, profile, shown)


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
