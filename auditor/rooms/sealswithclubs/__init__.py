"""Seals With Clubs (bitcoin poker, amounts in mBTC): its "Hand #N-M - 2013-04-11 02:08:55"
layout. Its header starts as WPN's "Hand #N - Omaha ..." does: a Seals header is "#N-M"
and a date, and its third line names the site ("Site: Seals With Clubs")."""

from __future__ import annotations

import re

from auditor.rooms import Room

_SITE_LINE = re.compile(r"^Site: Seals With Clubs", re.MULTILINE)


class SealsWithClubsRoom(Room, declared_in=__file__):
    def sniff(self, head: str) -> bool:
        return _SITE_LINE.search(head) is not None
