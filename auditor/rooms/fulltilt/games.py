"""The header of a Full Tilt hand, taken apart: table, stakes, game, in either of the
orders Full Tilt wrote them over the years, and the facts of its game."""

from __future__ import annotations

import re
from dataclasses import dataclass

from auditor import events as ev
from auditor.parse.facts import variant
from auditor.parse.games import Game, GameWords


@dataclass(frozen=True, slots=True)
class Header:
    """The parts of a header (``grammars/fulltilt.lark``'s HEAD) that Full Tilt wrote in
    either order: stakes then game, or game then stakes."""

    table: str
    game: str
    small: str
    big: str

    @staticmethod
    def of(f: re.Match[str]) -> Header:
        """The header of a match of HEAD (or of a line that holds it)."""
        game = f["head_game"] if f["head_game"] is not None else f["head_game2"]
        small, big = f["head_small"] or f["head_small2"], f["head_big"] or f["head_big2"]
        return Header(f["head_table"], game.strip(), small, big)


GAMES = GameWords(
    {"Pot Limit": ev.Limit.POT, "PL": ev.Limit.POT, "No Limit": ev.Limit.NO, "NL": ev.Limit.NO},
    ("H/L", "Hi/Lo", "Big O"),  # Big O is played hi/lo
    hole_cards={"Courchevel": 5, "5 Card": 5, "Big O": 5, "6 Card": 6},
)


def game_facts(game: str) -> Game:
    """The facts of a header's game; Courchevel has its own code, not a 5-card Omaha's.

    >>> game_facts("PL Courchevel Hi")
    Game(limit=<Limit.POT: 'PL'>, hi_lo=False, hole_cards=5, variant='PLC')
    >>> game_facts("Limit Omaha Hi/Lo").variant
    'FLO8'
    """
    found = GAMES.of(game)
    if "Courchevel" not in game:
        return found
    return found._replace(variant=variant(found.limit, found.hi_lo, 5, courchevel=True))
