"""Every finding on OHH's hands of the corpus, each named with why it is right.

The corpus holds one OHH file (../shared/corpus/OHH), Ten-Four's export of a Hold'em hand:
it is read by the ohh room, skipped as another game and counted, so it raises no finding
(no Omaha OHH file was found in reachable public repositories; the room's Omaha hands are
the fixtures', audited end to end in tests/rooms/ohh/test_room.py). A finding not listed
here is a bug to fix, and so is a listed one that disappears.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)
EXPECTED: dict[Key, str] = {}  # none: the corpus's OHH hand is Hold'em, skipped


def ohh_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("OHH/")]


@pytest.fixture(scope="module")
def observed(corpus: Path) -> set[Key]:
    found: set[Key] = set()
    statuses: list[tuple[str, Status, str]] = []
    for row in ohh_rows():
        summary = FileSummary(source_file=row.file)
        for result in HandAuditor().audit_file(str(row.path), summary):
            statuses.append((result.format, result.status, result.game))
            for finding in result.findings:
                found.add((row.file, result.hand_id, str(finding.code), finding.source.line))
        assert summary.hands_read == summary.hands_skipped == row.hands
        assert [str(f.code) for f in summary.stray_findings] == []
    assert statuses == [("ohh", Status.SKIPPED, "Holdem")]
    return found


def test_no_finding_that_is_not_explained(observed: set[Key]) -> None:
    assert observed - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(observed: set[Key]) -> None:
    assert EXPECTED.keys() - observed == set()


def test_a_run_of_the_folder_reads_and_counts_the_hand(corpus: Path, tmp_path: Path) -> None:
    from auditor.run import run_audit

    summary = run_audit([str(row.path) for row in ohh_rows()], tmp_path / "out", workers=1)
    assert (summary.hands_read, summary.hands_skipped, summary.hands_audited) == (1, 1, 0)
    assert summary.findings_by_code == {}
