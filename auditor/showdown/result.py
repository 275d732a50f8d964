"""What settlement yields: the pots as paid, each share, and the findings."""

from __future__ import annotations

from dataclasses import dataclass

from auditor.findings import Finding


@dataclass(frozen=True, slots=True)
class AwardRecord:
    """A player's share of one half of one pot: what the rules give and what the record pays."""

    pot_index: int  # -1: the record does not say which of several pots paid (or none did)
    board: int
    # hi/lo, scoop, or "pots" when the record does not name the pot; "not_awarded": a share
    # the room kept as its winner had cashed out; "cash_out": what the room paid a player
    # who cashed out (outside the pot, so no pot's money)
    half: str
    player: str
    expected: int | None  # None when the record's pot is unnamed among several
    recorded: int
    fee: int | None = None  # a cash-out's fee


@dataclass(frozen=True, slots=True)
class PotAward:
    pot_index: int
    board: int
    amount: int  # as paid out in the record
    hi_winners: tuple[str, ...]
    lo_winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    findings: tuple[Finding, ...]
    pots: tuple[PotAward, ...]
    awards: tuple[AwardRecord, ...]
