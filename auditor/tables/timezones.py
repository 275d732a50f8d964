"""The rooms' time-zone abbreviations, as zones that know their daylight saving."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

# "ET" is New York time whether the room means EST or EDT; likewise the others.
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "CST": "America/Chicago",
    "CDT": "America/Chicago",
    "MT": "America/Denver",
    "MST": "America/Denver",
    "MDT": "America/Denver",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "NT": "America/St_Johns",
    "BRT": "America/Sao_Paulo",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "GMT": "Europe/London",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "UTC": "UTC",
    "GST": "Asia/Dubai",  # Gulf Standard Time
}
# a fixed offset as written: "GMT+0100", "GMT-05:00"
_OFFSET = re.compile(r"(?:GMT|UTC)([+-])([0-9]{2}):?([0-9]{2})$")


def to_utc(local: datetime | None, zone: str) -> datetime | None:
    """The UTC instant of a room's local time, or None when the zone is not known.

    >>> to_utc(datetime(2014, 1, 6, 18, 50, 8), "ET")
    datetime.datetime(2014, 1, 6, 23, 50, 8, tzinfo=datetime.timezone.utc)
    >>> to_utc(datetime(2014, 7, 6, 18, 50, 8), "ET").hour
    22
    >>> to_utc(datetime(2011, 2, 7, 15, 22), "GMT+0100").hour
    14
    """
    name = _ZONES.get(zone)
    if local is not None and name is None and (offset := _OFFSET.match(zone)):
        sign = -1 if offset.group(1) == "-" else 1
        delta = timedelta(hours=int(offset.group(2)), minutes=int(offset.group(3)))
        return local.replace(tzinfo=timezone(sign * delta)).astimezone(UTC)
    if local is None or name is None:
        return None
    return local.replace(tzinfo=ZoneInfo(name)).astimezone(UTC)
