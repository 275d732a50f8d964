"""A Winamax summary seat line's outcome: "Seat 5: sharon59221 (button) showed [Ah As 4c
Td] and won 14.73€ with Two pairs : Aces and 7", "Seat 1: Player22 folded on the flop",
"Seat 3: Player17 folded" (a seat not dealt in), and a hi/lo hand's two lines of one seat."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import to_minor
from auditor.rooms.winamax.wording import joined, low_claim, read_claim

_RESULT = re.compile(
    r"(?:showed \[(?P<cards>[^\]]*)\] and )?(?P<verb>won|lost)(?: (?P<amount>[^ ]+))?"
    r"(?: with (?P<words>.*))?$"
)

_POSITIONS = re.compile(r"(?:\((?:button|small blind|big blind)\) *)*")

SeatOutcome = tuple[
    tuple[str, ...], ev.SeatOutcome, str, bool, tuple[Card, ...], tuple[ev.SeatResult, ...], str
]


@lru_cache(maxsize=4096)  # "folded on the pre-flop" and the like recur hand after hand
def seat_outcome(rest: str, scale: int, hi_lo: bool) -> SeatOutcome:
    """Positions, outcome, street folded on, didn't bet, cards, results, other words."""
    found = _POSITIONS.match(rest)  # "(button) (small blind) "
    head = found[0] if found else ""
    positions, rest = tuple(p.strip(" (") for p in head.split(")")[:-1]), rest[len(head) :]
    shown: tuple[Card, ...] = ()
    results: tuple[ev.SeatResult, ...] = ()
    folded_on = ""
    other = ""
    outcome: ev.SeatOutcome
    result = _RESULT.match(rest)
    if rest.startswith("folded"):
        outcome = ev.SeatOutcome.FOLDED
        folded_on = rest[len("folded") :].strip()
    elif rest.startswith("mucked"):
        outcome = ev.SeatOutcome.MUCKED
        if "[" in rest:
            shown = LETTERS.cards(rest[rest.index("[") + 1 : rest.index("]")])
    elif result is not None:
        cards, verb, amount, words = result.group("cards", "verb", "amount", "words")
        if cards is not None:
            outcome = ev.SeatOutcome.SHOWED
            shown = LETTERS.cards(cards)
        else:
            outcome = ev.SeatOutcome.WON if verb == "won" else ev.SeatOutcome.LOST
        won = to_minor(amount, scale) if verb == "won" and amount else None
        if verb == "won" and won is None:
            won = 0
        words = words or ""
        results = (ev.SeatResult(won, words, read_claim(words, hi_lo)),)
    elif rest.startswith(("sitting out", "is sitting out")):
        outcome = ev.SeatOutcome.SITTING_OUT
    else:
        outcome = ev.SeatOutcome.OTHER
        other = rest or "none"
    return positions, outcome, folded_on, False, shown, results, other


def joined_seat(first: ev.SummarySeat, second: ev.SeatResult) -> ev.SummarySeat:
    """A seat's two summary lines (its high half, then its low half) as one: both
    results, each with the claim of the two lines together."""
    high = first.results[0]
    low = second.claim if second.claim.low_text is not None else low_claim(second.description)
    claim: Claim = joined(high.claim, low)
    results = (replace(high, claim=claim), replace(second, claim=claim))
    outcome = first.outcome
    if outcome is ev.SeatOutcome.LOST and second.won is not None:
        outcome = ev.SeatOutcome.WON
    return replace(first, outcome=outcome, results=results)
