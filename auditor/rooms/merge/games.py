"""The game of a Merge hand: the session's ``<description type=... stakes=...>`` names the
game ("Omaha", "Omaha H/L8", "+ Tournament") and the limit ("Pot Limit ($0.10/$0.25)",
"Limit $1/$2", "No Limit", "Pot Limit" for tournaments); a mixed session's description
names the mix ("HORSE Tournament") and each ``<game>``'s ``multigametype`` code names the
hand's own game (codes as fpdb-3's MergeToFpdb.py reads them)."""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.parse.xml_elements import start_attrs
from auditor.read.split import RawHand

MIXES = frozenset({"HA", "RASH", "HO", "SHOE", "HORSE", "HOSE", "HAR"})

# multigametype codes of a mixed session's hands
MULTIGAME = {
    **dict.fromkeys(("1", "2", "9", "23"), "Holdem"),
    "4": "Omaha",
    **dict.fromkeys(("34", "35", "37"), "Omaha H/L8"),
    **dict.fromkeys(("38", "39", "41", "42"), "7-Stud"),
    **dict.fromkeys(("43", "45"), "7-Stud H/L8"),
    **dict.fromkeys(("46", "47", "49"), "Razz"),
}

LIMITS = {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Limit": ev.Limit.FIXED}

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


def data_fields(data: str) -> list[str]:
    """A game's ``data`` attribute, "date|table|session|hand|tournament?": divided by "|",
    or by ":" in the exports of 2010 (a colon in a name is written %3A)."""
    return re.split(r"[|:]", data)


def description_of(raw: RawHand) -> dict[str, str]:
    return start_attrs(raw.context, "description")


def game_attrs(raw: RawHand) -> dict[str, str]:
    return start_attrs(raw.lines, "game")
