"""Where a Winamax collect line holds a bet nobody called (auditor/rooms/winamax/meaning.py)."""

from __future__ import annotations

from auditor import events as ev
from auditor.rooms.winamax.meaning import with_returns
from auditor.source import SourceSpan


def span(line: int) -> SourceSpan:
    return SourceSpan("f", line)


def test_the_return_is_the_last_side_pot_s_line_when_two_lines_hold_its_amount() -> None:
    """Hero wins the main pot (5€) and the 5€ nobody called, written "from side pot 1"
    (Winamax writes the side pots first): the side pot's line is the return."""
    side = ev.Collected(span(30), "Hero", 500, 1, True)
    main = ev.Collected(span(31), "Hero", 500, 0, True)
    events: list[ev.Event] = [ev.ShowdownStarted(span(28), 1), side, main]
    out = with_returns(events, [(0, "Hero", 500)], [1, 2])
    assert out == [ev.UncalledReturned(span(30), "Hero", 500), events[0], main]


def test_a_collect_holding_more_keeps_the_rest_and_a_bettor_with_none_keeps_his_record() -> None:
    collect = ev.Collected(span(20), "Ann", 1200)
    pot = ev.SummaryPot(span(22), 1300, None, (), 100)  # 12€ written + 1€ rake
    events: list[ev.Event] = [collect, ev.SummaryStarted(span(21)), pot]
    out = with_returns(events, [(0, "Ann", 400)], [0])
    assert out[:2] == [
        ev.UncalledReturned(span(20), "Ann", 400),
        ev.Collected(span(20), "Ann", 800),
    ]
    assert out[-1] == ev.SummaryPot(span(22), 900, None, (), 100)
    assert with_returns(events, [(0, "Bob", 400)], [0]) == events
