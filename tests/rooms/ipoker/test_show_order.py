"""A layout that never says in which order hands were shown (Hand.show_order_written
False: iPoker's shown cards sit in each player's Pocket <cards>, in seat order) is not
judged on the showdown order; the same hand marked as writing its order is."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from auditor.findings import Code
from auditor.read.split import RawHand
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.rooms.ipoker import IPokerRoom
from auditor.rooms.ipoker.reader import IPokerReader
from auditor.showdown.awards import settle_hand
from tests.classified import as_replayed

SAMPLE = "iPoker/PLO/PLO-USD-0.01-0.02-201108.Sample.txt"


def test_seat_ordered_shows_are_not_a_showdown_order_finding(corpus: Path) -> None:
    with open(corpus / SAMPLE, encoding="utf-8") as lines:
        (raw,) = [
            r
            for r in IPokerRoom().split_file(lines, SAMPLE)
            if isinstance(r, RawHand) and r.lines[0].strip().endswith('"2874216438">')
        ]
    hand = as_replayed(IPokerReader().read(raw))  # its chips lines told
    profile = load_profile("seeds")
    codes = [f.code for f in settle_hand(hand, replay_hand(hand, profile), profile).findings]
    assert Code.SHOWDOWN_ORDER not in codes
    # Player4 bet the river and shows second in seat order: judged, that is a finding
    written = replace(hand, show_order_written=True)
    settled = settle_hand(written, replay_hand(written, profile), profile)
    assert Code.SHOWDOWN_ORDER in [f.code for f in settled.findings]
