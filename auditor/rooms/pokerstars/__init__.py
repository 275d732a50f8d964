"""PokerStars, and the rooms and converters that write its layout (PokerMaster): the
header line, the game it names, the Lark reader."""

from __future__ import annotations

from typing import ClassVar

from auditor.rooms import Room
from auditor.rooms.pokerstars.records import eastern_header

# the rooms that write this layout but not PokerStars' rules: the fallback profile
_PROFILES = {"PokerStars": "pokerstars", "PokerMaster": "seeds"}


class PokerStarsRoom(Room, declared_in=__file__):
    sites: ClassVar[tuple[str, ...]] = tuple(_PROFILES)

    def profile(self, site: str) -> str | None:
        return _PROFILES.get(site)

    def same_record_text(self, text: str) -> str:
        # two exports of a hand may give its start time in different zones: ET for both
        header, newline, rest = super().same_record_text(text).partition("\n")
        return eastern_header(header) + newline + rest
