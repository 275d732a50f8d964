"""The game a BetOnline header names, and the game a hand deals.

"BetOnline Poker Game #1073058326: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 21:25:46 EDT":
the game, then its limit ("No Limit", "Pot Limit", "Limit"; none: no limit). The room
wrote "Hold'em Pot Limit" over hands that deal four hole cards (its Omaha tables, 2012):
the cards dealt say which game it is, not the header (issue 14 item 4).
"""

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

    >>> hole_cards_dealt(["*** HOLE CARDS ***", "Dealt to Hero [Jh 9d 7d Kh]"])
    4
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
    """The game a hand is, from its header's words and the hole cards it deals: a
    "Hold'em" header over four or more cards is Omaha of the header's limit.

    >>> shown_game("Hold'em Pot Limit", 4), shown_game("Hold'em Pot Limit", 2)
    ('Omaha Pot Limit', "Hold'em Pot Limit")
    """
    if written.startswith(_HOLDEM) and hole_cards >= 4:
        return "Omaha" + written.removeprefix(_HOLDEM)
    return written


def is_omaha(game: str) -> bool:
    return game.startswith("Omaha")


def game_facts(game: str) -> tuple[ev.Limit, bool, str]:
    """Limit, hi/lo and the variant code (four hole cards) of an Omaha game as named.

    >>> game_facts("Omaha Hi/Lo Limit")
    (<Limit.FIXED: 'FL'>, True, 'FLO8')
    """
    limit = ev.Limit.NO
    for words, named in _LIMITS.items():
        if game.endswith(" " + words):
            limit = named
            break
    hi_lo = "Hi/Lo" in game
    return limit, hi_lo, variant(limit, hi_lo, 4)
