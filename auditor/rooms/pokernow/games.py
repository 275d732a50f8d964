"""What a Poker Now hand's header row says: its game, its number and id, its dealer.
Older logs write no "(id: ...)": their hands are told apart by the header row's `order`.
"""

from __future__ import annotations

import csv
import re

from auditor import events as ev
from auditor.parse.facts import variant

HEADER_START = "-- starting hand #"
HEADER = re.compile(
    r"-- starting hand #(?P<number>[0-9]+) (?:\(id: (?P<id>[a-z0-9]+)\) )? "
    r'\((?P<game>[^\n]+?)\) \((?:dealer: "(?P<dealer>[^\n]+)"|(?P<dead>dead button))\) --$'
)
# the seats of a stacks row: #3 "reilly @ FkycgsPCCs" (294)
STACK_SEAT = re.compile(
    r'#(?P<seat>[0-9]+) "(?P<player>[^\n]*? @ [A-Za-z0-9_-]+)" \((?P<chips>[0-9]+(\.[0-9]+)?)\)'
)
_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Limit": ev.Limit.FIXED}
# "Pot Limit Omaha Hi", "Pot Limit Omaha Hi/Lo 8 or Better", "No Limit Texas Hold'em"
_OMAHA = re.compile(
    r"(?P<limit>Pot Limit|No Limit|Limit) Omaha(?: (?P<cards>[4-7]) Card)?"
    r"(?: (?P<half>Hi/Lo 8 or Better|Hi))?$"
)


def row(line: str) -> list[str]:
    """One CSV row of the log (``entry,at,order``; the entry quoted)."""
    return next(csv.reader((line,)), [])


def header_game(entry: str) -> str:
    """The game a header names, as written ("" when the entry is no header).

    >>> header_game('-- starting hand #2  (Pot Limit Omaha Hi/Lo 8 or Better) (dead button) --')
    'Pot Limit Omaha Hi/Lo 8 or Better'
    """
    found = HEADER.match(entry)
    return found["game"] if found else ""


def game_facts(game: str) -> tuple[ev.Limit, bool, int, str] | None:
    """Limit, hi/lo, hole cards and variant code of the Omaha game a header names (None:
    another game).

    >>> game_facts("Pot Limit Omaha Hi/Lo 8 or Better")
    (<Limit.POT: 'PL'>, True, 4, 'PLO8')
    >>> game_facts("No Limit Texas Hold'em")
    """
    found = _OMAHA.match(game)
    if found is None:
        return None
    limit, cards = _LIMITS[found["limit"]], int(found["cards"] or 4)
    hi_lo = (found["half"] or "").startswith("Hi/Lo")
    return limit, hi_lo, cards, variant(limit, hi_lo, cards)


def hand_id(entry: str, order: str) -> str:
    """The hand's id: Poker Now's "(id: ...)", or in an old header (none) "#N-order".

    >>> hand_id('-- starting hand #4  (No Limit Texas Hold\\'em) (dealer: "a @ b") --', "16426")
    '4-16426'
    """
    found = HEADER.match(entry)
    if found is None:
        return ""
    return found["id"] or f"{found['number']}-{order}"
