"""The game a PKR hand names on its "Game Type:" and "Limit Type:" lines (its fifth and
sixth), so that hands of other games are skipped: "POT LIMIT OMAHA HI/LO"."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.facts import variant

HEADER = re.compile(r"Table #(?P<table_id>[0-9]+) - (?P<table>.+?)[ \t]*$")
STARTING = re.compile(r"Starting Hand #(?P<id>[0-9]+)")
_LIMITS = {"POT LIMIT": ev.Limit.POT, "NO LIMIT": ev.Limit.NO, "FIXED LIMIT": ev.Limit.FIXED}
_LIMITS["LIMIT"] = ev.Limit.FIXED
_OMAHA = {"OMAHA": False, "OMAHA HI/LO": True}  # the name to hi/lo


def lines_game(lines: tuple[str, ...]) -> str:
    """The game of a hand's lines, limit first ("" when it cannot be told)."""
    game, limit = (lines[4].rstrip(), lines[5].rstrip()) if len(lines) >= 6 else ("", "")
    if not game.startswith("Game Type: ") or not limit.startswith("Limit Type: "):
        return ""
    return f"{limit.removeprefix('Limit Type: ')} {game.removeprefix('Game Type: ')}"


def _split(game: str) -> tuple[ev.Limit | None, str]:
    for words, limit in _LIMITS.items():
        if game.startswith(words + " "):
            return limit, game.removeprefix(words + " ")
    return None, game


def is_omaha(game: str) -> bool:
    limit, name = _split(game)
    return limit is not None and name in _OMAHA


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str]:
    """Limit, hi/lo, hole cards and variant code of an Omaha game.

    >>> game_facts("POT LIMIT OMAHA HI/LO")
    (<Limit.POT: 'PL'>, True, 4, 'PLO8')
    """
    limit, name = _split(game)
    if limit is None or name not in _OMAHA:
        raise ValueError(f"not an Omaha game: {game!r}")
    return limit, _OMAHA[name], 4, variant(limit, _OMAHA[name], 4)
