"""WPN hands (both layouts) to events: the new layout's line methods here, the old
layout's in :mod:`.old`, and the driving both share.

The new layout: "raises $30.00 to $40.00" is the chips put in, then the total (both go
into the ``ChipsIn``); the layout says every all-in ("and is all-in"); its pots and rake
are written after every street (kept as notes: the summary's are the ones checked).
"""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import to_minor
from auditor.parse.facts import SEAT_LIMIT, SeatError, board_number
from auditor.parse.lines import table_size
from auditor.parse.text_reader import Fields
from auditor.rooms.wpn import SITE
from auditor.rooms.wpn.games import GAMES
from auditor.rooms.wpn.old import CAPPED, STATUS, STREET, OldLines, bracketed
from auditor.rooms.wpn.wording import read_new
from auditor.source import SourceSpan

# "posts dead $X": both blinds, on coming back; "posts $X": a new player's big blind, to
# play at once
_POSTS = {
    "posts the small blind": ev.PostKind.SMALL_BLIND,
    "posts the big blind": ev.PostKind.BIG_BLIND,
    "posts ante": ev.PostKind.ANTE,
    "posts dead": ev.PostKind.SMALL_AND_BIG,
    "posts a straddle": ev.PostKind.STRADDLE,
    "posts straddle": ev.PostKind.STRADDLE,
    "straddle": ev.PostKind.STRADDLE,
    "posts": ev.PostKind.BIG_BLIND,
}
_NEW_HEAD = (
    "Hand #1 - Omaha(Pot Limit) - $1.00/$2.00 - 2019/07/18 15:13:01 UTC\n"
    "T 6-max Seat #1 is the button\nSeat 1: a ($200.00)\nSeat 2: b ($200.00)\n"
)
_OLD_HEAD = (
    "Game started at: 2014/3/8 22:22:29\nGame ID: 1 2/4 T (Omaha)\nSeat 1 is the button\n"
    "Seat 1: a (100).\nSeat 2: b (100).\n"
)
# Mistakes seen in damaged records, by the place the grammar stops at.
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or date)": [
        "Hand #1 - Omaha(Pot Limit) - 2019/07/18 15:13:01 UTC\n",
        "Hand #1 - Omaha Pot Limit ($1/$2) - 2019/07/18 15:13:01 UTC\n",
    ],
    "a line of play the layout does not have": [
        _NEW_HEAD + "*** HOLE CARDS ***\na shoves\n",
        _OLD_HEAD + "Player a shoves (10)\n",
        _OLD_HEAD + "Player a has small blind (2)\nPlayer a shoves (10)\n",
    ],
    "a summary line the layout does not have": [
        _NEW_HEAD + "*** HOLE CARDS ***\na folds\n*** SUMMARY ***\nnothing here\n",
        _OLD_HEAD + "Player a folds\n------ Summary ------\nnothing here\n",
    ],
}


class WpnReader(OldLines):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "wpn"

    MISTAKES = _MISTAKES
    POSTS = _POSTS
    MOST_WORDS = 6

    def N_HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = f

    def N_TABLE(self, f: Fields, span: SourceSpan) -> None:
        head, head_span = self._head, SourceSpan(self._file, self._offset + 1, 1)
        if head is None:  # cannot be: the grammar puts the header first
            raise ValueError("a table line before the header")
        button = int(f["table_button"])  # (the old layout's button line is the BUTTON kind)
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        game = f"{head['head_game']}({head['head_limit']})"
        limit, hi_lo, hole, code = GAMES.of(game)
        tournament = head["head_tournament"]
        small = head["head_small"] or head["head_level_small"]
        # money in dollars ("$0.25/$0.50"), else chips (tournaments, play money)
        usd = not tournament and not f["table_play"] and small.startswith("$")
        scale = 100 if usd else 1
        started_at, zone = self._when(head, "head_", head_span.line)
        big = head["head_big"] or head["head_level_big"]
        small_stake, big_stake = self._stakes(small, big, scale, head_span.line)
        self._max_seats = table_size(f["table_max"]) or SEAT_LIMIT
        self._begin(
            ev.HandStarted(
                span=head_span,
                site=SITE,
                hand_id=head["head_id"],
                game=game,
                variant=code,
                limit=limit,
                hi_lo=hi_lo,
                hole_card_count=hole,
                small_stake=small_stake,
                big_stake=big_stake,
                currency="USD" if usd else "chips",
                scale=scale,
                started_at=started_at,
                time_zone=zone,
                table_name=f["table_name"],
                max_seats=table_size(f["table_max"]),
                button_seat=button,
                tournament_id=tournament,
                buy_in=(head["head_buy_in"] or "").strip(" -") or None,
                level=head["head_level"],
                table_span=span,
            )
        )

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        super().SEAT(f, span)

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        # "raises $30.00 to $40.00": the chips put in, then the player's total; "caps $X":
        # the chips put in only, and the cap reached: all-in for the rest of the hand
        super().RAISE(f, span)
        if f["raise_verb"] != "raises":
            self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.CAPPED, CAPPED))

    def _claim(self, words: str) -> Claim:
        return read_new(words)

    def N_COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        # "main pot 1", "main pot 2": the main pot on the first and second board of a run
        # it twice (the board is the section's: ShowdownStarted); "side pot N": side pot N
        pot_words = f["collected_pot"]
        pot = int(f["collected_number"] or 1) if pot_words == "side pot" else 0
        amount = self._money(f["collected_amount"])
        self._events.append(ev.Collected(span, f["who"], amount, pot, pot_words != "pot"))

    def N_STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        self._events.append(ev.PlayerStatus(span, f["who"], STATUS[words], words))

    def N_MARKER(self, f: Fields, span: SourceSpan) -> None:
        name = f["marker_name"]
        board = int(f["marker_board"] or 1)
        if name == "HOLE CARDS":
            self._hole_cards_seen = True
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
        elif name == "RUN IT TWICE":
            self._events.append(ev.Note(span, f.group().strip()))
        elif name == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, board))
        else:
            groups = bracketed(f["marker_cards"])
            cards = tuple(card for group in groups for card in LETTERS.cards(group))
            new = LETTERS.cards(groups[-1]) if groups else ()
            self._events.append(ev.StreetDealt(span, STREET[name], board, cards, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        if not self._hole_cards_seen and len(f["dealt_cards"].split()) == 1:
            # a tournament's first hand deals each seat one card for the button before the
            # antes ("Dealt to Hero [4s]"): no hole card of this hand
            self._events.append(ev.Note(span, f.group().strip()))
            return
        super().DEALT(f, span)

    def N_POT(self, f: Fields, span: SourceSpan) -> None:
        # the pot and rake as they stand after a street: the summary's are the ones checked
        self._events.append(ev.Note(span, f.group().strip()))

    def N_SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary_begins(span)

    def N_TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = None
        fees: list[tuple[str, int]] = []
        for part in f["total_parts"].split(" | ")[1:]:
            label, _, amount = part.strip().rpartition(" ")
            if label == "Rake":
                rake = self._money(amount)
            elif label:
                fees.append((label, self._money(amount)))
        self._events.append(self._gross_pot(span, self._money(f["total_amount"]), rake, fees))

    def N_BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._summary_board = board_number(f["board_number"] or "1")
        cards = LETTERS.cards(f["board_cards"])
        self._events.append(ev.SummaryBoard(span, self._summary_board, cards))

    def N_SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        """A seat line of the summary's board (1, or 2 after "Board 2")."""
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
            results = _results(f["sum_result"], self._scale)
        elif f["sum_walk"] is not None:  # "did not show and won $9.00": the uncontested winner
            outcome = ev.SeatOutcome.COLLECTED
            results = _results(f["sum_walk"], self._scale)
        elif f["sum_bare"] is not None:
            lost = f["sum_bare"].startswith("lost")
            outcome = ev.SeatOutcome.LOST if lost else ev.SeatOutcome.WON
            results = _results(f["sum_bare"], self._scale)
        elif f["sum_sitting_out"] is not None:
            outcome = ev.SeatOutcome.SITTING_OUT
        else:
            outcome = ev.SeatOutcome.OTHER
            other = f["sum_other"] or "none"
        if self._summary_board > 1 and results:
            # a run it twice writes each board's seat lines after its "Board N [..]" line;
            # a seat's results are one per board (the first board's is on its first line)
            results = (ev.SeatResult(None),) * (self._summary_board - 1) + results
        didnt_bet, number = f["sum_didnt_bet"] is not None, int(f["sum_seat"])
        self._events.append(
            ev.SummarySeat(
                span=span,
                seat=number,
                player=f["sum_player"],
                positions=positions,
                outcome=outcome,
                folded_on=folded_on,
                didnt_bet=didnt_bet,
                cards=shown,
                results=results,
                outcome_text=other,
            )
        )


# the inside of a seat's result, "won $199.00 with HI - ..." (the hand's description)
_RESULT = re.compile(
    r"(?:(?:won|collected) (?P<amount>\$?[0-9][0-9,]*(?:\.[0-9]+)?)|lost)(?: with (?P<text>.*))?$"
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
