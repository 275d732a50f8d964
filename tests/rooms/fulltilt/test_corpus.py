"""Every finding on Full Tilt's hands of the corpus, each named with why it stands: they
are read by the fulltilt room and audited under the fulltilt profile. A finding not
listed here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from auditor.rooms.fulltilt import SITE
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

# Full Tilt's hands of the corpus raise no finding. (Its hi/lo split of $7.75 at $0.50/$1
# as $3.90 and $3.85, FLO8/FixedLimitOmahaHiLo.txt #33727835942, was once AWARD_WRONG
# against a cent split: Full Tilt splits in its table's $0.05 chip, the profile's
# odd_chips.unit = "table_chip", with the evidence in auditor/profiles/fulltilt.toml.)
EXPECTED: dict[Key, str] = {}

# A "$400 Pot Limit Omaha Hi" table caps what a player may put in a hand at $400: in
# 24378450480 Player0 ($22.50 + $82.50 before the flop) "bets $295, and is capped" and
# Player2 "calls $295, and is capped"; neither may bet again (Player0 still has $2,448.70
# behind), so the turn and river are dealt with no action, as for all-in players. The
# reader says so (a CAPPED status after the action) and the hand raises nothing.
CAPPED_HAND = ("FullTilt/PLO/PLO-6max-USD-5.00-10.00-201010.CAP.txt", "24378450480")

# The MIXED file's other games are skipped and counted: 73 of its 84 hands (Hold'em,
# Stud, Razz, Badugi, draw games); its 11 Omaha hands are audited.
MIXED = "FullTilt/MIXED/10Game-6max-USD-2.50-5.201104.Sample.txt"


def ft_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("FullTilt/")]


def _observed() -> tuple[set[Key], dict[str, str], int, int]:
    """The findings of Full Tilt's hands, the profile each was audited under, hands
    audited and skipped."""
    auditor = HandAuditor("auto")
    found: set[Key] = set()
    profiles: dict[str, str] = {}
    audited = skipped = 0
    for row in ft_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            if result.status is Status.SKIPPED:
                assert row.file == MIXED, (row.file, result.hand_id)
                skipped += 1
                continue
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "fulltilt" and result.hand is not None
            profiles[result.hand_id] = auditor.profile(
                auditor.profile_key(result.hand.start.site)
            ).name
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited, skipped


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], dict[str, str], int, int]:
    return _observed()


def test_full_tilt_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], dict[str, str], int, int],
) -> None:
    _, profiles, audited, skipped = observed
    assert len(ft_rows()) == 23
    assert audited + skipped == sum(row.hands for row in ft_rows()) == 106
    assert (audited, skipped) == (33, 73)
    assert set(profiles.values()) == {"fulltilt"}
    assert SITE == "Full Tilt Poker"


def test_no_finding_that_is_not_explained(
    observed: tuple[set[Key], dict[str, str], int, int],
) -> None:
    assert observed[0] - EXPECTED.keys() == set()
    assert not any((file, hand) == CAPPED_HAND for file, hand, _, _ in observed[0])


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], dict[str, str], int, int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


@pytest.mark.slow
def test_a_run_finds_these_and_nothing_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The whole run also checks hands against each other (stacks carried, the button):
    the MIXED file's 11 Omaha hands at one table raise nothing. (Its players' top-ups,
    "KiIIuminati adds $3", and the hands whose play has no win line but whose summary
    says "collected ($3.80)" carry their stacks right.)"""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in ft_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["fulltilt"]
    assert tables["files"].format.astype(str).unique().tolist() == ["fulltilt"]
    findings = tables["findings"]
    found = set(
        zip(
            findings.hand_id.astype(str),
            findings.code.astype(str),
            findings.source_line.astype(int),
            strict=True,
        )
    )
    assert found == {(hand, code, line) for _, hand, code, line in EXPECTED}
