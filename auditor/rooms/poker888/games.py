"""The game an 888poker stakes line names ("$0.50/$1 Blinds Pot Limit OmahaHL - *** ..."):
"Fix Limit" is fixed limit, as is a name with no limit words."""

from __future__ import annotations

from auditor import events as ev
from auditor.parse.games import GameWords

GAMES = GameWords(
    {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Fix Limit": ev.Limit.FIXED},
    ("OmahaHL", "Hi/Lo"),
)
