"""888poker (formerly Pacific Poker; its software, Cassava, wrote the same layout):
"#Game No : N" then "***** 888poker Hand History for Game N *****", localised amounts,
card lists "[ 3h, 5d ]", raises written as the chips added. Read by :mod:`.reader` with
``grammars/888poker.lark``; its rules: ``auditor/profiles/888poker.toml``.

The header: "***** 888poker Hand History for Game 385494443 *****", "***** Cassava ..."
(its software's name, 2011-2013), "***** 888.es ...", "***** 888poker Snap Poker ...": its
brands only (fpdb-3's PacificPokerToFpdb names the same), as PartyPoker ("***** Hand
History for Game") and Betfair ("***** Betfair Poker Hand History") write this layout's
header too. The line before it, "#Game No : 385494443", is the hand's own (PartyPoker
writes that line too: it is no 888 header)."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room

SITE = "888poker"


class Poker888Room(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
