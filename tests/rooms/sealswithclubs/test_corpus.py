"""Every finding on Seals With Clubs' hands of the corpus, each named with why it is right:
they are read by the sealswithclubs room and audited under the seeds' rules. A finding not
listed here is a bug to fix, and so is a listed one that disappears.

The folder holds two one-hand files: a 1/1 mBTC PL Omaha hand (a raise to 3, a turn bet
nobody calls "refunded", "wins Pot (10)" with "Rake (0)"), audited with no finding, and
a NL Hold'em hand, skipped as another game."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

EXPECTED: dict[Key, str] = {}


def seals_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("SealsWithClubs/")]


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], dict[str, Status]]:
    auditor = HandAuditor()
    found: set[Key] = set()
    status: dict[str, Status] = {}
    for row in seals_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.format == "sealswithclubs"
            status[result.hand_id] = result.status
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, status


def test_the_omaha_hand_is_audited_and_the_holdem_one_skipped(
    observed: tuple[set[Key], dict[str, Status]],
) -> None:
    assert observed[1] == {"5297786-137": Status.AUDITED, "5338590-82": Status.SKIPPED}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], dict[str, Status]]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], dict[str, Status]],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()
