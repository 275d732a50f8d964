"""GGPoker hands to events: the Stars room's reader reads the lines GG writes as Stars
does (and GG's own: run-it-twice boards, straddles, all-in insurance, Cash Drop,
"Fives-High Straight" wordings, which its grammar already holds); this reader wraps it
and says whose hand it is."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.read.split import RawHand
from auditor.rooms.ggpoker import SITE
from auditor.rooms.pokerstars.reader import PokerStarsReader as StarsReader


class GGPokerReader:
    """Reads one GG hand at a time; not thread-safe (one per process)."""

    def __init__(self) -> None:
        self._stars = StarsReader()

    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``, its start marked GG's; raises
        :class:`~auditor.parse.errors.HandParseError` as the Stars reader does."""
        hand = self._stars.read(raw)
        start = hand.start
        if start.site == SITE:
            return hand
        ours = replace(start, site=SITE)
        events = tuple(ours if event is start else event for event in hand.events)
        return replace(hand, start=ours, events=events)
