"""Two exports of one PokerStars hand may differ only in the zone of the header's start
time ("2014/01/01 1:00:00 CET [2013/12/31 19:00:00 ET]", "2013/12/31 19:00:00 ET", "2014/01/01
1:00:00 CET", as the player's settings had it): duplicate detection compares them in ET
(:meth:`PokerStarsRoom.same_record_text`).
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from auditor.tables.timezones import to_utc

# A start time in the player's zone with the ET time in brackets, ending a header.
_BRACKETED = re.compile(r"\S+ \S+ [A-Z]{1,5} \[(\S+ \S+ ET)\]$")
# A start time in one zone, ending a header.
_ZONED = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{1,5})$")
_EASTERN = ZoneInfo("America/New_York")
_TIMES = 64  # characters at the end of a header that hold its start times


def eastern_header(header: str) -> str:
    """``header`` with its start time in ET, as written in brackets or converted from
    the one zone written (as written when there is no zone, or no ET instant for it).

    >>> eastern_header("Hand #1: Omaha - 2014/01/01 1:00:00 CET [2013/12/31 19:00:00 ET]")
    'Hand #1: Omaha - 2013/12/31 19:00:00 ET'
    >>> eastern_header("Hand #1: Omaha - 2014/01/01 1:00:00 CET")
    'Hand #1: Omaha - 2013/12/31 19:00:00 ET'
    """
    if header.endswith(" ET"):  # the common case, and nothing to do
        return header
    cut = max(0, len(header) - _TIMES)  # the times end the header: search only there
    if header.endswith(" ET]"):
        found = _BRACKETED.search(header, cut)
        return header if found is None else header[: found.start()] + found.group(1)
    zoned = _ZONED.search(header, cut)
    if zoned is None:  # no zone written: nothing to compare it with
        return header
    try:
        year, month, day, hour, minute, second = map(int, zoned.groups()[:6])
        local = datetime(year, month, day, hour, minute, second)
        instant = to_utc(local, zoned.group(7))
        if instant is None:
            return header
        et = instant.astimezone(_EASTERN)
    except (ValueError, OverflowError):  # a date no calendar or zone can hold: as written
        return header
    written = f"{et.year}/{et.month:02}/{et.day:02} {et.hour}:{et.minute:02}:{et.second:02} ET"
    return header[: zoned.start()] + written
