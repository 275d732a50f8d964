"""Seals With Clubs hands to events. What its layout means, where it is not the Stars layout:

- Amounts are mBTC, with no symbol ("Seat 1: Player0 (162)"): the currency "mBTC", in
  hundredths.
- "raises to 3": the bet the raise makes; "calls 2": the chips put in; " (All-in)" after
  an amount: the player's last chips.
- No summary: each pot is won on its own line ("Hero wins Main Pot (6) with Two Pair"),
  each followed by "Rake (R)", that pot's rake: summed into one SummaryPot (gross: the
  pots won plus their rakes) where the hand ends, so that the rake is the record's.
"""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError
from auditor.parse.facts import LineError, local_time
from auditor.parse.games import GameWords
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.source import SourceSpan

SITE = "Seals With Clubs"
CURRENCY = "mBTC"
# "Game: PL Omaha Hi-Lo (20 - 100) - Blinds 1/1"
GAMES = GameWords(
    {"NL": ev.Limit.NO, "PL": ev.Limit.POT, "Limit": ev.Limit.FIXED}, ("Hi-Lo",), ev.Limit.NO
)
_SPACED = str.maketrans("-:", "  ")  # a date's numbers apart

# the table's size in its name: "PLO 9max 1/1 #1", "... 6half ...", "... HU ..."
_MAX = re.compile(r"\b(?:(?P<max>[0-9]+)(?:max|half|deep)|(?P<hu>HU))\b")
_STATUS = {
    "sits out": ev.Status.SITS_OUT,
    "sits in": ev.Status.RETURNED,
    "has left the table": ev.Status.LEAVES,
    "has joined the table": ev.Status.JOINS,
}

_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "small & big blind": ev.PostKind.SMALL_AND_BIG,
    "the ante": ev.PostKind.ANTE,
}
# the streets by name, preflop to river
_STREETS = dict(zip(("Hole Cards", "Flop", "Turn", "River"), list(ev.Street)[:4], strict=True))


class SealsWithClubsReader(CommonLines, FieldsReader):
    GRAMMAR = "sealswithclubs"
    POSTS = _POSTS
    STREETS = _STREETS

    def _open(self) -> bool:
        return bool(self._seats) and not self._ended

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)  # the events after the head, made once it is all read
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._table_span: SourceSpan | None = None
        self._ended = False  # a pot won, or the hand cancelled: the hand's end
        self._won = self._rake = self._pot_at = 0
        self._pot_span: SourceSpan | None = None

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._started()
        events: list[ev.Event] = [start, *self._events]
        if self._pot_span is not None:  # the pots won and their rakes, gross
            pot = ev.SummaryPot(self._pot_span, self._won + self._rake, None, (), self._rake)
            events.insert(self._pot_at + 1, pot)
        cut = None if self._ended else last_line(raw)
        return ev.Hand(start, tuple(events), cut is not None, cut)

    def _claim(self, words: str) -> Claim:
        # kept, not read: "Two Pair, Tens and Fives +K"
        return Claim(words, words, None, low_text="") if words else NO_CLAIM

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("head_"), v) for k, v in f.groupdict().items())
        self._head_span = span

    def GAME_LINE(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("game_"), v) for k, v in f.groupdict().items())

    def SITE(self, f: Fields, span: SourceSpan) -> None:
        return  # "Site: Seals With Clubs"

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._head["table"] = f["table_name"]
        if found := _MAX.search(f["table_name"]):
            self._head["max"] = found["max"] or "2"
        self._table_span = span

    def _started(self) -> ev.HandStarted:
        h = self._head
        game = f"{h['limit']} {h['name']}"
        limit, hi_lo, _, variant = GAMES.of(game)
        try:
            y, mo, d, hh, mi, ss = (int(n) for n in h["at"].translate(_SPACED).split())
            started = local_time(y, mo, d, hh, mi, ss, "")
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = table_size(h.get("max"))
        except (AmountError, ValueError) as err:
            raise LineError.of(self._head_span.line + 1, err) from None  # the game line's
        return ev.HandStarted(
            span=self._head_span,
            site=SITE,
            hand_id=h["id"],
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=CURRENCY,
            scale=self._scale,  # hundredths of an mBTC
            started_at=started,
            time_zone="",  # Seals writes none
            table_name=h["table"],
            max_seats=max_seats,
            button_seat=self._button,  # named by player after the seats
            table_span=self._table_span,
        )

    # ------------------------------------------------------------ the play
    def BUTTON(self, f: Fields, span: SourceSpan) -> None:
        # "Player4 has the dealer button": the button named by player, his seat
        self._button = next((s for s, p in self._seats.items() if p == f["who"]), None)
        if self._button is None:
            raise ValueError(f"the button is given to {f['who']!r}, who has no seat")

    def REFUNDED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["refunded_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def ADDS(self, f: Fields, span: SourceSpan) -> None:
        # "adds 94 chips": bought for the next hand
        amount, text = self._money(f["adds_amount"]), f.group().rstrip()
        self._events.append(ev.StackAdded(span, f["who"], ev.StackChange.TOP_UP, amount, text))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        which = f["wins_which"]
        pot = int(f["wins_side"] or 1) if which == "Side" else 0
        amount = self._money(f["wins_amount"])
        if self._pot_span is None:
            self._pot_at = len(self._events)
        self._won += amount
        self._ended = True
        self._events.append(ev.Collected(span, f["who"], amount, pot, which is not None))

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        if self._pot_span is None:
            self._pot_span = span
        self._rake += self._money(f["rake_amount"])

    def CANCELLED(self, f: Fields, span: SourceSpan) -> None:
        self._ended = True
        self._events.append(ev.HandCancelled(span))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        self._events.append(ev.PlayerStatus(span, f["who"], _STATUS[words], words))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        if f["street_name"] is None:  # "** Main Pot Show Down ** [the board]"
            self._events.append(ev.ShowdownStarted(span, 1))
        else:
            super().STREET(f, span)
