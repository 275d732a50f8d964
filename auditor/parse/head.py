"""A hand's head as values: the stakes, the table, the time written, built into one
:class:`~auditor.events.HandStarted` in one place for every room.

A reader gathers the head's facts from whichever lines write them (a header, a table line,
a game line) and hands them over as three values rather than sixteen keywords:

>>> from auditor.parse.games import GameWords
>>> words = GameWords({"Pot Limit": ev.Limit.POT}, ("Hi/Lo",))
>>> start = hand_started(
...     SourceSpan("f.txt", 1), "Room", "42", "Omaha Hi/Lo Pot Limit",
...     words.of("Omaha Hi/Lo Pot Limit"), Stakes(25, 50, "USD", 100), (None, ""),
...     Seating("Alpha", 6, 3),
... )
>>> start.variant, start.big_stake, start.max_seats
('PLO8', 50, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import NamedTuple

from auditor import events as ev
from auditor.parse.facts import local_time
from auditor.parse.games import Game
from auditor.source import SourceSpan

# a written time's parts, as a grammar names them after its prefix ("head_year"...)
TIME_PARTS = ("year", "month", "day", "hour", "minute", "second")


class Stakes(NamedTuple):
    """The stakes as the header names them (blinds, or the fixed-limit bets), in minor units."""

    small: int
    big: int
    currency: str  # ISO code, or "chips"
    scale: int  # minor units per major unit: 100 for cents, 1 for chips


class Seating(NamedTuple):
    """The table line's facts."""

    name: str
    max_seats: int | None  # the highest seat number the table has, None where unwritten
    button: int | None
    span: SourceSpan | None = None  # the table line's own span, when the record has one


def written_time(fields: Mapping[str, str | None], zone: str, prefix: str = "") -> datetime:
    """The local time of fields named ``{prefix}year`` ... ``{prefix}second`` (the seconds
    may be unwritten: 0); raises ValueError for a time no calendar holds."""
    y, mo, d, h, mi = (int(fields[prefix + part] or 0) for part in TIME_PARTS[:5])
    return local_time(y, mo, d, h, mi, int(fields.get(prefix + "second") or 0), zone)


def hand_started(
    span: SourceSpan,
    site: str,
    hand_id: str,
    game: str,
    facts: Game,
    stakes: Stakes,
    when: tuple[datetime | None, str],
    table: Seating,
    *,
    tournament_id: str | None = None,
    buy_in: str | None = None,
    level: str | None = None,
    limit_written: bool = True,
) -> ev.HandStarted:
    """The hand's head: ``game`` as written and what it says (``facts``, most often the
    room's ``GameWords.of(game)``); ``when`` the local time as written and the zone the
    room names ("" where it names none)."""
    limit, hi_lo, hole, code = facts
    return ev.HandStarted(
        span,
        site=site,
        hand_id=hand_id,
        game=game,
        variant=code,
        limit=limit,
        hi_lo=hi_lo,
        hole_card_count=hole,
        small_stake=stakes.small,
        big_stake=stakes.big,
        currency=stakes.currency,
        scale=stakes.scale,
        started_at=when[0],
        time_zone=when[1],
        table_name=table.name,
        max_seats=table.max_seats,
        button_seat=table.button,
        tournament_id=tournament_id,
        buy_in=buy_in,
        level=level,
        table_span=table.span,
        limit_written=limit_written,
    )
