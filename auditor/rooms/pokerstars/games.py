"""Which game a header names, so that hands of other games are skipped, not parsed. Its
own reading, not the grammar's HEADER: that reads Omaha only, and the skipped hands of a
mixed file are counted by the names of their games ("Razz Limit"). The GG room's too."""

from __future__ import annotations

import re

_POSTFLOP = re.compile(r"Omaha \((?:NL|PL) postflop\)")
_IN_PARENS = re.compile(r"\(([^()$€£]*?(?:Limit|Limit Hi/Lo))\)")
_NAMED = re.compile(
    r"((?:[0-9] Card )?(?:[A-Z0-9][A-Za-z'/0-9-]* )+?"
    r"(?:Pot Limit|No Limit|Fixed Limit|Limit|Pot-Limit))"
)
_GG_SHORT = re.compile(r": (PLO(?:-[56])?(?: Hi/Lo| H/L)?) \(")


def header_game(header: str) -> str:
    """The game a hand header names, as written.

    >>> header_game("PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2014/01/06")
    'Omaha Hi/Lo Pot Limit'
    >>> header_game("PokerStars Home Game Hand #9: {Room} Tournament #7, 100+9 8-Game (Razz Limit)")
    'Razz Limit'
    >>> header_game("Poker Hand #OM1: PLO-5 ($2/$5) - 2021/04/03 00:00:47")
    'PLO-5'
    >>> header_game("Poker Hand #TM2: Tournament #2, Bounty $8.40 Omaha (NL postflop) - Level18")
    'Omaha (NL postflop)'
    >>> header_game("Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2021/04/12 07:43:21")
    "Hold'em No Limit"
    """
    found = _POSTFLOP.search(header)
    if found:
        return found.group(0)
    found = _IN_PARENS.search(header)
    if found:
        return found.group(1)
    found = _GG_SHORT.search(header)
    if found:
        return found.group(1)
    _, _, after = header.partition(": ")
    found = _NAMED.search(after)
    return found.group(1).strip() if found else ""
