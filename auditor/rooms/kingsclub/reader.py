"""KingsClub hands to events: one method per line terminal of ``grammars/kingsclub.lark``
(the kinds most rooms write alike are CommonLines').

What KingsClub's layout means, where it is not the Stars layout:

- Amounts carry no currency symbol ("2,449.35"): the corpus's cash tables are dollars
  (fpdb reads them as USD), so cents are the unit.
- "raises to 1,375" and "calls 120" alike write the total the player's bet becomes (a
  raise given TO): Player3's small blind 30 and "Player3 calls 120" in #45395871 make 120
  (his summary's -485 net is 5 ante and four bets of 120, before the 758.50 he wins).
- "*** BOARD 2 - FLOP ***": a double-board game's second board, or a second run ("[- - -
  Kh] [Ac]"). A board's river line may hold a turn no line dealt ("*** BOARD 1 - RIVER ***
  [3h Qc 4s 4c] [Qh]" after the flop): its new cards are those past the cards dealt.
- No "Uncalled bet ... returned" line: Player0's uncalled 56.43 flop bet in #37660193
  is back in his 3,037.50 summary stack, and his "wins pot (85.50)" is the called pot.
- The summary: "Seat 1: Player0 (2,384.35) -65" (stack after the hand, net), "Rake 8",
  then "Player1 wins (758.50) from pot" per player and pot, ALL boards together. No
  total pot: the seat lines and the rake are kept as notes.
"""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError
from auditor.parse.facts import SEAT_LIMIT, LineError, local_time
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.kingsclub.games import GAMES
from auditor.source import SourceSpan

SITE = "KingsClub"

_POSTS = {
    "the small blind": ev.PostKind.SMALL_BLIND,
    "the big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_TIME = ("year", "month", "day", "hour", "minute", "second")  # the STARTED line's fields

# KingsClub writes no "returned" line (see the module's docstring)
_RETURNS_WRITTEN = False


class KingsClubReader(CommonLines, FieldsReader):
    GRAMMAR = "kingsclub"
    POSTS = _POSTS

    def _open(self) -> bool:
        return bool(self._head) and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._table_span: SourceSpan | None = None
        self._boards: dict[int, tuple[Card, ...]] = {}

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._started()
        events = (start, *self._events)
        cut = None if self._summary else last_line(raw)
        return ev.Hand(start, events, cut is not None, cut, _RETURNS_WRITTEN)

    def _cards(self, text: str) -> tuple[Card, ...]:
        # "[X X X X]": hole cards not shown
        return LETTERS.cards(text) if text.replace("X", "").strip() else ()

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("head_"), v) for k, v in f.groupdict().items() if v)
        self._head_span = span

    def STARTED(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k, v) for k, v in f.groupdict().items() if v)

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self.BUTTON(f, span)
        self._head["table"] = f["table_name"]
        self._table_span = span

    def _started(self) -> ev.HandStarted:
        h = self._head
        game = h.get("game", "")
        try:  # the header's facts: a problem with them is the header line's
            limit, hi_lo, hole, variant = GAMES.of(game)
            started_at = self._time()
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
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
            small_stake=small_stake,
            big_stake=big_stake,
            currency="USD",
            scale=self._scale,  # cents: amounts have two decimals ("2,449.35")
            started_at=started_at,
            time_zone="",  # KingsClub writes none
            table_name=h.get("table", ""),
            max_seats=None,
            button_seat=self._button,
            table_span=self._table_span,
        )

    def _time(self) -> datetime | None:
        """The STARTED line's time (none read: a record cut before it)."""
        if "at_year" not in self._head:
            return None
        y, mo, d, hh, mi, ss = (int(self._head[f"at_{part}"]) for part in _TIME)
        return local_time(y, mo, d, hh, mi, ss, "")

    # ------------------------------------------------------------ the play
    def HOLE_CARDS(self, f: Fields, span: SourceSpan) -> None:
        self._street(span, ev.Street.PREFLOP, "")

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        board = int(f["street_board"] or 1)
        if not 1 <= board <= SEAT_LIMIT:
            raise ValueError(f"board {board}")
        written = f["street_cards"].split() + (f["street_new"] or "").split()
        # "-": a card this board shares with the first ("[- - - Kh]" on a second run)
        first = self._boards.get(1, ())
        if any(w == "-" for w in written[len(first) :]):
            raise ValueError(f"{f.group().strip()!r} shares cards the first board has not dealt")
        cards = LETTERS.cards(
            " ".join(first[i].text if w == "-" else w for i, w in enumerate(written))
        )
        # new: the cards past those this board had (a first board's river line can hold
        # a turn no line dealt; a second run's cards past the shared ones)
        before = self._boards.get(board, first[: written.count("-")])
        self._boards[board] = cards
        street = _STREETS[f["street_name"]]
        self._events.append(ev.StreetDealt(span, street, board, cards, cards[len(before) :]))

    # ------------------------------------------------------------ the summary
    # a seat's stack after the hand and its net, and the rake: no total pot to check them
    # against (the replay's own ending stacks and the collected lines are): kept as notes
    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().rstrip()))

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().rstrip()))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["wins_pot"] or f["wins_amount"])
        side = f["wins_side"]
        pot = int(side) if side else 0
        self._events.append(ev.Collected(span, f["wins_who"], amount, pot, side is not None))
