"""GG's fixtures (fixtures/ggpoker/, pinned by tests/parse/test_fixtures.py) hold every
kind of event GG's hands of the corpus are read into, and are read by GG's room."""

from __future__ import annotations

from pathlib import Path

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from auditor.rooms.ggpoker import SITE
from tests.corpus import ROOT
from tests.rooms.ggpoker.test_corpus import gg_rows

FIXTURES = sorted((ROOT / "fixtures" / "ggpoker").glob("*.txt"))


def _kinds(paths: list[Path]) -> set[str]:
    auditor = HandAuditor()
    kinds: set[str] = set()
    for path in paths:
        for result in auditor.audit_file(str(path), FileSummary(source_file=path.name)):
            assert result.status is Status.AUDITED and result.format == "ggpoker", path
            assert result.hand is not None and result.hand.start.site == SITE
            kinds |= {type(event).__name__ for event in result.hand.events}
    return kinds


def test_gg_fixtures_hold_every_event_kind_of_gg_s_hands(corpus: Path) -> None:
    in_corpus = _kinds([row.path for row in gg_rows()])
    assert {"Shown", "Note", "Insurance", "PotExtra"} <= in_corpus
    assert in_corpus - _kinds(FIXTURES) == set()
