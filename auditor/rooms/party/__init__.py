"""PartyPoker: its hand histories in the layouts of 2005-2017 ("***** Hand History for
Game N *****", amounts in brackets with a currency word, raises as the chips added) and
of 2026 ("***** Hand History For Game N *****", a summary of balances). Its rules are the
seeds' own (``auditor/profiles/party.toml`` argues each value)."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room

SITE = "PartyPoker"


class PartyRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = (SITE,)
