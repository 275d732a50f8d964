"""What every text room's reader needs to turn fields into typed facts: currency symbols,
seat limits, the variant code of an Omaha game, a local time that has a UTC instant, and
the error a line makes when the grammar reads it but its values cannot be.

Rooms word their games differently ("Omaha Hi/Lo Pot Limit", "PL Omaha Hi-Lo", "PLO8");
each room maps its own words to :class:`GameFacts`' inputs and calls :func:`variant`.
"""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.findings import Code
from auditor.money import AmountOutOfRange
from auditor.tables.timezones import to_utc

CURRENCY_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}

SEAT_LIMIT = 2**15 - 1
"""The highest seat number (and table size) the tables hold: seat columns are int16."""

BOARDS_LIMIT = 4
"""The most boards a hand has: run it twice or thrice, a double-board game run twice. A
record's board number beyond it is the line's problem (it sizes what the reader keeps)."""

_LIMIT_LETTER = {ev.Limit.POT: "P", ev.Limit.NO: "N", ev.Limit.FIXED: "F", ev.Limit.PL_NL: "N"}


class SeatError(ValueError):
    """A seat the table cannot have, or a seat or player listed twice."""


class LineError(Exception):
    """A line the grammar accepts whose fields cannot be read (an amount finer than the unit),
    with the finding it makes."""

    def __init__(self, line: int, problem: str, code: Code = Code.PARSE_ERROR) -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem
        self.code = code

    @classmethod
    def of(cls, line: int, err: Exception) -> LineError:
        """``err``, raised while reading line ``line``, as the finding it makes."""
        if isinstance(err, AmountOutOfRange):
            return cls(line, str(err), Code.AMOUNT_OUT_OF_RANGE)
        if isinstance(err, SeatError):
            return cls(line, str(err), Code.SEAT_INVALID)
        return cls(line, str(err))


def board_number(text: str) -> int:
    """A board's number as a record writes it, checked against :data:`BOARDS_LIMIT`.

    >>> board_number("2")
    2
    >>> board_number("2453159596")
    Traceback (most recent call last):
    ValueError: board 2453159596: a hand has boards 1 to 4
    """
    number = int(text)
    if not 1 <= number <= BOARDS_LIMIT:
        raise ValueError(f"board {number}: a hand has boards 1 to {BOARDS_LIMIT}")
    return number


def variant(limit: ev.Limit, hi_lo: bool, hole_cards: int, courchevel: bool = False) -> str:
    """The variant code (the hands table's ``variant``) of an Omaha game.

    >>> P, F = ev.Limit.POT, ev.Limit.FIXED
    >>> variant(P, True, 4), variant(P, True, 5), variant(F, False, 4)
    ('PLO8', 'PLO5-8', 'FLO')
    >>> variant(ev.Limit.POT, False, 5, courchevel=True)
    'PLC'
    """
    if courchevel:
        return "PLC" + ("8" if hi_lo else "")
    code = f"{_LIMIT_LETTER[limit]}LO"
    if hole_cards > 4:
        return code + str(hole_cards) + ("-8" if hi_lo else "")
    return code + ("8" if hi_lo else "")


def local_time(
    year: int, month: int, day: int, hour: int, minute: int, second: int, zone: str
) -> datetime:
    """The local time a record writes, checked to have a UTC instant the tables can hold
    (raises ValueError otherwise: the line's finding, not a crash in the writer)."""
    try:
        local = datetime(year, month, day, hour, minute, second)
    except OverflowError:  # a number beyond C's int: as impossible as month 13
        raise ValueError(f"no such date: {year}/{month}/{day} {hour}:{minute}:{second}") from None
    if local.year in (1, 9999):  # only there can a zone's offset leave the datetime range
        try:
            to_utc(local, zone)
        except OverflowError:
            problem = f"the date {local} {zone} has no UTC instant a table can hold"
            raise ValueError(problem) from None
    return local
