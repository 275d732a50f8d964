"""GGPoker hands to events: GG writes the Stars layout (and its own lines: run-it-twice
boards, straddles, all-in insurance, Cash Drop, "Fives-High Straight" wordings, which the
Stars grammar already holds), read with the Stars room's reader; this one says whose
hand it is."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.read.split import RawHand
from auditor.rooms.ggpoker import SITE
from auditor.rooms.pokerstars.reader import PokerStarsReader as StarsReader


class GGPokerReader(StarsReader):
    """Reads one GG hand at a time; not thread-safe (one per process)."""

    def _hand(self, raw: RawHand) -> ev.Hand:
        hand = super()._hand(raw)
        start = hand.start
        if start.site == SITE:
            return hand
        ours = replace(start, site=SITE)
        events = tuple(ours if event is start else event for event in hand.events)
        return replace(hand, start=ours, events=events)
