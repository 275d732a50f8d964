"""Absolute Poker (and UltimateBet, the Cereus network): its "Stage #N: ..." layout, read
with its own grammar (``grammars/absolute.lark``). Its header names the game and limit
("Omaha Hi/Lo (1 on 1)  Normal $30/$60": "Normal" is fixed limit); its Hold'em hands are
skipped."""

from __future__ import annotations

from auditor.rooms import Room


class AbsoluteRoom(Room, declared_in=__file__):
    pass
