"""A test-only room, "tally": its own tiny layout, read line by line into events.

    TALLY #7 | table Oak | Omaha Pot Limit 1/2 | button 1
    seat 1 ann 100
    ann sb 1
    bob raises 6
    ann folds
    returned bob 4
    bob collects 4

It lives in the tests only: registering it (``rooms.register``) must be all it takes for
the auditor to read, route and audit its hands.
"""

from __future__ import annotations

import re
from typing import ClassVar

from auditor import events as ev
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.rooms import Reader, Room
from auditor.source import SourceSpan

_HEADER = re.compile(r"TALLY #(\d+) \| table (\w+) \| ([^|]+?) (\d+)/(\d+) \| button (\d+)$")


class TallyReader:
    def read(self, raw: RawHand) -> ev.Hand:
        found = _HEADER.match(raw.header)
        if found is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "a TALLY header")
        hand_id, table, game, small, big, button = found.groups()
        start = ev.HandStarted(
            SourceSpan(raw.file, raw.first_line),
            site="Tally",
            hand_id=hand_id,
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
            button_seat=int(button),
        )
        events: list[ev.Event] = [start]
        for number, line in enumerate(raw.lines[1:], start=raw.first_line + 1):
            events.append(_event(line, SourceSpan(raw.file, number), raw))
        return ev.Hand(start, tuple(events))


def _event(line: str, span: SourceSpan, raw: RawHand) -> ev.Event:
    words = line.split()
    match words:
        case ["seat", seat, player, stack]:
            return ev.SeatTaken(span, int(seat), player, int(stack))
        case [player, "sb", amount]:
            return ev.Posted(span, player, ev.PostKind.SMALL_BLIND, int(amount))
        case [player, "bb", amount]:
            return ev.Posted(span, player, ev.PostKind.BIG_BLIND, int(amount))
        case [player, "folds"]:
            return ev.Folded(span, player)
        case [player, "calls", amount]:
            return ev.Called(span, player, int(amount))
        case [player, "raises", to, "by", by]:
            return ev.RaisedTo(span, player, int(by), int(to))
        case ["returned", player, amount]:
            return ev.UncalledReturned(span, player, int(amount))
        case [player, "collects", amount]:
            return ev.Collected(span, player, int(amount))
    raise HandParseError(span.file, span.line, 1, line, "a tally line")


class TallyRoom(Room):
    name: ClassVar[str] = "tally"
    reads: ClassVar[str] = "the tests' own tally layout"
    default_profile: ClassVar[str] = "tda"
    reader_kind: ClassVar[str] = "tests/rooms/tally.py"
    sites: ClassVar[tuple[str, ...]] = ("Tally",)

    def sniff(self, head: str) -> bool:
        return "\nTALLY #" in "\n" + head

    def is_header(self, line: str) -> bool:
        return line.startswith("TALLY #")

    def game(self, raw: RawHand) -> str:
        found = _HEADER.match(raw.header)
        return found.group(3) if found else ""

    def reader(self) -> Reader:
        return TallyReader()

    def table_name(self, raw: RawHand) -> str:
        found = _HEADER.match(raw.header)
        return found.group(2) if found else ""


# Hand 1: ann folds her small blind; hand 2: bob raises, ann folds; hand 3: another game
# (skipped); hand 4: ann raises to 3 over a big blind of 2 (below the minimum: a
# finding); hand 5: a line no tally reader knows (rejected).
TALLY_HANDS = """\
TALLY #1 | table Oak | Omaha Pot Limit 1/2 | button 1
seat 1 ann 100
seat 2 bob 100
ann sb 1
bob bb 2
ann folds
returned bob 1
bob collects 2

TALLY #2 | table Oak | Omaha Pot Limit 1/2 | button 2
seat 1 ann 99
seat 2 bob 101
bob sb 1
ann bb 2
bob raises 6 by 4
ann folds
returned bob 4
bob collects 4

TALLY #3 | table Elm | Hold'em No Limit 1/2 | button 1
seat 1 cy 100

TALLY #4 | table Oak | Omaha Pot Limit 1/2 | button 1
seat 1 ann 97
seat 2 bob 103
ann sb 1
bob bb 2
ann raises 3 by 1
bob folds
returned ann 1
ann collects 4

TALLY #5 | table Oak | Omaha Pot Limit 1/2 | button 2
seat 1 ann 96
seat 2 bob 104
bob dances
"""
