"""The game a Run It Once Poker header names: "Run It Once Poker Hand #34011543: Omaha Pot
Limit (€0.10/€0.20) - 2019/04/19 17:52 UTC [2019/04/19 18:52 CET]"."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.games import GameWords

HEADER_START = "Run It Once Poker Hand #"
# a hand's first line, to split a file (the grammar's HEADER reads it in full)
HEADER = re.compile(r"\ufeff?Run It Once Poker Hand #[0-9]+: +[^(\n]+? \(")
GAMES = GameWords(
    {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Limit": ev.Limit.FIXED}, ("Hi/Lo",)
)
