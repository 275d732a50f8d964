"""Entraction: its "Game # N - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri""
layout, read with its own grammar (``grammars/entraction.lark``). Names are padded to
column 28; amounts are the chips each action puts in; the hand ends with the pots won,
the rake and "Game ended <time> <zone>" (the only time it writes); no summary."""

from __future__ import annotations

import re

from auditor.read.split import RawHand
from auditor.rooms import Room

_ID = re.compile(r"Game # ([0-9]+) - ")


class EntractionRoom(Room, declared_in=__file__):
    def hand_id(self, raw: RawHand) -> str:
        # "Game # 2137921772": a space after the "#", which the shared "#N" does not read
        found = _ID.match(raw.header)
        return found.group(1) if found else ""
