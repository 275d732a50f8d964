"""The rooms' time-zone abbreviations, as zones that know their daylight saving."""

from __future__ import annotations

from datetime import UTC, datetime
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
}


def to_utc(local: datetime | None, zone: str) -> datetime | None:
    """The UTC instant of a room's local time, or None when the zone is not known.

    >>> to_utc(datetime(2014, 1, 6, 18, 50, 8), "ET")
    datetime.datetime(2014, 1, 6, 23, 50, 8, tzinfo=datetime.timezone.utc)
    >>> to_utc(datetime(2014, 7, 6, 18, 50, 8), "ET").hour
    22
    """
    name = _ZONES.get(zone)
    if local is None or name is None:
        return None
    return local.replace(tzinfo=ZoneInfo(name)).astimezone(UTC)
