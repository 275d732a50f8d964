"""The game an Entraction header names. Its games (the corpus and HHSmithy's list of its
headers): "Omaha High Pot Limit", "Omaha Hi/Lo Fixed Limit", "5-Card Omaha High Pot
Limit", "5-Card Omaha Hi/Lo Pot Limit", and Texas Hold'em (not audited)."""

from __future__ import annotations

from auditor import events as ev
from auditor.parse.games import GameWords

GAMES = GameWords(
    {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED},
    ("Hi/Lo",),
    hole_cards={"5-Card": 5},
)
