"""The hand a WPN header starts, in either layout: its game, stakes, table and time.

The new layout's header and table lines ("Hand #N - Omaha H/L(Pot Limit) - $1/$2 - ...",
"T 6-max Seat #1 is the button"); the old layout's three ("Game started at: ...",
"Game ID: N 2/4 T (Omaha)", "Seat 1 is the button"), which name no limit and no currency:
WPN's Omaha tables of that client were pot limit, in US dollars (fpdb's WinningToFpdb.py
reads them so; a fixed-limit table is told later, by its big blind).
"""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.money import AmountError, to_minor
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time, variant
from auditor.parse.text_reader import Fields
from auditor.rooms.wpn import SITE
from auditor.source import SourceSpan

_LIMITS = {"Pot Limit": ev.Limit.POT, "No Limit": ev.Limit.NO, "Fixed Limit": ev.Limit.FIXED}
_TIME = ("year", "month", "day", "hour", "minute", "second")


def when(f: Fields | None, prefix: str, line: int) -> tuple[datetime | None, str]:
    """The local time a header's ``prefix``-ed fields give, and its zone ("UTC", or "")."""
    if f is None:
        return None, ""
    zone = f.groupdict().get(prefix + "zone") or ""
    try:
        year, month, day, hour, minute, second = (int(f[prefix + k] or 0) for k in _TIME)
        return local_time(year, month, day, hour, minute, second, zone), zone
    except ValueError as err:
        raise LineError.of(line, err) from None


def button(seat: str) -> int:
    found = int(seat)
    if not 1 <= found <= SEAT_LIMIT:
        raise SeatError(f"the button on seat {found}, which no table has")
    return found


def _stakes(small: str, big: str, scale: int, line: int) -> tuple[int, int]:
    """The header's stakes; a problem with them is the header line's."""
    try:
        return to_minor(small, scale), to_minor(big, scale)
    except (AmountError, ValueError) as err:
        raise LineError.of(line, err) from None


def new_start(
    head: Fields, table: Fields, head_span: SourceSpan, span: SourceSpan
) -> ev.HandStarted:
    """The new layout's hand: its header's fields and its table line's."""
    max_seats = int(table["table_max"]) if table["table_max"] else None
    if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
        raise SeatError(f"a table of {max_seats} seats")
    seat = button(table["table_button"])
    limit = _LIMITS.get(head["head_limit"], ev.Limit.POT)  # "All-in or Fold Limit": pot's
    game = head["head_game"]
    hi_lo = any(w in game for w in ("H/L", "Hi/Lo", "HiLow"))
    hole = 5 if game.startswith("5Card") else 6 if game.startswith("6Card") else 4
    tournament = head["head_tournament"]
    small = head["head_small"] or head["head_level_small"]
    # money in dollars ("$0.25/$0.50"), else chips (tournaments, play money)
    usd = not tournament and not table["table_play"] and small.startswith("$")
    scale = 100 if usd else 1
    started_at, zone = when(head, "head_", head_span.line)
    small_stake, big_stake = _stakes(
        small, head["head_big"] or head["head_level_big"], scale, head_span.line
    )
    return ev.HandStarted(
        span=head_span,
        site=SITE,
        hand_id=head["head_id"],
        game=f"{game}({head['head_limit']})",
        variant=variant(limit, hi_lo, hole),
        limit=limit,
        hi_lo=hi_lo,
        hole_card_count=hole,
        small_stake=small_stake,
        big_stake=big_stake,
        currency="USD" if usd else "chips",
        scale=scale,
        started_at=started_at,
        time_zone=zone,
        table_name=table["table_name"],
        max_seats=max_seats,
        button_seat=seat,
        tournament_id=tournament,
        buy_in=(head["head_buy_in"] or "").strip(" -") or None,
        level=head["head_level"],
        table_span=span,
    )


def old_start(
    started: Fields | None, game: Fields, seat: int, head_span: SourceSpan, game_span: SourceSpan
) -> ev.HandStarted:
    """The old layout's hand: its "Game started at" line's fields, its "Game ID" line's
    and the button's seat."""
    name = game["game_name"]
    hi_lo = "HiLow" in name or "H/L" in name
    hole = 5 if name.startswith("5Card") else 4
    started_at, zone = when(started, "started_", head_span.line)
    small, big = _stakes(game["game_small"], game["game_big"], 100, game_span.line)
    return ev.HandStarted(
        span=head_span,
        site=SITE,
        hand_id=game["game_id"],
        game=name,
        variant=variant(ev.Limit.POT, hi_lo, hole),
        limit=ev.Limit.POT,
        hi_lo=hi_lo,
        limit_written=False,
        hole_card_count=hole,
        small_stake=small,
        big_stake=big,
        currency="USD",
        scale=100,
        started_at=started_at,
        time_zone=zone,
        table_name=(game["game_table"] or "").strip(),
        max_seats=None,
        button_seat=seat,
        table_span=game_span,
    )
