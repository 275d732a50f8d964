"""Enet hands to events. What its layout means, where the record alone says it:

- amounts are euros with a decimal comma ("€58,14", "€18");
- "calls", "bets" and "raises" give the chips put in with the action: at €0,10/€0,25 the
  small blind "raises €0,65" (his bet 0,75, the pot), the big blind "raises €2" (his 2,25)
  and the small blind "calls €1,50" (PLO-9max-USD-0.10-0.25-201208.txt): a raise given BY.
  "goes all-in €X" is the chips put in as well, all he has;
- the table line numbers the button's seat from 0: "Seat #1 is the button" is seat 2, as
  its own summary says ("Seat 2: cik (dealer)", the blinds on seats 3 and 4, in
  PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt; "Seat #4" and "Seat 5: Player4
  (dealer)" in PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt); "Seat #0" is seat 1, an
  empty seat in PLO-9max-USD-0.10-0.25-201208.accounting.issue.txt (the blinds on seats 2
  and 3);
- every seated player is listed, those not dealt in too, with nothing to tell them apart
  (Player3 of 7732310, who has no line, nor a summary line): a seated player with no line
  of play is out of the hand, and so is a seat "(€0 in chips)";
- the rake is written street by street in the play ("Rake: €0,27"; "Rake: €-2,22" takes
  some back): kept as notes; the summary's "Total pot €X | Rake €Y" has the hand's rake
  (the sum of the street lines in all five of the corpus's hands), but its total is a
  field Enet does not fill with the hand's pot: "Total pot €0" in four of the five, "€2,75"
  in the fifth, where 140,53 went in (PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt).
  It is kept as written and marked not written (``SummaryPot.total_written``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, SeatError, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.enet.games import game_facts
from auditor.rooms.enet.wording import high_claim
from auditor.source import SourceSpan

SITE = "Enet"

_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "small & big blinds": ev.PostKind.SMALL_AND_BIG,
    "ante": ev.PostKind.ANTE,
}
_STREET = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_POSITION = {"dealer": "button"}
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


class EnetReader(CommonLines, FieldsReader):
    GRAMMAR = "enet"
    POSTS = _POSTS

    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._start: ev.HandStarted | None = None

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        # the players a line of play names are dealt in; a seat with nothing is not
        played = (ev.Posted, ev.ChipsIn, ev.Folded, ev.Checked)
        kept = {e.player for e in self._events if isinstance(e, played)}
        events = tuple(
            replace(e, out_of_hand=True)
            if type(e) is ev.SeatTaken and (e.player not in kept or e.stack == 0)
            else e
            for e in self._events
        )
        cut = None if self._summary else last_line(raw)
        return ev.Hand(self._start, events, cut is not None, cut)

    def _money(self, text: str) -> int:
        # "€1.234,56": the dot groups thousands, the comma is the decimal point
        return to_minor(text.lstrip("€$£").replace(".", "").replace(",", "."), self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        # "[Td4h7d]": the cards written together
        return LETTERS.cards(" ".join(_CARD.findall(text)))

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._head_span = span

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        h = self._head
        table = f["table_name"]
        game, (limit, hi_lo, hole, variant) = game_facts(h.get("game", ""), table)
        symbol = h.get("small", "")[:1]
        currency = CURRENCY_OF_SYMBOL.get(symbol, "chips")
        self._scale = 100 if symbol in CURRENCY_OF_SYMBOL else 1
        seats, button = table_size(f["table_max"]), int(f["table_button"])
        if button + 1 > SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        y, mo, d = int(h["year"]), int(h["month"]), int(h["day"])
        hh, mi, s = int(h["hour"]), int(h["minute"]), int(h["second"])
        self._start = ev.HandStarted(
            span=self._head_span,
            site=SITE,
            hand_id=h.get("id", ""),
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=self._money(h["small"]),
            big_stake=self._money(h["big"]),
            currency=currency,
            scale=self._scale,
            started_at=local_time(y, mo, d, hh, mi, s, ""),
            time_zone="",  # Enet writes none
            table_name=table,
            max_seats=seats,
            button_seat=button + 1,  # numbered from 0
            table_span=span,
        )
        self._events.append(self._start)

    def _claim(self, words: str) -> Claim:
        return high_claim(words)

    # ------------------------------------------------------------ the play
    def MARKER(self, f: Fields, span: SourceSpan) -> None:
        name = f["marker_name"]
        if name == "SHOWDOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        if name == "HOLECARDS":
            return
        board = self._cards(f["marker_cards"] or "")
        new = board[len(self._board) :]
        self._board = board
        self._events.append(ev.StreetDealt(span, _STREET[name], 1, board, new))

    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        # the chips put in, a raise's too; a line not "goes all-in" is not all in
        chips = self._money(f[added])
        self._events.append(ev.ChipsIn(span, f["who"], verb, chips, None, verb is ev.Verb.ALL_IN))

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        self._chips_in(f, span, ev.Verb.ALL_IN, "allin_amount", "", "")

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        self._money(f["rake_amount"])  # an amount it must be, though no check uses it
        self._events.append(ev.Note(span, f.group().strip()))

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["collected_amount"])
        self._events.append(ev.Collected(span, f["who"], amount))

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        total, rake = self._money(f["pot_total"]), self._money(f["pot_rake"])
        # the total is never the hand's pot (see the module's notes): not written
        self._events.append(ev.SummaryPot(span, total, None, (), rake, total_written=False))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["sum_seat"]), f["sum_who"].rstrip()
        position = f["sum_position"]
        # "(dealer)": the button, as every room's summary positions name it
        positions = (_POSITION.get(position, position),) if position else ()
        seat_line = ev.SummarySeat(span, seat, player, positions, ev.SeatOutcome.FOLDED)
        if f["sum_mucked"]:
            seat_line = replace(seat_line, outcome=ev.SeatOutcome.MUCKED)
        elif f["sum_collected"]:
            results = (ev.SeatResult(self._money(f["sum_collected"])),)
            seat_line = replace(seat_line, outcome=ev.SeatOutcome.COLLECTED, results=results)
        elif f["sum_cards"] is not None:
            words = f["sum_words"] or ""
            won: int | None = self._money(f["sum_won"]) if f["sum_won"] else None
            results = (ev.SeatResult(won, words, high_claim(words)),)
            cards = self._cards(f["sum_cards"])
            outcome = ev.SeatOutcome.SHOWED
            seat_line = replace(seat_line, outcome=outcome, cards=cards, results=results)
        self._events.append(seat_line)
