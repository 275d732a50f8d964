"""Every finding on Run It Once's hands of the corpus, each named with why it is right: they
are read by the runitonce room and audited under the seeds profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears.

Two of the three hands (February and April 2019; fpdb files them as the room's "raiseTo"
bug) write a re-raise by a player who already has chips in the round as "raises X to Y"
where Y is the chips he ADDS, not his total: PaulOpenfold's "raises €44.00 to €68" over
his own €7 in 31260881 puts in €68 (€75 in all: Randy O "calls €51" from his €24, the
total pot €382.76 is €1 + €2 + 2 x (€75 + €114.88), and Paul's €114.88 flop bet is his
last chip of €189.88); Shaun J's "raises €1.36 to €30.25" over his €7.07 flop bet in
34011543 puts in €30.25 (€37.32, all he has: "Uncalled bet (€8.43) returned" is what is
left over Hero's €28.89). The record says one total and shows another: each finding
below follows from that. The August hand (36197946) writes totals as the Stars layout
does ("raises €22.50 to €31.75", "Reggie U: calls €30" from €1.75)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

SIDE = "RunItOnce/PLO/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt"
STP = "RunItOnce/PLO/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt"
BUG = "RunItOnce/PLO/PLO-6max-EUR-1.00-2.00-201902.RIO.raiseTo.bug.txt"

_ALL_IN_CHECKS = (
    "Gary Q (€18.40 in, all of it) and Hero (€28.89, all of his) are all-in after the flop, "
    "and Shaun J too by the chips he put in; yet all three 'check' the turn and the river "
    "(one finding per line): no betting round is left to act in"
)

EXPECTED: dict[Key, str] = {
    (SIDE, "34011543", "OUT_OF_TURN", 27): _ALL_IN_CHECKS,
    (SIDE, "34011543", "OUT_OF_TURN", 28): _ALL_IN_CHECKS,
    (SIDE, "34011543", "OUT_OF_TURN", 29): _ALL_IN_CHECKS,
    (SIDE, "34011543", "OUT_OF_TURN", 31): _ALL_IN_CHECKS,
    (SIDE, "34011543", "OUT_OF_TURN", 32): _ALL_IN_CHECKS,
    (SIDE, "34011543", "OUT_OF_TURN", 33): _ALL_IN_CHECKS,
    (SIDE, "34011543", "UNCALLED_WRONG", 37): "(a) €8.43 returned to Shaun J, whose written "
    "total of €30.25 leaves 30.25 - 28.89 = €1.36 over Hero's all-in €28.89 (Gary Q's "
    "€18.40 is less): 8.43 != 1.36; the return and the raise line do not agree (the return "
    "is right: he put in 7.07 + 30.25 = €37.32, and 37.32 - 28.89 = 8.43)",
    (SIDE, "34011543", "UNCALLED_WRONG", 40): "(a) the 30.25 - 28.89 = €1.36 the written "
    "raise leaves uncalled is never returned (the record returns €8.43 instead: 8.43 != 1.36)",
    (BUG, "31260881", "CALL_WRONG", 20): "(a) Randy O 'calls €51' from €24 to Paul's written "
    "€68: 68 - 24 = €44 matches it, 24 + 51 = 75 != 68; €51 matches the €75 Paul put in",
    (BUG, "31260881", "UNCALLED_WRONG", 33): "(a) by the written totals Randy's call is "
    "24 + 51 - 68 = €7 over Paul's €68, and no return of it is written",
    (BUG, "31260881", "POT_WRONG", 34): "(a) 'Total pot €382.76' is the chips put in "
    "(1 + 2 + 2 x (75 + 114.88) = 382.76); by the written €68 it is 1 + 2 + 68 + 68 "
    "(Randy's 75 less the 7 over 68) + 2 x 114.88 = €368.76: 382.76 != 368.76",
    (BUG, "31260881", "CHIPS_NOT_CONSERVED", 33): "(a) €379.26 collected + €3.50 rake = "
    "€382.76, not the €368.76 the written raise makes: 382.76 != 368.76",
    (STP, "36197946", "CHIPS_NOT_CONSERVED", 42): "(a) Ricky N collects €26.82 from side pot 1 "
    "(the €21.82 side pot and the €5.00 STP) and €122.02 from the pot (the €119.52 main pot, "
    "the same €5.00 STP, less the €2.50 rake): €148.84, €5.00 more than the €146.34 total "
    "less rake that his own summary line says he won (€143.84): the STP is paid twice",
}


def rio_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("RunItOnce/")]


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    auditor = HandAuditor("auto")
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in rio_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "runitonce" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


def test_rio_hands_are_read_by_their_room(observed: tuple[set[Key], set[str], int]) -> None:
    _, profiles, audited = observed
    assert len(rio_rows()) == 3
    assert audited == sum(row.hands for row in rio_rows()) == 3
    assert profiles == {"seeds"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()
