"""Where a Winamax collect line holds a bet nobody called (auditor/rooms/winamax/meaning.py)."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.rooms.winamax.meaning import unmatched_bets, with_returns
from auditor.source import SourceSpan


def span(line: int) -> SourceSpan:
    return SourceSpan("f", line)


def test_the_return_is_the_last_side_pot_s_line_when_two_lines_hold_its_amount() -> None:
    """Hero wins the main pot (5€) and the 5€ nobody called, written "from side pot 1"
    (Winamax writes the side pots first): the side pot's line is the return."""
    side = ev.Collected(span(30), "Hero", 500, 1, True)
    main = ev.Collected(span(31), "Hero", 500, 0, True)
    bet = ev.ChipsIn(span(27), "Hero", ev.Verb.BET, 500, all_in=False)
    events: list[ev.Event] = [bet, ev.ShowdownStarted(span(28), 1), side, main]
    out = with_returns(events, 100)
    assert out == [bet, ev.UncalledReturned(span(30), "Hero", 500), events[1], main]


def test_a_collect_holding_more_keeps_the_rest_and_a_bettor_with_none_keeps_his_record() -> None:
    collect = ev.Collected(span(20), "Ann", 1200)
    pot = ev.SummaryPot(span(22), 1300, None, (), 100)  # 12€ written + 1€ rake
    bet = ev.ChipsIn(span(19), "Ann", ev.Verb.BET, 400, all_in=False)
    events: list[ev.Event] = [bet, collect, ev.SummaryStarted(span(21)), pot]
    out = with_returns(events, 100)
    assert out[1:3] == [
        ev.UncalledReturned(span(20), "Ann", 400),
        ev.Collected(span(20), "Ann", 800),
    ]
    assert out[-1] == ev.SummaryPot(span(22), 900, None, (), 100)
    bobs: list[ev.Event] = [replace(bet, player="Bob"), *events[1:]]
    assert with_returns(bobs, 100) == bobs


def test_each_round_s_unmatched_bet_from_its_posts_and_chips_lines() -> None:
    """Preflop: Ann's 3€ of both blinds holds the 2€ big blind live; Bob raises 5€ to
    7€ over it, Ann calls 5€: nothing unmatched. The flop: Bob bets 4€, Ann folds: 4€
    unmatched, at the collect line that ends the betting (the summary after it ends none)."""
    events: list[ev.Event] = [
        ev.Posted(span(3), "Ann", ev.PostKind.SMALL_AND_BIG, 300),
        ev.Posted(span(4), "Bob", ev.PostKind.ANTE, 50),
        ev.StreetDealt(span(5), ev.Street.PREFLOP, 1, (), ()),
        ev.ChipsIn(span(6), "Bob", ev.Verb.RAISE, to=700, all_in=False),
        ev.ChipsIn(span(7), "Ann", ev.Verb.CALL, 500, all_in=False),
        ev.StreetDealt(span(8), ev.Street.FLOP, 1, (), ()),
        ev.ChipsIn(span(9), "Bob", ev.Verb.BET, 400, all_in=False),
        ev.Folded(span(10), "Ann"),
        ev.Collected(span(11), "Bob", 1800),
        ev.SummaryStarted(span(12)),
    ]
    assert unmatched_bets(events, 200) == [(8, "Bob", 400)]


def test_a_chips_line_that_writes_the_total_counts_as_that_total() -> None:
    """A line giving the total (ChipsIn's ``to``) is the bet it makes, not chips added on."""
    events: list[ev.Event] = [
        ev.Posted(span(3), "Ann", ev.PostKind.BIG_BLIND, 200),
        ev.ChipsIn(span(4), "Ann", ev.Verb.RAISE, to=700, all_in=False),
        ev.Folded(span(5), "Bob"),
        ev.SummaryStarted(span(6)),
    ]
    assert unmatched_bets(events, 200) == [(3, "Ann", 700)]
