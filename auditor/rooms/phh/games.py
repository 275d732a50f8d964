"""PHH's Omaha variant codes (pokerkit's ``HandHistory.game_types``): the first letter is
the betting (F fixed, P pot, N no limit), "O" Omaha, "/8" the eight-or-better low half;
the other games ("NT", "F7S"...) are skipped and counted."""

from __future__ import annotations

from auditor import events as ev

OMAHA: dict[str, tuple[ev.Limit, bool]] = {  # code: (limit, hi/lo)
    "PO": (ev.Limit.POT, False),
    "PO/8": (ev.Limit.POT, True),
    "FO": (ev.Limit.FIXED, False),
    "FO/8": (ev.Limit.FIXED, True),
    "NO": (ev.Limit.NO, False),
    "NO/8": (ev.Limit.NO, True),
}

# the game of a hand whose ``variant`` is no string (``variant = 7``): read, so that the
# reader rejects it naming the key, not skipped unread
NOT_A_CODE = "?"
