"""GGPoker hands to events: GG writes the Stars layout (its own lines too, which the Stars
grammar holds: run-it-twice boards, straddles, all-in insurance, Cash Drop, "Fives-High
Straight"), read with the Stars room's reader; this one says whose hand it is."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.rooms.ggpoker import SITE
from auditor.rooms.pokerstars.reader import PokerStarsReader as StarsReader
from auditor.source import SourceSpan


class GGPokerReader(StarsReader):
    """Reads one GG hand at a time; not thread-safe (one per process)."""

    def _hand_started(
        self, table: str, max_seats: int | None, button: int | None, table_span: SourceSpan | None
    ) -> ev.HandStarted:
        return replace(super()._hand_started(table, max_seats, button, table_span), site=SITE)
