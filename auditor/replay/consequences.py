"""One defect, one error: which findings of a hand follow from an earlier one.

A record with one defect (a stale seat stack, a missed turn, a bet written wrong) makes
every later check that leans on it fail too: the next player seems to act out of turn,
the round ends early, the pot and the payout no longer add up. Those later findings stay
(in the tables and the report) but name the finding they follow from in ``caused_by``,
and only root causes are counted by the summary, the exit code and ``--fail-on``.

What follows from what is decided per check, in :data:`RULES`: a root code, the codes
that may follow from it, and how near they must be (the same street, the same player, or
anywhere later in the hand). A finding is linked to the first earlier finding of its
hand that a rule matches, and through it to that finding's own root, so a chain of
consequences always names the one root.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from auditor.findings import Code, Finding


class Reach(Enum):
    """How near a consequence must be to its root."""

    STREET = "street"  # later on the same street
    PLAYER = "player"  # later, about the same player
    HAND = "hand"  # anywhere later in the hand (the settlement's totals)
    REPEAT = "repeat"  # the same check failing again for the same player and reason


@dataclass(frozen=True, slots=True)
class Follows:
    """Findings of ``codes`` after a finding of ``roots`` (within ``reach``) follow from it."""

    roots: frozenset[Code]
    codes: frozenset[Code]
    reach: Reach
    why: str


# The order of play and the sizes a round's next actions are judged by: once a turn is
# missed or a blind is wrong, who is "next" and what he owes are measured on a wrong base.
_ORDER = frozenset(
    {
        Code.OUT_OF_TURN,
        Code.CALL_WRONG,
        Code.ILLEGAL_CHECK,
        Code.STREET_EARLY,
        Code.RAISE_TOO_SMALL,
        Code.RAISE_ABOVE_POT,
        Code.RERAISE_NOT_ALLOWED,
        Code.BET_SIZE_WRONG,
        Code.CAP_EXCEEDED,
    }
)
# Chips the replay counts otherwise than the record (an excess it returns that the record
# keeps in the pot, a cash-out): every total after them is off by them. Not a stale seat
# stack or a wrong call or blind: the replay goes on with the record's own amounts there,
# so a total that is off after them is a contradiction of its own.
_MONEY = frozenset({Code.UNCALLED_WRONG, Code.CASH_OUT_WRONG})
# The settlement's sums: the pots, the payout, the rake and conservation.
_TOTALS = frozenset(
    {
        Code.UNCALLED_WRONG,
        Code.POT_WRONG,
        Code.CHIPS_NOT_CONSERVED,
        Code.AWARD_WRONG,
        Code.ODD_CHIP_WRONG,
        Code.RAKE_WRONG,
    }
)

RULES: tuple[Follows, ...] = (
    Follows(
        frozenset({Code.OUT_OF_TURN}),
        _ORDER,
        Reach.STREET,
        "a turn taken out of order shifts who is next and what he owes for the round",
    ),
    Follows(
        frozenset({Code.ILLEGAL_CHECK}),
        frozenset({Code.STREET_EARLY, Code.OUT_OF_TURN}),
        Reach.STREET,
        "a check facing a bet leaves the player to call: the round is not complete when "
        "the record goes on as if it were",
    ),
    Follows(
        frozenset({Code.BLIND_WRONG}),
        _ORDER | {Code.BLIND_WRONG},
        Reach.STREET,
        "a blind posted by the wrong player or for the wrong amount moves the order and the "
        "amounts of the round before the flop",
    ),
    Follows(
        frozenset({Code.STACK_EXCEEDED}),
        _ORDER | {Code.STACK_EXCEEDED},
        Reach.PLAYER,
        "a seat stack the player's own bets exceed is stale: his later actions are judged "
        "on chips the record does not state",
    ),
    Follows(
        frozenset({Code.CALL_WRONG}),
        frozenset({Code.UNCALLED_WRONG}),
        Reach.PLAYER,
        "a call of more than is owed leaves an excess the rules return and the record keeps",
    ),
    Follows(
        _MONEY,
        _TOTALS,
        Reach.HAND,
        "an uncalled excess the rules return (or a cash-out) and the record keeps in the pot "
        "leaves every later total off by it",
    ),
    Follows(
        frozenset({Code.POT_WRONG}),
        frozenset({Code.POT_WRONG}),
        Reach.HAND,
        "the main and side pots are parts of the total: one wrong total makes them wrong",
    ),
)


def _reaches(rule: Follows, root: Finding, later: Finding) -> bool:
    if root.code not in rule.roots or later.code not in rule.codes:
        return False
    if rule.reach is not Reach.HAND and later.source.line <= root.source.line:
        # two findings on one action are two things it breaks (a raise out of turn that
        # also raises his own bet), not one following from the other
        return False
    if rule.reach is Reach.STREET:
        return bool(root.street) and root.street == later.street
    if rule.reach is Reach.PLAYER:
        return bool(root.player) and root.player == later.player
    return True


def _repeats(root: Finding, later: Finding) -> bool:
    """The same check of the order of play failing again for the same player and reason
    (a player with no seat acting on every street, say): one defect, seen again. Not a
    card or a description: two wrong ones are two defects."""
    return (
        root.code == later.code
        and root.code in _ORDER
        and root.player == later.player
        and root.message == later.message
        and bool(root.player)
    )


def cause_of(earlier: Sequence[Finding], finding: Finding) -> Finding | None:
    """The root ``finding`` follows from among ``earlier`` (in the order found), or None."""
    if finding.caused_by is not None:
        return finding.caused_by
    for root in earlier:
        if root.hand_key != finding.hand_key or root.hand_id != finding.hand_id:
            continue
        if _repeats(root, finding) or any(_reaches(rule, root, finding) for rule in RULES):
            return root.caused_by or root
    return None


def link_consequences(findings: Sequence[Finding]) -> tuple[Finding, ...]:
    """``findings`` of one hand (in the order found), each consequence naming its root:
    the first finding earlier in the record that a rule links it to, or that one's root."""
    if len(findings) < 2:
        return tuple(findings)
    # judged in the record's order (the blinds' checks, say, are made before the line of
    # play above them): a root is what comes first in the record; the order found is kept
    order = sorted(range(len(findings)), key=lambda i: (findings[i].source.line, i))
    linked: list[Finding] = []
    out: list[Finding] = list(findings)
    for i in order:
        finding = findings[i]
        root = cause_of(linked, finding)
        if root is not None and finding.caused_by is None:
            finding = dataclasses.replace(finding, caused_by=root)
        linked.append(finding)
        out[i] = finding
    return tuple(out)
