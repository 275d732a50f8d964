"""Entraction hands to events: one method per line terminal of ``grammars/entraction.lark``
(the kinds most rooms write alike are CommonLines').

What Entraction's layout means, where the record alone says it:

- every amount of the play is the chips the action puts in: at $0.02/$0.04 "Player2
  Raise (0.11)" over the big blind makes his bet 0.11, and the small blind's "Call (0.09)"
  then makes his 0.11 too (a raise given BY); "All-In (x)" too, all he has;
- "X wins: EUR 0.42" is what X is paid, after the rake; "Rake: EUR 0.02" follows the
  last. The record writes no total pot: the total, gross, is what was paid and the rake;
- the only time is the hand's end ("Game ended ..."): a record without it has none.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import AmountError
from auditor.parse.facts import LineError, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.entraction.games import GAMES
from auditor.rooms.entraction.wording import high_claim
from auditor.source import SourceSpan

SITE = "Entraction"

_POST_KIND = {
    "Small Blind": ev.PostKind.SMALL_BLIND,
    "Big Blind": ev.PostKind.BIG_BLIND,
    "Small + Big Blind": ev.PostKind.SMALL_AND_BIG,
    "Blind out of turn": ev.PostKind.BIG_BLIND,
}
# the events of a player dealt in (a blind, a fold at least)
_DEALT_IN = (ev.Posted, ev.ChipsIn, ev.Folded, ev.Checked, ev.UncalledReturned, ev.Dealt)
_STREET = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}


_HEAD = 'Game # 1 - Omaha High Pot Limit EUR 0.02/0.04 - Table "T"\n\nPlayers(max 6):\n'
_SEATED = _HEAD + "A                           (EUR 4.00 in seat 1)\n"
_BLINDS = _SEATED + "B                           (EUR 4.00 in seat 2)\n\nDealer:  A\n"
_PLAYING = _BLINDS + "Small Blind:  A  (0.02)\nBig Blind:  B  (0.04)\n\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state it shares.
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or table)": [
        'Game # 1 - Omaha High Pot Limit - Table "T"\n',
    ],
    "a seat line the layout does not have": [
        _HEAD + "A                           (4.00 in chips)\n",
        _SEATED + "B   (EUR 4.00 seat 2)\n",
    ],
    "a blind the layout does not have": [
        _BLINDS + "Straddle:  A  (0.08)\n",
    ],
    "a line of play the layout does not have": [
        _PLAYING + "A                           Shove       (3.98)\n",
        _PLAYING + "A                           Raise (0.10) to (0.12)\n",
    ],
}


class EntractionReader(CommonLines, FieldsReader):
    GRAMMAR = "entraction"
    MISTAKES = _MISTAKES
    UNSAID = frozenset({"$END", "BLANK"})

    def _open(self) -> bool:
        # seated, and the pots not yet paid (the rake line comes last)
        return bool(self._seats) and not self._settled

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._max_seats: int | None = None
        self._paid = 0
        self._settled = False  # the rake line: the pots are all paid
        self._ended: datetime | None = None
        self._zone = ""

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._started()
        events = (start, *self._seated(), *self._events[len(self._seats) :])
        cut = None if self._settled else last_line(raw)
        return ev.Hand(start, events, cut is not None, cut)

    def _seated(self) -> list[ev.SeatTaken]:
        """The seat lines, a player with no line in the hand out of it: Entraction lists
        every seated player, those sitting out too, with nothing to tell them apart, and
        writes a line for every player dealt in (a blind, a fold at least)."""
        seats = [e for e in self._events[: len(self._seats)] if isinstance(e, ev.SeatTaken)]
        kept = {e.player for e in self._events if isinstance(e, _DEALT_IN)}
        return [seat if seat.player in kept else replace(seat, out_of_hand=True) for seat in seats]

    def _started(self) -> ev.HandStarted:
        h = self._head
        game = h.get("game", "")
        try:
            limit, hi_lo, hole, variant = GAMES.of(game)
            small, big = self._money(h["small"]), self._money(h["big"])
        except (AmountError, ValueError) as err:
            raise LineError.of(self._head_span.line, err) from None
        return ev.HandStarted(
            span=self._head_span,
            site=SITE,
            hand_id=h.get("id", ""),
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=h.get("currency") or "chips",
            scale=self._scale,
            started_at=self._ended,
            time_zone=self._zone,
            table_name=h.get("table", ""),
            max_seats=self._max_seats,
            button_seat=self._button,
            table_span=self._head_span,
        )

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(text.replace(" - ", " "))

    def _claim(self, words: str) -> Claim:
        return high_claim(words)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._head_span = span
        # a header with no currency: play chips, in whole units
        self._scale = 100 if "currency" in self._head else 1

    def MAX_LINE(self, f: Fields, span: SourceSpan) -> None:
        self._max_seats = table_size(f["max_seats"])

    def DEALER(self, f: Fields, span: SourceSpan) -> None:
        # the dealer by name: his seat is the button (None: a name no seat line has)
        self._button = next((s for s, p in self._seats.items() if p == f["dealer_who"]), None)

    def BLIND(self, f: Fields, span: SourceSpan) -> None:
        kind = _POST_KIND[f["blind_kind"]]
        amount = self._money(f["blind_amount"])
        self._events.append(ev.Posted(span, f["blind_who"], kind, amount))

    # ------------------------------------------------------------ the play
    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        # the chips put in, a raise's too; the layout says every all-in ("All-In")
        chips, said = self._money(f[added]), verb is ev.Verb.ALL_IN
        self._events.append(ev.ChipsIn(span, f["who"], verb, chips, None, said))

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        self._chips_in(f, span, ev.Verb.ALL_IN, "allin_amount", "", "")

    def PAYBACK(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["payback_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        board = self._cards(f["street_cards"])
        new = board[len(self._board) :]
        self._board = board
        self._events.append(ev.StreetDealt(span, _STREET[f["street_name"]], 1, board, new))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        player, cards = f["who"], f["noshow_cards"]
        if cards:  # a loser's cards, written though not shown
            self._events.append(ev.Mucked(span, player, self._cards(cards)))
        else:
            self._events.append(ev.NotShown(span, player))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["wins_amount"])
        words = f["wins_pot"]
        # "main pot" and "side pot" name the pot; "split pot" (a pot shared) and no words
        # name none
        pot = int(f["wins_side"] or 1) if words == "side pot" else 0
        names_pot = words in ("main pot", "side pot")
        self._paid += amount
        self._events.append(ev.Collected(span, f["who"], amount, pot, names_pot))

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["rake_amount"])
        self._settled = True
        # no total pot is written: the pots paid, and the rake, are the pot gross
        self._events.append(ev.SummaryPot(span, self._paid + rake, None, (), rake))

    def END(self, f: Fields, span: SourceSpan) -> None:
        zone = f["end_zone"] or ""
        y, mo, d = int(f["end_year"]), int(f["end_month"]), int(f["end_day"])
        h, mi, s = int(f["end_hour"]), int(f["end_minute"]), int(f["end_second"])
        self._ended = local_time(y, mo, d, h, mi, s, zone)
        self._zone = zone
