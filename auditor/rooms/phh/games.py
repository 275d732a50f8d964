"""PHH's variant codes (pokerkit's ``HandHistory.game_types``: "PO", "FO/8", "NT"...) and
the Omaha games among them, so that the other games are skipped and counted."""

from __future__ import annotations

from dataclasses import dataclass

from auditor import events as ev
from auditor.parse.facts import variant


@dataclass(frozen=True, slots=True)
class Game:
    limit: ev.Limit
    hi_lo: bool
    hole_cards: int = 4

    @property
    def variant(self) -> str:
        return variant(self.limit, self.hi_lo, self.hole_cards)

    @property
    def fixed(self) -> bool:
        return self.limit is ev.Limit.FIXED


# The first letter is the betting (F fixed, P pot, N no limit), "O" Omaha, "/8" the
# eight-or-better low half: pokerkit names "PO" and "FO/8"; the spec's "et cetera" allows
# the other limits of the same game, spelled the same way.
OMAHA: dict[str, Game] = {
    "PO": Game(ev.Limit.POT, False),
    "PO/8": Game(ev.Limit.POT, True),
    "FO": Game(ev.Limit.FIXED, False),
    "FO/8": Game(ev.Limit.FIXED, True),
    "NO": Game(ev.Limit.NO, False),
    "NO/8": Game(ev.Limit.NO, True),
}


NOT_A_CODE = "?"
"""The game of a hand whose ``variant`` is written as no string (``variant = 7``): read,
so that the reader rejects it with a PARSE_ERROR naming the key, not skipped unread."""


def is_omaha(code: str) -> bool:
    """Whether a PHH variant code is an Omaha game (or NOT_A_CODE: the reader tells).

    >>> is_omaha("FO/8"), is_omaha("PO"), is_omaha("NT"), is_omaha("F7S/8"), is_omaha("")
    (True, True, False, False, False)
    """
    return code in OMAHA or code == NOT_A_CODE
