"""Seals With Clubs hands to events.

The grammar (``grammars/sealswithclubs.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

What the Seals layout means, where it is not the Stars layout:

- Amounts are mBTC, with no symbol ("Seat 1: Player0 (162)", "posts small blind 1"): the
  currency "mBTC", in hundredths.
- "raises to 3": the bet the raise makes; "calls 2": the chips put in; " (All-in)" after
  an amount: the player's last chips.
- The button is named by player: "Player4 has the dealer button" (his seat is the button).
- "Hero refunded 6": an uncalled bet returned.
- No summary: each pot is won on its own line, "Hero wins Pot (10)", "Player2 wins Side Pot
  1 (2)", "Hero wins Main Pot (6) with Two Pair", each followed by "Rake (R)", that pot's
  rake. The reader sums them into one SummaryPot (gross: the pots won plus their rakes)
  where the hand ends, so that the rake is the record's.
- "Hero adds 94 chips" after the pots: chips bought for the next hand.
- The time has no zone ("2013-04-11 02:08:55"): the zone is kept empty.
"""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError, to_minor
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import Fields, FieldsReader, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.sealswithclubs.games import game_facts
from auditor.source import SourceSpan

SITE = "Seals With Clubs"
CURRENCY = "mBTC"
SCALE = 100  # hundredths of an mBTC
_SPACED = str.maketrans("-:", "  ")  # a date's numbers apart

# the table's size in its name: "PLO 9max 1/1 #1", "... 6half ...", "... HU ..."
_MAX = re.compile(r"\b(?:(?P<max>[0-9]+)(?:max|half|deep)|(?P<hu>HU))\b")
_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "small & big blind": ev.PostKind.SMALL_AND_BIG,
    "the ante": ev.PostKind.ANTE,
}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_STATUS = {
    "sits out": ev.Status.SITS_OUT,
    "sits in": ev.Status.RETURNED,
    "has left the table": ev.Status.LEAVES,
    "has joined the table": ev.Status.JOINS,
}
_WORDS = {
    "HEADER": "a hand header (Hand #N-M - 2013-04-11 02:08:55)",
    "GAME_LINE": "the game line (Game: PL Omaha (20 - 100) - Blinds 1/1)",
    "SITE": "Site: Seals With Clubs",
    "TABLE": "the table line (Table: PLO 9max 1/1 #1)",
    "SEATS": "a seat line (Seat N: NAME (x))",
    "PLAY": "a line of play (NAME calls x, ** Flop ** [..])",
}


class SealsWithClubsReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS

    def __init__(self) -> None:
        self._wire("sealswithclubs")

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return bool(self._seats) and not self._ended

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []  # after the head, made once the button is named
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._table_span: SourceSpan | None = None
        self._seats: dict[int, str] = {}
        self._button: int | None = None
        self._board: tuple[Card, ...] = ()
        self._ended = False  # a pot won, or the hand cancelled: the hand's end
        self._won = 0
        self._rake = 0
        self._pot_at = 0
        self._pot_span: SourceSpan | None = None

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._started()
        events: list[ev.Event] = [start, *self._events]
        if self._pot_span is not None:  # the pots won and their rakes, gross
            total = self._won + self._rake
            pot = ev.SummaryPot(self._pot_span, total, None, (), self._rake)
            events.insert(self._pot_at + 1, pot)
        cut = None if self._ended else last_line(raw)
        return ev.Hand(start, tuple(events), cut is not None, cut)

    def _money(self, text: str) -> int:
        return to_minor(text, SCALE)

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
        limit, hi_lo, variant = game_facts(game)
        try:
            y, mo, d, hh, mi, ss = (int(n) for n in h["at"].translate(_SPACED).split())
            started = local_time(y, mo, d, hh, mi, ss, "")
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = int(h["max"]) if "max" in h else None
            if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {max_seats} seats")
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
            scale=SCALE,
            started_at=started,
            time_zone="",  # Seals writes none
            table_name=h["table"],
            max_seats=max_seats,
            button_seat=self._button,  # named by player after the seats
            table_span=self._table_span,
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player)
        out = f["seat_out"] is not None
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["seat_stack"]), out))

    # ------------------------------------------------------------ the play
    def BUTTON(self, f: Fields, span: SourceSpan) -> None:
        # the button named by player: his seat
        self._button = next((s for s, p in self._seats.items() if p == f["who"]), None)
        if self._button is None:
            raise ValueError(f"the button is given to {f['who']!r}, who has no seat")

    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind, amount = _POSTS[f["post_kind"]], self._money(f["post_amount"])
        self._events.append(ev.Posted(span, f["who"], kind, amount))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    # "calls 2", "bets 4" (the chips put in), "raises to 3" (the bet it makes); the layout
    # writes " (All-in)" wherever the player's last chips go in
    def CALL(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["call_amount"]), f["call_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.CALL, added, None, all_in))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["bet_amount"]), f["bet_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.BET, added, None, all_in))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        to, all_in = self._money(f["raise_to"]), f["raise_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.RAISE, None, to, all_in))

    def REFUNDED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["refunded_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def ADDS(self, f: Fields, span: SourceSpan) -> None:
        # "adds 94 chips": bought for the next hand
        amount, text = self._money(f["adds_amount"]), f.group().rstrip()
        self._events.append(ev.StackAdded(span, f["who"], ev.StackChange.TOP_UP, amount, text))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        cards = LETTERS.cards(f["shows_cards"])
        words = f["shows_words"] or ""
        # the words are kept, not read: "Two Pair, Tens and Fives +K"
        claim = Claim(words, words, None, low_text="") if words else NO_CLAIM
        self._events.append(ev.Shown(span, f["who"], cards, words, claim))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["who"], LETTERS.cards(f["mucks_cards"] or "")))

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
        name = f["street_name"]
        if name is None:  # "** Main Pot Show Down ** [the board]"
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        if name == "Hole Cards":
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
            return
        new = LETTERS.cards(f["street_cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, _STREETS[name], 1, self._board, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["dealt_who"], LETTERS.cards(f["dealt_cards"])))
