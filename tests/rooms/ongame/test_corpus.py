"""Every finding on OnGame's hands of the corpus, each named with why it is right: they
are read by the ongame room and audited under the ongame profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

EXPECTED: dict[Key, str] = {
    (
        "OnGame/PLO/PLO-6max-EUR-1-1-2011002.Sample.txt",
        "R5-21973400-50",
        "BLIND_WRONG",
        13,
    ): "(a) the table line names stakes of €1/€1 and Player8 posts a small blind of €0.50: "
    "0.50 != 1.00. OnGame's table line names the small and the big blind posted, equal or "
    "not: every other table of the corpus posts its first number as the small blind "
    "(R5-361875219-6 at $5/$5 posts 'small blind ($5)' and 'big blind ($5)', "
    "$0.25/$0.25 posts $0.25 and $0.25, R-186-1481 at 10/20 posts 10 and 20), and so "
    "does HHSmithy's OnGame parser's sample ('(POT_LIMIT OMAHA_HI $0.25/$0.25' with "
    "'GlassILass posts small blind ($0.25)'); the issue's unsure case is decided: true",
    (
        "OnGame/PLO/PLO-6max-EUR-1-1-2011002.Sample.txt",
        "R5-21973400-50",
        "RECORD_GARBLED",
        44,
    ): "the record contradicts itself: its header is 'History for hand R5-21973400-50', its "
    "end line 'End of hand R5-21973414-50' (the table's id, [21973414], in the hand's id)",
}

# The seeds' odd-chip rule (the first winner left of the button) would flag the one odd
# chip of the corpus; OnGame gives it by suit (the ongame profile, which argues it).
ODD_CHIP_BY_SUIT = {
    ("OnGame/FLO/LO-9max-0.05-0.10-201009.Sample.txt", "R5-81867677-657", "ODD_CHIP_WRONG", 71)
}


def ongame_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("OnGame/")]


def _observed(rules: str) -> tuple[set[Key], set[str], int]:
    """The findings of OnGame's hands, the profiles they were audited under, hands audited."""
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in ongame_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "ongame" and result.hand is not None
            assert result.hand_id == result.hand.start.hand_id != ""
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed("auto")


def test_ongame_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], set[str], int],
) -> None:
    _, profiles, audited = observed
    assert len(ongame_rows()) == 11
    assert audited == sum(row.hands for row in ongame_rows()) == 31
    assert profiles == {"ongame"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_the_seeds_odd_chip_rule_would_flag_ongame_s_own(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    assert found - EXPECTED.keys() == ODD_CHIP_BY_SUIT


def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The run also checks stacks and buttons from hand to hand (the FLO file's nine hands
    at Tilburg, the tournament's twelve): nothing more than the hands' own findings."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in ongame_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["ongame"]
    assert tables["files"].format.astype(str).unique().tolist() == ["ongame"]
    findings = tables["findings"]
    assert sorted(findings.code.astype(str)) == ["BLIND_WRONG", "RECORD_GARBLED"]
    assert (tables["hands"].hand_id.astype(str) != "").all()
