"""The game a GGPoker header names, so that hands of other games are skipped, not parsed."""

from __future__ import annotations

import re

# "PLO-5 ($2/$5)", "PLO ($2/$5)", "Omaha Pot Limit ($0.5/$1)", "... Omaha (NL postflop) - Level18"
_SHORT = re.compile(r": (PLO(?:-[56])?(?: Hi/Lo| H/L)?) \(")
_POSTFLOP = re.compile(r"Omaha \((?:NL|PL) postflop\)")
_NAMED = re.compile(r"((?:[0-9] Card )?Omaha(?: Hi/Lo)? (?:Pot Limit|No Limit|Fixed Limit|Limit))")
_OTHER = re.compile(r": ([^($]+?) \(")  # another game, as written before its stakes


def header_game(header: str) -> str:
    """The game a GG header names, as written ("" when it cannot be told).

    >>> header_game("Poker Hand #OM1: PLO-5 ($2/$5) - 2021/04/03 00:00:47")
    'PLO-5'
    >>> header_game("Poker Hand #TM2: Tournament #2, Bounty $8.40 Omaha (NL postflop) - Level18")
    'Omaha (NL postflop)'
    >>> header_game("Poker Hand #RC5: Omaha Pot Limit ($0.01/$0.02) - 2021/04/12 07:43:21")
    'Omaha Pot Limit'
    >>> header_game("Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2021/04/12 07:43:21")
    "Hold'em No Limit"
    """
    for pattern in (_POSTFLOP, _SHORT, _NAMED):
        found = pattern.search(header)
        if found:
            return found.group(found.lastindex or 0)
    found = _OTHER.search(header)
    return found.group(1).strip() if found else ""
