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

# Issue 21's unsure case "Run It Once all-in players written as checking" is decided as the
# room's way of writing (the runitonce profile's actions.checks_written_with_no_action,
# with the evidence): Gary Q (0.70 + 1.70 + 7.07 + 11.33 = 20.80, all of his) and Hero
# (2.40 + 28.89 = 31.29, all of his) all-in after the flop of 34011543, and Shaun J the only
# one left with chips, 'check' the turn and the river: six OUT_OF_TURN under the seeds
# (SEEDS_ONLY below), none under the room's profile. Shaun J's 'raises €1.36 to €30.25' was
# RAISE_TOO_SMALL: a raise to more than any other player can call (Hero's all-in 28.89,
# Gary Q's 18.40) is not short (issue 21, pattern 11), and the written total's conflict
# with the return is the UNCALLED_WRONG below.
SEEDS_ONLY = {(SIDE, "34011543", "OUT_OF_TURN", line) for line in (27, 28, 29, 31, 32, 33)}

EXPECTED: dict[Key, str] = {
    (SIDE, "34011543", "UNCALLED_WRONG", 37): "(a) €8.43 returned to Shaun J, whose written "
    "total of €30.25 leaves 30.25 - 28.89 = €1.36 over Hero's all-in €28.89 (Gary Q's "
    "€18.40 is less): 8.43 != 1.36; the return and the raise line do not agree (the return "
    "is right: he put in 7.07 + 30.25 = €37.32, and 37.32 - 28.89 = 8.43)",
    (SIDE, "34011543", "UNCALLED_UNWRITTEN", 40): "the €1.36 the written raise leaves "
    "uncalled has no return line (the record returns €8.43 instead), and the totals leave it "
    "out of the pot: a warning, the contradiction is the UNCALLED_WRONG above",
    (BUG, "31260881", "CALL_WRONG", 20): "(a) Randy O 'calls €51' from €24 to Paul's written "
    "€68: 68 - 24 = €44 matches it, 24 + 51 = 75 != 68; €51 matches the €75 Paul put in",
    (BUG, "31260881", "UNCALLED_WRONG", 33): "(c) follows from the CALL_WRONG on line 20; "
    + "(a) by the written totals Randy's call is "
    "24 + 51 - 68 = €7 over Paul's €68, and no return of it is written",
    (BUG, "31260881", "POT_WRONG", 34): "(c) follows from the CALL_WRONG on line 20; "
    + "(a) 'Total pot €382.76' is the chips put in "
    "(1 + 2 + 2 x (75 + 114.88) = 382.76); by the written €68 it is 1 + 2 + 68 + 68 "
    "(Randy's 75 less the 7 over 68) + 2 x 114.88 = €368.76: 382.76 != 368.76",
    (BUG, "31260881", "CHIPS_NOT_CONSERVED", 33): "(c) follows from the CALL_WRONG on line 20; "
    + "(a) €379.26 collected + €3.50 rake = "
    "€382.76, not the €368.76 the written raise makes: 382.76 != 368.76",
    (STP, "36197946", "CHIPS_NOT_CONSERVED", 42): "(a) Ricky N collects €26.82 from side pot 1 "
    "(the €21.82 side pot and the €5.00 STP) and €122.02 from the pot (the €119.52 main pot, "
    "the same €5.00 STP, less the €2.50 rake): 26.82 + 122.02 = €148.84, €5.00 more than "
    "the total less rake, 146.34 - 2.50 = €143.84, that his own summary line says he won: "
    "148.84 != 143.84, the STP is paid twice",
}


def rio_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("RunItOnce/")]


def _observed(rules: str) -> tuple[set[Key], set[str], int]:
    auditor = HandAuditor(rules)
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


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed("auto")


def test_the_seeds_would_flag_the_room_s_checks_with_no_action(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    assert found - EXPECTED.keys() == SEEDS_ONLY


def test_rio_hands_are_read_by_their_room(observed: tuple[set[Key], set[str], int]) -> None:
    _, profiles, audited = observed
    assert len(rio_rows()) == 3
    assert audited == sum(row.hands for row in rio_rows()) == 3
    assert profiles == {"runitonce"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()
