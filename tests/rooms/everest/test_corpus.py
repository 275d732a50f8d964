"""Every finding on Everest's hands of the corpus, each named with why it is right (there
are none): they are read by the everest room and audited under the seeds' rules; the
Hold'em fallback file's hand is skipped. A finding that appears is a bug to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

EXPECTED: dict[Key, str] = {}  # the PLO hand keeps every rule: nothing to explain


def everest_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Everest/")]


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], dict[str, int], set[str]]:
    auditor = HandAuditor("auto")
    found: set[Key] = set()
    statuses: dict[str, int] = {}
    profiles: set[str] = set()
    for row in everest_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.format == "everest"
            statuses[result.status.value] = statuses.get(result.status.value, 0) + 1
            if result.status is Status.AUDITED and result.hand is not None:
                profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, statuses, profiles


def test_everest_hands_are_read_by_their_room(
    observed: tuple[set[Key], dict[str, int], set[str]],
) -> None:
    _, statuses, profiles = observed
    assert len(everest_rows()) == 2
    assert statuses == {Status.AUDITED.value: 1, Status.SKIPPED.value: 1}  # PLO; Hold'em
    assert profiles == {"seeds"}


def test_no_finding_that_is_not_explained(
    observed: tuple[set[Key], dict[str, int], set[str]],
) -> None:
    assert observed[0] == EXPECTED.keys()
