"""Winamax: its "Winamax Poker - CashGame - HandId: #..." hand histories (cash games,
Go Fast, tournaments), read with ``grammars/winamax.lark`` (:mod:`.reader`), audited
under its own profile (``auditor/profiles/winamax.toml``)."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room

SITE = "Winamax"


class WinamaxRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
