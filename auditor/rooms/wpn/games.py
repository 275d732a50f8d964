"""The game a WPN hand names: the new layout in its header ("Omaha H/L(Fixed Limit)",
"5Card Omaha(Pot Limit)"; "All-in or Fold Limit" is pot limit), the old one in brackets
at the end of its "Game ID" line ("(Omaha HiLow)"), with no limit (pot limit, inferred:
fpdb's WinningToFpdb.py reads so)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.games import GameWords
from auditor.parse.runs import terminal_pattern

GAMES = GameWords(
    {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED},
    ("H/L", "Hi/Lo", "HiLow"),
    default=ev.Limit.POT,
    hole_cards={"5Card": 5, "6Card": 6},
)


def line(terminal: str, text: str) -> re.Match[str] | None:
    """``text`` read with a line terminal of the grammar (None: no such line)."""
    return terminal_pattern("wpn", terminal).match(text + "\n")


def new_game(header: str) -> str:
    """A new-layout game as the header writes it, its limit in brackets (a header the
    grammar does not read: the header itself, so that a damaged Omaha one is read)."""
    found = line("N_HEADER", header)
    return f"{found['head_game']}({found['head_limit']})" if found else header
