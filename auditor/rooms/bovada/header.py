"""A Bovada hand's start from its header's fields. The header gives no time zone: kept
as "", the local time as written."""

from __future__ import annotations

from collections.abc import Collection

from auditor import events as ev
from auditor.money import AmountError, to_minor
from auditor.parse.facts import LineError, local_time, variant
from auditor.rooms.bovada.games import LIMIT_OF_WORDS, is_hi_lo
from auditor.source import SourceSpan

SITE_OF = {"Bodog.com": "Bodog", "Bodog.eu": "Bodog", "Bodog UK": "Bodog", "Bodog Canada": "Bodog"}

# the small blind of stakes whose big blind is not half of it (when none is posted)
_SMALL_OF_BIG = {5: 2, 25: 10}


def hand_started(
    h: dict[str, str],
    span: SourceSpan,
    scale: int,
    blinds: dict[ev.PostKind, int],
    button: int | None,
) -> ev.HandStarted:
    """The hand's start; a problem with the header's facts is the header line's."""
    game, hi_lo = h.get("game", ""), is_hi_lo(h.get("game", ""))
    limit = LIMIT_OF_WORDS[h.get("limit", "")]
    try:
        year, month, day = (int(part) for part in h["date"].split("-"))
        hour, minute, second = (int(part) for part in h["time"].split(":"))
        started = local_time(year, month, day, hour, minute, second, "")
        small, big = stakes(h, limit, scale, blinds)
    except (AmountError, ValueError) as err:
        raise LineError.of(span.line, err) from None
    tournament = h.get("tournament")
    table = h.get("tour_table") or h.get("table", "")
    if h.get("pool") == "Zone Poker ID":  # a table of its own: see table_of_header
        table = f"Zone Poker ID#{table} hand {h.get('id', '')}"
    game += h.get("zone", "") + (" " + h["limit"] if "limit" in h else "")
    site = SITE_OF.get(h.get("site", ""), h.get("site", ""))
    return ev.HandStarted(
        span, site, h.get("id", ""), game, variant(limit, hi_lo, 4), limit, hi_lo, 4, small,
        big, "chips" if tournament else "USD", scale, started, "", table,
        2 if "hu" in h else None, button, tournament_id=tournament, level=h.get("level"),
    )  # fmt: skip


def stakes(
    h: dict[str, str], limit: ev.Limit, scale: int, blinds: dict[ev.PostKind, int]
) -> tuple[int, int]:
    """The header's level blinds (tournaments), else the blinds posted (a cash game's
    header gives none); a fixed limit game's bets are the big blind and twice it."""
    if "small" in h and "big" in h:
        small, big = to_minor(h["small"], scale), to_minor(h["big"], scale)
    else:
        big = blinds.get(ev.PostKind.BIG_BLIND, 0)
        small = blinds.get(ev.PostKind.SMALL_BLIND, _SMALL_OF_BIG.get(big, big // 2))
        big = big or 2 * small
    return (big, 2 * big) if limit is ev.Limit.FIXED else (small, big)


def button_seat(seat_of: dict[str, int], dealer: int | None, seats: Collection[int]) -> int | None:
    """The Dealer's seat; else the seat "Set dealer [n]" names; else (a dead button) the
    empty seat after the last player before the small blind, where the last small blind
    sat (PLO8-9max-USD-0.02-0.05-201408 hand 2902247207: the small blind of the hand
    before sat in seat 3, empty now, seat 4 too, and seat 5 is the Small Blind)."""
    dealer = seat_of.get("Dealer", dealer)
    small = seat_of.get("Small Blind")
    if dealer is not None or small is None:
        return dealer
    before = [seat for seat in seats if seat < small]
    if before:
        return max(before) + 1
    return 1 if small > 1 else max(seats) + 1
