"""Every manifest row of every room read: its Omaha hands parse with no PARSE_ERROR, are
read by that room, and the hands read per file equal MANIFEST.tsv. The files of folders
no room reads yet are each one FORMAT_UNSUPPORTED, no hand read and none lost unseen."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import FileSummary, HandAuditor, Status
from auditor.rooms import REGISTRY
from tests.corpus import ROOM_OF_FOLDER, ManifestRow, manifest, room_of_row

READ = [row for row in manifest() if room_of_row(row) is not None]
NOT_YET = [row for row in manifest() if room_of_row(row) is None]


@pytest.fixture(scope="module")
def auditor() -> HandAuditor:
    return HandAuditor()


def test_every_room_named_here_is_registered() -> None:
    assert set(ROOM_OF_FOLDER.values()) <= set(REGISTRY)


@pytest.mark.parametrize("row", READ, ids=[r.file for r in READ])
def test_room_reads_every_hand_of_its_file(
    row: ManifestRow, auditor: HandAuditor, corpus: Path
) -> None:
    summary = FileSummary(source_file=row.file)
    results = list(auditor.audit_file(str(row.path), summary))
    assert summary.hands_read == row.hands
    assert summary.format == room_of_row(row)
    parse_errors = [
        (r.hand_id, f.message) for r in results for f in r.findings if f.code == "PARSE_ERROR"
    ]
    assert parse_errors == []
    assert summary.hands_read == summary.hands_audited + summary.hands_skipped
    if row.game.startswith("HOLDEM"):  # a room's Hold'em file: every hand skipped
        assert summary.hands_skipped == summary.hands_read, summary.skipped_games
    elif row.game != "MIXED":
        assert summary.hands_skipped == 0, summary.skipped_games
    games = REGISTRY[summary.format].games  # the README's table says what a room reads
    for result in results:
        if result.status is Status.AUDITED:
            assert result.hand is not None
            assert result.hand.start.hand_id == result.hand_id
            assert result.hand.start.variant in games, result.hand_id


@pytest.mark.parametrize("row", NOT_YET, ids=[r.file for r in NOT_YET])
def test_a_file_no_room_reads_is_reported_whole(
    row: ManifestRow, auditor: HandAuditor, corpus: Path
) -> None:
    summary = FileSummary(source_file=row.file)
    assert list(auditor.audit_file(str(row.path), summary)) == []
    assert summary.format == "unsupported"
    assert [f.code for f in summary.stray_findings] == ["FORMAT_UNSUPPORTED"]
