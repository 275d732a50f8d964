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

EXPECTED: dict[Key, str] = {
    (LO8, "40231841-160", "BLIND_WRONG", 13): "'Limit $0.25/$0.50' posts a $0.10 small blind: "
    "DESIGN.md's fixed-limit small blind is half the small bet, $0.125, rounded down to "
    "$0.12 (the merge profile's fixed_limit_small_blind_rounding); Merge's own structure "
    "for these stakes is $0.10/$0.25 (fpdb-3's MergeToFpdb Lim_Blinds '0.50': 0.10/0.25), "
    "which no rounding of half the small bet gives: a room structure no profile key states",
    (PT_TEXT, "4927169400080", "BLIND_WRONG", 6): "PokerTracker's export of Merge's all-in "
    "blind (fpdb-3 keeps it as the case its Merge parser cannot read): three seated, the "
    "DEALER JustJay4Reals posts the small blind, which is Dispicable's, the next seat's",
    (PT_TEXT, "4927169400080", "BLIND_WRONG", 7): "Dispicable's all-in blind of 135 is "
    "written 'Post SB' after a small blind of 100 was posted: a second, larger small blind",
    (PT_TEXT, "4927169400080", "CALL_WRONG", 11): "JustJay4Reals 'Call $100.00' from his "
    "100 small blind: 200 in all, though the most anyone bet is Dispicable's 135; the record "
    "then pays the 65 extra back as 'wins $65.00' (a return it does not write as one)",
}
# The same line holds a second finding of the same code (a key is one per line): the text
# hand posts no big blind ("no big blind was posted", expected of LegendofFuglyNutz).
SECOND_ON_LINE = {(PT_TEXT, "4927169400080", "BLIND_WRONG", 6): 2}


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
    assert sorted(tables["findings"].code.astype(str).tolist()) == [
        "BLIND_WRONG",
        "BLIND_WRONG",
        "BLIND_WRONG",
        "BLIND_WRONG",
        "CALL_WRONG",
    ]
