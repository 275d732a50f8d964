"""Every finding on Everleaf's hands of the corpus, each named with why it is right: they
are read by the everleaf room and audited under the everleaf profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

PLO8 = "Everleaf/PLO8/PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt"
FLO8 = "Everleaf/FLO8/FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt"

EXPECTED: dict[Key, str] = {
    (PLO8, "149110588", "SHOWDOWN_ORDER", 532): "the river is checked through: Hero, left of "
    "the button, is to show first (docs/RULES.md: with no bet, 'the first active player left of "
    "the button'; the everleaf profile's river_aggressor), yet Villain shows first and Hero "
    "'does not show cards': the room let the first player keep his hand hidden",
}

# The seeds' rule (the last aggressor of the last street with a bet shows first) would
# flag these hands: in each the river is checked through and the player left of the
# button shows first, though the other bet an earlier street (the everleaf profile).
LAST_AGGRESSOR_WOULD_FLAG = {
    (FLO8, hand)
    for hand in (
        "148736116",
        "148736763",
        "148736881",
        "148736970",
        "148737063",
        "148737833",
        "148738314",
        "148738468",
    )
}


def everleaf_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Everleaf/")]


def _observed(rules: str) -> tuple[set[Key], set[str], int]:
    """The findings of Everleaf's hands, the profiles they were audited under, hands audited."""
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in everleaf_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "everleaf" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed("auto")


def test_everleaf_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], set[str], int],
) -> None:
    _, profiles, audited = observed
    assert len(everleaf_rows()) == 2
    assert audited == sum(row.hands for row in everleaf_rows()) == 97
    assert profiles == {"everleaf"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_the_seeds_showdown_order_would_flag_everleaf_s_own(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    order = {(file, hand) for file, hand, code, _ in found if code == "SHOWDOWN_ORDER"}
    assert order == LAST_AGGRESSOR_WOULD_FLAG


def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The run also checks stacks and buttons from hand to hand (two heads-up sessions of
    74 and 23 hands): each hand starts with what the last left, the pots paid net of a
    rake the record does not write."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in everleaf_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["everleaf"]
    assert tables["files"].format.astype(str).unique().tolist() == ["everleaf"]
    assert tables["findings"].code.astype(str).tolist() == ["SHOWDOWN_ORDER"]
