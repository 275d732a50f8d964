"""The game a KingsClub header names: "#45395871: Limit Omaha - 60/120", "#37660193: Pot
Limit Omaha 5 Card - 5/10", "#37580510: Pot Limit Big O - 11/22" (Big O: five-card Omaha
hi/lo), and the room's other games ("Limit Razz", "No Limit Holdem"), skipped."""

from __future__ import annotations

from auditor import events as ev
from auditor.parse.games import GameWords

GAMES = GameWords(
    {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Limit": ev.Limit.FIXED},
    ("Hi-Lo", "Big O"),
    hole_cards={"5 Card": 5, "6 Card": 6, "Big O": 5},
)
# the Omaha games by name after the limit words: those only, as GAMES knows their hole
# cards (a "Limit Omaha Courchevel" would be read as four-card Omaha, so it is skipped)
_OMAHA = frozenset({"Omaha", "Omaha Hi-Lo", "Omaha 5 Card", "Omaha 6 Card", "Big O"})


def is_omaha(game: str) -> bool:
    """
    >>> is_omaha("Pot Limit Big O"), is_omaha("Limit Omaha"), is_omaha("No Limit Holdem")
    (True, True, False)
    """
    return game.partition("Limit ")[2] in _OMAHA
