"""Full Tilt Poker: its "Full Tilt Poker Game #" hand histories (2006-2014), every Omaha
game it dealt (Omaha Hi, Hi/Lo, 5 and 6 Card, Big O, Courchevel; capped tables; hands
run twice), read with its own grammar (``grammars/fulltilt.lark``)."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room

SITE = "Full Tilt Poker"


class FullTiltRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
