"""The game of a Merge hand: the session's ``<description type=... stakes=...>`` names the
game ("Omaha", "Omaha H/L8", "+ Tournament") and the limit ("Pot Limit ($0.10/$0.25)",
"Limit $1/$2", "No Limit", "Pot Limit" for tournaments); a mixed session's description
names the mix ("HORSE Tournament") and each ``<game>``'s ``multigametype`` code names the
hand's own game (codes as fpdb-3's MergeToFpdb.py reads them)."""

from __future__ import annotations

import re

from auditor import events as ev

MIXES = frozenset({"HA", "RASH", "HO", "SHOE", "HORSE", "HOSE", "HAR"})

# multigametype codes of a mixed session's hands
MULTIGAME = {
    "1": "Holdem",
    "2": "Holdem",
    "9": "Holdem",
    "23": "Holdem",
    "4": "Omaha",
    "34": "Omaha H/L8",
    "35": "Omaha H/L8",
    "37": "Omaha H/L8",
    "38": "7-Stud",
    "39": "7-Stud",
    "41": "7-Stud",
    "42": "7-Stud",
    "43": "7-Stud H/L8",
    "45": "7-Stud H/L8",
    "46": "Razz",
    "47": "Razz",
    "49": "Razz",
}

LIMITS = {
    "No Limit": ev.Limit.NO,
    "Pot Limit": ev.Limit.POT,
    "Limit": ev.Limit.FIXED,
}

_STAKES = re.compile(
    r"^(?P<limit>No Limit|Pot Limit|Half Pot Limit|Limit)\s*"
    r"(?:\(?\$?(?P<small>[0-9.,]+)/\$?(?P<big>[0-9.,]+)\)?)?"
)


def limit_and_stakes(stakes: str) -> tuple[str, str, str]:
    """The limit words and the two stakes ("" when not written) of a description's stakes.

    >>> limit_and_stakes("Pot Limit ($0.10/$0.25)")
    ('Pot Limit', '0.10', '0.25')
    >>> limit_and_stakes("Limit $1/$2"), limit_and_stakes("Pot Limit")
    (('Limit', '1', '2'), ('Pot Limit', '', ''))
    """
    found = _STAKES.match(stakes.strip())
    if found is None:
        return "", "", ""
    return found["limit"], found["small"] or "", found["big"] or ""


def hand_game(kind: str, stakes: str, multigametype: str) -> str:
    """The hand's game as words: game then limit ("Omaha H/L8 Limit"); "" if unknown.

    >>> hand_game("Omaha Tournament", "Pot Limit", "")
    'Omaha Pot Limit'
    >>> hand_game("HORSE Tournament", "Limit", "37"), hand_game("HORSE", "Limit", "23")
    ('Omaha H/L8 Limit', 'Holdem Limit')
    """
    base = kind.removesuffix(" Tournament").strip()
    if base in MIXES:
        base = MULTIGAME.get(multigametype, f"{base} game {multigametype}")
    limit = limit_and_stakes(stakes)[0]
    return f"{base} {limit}".strip() if base else ""


def is_omaha(game: str) -> bool:
    """Merge's Omaha games, high and H/L8, in the limits the auditor replays.

    >>> is_omaha("Omaha H/L8 Limit"), is_omaha("Holdem No Limit"), is_omaha("7-Stud Limit")
    (True, False, False)
    """
    return game.startswith("Omaha")
