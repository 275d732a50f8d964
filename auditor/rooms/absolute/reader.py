"""Absolute Poker hands to events. What its layout means, where it is not the Stars layout:

- "Player0 - Raises $45 to $60": the chips put in with this action (he had his $15 small
  blind in), then his bet in the round.
- "Player1 - All-In $191.27": the chips he puts in, all he has. Before the cards it is his
  blind (in the corpus's $200/$400 hand, the big blind of a player short of it: the big
  one when a blind is posted before it, else the small); after them chips put in all-in,
  which the replay tells a call, bet or raise by the bet he faces. "All-In(Raise) $x to
  $y" names the raise and its total too. Calls, bets and raises are not all in.
- "Total Pot($120) | Rake ($0.75)" is GROSS: Player0 "Collects $119.25" of the $120 put in.
- The time is New York's, "(ET)"; the header's "Normal" limit is fixed limit.
"""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.games import GameWords
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.source import SourceSpan

SITE = "Absolute"

# "Normal" is fixed limit: the $30/$60 Omaha Hi/Lo hand bets $30 on the flop after a raise
# to $60 before it (the small and big bets)
GAMES = GameWords(
    {"No Limit": ev.Limit.NO, "Pot Limit": ev.Limit.POT, "Normal": ev.Limit.FIXED}, ("Hi/Lo",)
)
_POSTS = {
    "Posts small blind": ev.PostKind.SMALL_BLIND,
    "Posts big blind": ev.PostKind.BIG_BLIND,
    "Posts": ev.PostKind.LIVE,  # a newcomer's post, out of the blinds' seats
    "Ante": ev.PostKind.ANTE,
}
# the streets by name, preflop to river
_STREETS = dict(zip(("POCKET CARDS", "FLOP", "TURN", "RIVER"), list(ev.Street)[:4], strict=True))
_FOLDED_ON = {
    "POCKET CARDS": "before Flop",
    "FLOP": "on the Flop",
    "TURN": "on the Turn",
    "RIVER": "on the River",
}
_POSITIONS = ("dealer", "small blind", "big blind")
_TIME = ("year", "month", "day", "hour", "minute", "second")  # the header's time fields


class AbsoluteReader(CommonLines, FieldsReader):
    GRAMMAR = "absolute"
    POSTS = _POSTS
    STREETS = _STREETS

    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._start: ev.HandStarted | None = None
        self._head: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._dealt = False  # the pocket cards are dealt: an All-In is no blind
        self._blind_posted = False  # before the cards: an All-In after a blind is the big

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:  # cannot be: the grammar wants the table line
            raise LineError(raw.first_line, "no table line")
        cut = None if self._summary else last_line(raw)
        return ev.Hand(self._start, tuple(self._events), cut is not None, cut)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(text.replace("10", "T"))  # the ten as "10" on some lines

    def _claim(self, words: str) -> Claim:
        # kept for messages, not read ("Straight, four to eight"): nothing is checked
        return Claim(words, words, None, low_text="") if words else NO_CLAIM

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._scale = 100 if "symbol" in self._head else 1  # no symbol: tournament chips
        self._header_span = span

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        h = self._head
        game = f"{h['game']} {h['limit']}"
        limit, hi_lo, _, variant = GAMES.of(game)
        button = int(f["table_button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        zone = h.get("zone", "")
        try:
            y, mo, d, hh, mi, ss = (int(h[part]) for part in _TIME)
            started = local_time(y, mo, d, hh, mi, ss, zone)
            small = self._money(h["small"])
            big = self._money(h["big"]) if "big" in h else small
        except (AmountError, ValueError) as err:
            raise LineError.of(self._header_span.line, err) from None
        symbol = h.get("symbol", "")
        self._start = ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h["id"],
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=CURRENCY_OF_SYMBOL[symbol] if symbol else "chips",
            scale=self._scale,
            started_at=started,
            time_zone=zone,
            table_name=f["table_name"],
            # not written: a "(1 on 1)" table seats its two players on seats 4 and 6
            max_seats=None,
            button_seat=button,
            table_span=span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        self._blind_posted |= _POSTS[f["post_kind"]] is not ev.PostKind.ANTE
        super().POST(f, span)

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        player, chips = f["who"], self._money(f["allin_amount"])
        if not self._dealt:  # a blind, all he has: after a blind, the big blind
            kind = ev.PostKind.BIG_BLIND if self._blind_posted else ev.PostKind.SMALL_BLIND
            self._blind_posted = True
            self._events.append(ev.Posted(span, player, kind, chips, all_in=True))
            return
        verb = ev.Verb.RAISE if f["allin_raise"] else ev.Verb.ALL_IN
        self._put_in(span, player, verb, f["allin_amount"], f["allin_to"], all_in=True)

    # every all-in is written as an All-In line: a call, bet or raise is none
    def CALL(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(span, f["who"], ev.Verb.CALL, f["call_amount"])

    def BET(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(span, f["who"], ev.Verb.BET, f["bet_amount"])

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(span, f["who"], ev.Verb.RAISE, f["raise_amount"], f["raise_to"])

    def _put_in(
        self,
        span: SourceSpan,
        who: str,
        verb: ev.Verb,
        added: str,
        to: str | None = None,
        all_in: bool = False,
    ) -> None:
        total = None if to is None else self._money(to)
        self._events.append(ev.ChipsIn(span, who, verb, self._money(added), total, all_in))

    def RETURNED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["returned_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def COLLECTS(self, f: Fields, span: SourceSpan) -> None:
        pot = int(f["collects_side_number"] or 1) if f["collects_side"] else 0
        amount = self._money(f["collects_amount"])
        self._events.append(ev.Collected(span, f["who"], amount, pot, True))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        if f["street_name"] == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        self._dealt |= f["street_name"] == "POCKET CARDS"
        super().STREET(f, span)

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["sum_seat"]), f["sum_who"]
        if self._seats.get(seat) != player:
            raise ValueError(f"seat {seat} is not the seat of a player listed: {player!r}")
        positions = tuple(p for p in _POSITIONS if f"({p})" in f["sum_positions"])
        if f["sum_folded"]:
            on = _FOLDED_ON.get(f["sum_folded"], f["sum_folded"])
            folded = ev.SeatOutcome.FOLDED
            self._events.append(ev.SummarySeat(span, seat, player, positions, folded, on))
            return
        won: list[int | None] = [None]  # "HI:lost with WORDS [cards - ...]"
        if f["sum_verb"]:  # "Total ($x) HI:($h) LO:($l)": the halves, else the total
            halves = [self._money(h) for h in (f["sum_hi"], f["sum_lo"]) if h]
            won = [*halves] or [self._money(f["sum_won"])]
        words = f["sum_won_words"] or f["sum_lost_words"] or ""
        hole = self._cards(f["sum_won_cards"] or f["sum_lost_cards"] or "")
        results = (ev.SeatResult(won[0], words, self._claim(words)), *map(ev.SeatResult, won[1:]))
        kind = ev.SeatOutcome.SHOWED if hole or not f["sum_verb"] else ev.SeatOutcome.COLLECTED
        outcome = ev.SummarySeat(span, seat, player, positions, kind, cards=hole, results=results)
        self._events.append(outcome)
