"""BetOnline hands to events. What its layout means, where it is not the Stars layout:

- "Player8: raises 0.64 to 0.74": the chips put in with this action (he had called 0.10),
  then his bet in the round ("Player2: raises 0.75 to 0.75" opens for 0.75).
- "Player8: post now 0.10": a newcomer's big blind out of the blinds' seats, live (he then
  "checks" when the action comes to him).
- "Total pot 4.00 | Rake 0.20" is NET of the rake (its winner "won (4.00)" of 4.20 put in),
  one line per pot when there are side pots: the reader adds the rake back.
- No line returns an uncalled bet (Player7's 4.20 over an all-in of 1.55 in #1073062051),
  no line collects a pot in the play: the summary says what each won.
- Seats are numbered from 0 ("Seat 0: Hero", "Seat #0 is the button").
- The header says "Hold'em Pot Limit" over hands that deal four hole cards: the hand is
  read as the Omaha it deals, and a GameMislabeled event says so on the header's line.
"""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.betonline.games import GAMES, shown_game
from auditor.source import SourceSpan

SITE = "BetOnline"

_POSTS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "post now": ev.PostKind.LIVE,
}
_STREETS = dict(zip(("HOLE CARDS", "FLOP", "TURN", "RIVER"), list(ev.Street)[:4], strict=True))

_SPACED = str.maketrans("/:", "  ")  # a date's numbers apart


class BetOnlineReader(CommonLines, FieldsReader):
    GRAMMAR = "betonline"
    POSTS = _POSTS
    STREETS = _STREETS

    def _open(self) -> bool:
        return self._table is not None and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._table: Fields | None = None
        self._head: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._listed: set[int] = set()  # the seats the summary lists: those dealt in
        self._pots: list[tuple[int, int]] = []  # (net, rake) of each "Total pot" line
        self._pots_at = 0  # where in the events the summary's pot goes
        self._pots_span = self._header_span

    def _hand(self, raw: RawHand) -> ev.Hand:
        self._end_pots()
        start = self._started(raw)
        # a seat the summary does not list was not dealt in ("Seat 1: Player4 (0.00 in
        # chips)", who "has left the table" in #1073060164)
        gone = self._listed
        events = (
            start,
            *(
                replace(e, out_of_hand=True)
                if gone and isinstance(e, ev.SeatTaken) and e.seat not in gone
                else e
                for e in self._events
            ),
        )
        cut = None if self._summary else last_line(raw)
        # no "returned" line: Player7's uncalled 4.20 in #1073062051
        return ev.Hand(start, events, cut is not None, cut, uncalled_returns_written=False)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(text.replace("10", "T"))  # the ten as "10": "[Jc 10c Ks 2h]"

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._header_span = span

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._table, self._table_span = f, span

    def _started(self, raw: RawHand) -> ev.HandStarted:
        h, f = self._head, self._table
        if f is None:  # cannot be: the grammar wants a table line
            raise LineError(raw.first_line, "no table line")
        written = h["game"]
        game = shown_game(written, self._hole_cards())
        limit, hi_lo, _, variant = GAMES.of(game)
        currency = CURRENCY_OF_SYMBOL.get(h.get("symbol", ""), "USD")  # cash: no symbol
        button, zone = int(f["table_button"]), h.get("zone", "")
        try:
            if not 0 <= button <= SEAT_LIMIT:
                raise SeatError(f"the button on seat {button}, which no table has")
            max_seats = table_size(f["table_max"])
        except SeatError as err:
            raise LineError.of(self._table_span.line, err) from None
        try:
            y, mo, d, hh, mi, ss = (int(n) for n in h["date"].translate(_SPACED).split())
            started = local_time(y, mo, d, hh, mi, ss, zone)
            small, big = self._money(h["small"]), self._money(h["big"])
        except (AmountError, ValueError) as err:
            raise LineError.of(self._header_span.line, err) from None
        if game != written:
            why = "four hole cards are dealt"
            self._events.insert(0, ev.GameMislabeled(self._header_span, written, variant, why))
        return ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h["id"],
            game=written,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=currency,
            scale=self._scale,
            started_at=started,
            time_zone=zone,
            table_name=f["table_name"],
            max_seats=max_seats,
            button_seat=button,
            table_span=self._table_span,
        )

    def _hole_cards(self) -> int:
        """The hole cards the hand deals: its "Dealt to" line's, else the first a summary
        line shows (an observed hand); 0: none shown."""
        for e in self._events:
            if isinstance(e, ev.Dealt | ev.SummarySeat) and e.cards:
                return len(e.cards)
        return 0

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player, lowest=0)  # BetOnline numbers its seats from 0
        out, stack = f["seat_out"] is not None, self._money(f["seat_stack"])
        self._events.append(ev.SeatTaken(span, seat, player, stack, out))

    # ------------------------------------------------------------ the play
    def JOINS(self, f: Fields, span: SourceSpan) -> None:
        words = f"joins the table at seat #{f['joins_seat']}"
        self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.JOINS, words))

    def LEFT(self, f: Fields, span: SourceSpan) -> None:
        words = "has left the table"
        self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.LEAVES, words))

    def SAID(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["who"], f["said_text"]))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        self._in_play()
        if f["street_name"] == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
        else:
            super().STREET(f, span)

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._in_play()
        super().DEALT(f, span)

    def _in_play(self) -> None:
        """A street's line is the play's: the summary has a player's lines only."""
        if self._summary:
            raise ValueError("a line of the play in the summary")

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        if not self._pots:
            self._pots_at, self._pots_span = len(self._events), span
        self._pots.append((self._money(f["pot_total"]), self._money(f["pot_rake"])))

    def _end_pots(self) -> None:
        """One SummaryPot for the summary's pot lines, gross (each line is net of its
        rake); several lines: the last is the main pot, the others its side pots (in
        #1073068762 "Total pot 10.90 | Rake 0.60" is the side pot of the two all-ins'
        11.50, "Total pot 12.00 | Rake 0.60" the main pot of 12.60)."""
        if not self._pots:
            return
        nets = [net for net, _ in self._pots]
        rake = sum(r for _, r in self._pots)
        # the main and side pots net of the rake, as the Stars layout's "Main pot" are
        main = nets[-1] if len(nets) > 1 else None
        sides = tuple(reversed(nets[:-1]))
        pot = ev.SummaryPot(self._pots_span, sum(nets) + rake, main, sides, rake)
        self._events.insert(self._pots_at, pot)

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["sum_seat"]), f["sum_who"]
        self._listed.add(seat)
        if f["sum_folded"]:
            out = ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.FOLDED, f["sum_folded"])
        elif f["sum_collected"]:
            won = (ev.SeatResult(self._money(f["sum_collected"])),)
            out = ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.COLLECTED, results=won)
        else:
            hole = self._cards(f["sum_cards"])
            result = ev.SeatResult(None if f["sum_lost"] else self._money(f["sum_won"]))
            showed = ev.SeatOutcome.SHOWED
            out = ev.SummarySeat(span, seat, player, (), showed, cards=hole, results=(result,))
        self._events.append(out)
