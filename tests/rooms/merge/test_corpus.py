"""Every finding on Merge's hands of the corpus, each named with why it is right: they are
read by the merge room and audited under the merge profile. A finding not listed here is a
bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

LO8 = "Merge/FLO8/PLO8-USD-0.25-0.50-201111.txt"
PT_TEXT = "Merge/PLO/PLO-USD-5-201202.Merge.all.in.blind.txt"
COLON = "Merge/PLO/PLO-USD-0.50-1.00-201009.colon.divider.txt"
MIXED = "Merge/MIXED/HORSE-Tournament-Freeroll.201107.xml"

# Issue 21, pattern 6: LO8 #40231841-160's $0.10 small blind at "Limit $0.25/$0.50" is
# Merge's structure (the merge profile's blinds.fixed_limit_small_blinds, from fpdb's
# MergeToFpdb Lim_Blinds '0.50': ('0.10', '0.25')): no longer a BLIND_WRONG. PT_TEXT's
# #4927169400080 is a big blind all-in for less written "Post SB" with a dead button (the
# reader's, tests/rooms/merge/test_room.py): its three BLIND_WRONG and its CALL_WRONG are
# gone; the small blind's call to the full 200 is Robert's Rules' ("Button and blind
# use", rule 1: the bring-in stays the same "even when the player in the blind does not
# have enough chips to post the full amount").
EXPECTED: dict[Key, str] = {}
# No line holds a second finding of the same code (a key is one per line).
SECOND_ON_LINE: dict[Key, int] = {}


def merge_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Merge/")]


def _observed(rules: str) -> tuple[dict[Key, int], set[str], int, int]:
    """Findings (with how many per line), profiles, hands audited, hands skipped."""
    auditor = HandAuditor(rules)
    found: dict[Key, int] = {}
    profiles: set[str] = set()
    audited = skipped = 0
    for row in merge_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.format == "merge"
            if result.status is Status.SKIPPED:
                assert row.file == MIXED, (row.file, result.hand_id)
                skipped += 1
                continue
            assert result.status is Status.AUDITED and result.hand is not None, result.hand_id
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                key = (row.file, result.hand_id, finding.code, finding.source.line)
                found[key] = found.get(key, 0) + 1
    return found, profiles, audited, skipped


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[dict[Key, int], set[str], int, int]:
    return _observed("auto")


def test_merge_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[dict[Key, int], set[str], int, int],
) -> None:
    _, profiles, audited, skipped = observed
    assert len(merge_rows()) == 14
    assert audited + skipped == sum(row.hands for row in merge_rows()) == 41
    assert (audited, skipped) == (17, 24)  # the HORSE file's 4 Omaha H/L8 hands are audited
    assert profiles == {"merge"}


def test_no_finding_that_is_not_explained(
    observed: tuple[dict[Key, int], set[str], int, int],
) -> None:
    assert observed[0].keys() - EXPECTED.keys() == set()
    assert {k: n for k, n in observed[0].items() if n > 1} == SECOND_ON_LINE


def test_every_explained_finding_is_still_found(
    observed: tuple[dict[Key, int], set[str], int, int],
) -> None:
    assert EXPECTED.keys() - observed[0].keys() == set()


def test_the_seeds_showdown_order_would_flag_merge_s_own(corpus: Path) -> None:
    """With no river bet the player left of the button shows first (the merge profile's
    river_aggressor); the seeds' last aggressor flags the two hands that show it."""
    found, _, _, _ = _observed("seeds")
    order = {(file, hand) for file, hand, code, _ in found if code == "SHOWDOWN_ORDER"}
    assert order == {(LO8, "40231841-160"), (COLON, "27618225-108")}


@pytest.mark.slow
def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The run also checks stacks and buttons from hand to hand: the HORSE tournament's
    four Omaha H/L8 hands in a row at one table each start with what the last left (a
    tournament balance is written after the blinds: the reader adds them back)."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in merge_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["merge"]
    assert tables["files"].format.astype(str).unique().tolist() == ["merge"]
    assert sorted(tables["findings"].code.astype(str).tolist()) == []
