"""Cash-outs in settlement: a share the room kept from a winner who cashed out, judged like
a share paid, and a row for each cash-out (the room's money, outside the pot)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from auditor import events as ev
from auditor.showdown.result import AwardRecord
from auditor.source import SourceSpan


def not_awarded_as_paid(
    not_awarded: Mapping[str, ev.PotNotAwarded],
    labelled: bool,
    pots: int,
    collected: dict[tuple[int, int], dict[str, int]],
    spans: dict[tuple[int, int], SourceSpan],
) -> list[AwardRecord]:
    """A share the room kept from a winner who cashed out is judged like a share paid:
    the cards must give it to him. The summary does not say which pot it came from, so
    it counts as the pot's (one pot) or the pots' (several, unnamed): added to
    ``collected`` and ``spans`` in place; where the record names the pots it paid
    (``labelled``, ``pots`` > 1), the kept share stands apart, unjudged: its rows are
    returned."""
    if not not_awarded:
        return []
    if labelled and pots > 1:
        return [
            AwardRecord(-1, 1, "not_awarded", player, None, kept.amount)
            for player, kept in sorted(not_awarded.items())
        ]
    paid = collected.setdefault((1, 0), {})
    for player, kept in not_awarded.items():
        paid[player] = paid.get(player, 0) + kept.amount
        spans.setdefault((1, 0), kept.span)
    return []


def cash_out_rows(
    awards: list[AwardRecord],
    not_awarded: Mapping[str, ev.PotNotAwarded],
    cash_outs: Sequence[ev.CashedOut],
) -> list[AwardRecord]:
    """The award rows with the kept shares marked as such, and a row for each cash-out."""
    if not_awarded:
        awards = [
            replace(a, half="not_awarded") if a.player in not_awarded and a.recorded > 0 else a
            for a in awards
        ]
    return awards + [
        AwardRecord(-1, 1, "cash_out", cash_out.player, None, cash_out.amount or 0, cash_out.fee)
        for cash_out in cash_outs
    ]
