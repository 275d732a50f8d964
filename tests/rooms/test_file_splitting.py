"""A room that splits its files itself (Room.split_file: XML sessions, CSV logs newest
first, one hand per document): registered from a test, its hands are read in play order
with their own line numbers and their session's lines as context, through the chunks a
run sends out and the duplicates' second reading of the file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor import rooms
from auditor.api import load
from auditor.pipeline import HandAuditor
from auditor.results import FileSummary
from auditor.run import run_audit
from tests.rooms.tallylog import TALLYLOG, TallyLogRoom


@pytest.fixture
def tallylog(monkeypatch: pytest.MonkeyPatch) -> Iterator[TallyLogRoom]:
    room = TallyLogRoom()
    monkeypatch.setitem(rooms.REGISTRY, room.name, room)
    yield room


def test_its_hands_come_in_play_order_with_their_lines(
    tallylog: TallyLogRoom, tmp_path: Path
) -> None:
    source = tmp_path / "session.log"
    source.write_text(TALLYLOG, encoding="utf-8")
    results = list(HandAuditor().audit_file(str(source), FileSummary(source_file="s")))
    assert [(r.hand_id, r.first_line, r.format) for r in results] == [
        ("1", 20, "tallylog"),
        ("2", 11, "tallylog"),
        ("3", 2, "tallylog"),
    ]
    assert [r.hand.start.table_name for r in results if r.hand] == ["Oak"] * 3  # context
    (raise_3,) = [f for r in results for f in r.findings]
    assert (raise_3.hand_id, raise_3.code, raise_3.source.line) == ("3", "RAISE_TOO_SMALL", 7)


def test_a_run_sends_the_context_with_each_hand_and_finds_copies(
    tallylog: TallyLogRoom, tmp_path: Path
) -> None:
    for name in ("a.log", "b.log"):
        (tmp_path / name).write_text(TALLYLOG, encoding="utf-8")
    inputs = [str(tmp_path / "a.log"), str(tmp_path / "b.log")]
    summary = run_audit(inputs, tmp_path / "out", workers=1, chunk_hands=2)
    assert summary.hands_read == summary.hands_audited == 6
    assert summary.findings_by_code == {"RAISE_TOO_SMALL": 2, "HAND_DUPLICATE": 3}
    hands = load(tmp_path / "out")["hands"]
    assert set(hands.table_name.astype(str)) == {"Oak"}
    assert list(hands.hand_id.astype(str)[:3]) == ["1", "2", "3"]
