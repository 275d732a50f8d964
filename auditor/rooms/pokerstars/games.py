"""Which game a header names, so that hands of other games are skipped, not parsed."""

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


def is_omaha(game: str) -> bool:
    """Omaha in all its forms (4, 5, 6 cards, hi/lo, Courchevel).

    >>> is_omaha("5 Card Omaha Hi/Lo Pot Limit"), is_omaha("Hold'em No Limit"), is_omaha("PLO-5")
    (True, False, True)
    """
    return "Omaha" in game or "Courchevel" in game or game.startswith("PLO")
