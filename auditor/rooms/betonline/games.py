"""The game a BetOnline hand deals: the room wrote "Hold'em Pot Limit" over its Omaha
tables' hands of 2012 (issue 14 item 4)."""

from __future__ import annotations

from collections.abc import Iterable

from auditor import events as ev
from auditor.parse.games import GameWords
from auditor.parse.runs import terminal_pattern

GAMES = GameWords(
    {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Limit": ev.Limit.FIXED},
    ("Hi/Lo",),
    default=ev.Limit.NO,
)
_HOLDEM = "Hold'em"


def hole_cards_dealt(lines: Iterable[str]) -> int:
    """How many hole cards the hand's "Dealt to" line shows, else its first summary
    "showed [...]" line (an observed hand); 0: no hole cards shown.

    >>> hole_cards_dealt(["Seat 6: Player2 showed [Jc 10c Ks 2h] and won (11.55)"])
    4
    """
    dealt, seat = (
        terminal_pattern("betonline", "DEALT"),
        terminal_pattern("betonline", "SUMMARY_SEAT"),
    )
    for line in lines:
        if line.startswith("Dealt to "):
            found, cards = dealt.match(line + "\n"), "dealt_cards"
        elif line.startswith("Seat ") and " showed [" in line:
            found, cards = seat.match(line + "\n"), "sum_cards"
        else:
            continue
        return len(found[cards].split()) if found else 0
    return 0


def shown_game(written: str, hole_cards: int) -> str:
    """A "Hold'em" header over four or more hole cards is Omaha of the header's limit.

    >>> shown_game("Hold'em Pot Limit", 4), shown_game("Hold'em Pot Limit", 2)
    ('Omaha Pot Limit', "Hold'em Pot Limit")
    """
    if written.startswith(_HOLDEM) and hole_cards >= 4:
        return "Omaha" + written.removeprefix(_HOLDEM)
    return written
