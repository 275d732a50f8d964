"""GGPoker: its "Poker Hand #" export. GG writes the Stars layout, read with that room's
reader where the lines are the same (:mod:`.reader`), but it is its own room: its own
header, game names ("PLO-5", "Omaha (NL postflop)") and rules
(``auditor/profiles/ggpoker.toml``)."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room

SITE = "GGPoker"


class GGPokerRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
