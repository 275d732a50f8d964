"""The game a PKR hand names on its "Game Type:" and "Limit Type:" lines (its fifth and
sixth), so that hands of other games are skipped: "POT LIMIT OMAHA HI/LO"."""

from __future__ import annotations

from auditor import events as ev
from auditor.parse.games import GameWords
from auditor.rooms import Terminal

_LIMITS = {"POT LIMIT": ev.Limit.POT, "NO LIMIT": ev.Limit.NO, "FIXED LIMIT": ev.Limit.FIXED}
_LIMITS["LIMIT"] = ev.Limit.FIXED
GAMES = GameWords(_LIMITS, ("HI/LO",))
_GAME = Terminal("pkr", "GAME_TYPE", ("game_type",))
_LIMIT = Terminal("pkr", "LIMIT_TYPE", ("limit_type",))


def lines_game(lines: tuple[str, ...]) -> str:
    """The game of a hand's lines, limit first ("" when it cannot be told)."""
    game, limit = (_GAME(lines[4]), _LIMIT(lines[5])) if len(lines) >= 6 else ("", "")
    return f"{limit} {game}" if game and limit else ""


def is_omaha(game: str) -> bool:
    """A limit's words, then OMAHA or OMAHA HI/LO: the whole name (not a word in it: PKR
    names no other Omaha).

    >>> is_omaha("POT LIMIT OMAHA HI/LO"), is_omaha("NO LIMIT TEXAS HOLDEM")
    (True, False)
    """
    return any(game in (f"{words} OMAHA", f"{words} OMAHA HI/LO") for words in _LIMITS)
