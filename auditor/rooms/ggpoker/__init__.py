"""GGPoker: its "Poker Hand #" export. GG writes the Stars layout, read with that room's
reader where the lines are the same (:mod:`.reader`), but it is its own room: its own
header, game names ("PLO-5", "Omaha (NL postflop)") and rules
(``auditor/profiles/ggpoker.toml``)."""

from __future__ import annotations

import re
from typing import ClassVar

from auditor.rooms import Room

SITE = "GGPoker"
# "Poker Hand #OM1349864:", "#TM..." (tournaments), "#RC..." (Rush & Cash): two capital
# letters, then the number
HAND_START = re.compile(r"Poker Hand #[A-Z]{2}[0-9]+:")


class GGPokerRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
