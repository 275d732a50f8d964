"""Hand-written fixtures pin every line kind: each file's expected events and findings
sit beside it in ``<case>.expected.json``.

Regenerate after a deliberate change with ``python tests/parse/test_fixtures.py``,
then read the diff: the expectations are the review, not the code.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from auditor import events as ev
from auditor.pipeline import FileSummary, HandAuditor
from auditor.serialize import event_dict

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars"
CASES = sorted(FIXTURES.parent.glob("*/*.txt"))  # every room's: fixtures/<room>/<case>.txt


def observed(path: Path) -> dict[str, Any]:
    auditor = HandAuditor()
    summary = FileSummary(source_file=path.name)
    hands = []
    for result in auditor.audit_file(str(path), summary):
        hand = {
            "hand_id": result.hand_id,
            "status": result.status.value,
            "findings": [[f.code, f.source.line] for f in result.findings],
            "events": [event_dict(e) for e in result.hand.events] if result.hand else [],
        }
        # a layout's chips lines as read (ChipsIn), before the replay told what each was
        # (the events above carry the call, bet or raise it made of them)
        told = result.replay.classified if result.replay is not None else ()
        if told:
            hand["chips_lines"] = [event_dict(line) for line, _ in told]
        hands.append(hand)
    return {"hands": hands}


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_fixture_events(case: Path) -> None:
    expected = json.loads(case.with_suffix(".expected.json").read_text(encoding="utf-8"))
    got = observed(case)
    assert [h["hand_id"] for h in got["hands"]] == [h["hand_id"] for h in expected["hands"]]
    for got_hand, want_hand in zip(got["hands"], expected["hands"], strict=True):
        assert got_hand["status"] == want_hand["status"], got_hand["hand_id"]
        assert got_hand["findings"] == want_hand["findings"], got_hand["hand_id"]
        for got_event, want_event in zip(got_hand["events"], want_hand["events"], strict=True):
            assert got_event == want_event
        assert got_hand.get("chips_lines") == want_hand.get("chips_lines"), got_hand["hand_id"]


def test_every_event_kind_is_pinned() -> None:
    """Every kind of event (so every kind of line) appears in at least one fixture."""
    kinds = {
        name
        for name, cls in vars(ev).items()
        if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
    }
    hands = [h for case in CASES for h in observed(case)["hands"]]
    seen = {e["type"] for h in hands for e in (*h["events"], *h.get("chips_lines", ()))}
    assert kinds - seen == set()


if __name__ == "__main__":
    for case in CASES:
        out = case.with_suffix(".expected.json")
        out.write_text(
            json.dumps(observed(case), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        print("wrote", out, file=sys.stderr)
