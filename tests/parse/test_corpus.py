"""Every Omaha hand of the PokerStars-layout corpus files parses, and the hands
read per file equal the manifest's count."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import FileSummary, HandAuditor, Status
from tests.corpus import STARS_LAYOUT, ManifestRow, manifest, stars_layout_rows

ROWS = stars_layout_rows()


@pytest.fixture(scope="module")
def auditor() -> HandAuditor:
    return HandAuditor()


def test_manifest_lists_the_stars_layout_files(corpus: Path) -> None:
    assert len(ROWS) >= 70
    assert sum(r.hands for r in ROWS) >= 400


@pytest.mark.parametrize("row", ROWS, ids=[r.file for r in ROWS])
def test_file_parses_with_no_parse_error(row: ManifestRow, auditor: HandAuditor) -> None:
    summary = FileSummary(source_file=row.file)
    results = list(auditor.audit_file(str(row.path), summary))
    assert summary.hands_read == row.hands
    rejected = [f for r in results for f in r.findings if f.code == "PARSE_ERROR"]
    assert rejected == []
    assert summary.hands_read == summary.hands_audited + summary.hands_skipped
    if row.game != "MIXED":
        assert summary.hands_skipped == 0, summary.skipped_games
    for result in results:
        if result.status is Status.AUDITED:
            assert result.hand is not None
            assert result.hand.start.hand_id == result.hand_id


def test_mixed_game_files_skip_the_other_games(corpus: Path, auditor: HandAuditor) -> None:
    path = corpus / "PokerStars/MIXED/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    summary = FileSummary(source_file=str(path))
    results = list(auditor.audit_file(str(path), summary))
    audited = [r for r in results if r.status is Status.AUDITED]
    assert audited and all("Omaha" in r.game for r in audited)
    assert summary.skipped_games.keys() >= {"Razz Limit", "Hold'em No Limit", "7 Card Stud Limit"}
    assert summary.hands_read == 137


def test_cut_short_records_are_incomplete_not_errors(corpus: Path, auditor: HandAuditor) -> None:
    path = corpus / "PokerStars/PLO/PLO-6max-USD-2.00-4.00-201403.2.partial.txt"
    summary = FileSummary(source_file=str(path))
    results = list(auditor.audit_file(str(path), summary))
    incomplete = [
        r.hand_id for r in results if any(f.code == "HAND_INCOMPLETE" for f in r.findings)
    ]
    # the first two hands stop mid-flop ("*** FLOP *** [Js 3d") and mid-line ("Player0")
    assert incomplete == ["112824228684", "112824184047"]
    assert summary.hands_audited == 4


def test_files_of_other_layouts_are_reported_whole_not_dropped(
    corpus: Path, auditor: HandAuditor
) -> None:
    """Every other room's file in the manifest: no hand is read from it, and it is said to
    be unsupported (one FORMAT_UNSUPPORTED), so no hand goes missing unseen."""
    others = [r for r in manifest() if not r.file.startswith(STARS_LAYOUT)]
    assert len(others) >= 200
    for row in others:
        summary = FileSummary(source_file=row.file)
        assert list(auditor.audit_file(str(row.path), summary)) == [], row.file
        assert summary.format == "unsupported", row.file
        assert [f.code for f in summary.stray_findings] == ["FORMAT_UNSUPPORTED"], row.file
