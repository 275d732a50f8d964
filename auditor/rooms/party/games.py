"""The game a PartyPoker hand's second line names, so that other games are skipped."""

from __future__ import annotations

import re

# "$4 USD PL Omaha - ...", "PL Omaha Hi-Lo $22 USD Buy-in Trny: ...",
# "0.10/0.25 Omaha Hi Game Table (PL) - ...", "$2 USD NL Texas Hold'em - ..."
_GAME = re.compile(
    r"(?:\b(NL|PL|FL) +)?((?:Texas )?Hold'?em|Omaha(?: Hi-Lo| Hi)?|7 Card Stud(?: Hi-Lo)?"
    r"|Double Hold'?em|Short Deck)(?: Game Table \((NL|PL|FL)\))?"
)


def game_of(line: str) -> str:
    """The game a hand's game line names, limit first ("" when it cannot be told).

    >>> game_of("$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012")
    'PL Omaha Hi'
    >>> game_of("0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026")
    'PL Omaha Hi'
    >>> game_of("$2 USD NL Texas Hold'em - Friday, December 03, 23:16:02 CET 2013")
    "NL Texas Hold'em"
    """
    if found := _GAME.search(line):
        return f"{found[1] or found[3] or ''} {found[2]}".strip()
    return ""
