"""A test-only room whose files the line splitter cannot cut: "tallylog", a session log
written once for all its hands (its table, game and stakes on the first line) and its
hands NEWEST FIRST, as an XML session or a Poker Now CSV log writes them:

    TALLYLOG | table Oak | Omaha Pot Limit 1/2
    #2 button 2
    seat 1 ann 99
    ...
    #1 button 1
    ...

The room splits its files itself (``Room.split_file``): each hand in play order, its own
lines with their own line numbers, and the session line as the hand's context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from auditor import events as ev
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand, StrayText
from auditor.rooms import Reader, Room
from auditor.source import SourceSpan
from tests.rooms.tally import _event

_SESSION = re.compile(r"TALLYLOG \| table (\w+) \| ([^|]+?) (\d+)/(\d+)$")
_HAND = re.compile(r"#(\d+) button (\d+)$")


class TallyLogReader:
    def read(self, raw: RawHand) -> ev.Hand:
        session = _SESSION.match(raw.context[0]) if raw.context else None
        found = _HAND.match(raw.header)
        if session is None or found is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "a tallylog hand")
        table, game, small, big = session.groups()
        start = ev.HandStarted(
            SourceSpan(raw.file, raw.first_line),
            site="TallyLog",
            hand_id=found.group(1),
            game=game,
            variant="PLO",
            limit=ev.Limit.POT,
            hi_lo=False,
            hole_card_count=4,
            small_stake=int(small),
            big_stake=int(big),
            currency="chips",
            scale=1,
            started_at=None,
            time_zone="",
            table_name=table,
            max_seats=6,
            button_seat=int(found.group(2)),
        )
        events: list[ev.Event] = [start]
        for number, line in enumerate(raw.lines[1:], start=raw.first_line + 1):
            events.append(_event(line, SourceSpan(raw.file, number), raw))
        return ev.Hand(start, tuple(events))


class TallyLogRoom(Room):
    name: ClassVar[str] = "tallylog"
    reads: ClassVar[str] = "the tests' own session log, newest hand first"
    default_profile: ClassVar[str] = "tda"
    reader_kind: ClassVar[str] = "tests/rooms/tallylog.py"
    sites: ClassVar[tuple[str, ...]] = ("TallyLog",)
    splits_files: ClassVar[bool] = True

    def sniff(self, head: str) -> bool:
        return head.lstrip("\ufeff").startswith("TALLYLOG |")

    def is_header(self, line: str) -> bool:
        return _HAND.match(line) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        session: tuple[str, ...] = ()
        hands: list[RawHand] = []  # newest first, as written
        current: list[str] = []
        start = 0
        for number, line in enumerate(lines, start=1):
            line = line.rstrip("\r\n").lstrip("\ufeff")
            if number == 1:
                session = (line,)
            elif _HAND.match(line):
                if current:
                    hands.append(RawHand(file, start, tuple(current), self.name, 0, session))
                current, start = [line], number
            elif current and line.strip():
                current.append(line)
        if current:
            hands.append(RawHand(file, start, tuple(current), self.name, 0, session))
        yield from reversed(hands)  # play order

    def game(self, raw: RawHand) -> str:
        session = _SESSION.match(raw.context[0]) if raw.context else None
        return session.group(2) if session else ""

    def reader(self) -> Reader:
        return TallyLogReader()

    def table_name(self, raw: RawHand) -> str:
        session = _SESSION.match(raw.context[0]) if raw.context else None
        return session.group(1) if session else ""


# Hand 1: ann folds her small blind; hand 2: bob raises, ann folds; hand 3: ann raises to
# 3 over a big blind of 2 (below the minimum: a finding). Written newest first.
TALLYLOG = """\
TALLYLOG | table Oak | Omaha Pot Limit 1/2
#3 button 1
seat 1 ann 97
seat 2 bob 103
ann sb 1
bob bb 2
ann raises 3 by 1
bob folds
returned ann 1
ann collects 4
#2 button 2
seat 1 ann 99
seat 2 bob 101
bob sb 1
ann bb 2
bob raises 6 by 4
ann folds
returned bob 4
bob collects 4
#1 button 1
seat 1 ann 100
seat 2 bob 100
ann sb 1
bob bb 2
ann folds
returned bob 1
bob collects 2
"""
