"""The games Microgaming's records name: the XML's ``gametype`` and ``betlimit``
("Omaha" / "Omaha H/L", "PL"), the export's "[Omaha]" and "(0.25|0.50 PL - Cash Game)";
and the hand's start as both layouts give it (in cents, no time zone, 4 hole cards)."""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.money import to_minor
from auditor.parse.facts import variant
from auditor.source import SourceSpan

SITE = "Microgaming"
SCALE = 100
LIMITS = {"PL": ev.Limit.POT, "NL": ev.Limit.NO, "FL": ev.Limit.FIXED}


def is_hi_lo(game: str) -> bool:
    """Whether the game is split hi/lo 8-or-better.

    >>> is_hi_lo("Omaha H/L PL"), is_hi_lo("Omaha PL")
    (True, False)
    """
    return "H/L" in game or "Hi/Lo" in game


def hand_started(
    span: SourceSpan,
    game: str,
    limit: str,
    stakes: tuple[str, str],
    hand: tuple[str, str, datetime | None],
    seats: tuple[int | None, int | None],
    currency: str,
    table_span: SourceSpan | None = None,
) -> ev.HandStarted:
    """The start of a hand of ``game`` at ``limit`` ("PL") and ``stakes`` (as written);
    ``hand``: its id, table and start; ``seats``: the table's size and the button, each
    None where unsaid (AmountError: stakes that are not amounts)."""
    hi_lo, kind = is_hi_lo(game), LIMITS[limit]
    small, big = (to_minor(stake, SCALE) for stake in stakes)
    hand_id, table, started = hand
    return ev.HandStarted(
        span,
        site=SITE,
        hand_id=hand_id,
        game=f"{game} {limit}",
        variant=variant(kind, hi_lo, 4),
        limit=kind,
        hi_lo=hi_lo,
        hole_card_count=4,
        small_stake=small,
        big_stake=big,
        currency=currency,
        scale=SCALE,
        started_at=started,
        time_zone="",  # the records name no zone
        table_name=table,
        max_seats=seats[0],
        button_seat=seats[1],
        table_span=table_span,
    )
