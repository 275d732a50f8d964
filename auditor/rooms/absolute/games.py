"""The game an Absolute Poker header names. The limit words: "No Limit", "Pot Limit", and
"Normal" for fixed limit (the $30/$60 Omaha Hi/Lo hand bets $30 on the flop after a raise
to $60 before it: the small and big bets)."""

from __future__ import annotations

from auditor import events as ev
from auditor.parse.games import GameWords

GAMES = GameWords(
    {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Normal": ev.Limit.FIXED}, ("Hi/Lo",)
)
