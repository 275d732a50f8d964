"""The PokerStars-layout corpus files: mixed-game files, records cut short. (Every room's
files parse with the hands the manifest counts: tests/rooms/test_manifest.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import FileSummary, HandAuditor, Status
from tests.corpus import stars_layout_rows

ROWS = stars_layout_rows()


@pytest.fixture(scope="module")
def auditor() -> HandAuditor:
    return HandAuditor()


def test_manifest_lists_the_stars_layout_files(corpus: Path) -> None:
    assert len(ROWS) >= 70
    assert sum(r.hands for r in ROWS) >= 400


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
