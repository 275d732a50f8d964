"""The game a BetOnline header names ("BetOnline Poker Game #1073058326: Hold'em Pot Limit
($0.05/0.10) - ...": the game, then its limit; none: no limit), and the game a hand deals:
the room wrote "Hold'em Pot Limit" over its Omaha tables' hands of 2012 (issue 14 item 4)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from auditor import events as ev
from auditor.parse.facts import variant

_GAME = re.compile(
    r"^BetOnline Poker Game #[0-9]+: (?P<game>.+?)"
    r"(?: (?P<limit>No Limit|Pot Limit|Limit))? \(\S+/\S+\) - "
)
_LIMITS = {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Limit": ev.Limit.FIXED}
_HOLDEM = "Hold'em"
_DEALT = re.compile(r"Dealt to .+? \[(?P<cards>[^\]]*)\]$")
_SHOWED = re.compile(r"Seat [0-9]+: .+? showed \[(?P<cards>[^\]]*)\]")


def header_game(header: str) -> str:
    """The game and limit a header names ("" when it is no header).

    >>> header_game("BetOnline Poker Game #1: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 9:25:46")
    "Hold'em Pot Limit"
    """
    found = _GAME.match(header)
    if found is None:
        return ""
    return f"{found['game']} {found['limit']}" if found["limit"] else found["game"]


def hole_cards_dealt(lines: Iterable[str]) -> int:
    """How many hole cards the hand's "Dealt to" line shows, else its first summary
    "showed [...]" line (an observed hand); 0: no hole cards shown.

    >>> hole_cards_dealt(["Seat 6: Player2 showed [Jc 10c Ks 2h] and won (11.55)"])
    4
    """
    for line in lines:
        if line.startswith("Dealt to "):
            found = _DEALT.match(line.rstrip())
        elif line.startswith("Seat ") and " showed [" in line:
            found = _SHOWED.match(line)
        else:
            continue
        return len(found["cards"].split()) if found else 0
    return 0


def shown_game(written: str, hole_cards: int) -> str:
    """A "Hold'em" header over four or more hole cards is Omaha of the header's limit.

    >>> shown_game("Hold'em Pot Limit", 4), shown_game("Hold'em Pot Limit", 2)
    ('Omaha Pot Limit', "Hold'em Pot Limit")
    """
    if written.startswith(_HOLDEM) and hole_cards >= 4:
        return "Omaha" + written.removeprefix(_HOLDEM)
    return written


def game_facts(game: str) -> tuple[ev.Limit, bool, str]:
    """Limit, hi/lo and the variant code (four hole cards) of an Omaha game as named.

    >>> game_facts("Omaha Hi/Lo Limit")
    (<Limit.FIXED: 'FL'>, True, 'FLO8')
    """
    limit = next((v for words, v in _LIMITS.items() if game.endswith(" " + words)), ev.Limit.NO)
    hi_lo = "Hi/Lo" in game
    return limit, hi_lo, variant(limit, hi_lo, 4)
