"""Full Tilt's summary lines to events: one method per summary line terminal of
``grammars/fulltilt.lark``, mixed into the room's reader.

Full Tilt writes each pot gross and takes the rake (and fees) from the main pot, and a
hand run twice has a summary per run ("*** SUMMARY 2 ***"): a seat's results go in
their run's place.
"""

from __future__ import annotations

import re
from dataclasses import replace

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import NO_CLAIM
from auditor.parse.facts import board_number
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields
from auditor.rooms.fulltilt.wording import read_summary
from auditor.source import SourceSpan

# the pots of a "Total pot" line's free text: "Main pot $158.20. Side pot $76.35."
_POT_PART = re.compile(r"(Main pot|Side pot(?: ?#?-?[0-9]+)?) ([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)\.?")


class SummaryLines(CommonLines):
    """The reader's summary lines; the reader sets the state they share."""

    _summary_section: int
    _seat_event: dict[str, int]  # player -> the index of his seat line's event

    def SUMMARY_SECTION(self, f: Fields, span: SourceSpan) -> None:
        self._summary_section = board_number(f["section_run"])
        self._events.append(ev.Note(span, f.group().rstrip()))

    def RUN_POT(self, f: Fields, span: SourceSpan) -> None:
        """ "Pot 2 $124.20", "Duration 00:01:05": kept as written (nothing to check)."""
        self._events.append(ev.Note(span, f.group().rstrip()))

    DURATION = RUN_POT

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        # "Total pot $8 | Rake $0.25": the total is gross (the rake is in it)
        pots, *parts = f["pot_parts"].split(" | ")
        found = [(label, self._money(amount)) for label, amount in _POT_PART.findall(pots)]
        main = next((amount for label, amount in found if label == "Main pot"), None)
        sides = [amount for label, amount in found if label != "Main pot"]
        rake = None
        fees: list[tuple[str, int]] = []
        for part in parts:
            label, _, amount = part.strip().rpartition(" ")
            if label == "Rake":
                rake = self._money(amount)
            elif label:
                fees.append((label, self._money(amount)))
        if main is not None:
            # Full Tilt writes each pot gross and takes the rake (and fees) from the main
            # pot: in #31318697695 the side pot's $76.35 is paid whole and the main pot's
            # $158.20 less the $3 rake is paid as 2 x $77.60. The event's pots are net.
            main -= (rake or 0) + sum(amount for _, amount in fees)
        total = self._money(f["pot_total"])
        self._events.append(ev.SummaryPot(span, total, main, tuple(sides), rake, tuple(fees)))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        cards = LETTERS.cards(f["board_cards"])
        self._events.append(ev.SummaryBoard(span, self._summary_section, cards))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat = int(f["sum_seat"])
        if f["sum_other"] is not None:  # words the grammar does not know: kept
            text, player = f["sum_other"], self._seats.get(seat, "")
            if player and text.startswith(player):  # the seat's player, else the first word
                text = text[len(player) :].strip()
            else:
                player, _, text = text.partition(" ")
            other = ev.SummarySeat(
                span, seat, player, (), ev.SeatOutcome.OTHER, outcome_text=text or "none"
            )
            self._events.append(other)
            return
        player = f["sum_player"]
        # "(button)", "(small blind)", "(big blind)"
        positions = tuple(p.strip().lstrip("(") for p in f["sum_positions"].split(")")[:-1])
        folded_on, didnt_bet = "", False
        cards: tuple[Card, ...] = ()
        results: tuple[ev.SeatResult, ...] = ()
        if f["sum_didnt_bet"] is not None:
            outcome, folded_on, didnt_bet = ev.SeatOutcome.FOLDED, "before the Flop", True
        elif f["sum_folded_on"] is not None:
            outcome, folded_on = ev.SeatOutcome.FOLDED, f["sum_folded_on"]
        elif f["sum_shown"] is not None:
            showed = f["sum_shown"] == "showed"
            outcome = ev.SeatOutcome.SHOWED if showed else ev.SeatOutcome.MUCKED
            cards = LETTERS.cards(f["sum_cards"]) if f["sum_cards"] is not None else ()
            results = self._results(f)
        elif f["sum_sitting_out"] is not None:
            outcome = ev.SeatOutcome.SITTING_OUT
            self._sat_out(player)
        else:  # "collected ($3.80)", "wins the side pot ($76.35)" (a pot no one contested)
            outcome = ev.SeatOutcome.COLLECTED
            won = f["sum_collected"] if f["sum_collected"] is not None else f["sum_wins"]
            results = (ev.SeatResult(self._money(won)),)
        if results:  # a hand run twice has one summary per run: results in their run's place
            results = (ev.SeatResult(None),) * (self._summary_section - 1) + results
        self._events.append(
            ev.SummarySeat(
                span, seat, player, positions, outcome, folded_on, didnt_bet, cards, results
            )
        )

    def _sat_out(self, player: str) -> None:
        """Full Tilt may list a seat with no "is sitting out" and say only in the summary
        that he sat the hand out ("Seat 4: KiIIuminati is sitting out"): his seat line is
        marked so, as the record means (he is then dealt in only if he posts or acts)."""
        index = self._seat_event.get(player)
        if index is not None:
            seat = self._events[index]
            if isinstance(seat, ev.SeatTaken) and not seat.sitting_out:
                self._events[index] = replace(seat, sitting_out=True)

    def _results(self, f: Fields) -> tuple[ev.SeatResult, ...]:
        """ "mucked [..] - a pair of Nines", "showed [..] and won ($1) with X", "lost with Y"."""
        described = f["sum_described"]
        if described is not None:
            return (ev.SeatResult(None, described, read_summary(described)),)
        verb = f["sum_won_lost"]
        if verb is not None:
            amount = f["sum_amount"]
            won = self._money(amount) if verb == "won" and amount else None
            words = (f["sum_with"] or "").strip()
            return (ev.SeatResult(won, words, read_summary(words) if words else NO_CLAIM),)
        text = f["sum_result"]
        return (ev.SeatResult(None, text, read_summary(text)),) if text else ()
