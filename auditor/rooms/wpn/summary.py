"""WPN's summary lines, in either layout, to events.

Both layouts' pots are what the winners collected, net of the rake and the fees ("Total
pot $199.00 | Rake $0.96 | JP Fee $0.04" of $200.00 bet; "Pot: 47. Rake 1"): read
gross. The old layout writes the winners' amounts and the shown hands only here
("*Player X shows: Straight to 10 [..]. Bets: 160. Collects: 319. Wins: 159."): each
becomes the Shown and Collected events it states.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import to_minor
from auditor.parse.text_reader import Fields
from auditor.rooms.wpn.wording import read_new, read_old
from auditor.source import SourceSpan

# the inside of a seat's result, "won $199.00 with HI - ..." (the hand's description)
_RESULT = re.compile(
    r"(?:(?:won|collected) (?P<amount>\$?[0-9][0-9,]*(?:\.[0-9]+)?)|lost)(?: with (?P<text>.*))?$"
)


def gross_pot(
    span: SourceSpan, net: int, rake: int | None, fees: list[tuple[str, int]]
) -> ev.Event:
    return ev.SummaryPot(
        span, net + (rake or 0) + sum(a for _, a in fees), None, (), rake, tuple(fees)
    )


def _results(text: str | None, scale: int) -> tuple[ev.SeatResult, ...]:
    """``won $199.00 with HI - ...``, ``lost with HI - ...``, ``collected $9.00``."""
    if not text:
        return ()
    found = _RESULT.match(text)
    if found is None:
        return (ev.SeatResult(None, text, read_new(text)),)
    words = found["text"] or ""
    won = to_minor(found["amount"], scale) if found["amount"] else None
    return (ev.SeatResult(won, words, read_new(words)),)


def new_seat(f: Fields, span: SourceSpan, board: int, scale: int) -> ev.SummarySeat:
    """A new-layout summary seat line of the summary's ``board`` (1, or 2 after "Board 2")."""
    positions = tuple(p.strip(" (") for p in f["sum_positions"].split(")") if p.strip())
    shown: tuple[Card, ...] = ()
    results: tuple[ev.SeatResult, ...] = ()
    folded_on = other = ""
    if f["sum_folded_on"] is not None:
        outcome = ev.SeatOutcome.FOLDED
        folded_on = f["sum_folded_on"]
    elif f["sum_verb"] is not None:
        showed = f["sum_verb"] == "showed"
        outcome = ev.SeatOutcome.SHOWED if showed else ev.SeatOutcome.MUCKED
        shown = LETTERS.cards(f["sum_cards"])
        results = _results(f["sum_result"], scale)
    elif f["sum_walk"] is not None:  # "did not show and won $9.00": the uncontested winner
        outcome = ev.SeatOutcome.COLLECTED
        results = _results(f["sum_walk"], scale)
    elif f["sum_bare"] is not None:
        lost = f["sum_bare"].startswith("lost")
        outcome = ev.SeatOutcome.LOST if lost else ev.SeatOutcome.WON
        results = _results(f["sum_bare"], scale)
    elif f["sum_sitting_out"] is not None:
        outcome = ev.SeatOutcome.SITTING_OUT
    else:
        outcome = ev.SeatOutcome.OTHER
        other = f["sum_other"] or "none"
    if board > 1 and results:
        # a run it twice writes each board's seat lines after its "Board N [..]" line;
        # a seat's results are one per board (the first board's is on its first line)
        results = (ev.SeatResult(None),) * (board - 1) + results
    didnt_bet = f["sum_didnt_bet"] is not None
    player = f["sum_player"]
    seat = int(f["sum_seat"])
    return ev.SummarySeat(
        span, seat, player, positions, outcome, folded_on, didnt_bet, shown, results, other
    )


def old_player(
    f: Fields, span: SourceSpan, seat: int, cards: CardNotation, money: Callable[[str], int]
) -> list[ev.Event]:
    """An old-layout summary line: the hand shown and the chips collected, then the seat."""
    events: list[ev.Event] = []
    player = f["osum_player"]
    collects = money(f["osum_collects"])
    bets = money(f["osum_bets"])
    shown: tuple[Card, ...] = ()
    if f["osum_cards"] is not None:  # shows: the only place this layout shows a hand
        shown = cards.cards(f["osum_cards"])
        description = f["osum_words"] + (f["osum_low"] or "")
        events.append(ev.Shown(span, player, shown, description, read_old(description)))
        outcome = ev.SeatOutcome.SHOWED
    elif f["osum_mucked"] is not None:
        shown = cards.cards(f["osum_mucked"])
        outcome = ev.SeatOutcome.MUCKED
    elif collects:
        outcome = ev.SeatOutcome.COLLECTED
    elif f["osum_not_shown"] is not None:
        outcome = ev.SeatOutcome.FOLDED if bets else ev.SeatOutcome.DIDNT_BET
    else:
        outcome = ev.SeatOutcome.MUCKED
    if collects:  # the winners' amounts are written here only: "Collects: 47."
        events.append(ev.Collected(span, player, collects))
    results = (ev.SeatResult(collects),) if collects else ()
    events.append(
        ev.SummarySeat(
            span, seat, player, (), outcome, didnt_bet=not bets, cards=shown, results=results
        )
    )
    return events
