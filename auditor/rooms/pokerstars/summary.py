"""The lines of the summary. A seat line's outcome is free text after the seat ("Player0
(button) showed [..] and won ($40.75) with ..."): read here, as the room words it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import to_minor
from auditor.parse.text_reader import Fields
from auditor.rooms.pokerstars.play import BOARD_OF_WORD, PlayLines
from auditor.rooms.pokerstars.wording import read_claim
from auditor.source import SourceSpan

_POSITION = re.compile(r"\((button|small blind|big blind)\)\s*")
_NOT_AWARDED = "(pot not awarded as player cashed out)"
_RESULT_SEPARATOR = re.compile(r",? and (?=won|lost)")
_SUMMARY_RESULT = re.compile(r"(won|lost)(?: \(([^)]*)\))?(?: with (.*))?$")
_POT_PART = re.compile(r"(Main pot|Side pot(?:-[0-9]+)?) ([^ .]+(?:\.[0-9]+)?)\.?")
# the fee fields after the total ("| Rake $1 | Jackpot $5"): a label, then its amount
_FEE_PART = re.compile(r"(?:\A| )\| \s*(?:(?P<label>[^\n]*?) )?(?P<amount>[^ \n]*?)\s*(?= \| |\Z)")
# what may follow a player's name on a summary line whose seat the hand did not list
_SUMMARY_VERBS = (
    " (button)", " (small blind)", " (big blind)", " folded", " showed", " mucked", " collected",
    " won", " lost", " is sitting out", " (didn't bet)", " cashed out",
)  # fmt: skip


class SummaryLines(PlayLines):
    """The lines of the summary (the reader's base)."""

    _seats: dict[int, str]
    _summary: bool  # whether the record has reached its summary

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        pots = [(label, self._money(amount)) for label, amount in _POT_PART.findall(f["pot_parts"])]
        main = next((amount for label, amount in pots if label == "Main pot"), None)
        sides = [amount for label, amount in pots if label != "Main pot"]
        rake = None
        others: list[tuple[str, int]] = []
        for fee in _FEE_PART.finditer(f["pot_fees"].rstrip()):
            label = fee["label"]
            if label == "Rake":
                rake = self._money(fee["amount"])
            elif label:
                others.append((label, self._money(fee["amount"])))
        money = self._money(f["pot_total"])
        self._events.append(ev.SummaryPot(span, money, main, tuple(sides), rake, tuple(others)))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        number = BOARD_OF_WORD[f["board_number"]] if f["board_number"] else 1
        cards = self.card_notation.cards(f["board_cards"])
        self._events.append(ev.SummaryBoard(span, number, cards))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        number = int(f["sum_seat"])
        rest = f["sum_rest"].rstrip()
        player = self._seats.get(number, "")
        if player and rest.startswith(player):
            rest = rest.removeprefix(player)
        else:
            player, rest = _split_summary_name(rest)
        outcome = _seat_outcome(rest.strip(), self._scale, self.card_notation)
        self._events.append(ev.SummarySeat(span, number, player, *outcome))
        if _NOT_AWARDED in rest:
            # the pot he won went to the room, which had paid him his cash-out
            kept = sum(r.won or 0 for r in outcome[5] if _NOT_AWARDED in r.description)
            self._events.append(ev.PotNotAwarded(span, player, kept))

    def SEAT_CONTINUATION(self, f: Fields, span: SourceSpan) -> None:
        previous = self._events[-1] if self._events else None
        if isinstance(previous, ev.SummarySeat) and previous.results:
            joined = _seat_result(previous.results[-1].won, f["cont_text"].rstrip())
            self._events[-1] = replace(previous, results=(*previous.results[:-1], joined))
        else:
            line = f["cont_line"].rstrip()
            self._events.append(ev.Garbled(span, line, "a 'with ...' line that continues nothing"))


def _split_summary_name(rest: str) -> tuple[str, str]:
    """Name and outcome of a summary line whose seat the hand did not list."""
    cut = min((at for verb in _SUMMARY_VERBS if (at := rest.find(verb)) > 0), default=len(rest))
    return rest[:cut], rest[cut:]


# The fields of a SummarySeat after its player, as _seat_outcome reads them.
_SeatOutcome = tuple[
    tuple[str, ...], ev.SeatOutcome, str, bool, tuple[Card, ...], tuple[ev.SeatResult, ...], str
]


@lru_cache(maxsize=4096)  # "(big blind) folded before Flop" and the like recur hand after hand
def _seat_outcome(rest: str, scale: int, notation: CardNotation) -> _SeatOutcome:
    """Positions, outcome, street folded on, didn't bet, cards and results of a summary line."""

    money = partial(to_minor, scale=scale)
    positions: list[str] = []
    while found := _POSITION.match(rest):  # "(button) (small blind) folded ..."
        positions.append(found[1])
        rest = rest[found.end() :]
    didnt_bet = rest.endswith("(didn't bet)")
    if didnt_bet:
        rest = rest[: -len("(didn't bet)")].rstrip()
    shown: tuple[Card, ...] = ()
    results: list[ev.SeatResult] = []
    folded_on = ""
    other = ""
    outcome: ev.SeatOutcome
    if rest.startswith("folded"):
        outcome = ev.SeatOutcome.FOLDED
        folded_on = rest[len("folded ") :]
    elif rest.startswith(("showed [", "mucked")):
        outcome = ev.SeatOutcome.SHOWED if rest.startswith("showed") else ev.SeatOutcome.MUCKED
        if "[" in rest:
            shown = notation.cards(rest[rest.index("[") + 1 : rest.index("]")])
            rest = rest[rest.index("]") + 1 :].strip()
        else:
            rest = ""
        results = _results(rest.removeprefix("and ").strip(), money)
    elif rest.startswith("collected ("):
        outcome = ev.SeatOutcome.COLLECTED
        results = [ev.SeatResult(money(rest[len("collected (") : rest.index(")")]))]
    elif rest.startswith(("won", "lost")):
        outcome = ev.SeatOutcome.WON if rest.startswith("won") else ev.SeatOutcome.LOST
        results = _results(rest, money)
    elif rest.startswith("is sitting out"):
        outcome = ev.SeatOutcome.SITTING_OUT
    elif rest == "" and didnt_bet:
        outcome = ev.SeatOutcome.DIDNT_BET
    else:
        outcome = ev.SeatOutcome.OTHER
        other = rest or "none"
    return tuple(positions), outcome, folded_on, didnt_bet, shown, tuple(results), other


def _results(text: str, money: Callable[[str], int]) -> list[ev.SeatResult]:
    """``won ($1) with X, and lost with Y`` (run-it-twice lines chain several)."""
    results: list[ev.SeatResult] = []
    # most lines hold one result: no separator to look for
    parts = _RESULT_SEPARATOR.split(text) if " and " in text else (text,)
    for part in parts:
        part = part.strip()
        if not part:
            continue
        found = _SUMMARY_RESULT.match(part)
        if not found:
            results.append(_seat_result(None, part))
            continue
        verb, amount, description = found.groups()
        won = money(amount) if verb == "won" and amount else (0 if verb == "won" else None)
        results.append(_seat_result(won, (description or "").strip()))
    return results


def _seat_result(won: int | None, description: str) -> ev.SeatResult:
    """A result with its claim: the words before any " (" note ("(pot not awarded...)")."""
    return ev.SeatResult(won, description, read_claim(description.split(" (")[0]))
