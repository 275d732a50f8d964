"""Bovada / Ignition / Bodog hands to events.

The grammar (``grammars/bovada.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

What the room's words mean, where the record alone says it:

- a player is named by his seat ("Seat 4"): the lines name positions, which move every
  hand, and the seat lines say whose seat each position is (see the package's doc);
- "Calls $5" and "All-in $190" give the chips the player adds; "Raises $35" gives the
  total his bet becomes, "Raises $14 to $15" the chips added and then the total: in
  PLO-USD-5-10-201204.new.format.txt a small blind who posted $5 "Raises $115" and the
  raiser before him, at $35, "Calls $80": $115 in all. An "All-in" that is not a call
  is a bet (nothing to call) or a raise by the chips it adds;
- "Showdown [five cards]" lists the best five (and, hi/lo, the low five after them), not
  the hole cards, which the "Card dealt to a spot" lines give: the shown hand's cards
  are those;
- "Hand result" lines are what each player is paid, net of the rake; the summary's
  "Total Pot($20) | Rake ($1)" is gross. Later records leave the rake out of the summary
  ("Total Pot($98.52)" and a "Hand result $94.52"): in a cash hand the rake is then what
  the pot held less what was paid, when that is not negative (else left unknown, and
  conservation reports it);
- the header gives no stakes for cash games: the blinds posted are the stakes (a fixed
  limit game's bets are the big blind and twice it); the header gives no time zone either
  (kept as "", the local time as written);
- records before about 2014 mark no streets: :mod:`.streets` places them.
"""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import to_minor
from auditor.parse.facts import SEAT_LIMIT, SeatError
from auditor.parse.text_reader import Fields, FieldsReader
from auditor.read.split import RawHand
from auditor.rooms.bovada.games import is_hi_lo
from auditor.rooms.bovada.header import button_seat, hand_started
from auditor.rooms.bovada.streets import mark_streets, settle_all_ins
from auditor.rooms.bovada.wording import (
    FOLDED_ON,
    MISTAKES,
    NOTE_STATUS,
    POST_KIND,
    STATUS,
    STREET,
    WORDS,
    read_claim,
)
from auditor.source import SourceSpan


class BovadaReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = WORDS
    MISTAKES = MISTAKES
    MOST_WORDS = 6

    def __init__(self) -> None:
        self._wire("bovada")

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return bool(self._header) and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._header: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._seat_of: dict[str, int] = {}  # position as written -> seat
        self._seats: set[int] = set()
        self._dealer_seat: int | None = None
        self._blinds: dict[ev.PostKind, int] = {}
        self._hole: dict[str, tuple[Card, ...]] = {}
        self._paid = 0
        self._summary = False
        self._board: tuple[Card, ...] = ()
        self._board_span: SourceSpan | None = None
        self._marked = False  # the record marks its streets
        self._bare_all_in = False  # an "All-in $X" to tell a bet, call or raise
        self._scale = 100

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = hand_started(
            self._header, self._header_span, self._scale, self._blinds, self._button_seat()
        )
        events = self._events
        if not self._marked:
            events = mark_streets(events, self._board, self._board_span)
        if self._bare_all_in:
            events = settle_all_ins(events)
        if start.tournament_id is None:
            events = [self._with_rake(e) if isinstance(e, ev.SummaryPot) else e for e in events]
        hand = (start, *events)
        if not self._summary:
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(start, hand, truncated=True, truncated_at=last)
        return ev.Hand(start, hand)

    def _with_rake(self, pot: ev.SummaryPot) -> ev.SummaryPot:
        if pot.rake is not None or pot.total < self._paid:
            return pot
        return ev.SummaryPot(pot.span, pot.total, pot.main, pot.side_pots, pot.total - self._paid)

    def _hi_lo(self) -> bool:
        return is_hi_lo(self._header.get("game", ""))

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _who(self, position: str | None) -> str:
        """The player a line's position names: his seat ("Seat 4"), else the position.
        (Only a dealer's, status or deposit line may name no position: their methods see
        to it; any other line without one is a line the layout does not have.)"""
        if position is None:
            raise ValueError("this line names no player")
        seat = self._seat_of.get(position)
        return f"Seat {seat}" if seat is not None else position

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(" ".join(text.split()))

    # ------------------------------------------------------------ header
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._header_span = span
        self._scale = 1 if "tournament" in self._header else 100
        return

    def _button_seat(self) -> int | None:
        return button_seat(self._seat_of, self._dealer_seat, self._seats)

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat = int(f["seat_number"])
        position = f["seat_who"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice")
        if position in self._seat_of:
            raise SeatError(f"two seats are the {position}")
        self._seats.add(seat)
        self._seat_of[position] = seat
        self._events.append(ev.SeatTaken(span, seat, f"Seat {seat}", self._money(f["seat_stack"])))
        return

    # ------------------------------------------------------------ the play
    def SET_DEALER(self, f: Fields, span: SourceSpan) -> None:
        if f["dealer_seat"]:
            self._dealer_seat = int(f["dealer_seat"])
        return

    def POST(self, f: Fields, span: SourceSpan) -> None:
        words = f["post_kind"]
        amount = self._money(f["post_amount"])
        player = self._who(f["who"])
        kind = POST_KIND.get(words)
        if kind is None:
            # "Posts chip $5": chips a player entering the game posts out of the blinds'
            # seats, live: in PLO-USD-5-10-201204.new.format.txt hand 2601409566 UTG
            # "Posts chip $5" at $5/$10, then "Calls $5" to the big blind's $10
            kind = ev.PostKind.LIVE
        elif kind not in self._blinds:
            self._blinds[kind] = amount
        self._events.append(ev.Posted(span, player, kind, amount))
        return

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        cards = self._cards(f["dealt_cards"])
        self._hole[player] = cards
        self._events.append(ev.Dealt(span, player, cards))
        return

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        note = f["fold_note"] or (f"shows [{f['fold_shown']}]" if f["fold_shown"] else "")
        self._note_status(span, player, note)
        self._events.append(ev.Folded(span, player, note))
        return

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        self._note_status(span, player, f["check_note"] or "")
        self._events.append(ev.Checked(span, player))
        return

    def _note_status(self, span: SourceSpan, player: str, note: str) -> None:
        """ "Folds (timeout)", "Checks (timeout)", "Fold(Blind Disconnected)": the room acted
        for the player; the time-out is its own event, before the action it made."""
        status = NOTE_STATUS.get(note)
        if status is not None:
            self._events.append(ev.PlayerStatus(span, player, status, note))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        amount = self._money(f["call_amount"])
        self._events.append(ev.Called(span, player, amount))
        return

    def BET(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        amount = self._money(f["bet_amount"])
        self._events.append(ev.Bet(span, player, amount))
        return

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        self._raise(span, self._who(f["who"]), f["raise_first"], f["raise_to"], False)
        return

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        if f["allin_raise"]:
            self._raise(span, player, f["allin_first"], f["allin_to"], True)
            return
        # the chips added: a bet, a call or a raise, which the street's bets tell
        # (streets.settle_all_ins, once the streets are known)
        added = self._money(f["allin_first"])
        self._bare_all_in = True
        given = ev.RaiseGiven.BY
        self._events.append(ev.RaisedTo(span, player, added, 0, all_in=True, given=given))
        return

    def _raise(
        self, span: SourceSpan, player: str, first: str, to: str | None, all_in: bool
    ) -> None:
        # "Raises $35": the total; "Raises $14 to $15": the chips added, then the total
        total = self._money(to if to is not None else first)
        self._events.append(ev.RaisedTo(span, player, 0, total, all_in, ev.RaiseGiven.TO))

    def UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        self._events.append(ev.UncalledReturned(span, player, self._money(f["uncalled_amount"])))
        return

    def SHOWDOWN(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        if f["show_cards"] is None:  # "Showdown(High Card)": no hand shown
            self._events.append(ev.Note(span, f.group().strip()))
            return
        listed = self._cards(f["show_cards"])
        words = f["show_words"] or ""
        claim = read_claim(words, listed[5:10] if len(listed) == 10 else (), self._hi_lo())
        cards = self._hole.get(player, listed)  # the best five are listed, not the hole cards
        self._events.append(ev.Shown(span, player, cards, claim.text, claim))
        return

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        self._events.append(ev.Mucked(span, player, self._cards(f["muck_cards"])))
        return

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, self._who(f["who"])))
        return

    def RESULT(self, f: Fields, span: SourceSpan) -> None:
        # "Hand result-Side pot" names a side pot but not which: every result is read as
        # unlabelled, and the settlement shares the pots among them
        amount = self._money(f["result_amount"])
        self._paid += amount
        self._events.append(ev.Collected(span, self._who(f["who"]), amount))
        return

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        if f["who"]:
            player = self._who(f["who"])
            self._events.append(ev.PlayerStatus(span, player, STATUS[words], words))
        else:  # a seat not in the hand: the record does not say whose
            self._events.append(ev.Note(span, words))
        return

    def DEPOSIT(self, f: Fields, span: SourceSpan) -> None:
        text = f.group().strip()
        if f["who"]:
            player = self._who(f["who"])
            chips = self._money(f["deposit_amount"])
            self._events.append(ev.StackAdded(span, player, ev.StackChange.TOP_UP, chips, text))
        else:
            self._events.append(ev.Note(span, text))
        return

    def RANKING(self, f: Fields, span: SourceSpan) -> None:
        text = f.group().strip()
        self._events.append(ev.PlayerStatus(span, self._who(f["who"]), ev.Status.FINISHED, text))
        return

    def BOUNTY(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().strip()))
        return

    def MARKER(self, f: Fields, span: SourceSpan) -> None:
        street = STREET[f["marker_street"]]
        if street is not ev.Street.PREFLOP:
            self._marked = True
        board = self._cards(f["marker_board"] or "")
        new = self._cards(f["marker_new"]) if f["marker_new"] else board
        cards = board + new if f["marker_new"] else board
        self._events.append(ev.StreetDealt(span, street, 1, cards, new))
        return

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))
        return

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["pot_rake"]) if f["pot_rake"] else None
        self._events.append(ev.SummaryPot(span, self._money(f["pot_total"]), None, (), rake))
        return

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._board = self._cards(f["board_cards"])
        self._board_span = span
        self._events.append(ev.SummaryBoard(span, 1, self._board))
        return

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat = int(f["sum_seat"])
        player = f"Seat {seat}"
        if f["sum_folded_on"] or f["sum_folded_before"]:
            on = FOLDED_ON[f["sum_folded_on"] or "POCKET CARDS"]
            seat_event = ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.FOLDED, on)
        elif f["sum_mucked"] is not None:
            mucked = self._cards(f["sum_mucked"])
            seat_event = ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.MUCKED, cards=mucked)
        elif f["sum_lost"]:
            words = f["sum_lost_words"]
            hole = self._hole_of(f["sum_lost_cards"])
            claim = read_claim(words, self._low_of(f["sum_lost_low"]), self._hi_lo())
            result = ev.SeatResult(None, claim.text, claim)
            seat_event = ev.SummarySeat(
                span, seat, player, (), ev.SeatOutcome.SHOWED, cards=hole, results=(result,)
            )
        else:
            seat_event = self._won(f, span, seat, player)
        self._events.append(seat_event)
        return

    def _won(self, f: Fields, span: SourceSpan, seat: int, player: str) -> ev.SummarySeat:
        words = f["sum_won_words"]
        high = self._money(f["sum_won"]) if f["sum_won"] else None
        low = self._money(f["sum_low"]) if f["sum_low"] else None
        if words is None:  # "$173 [Does not show]": won with no showdown
            won = (ev.SeatResult(high),)
            return ev.SummarySeat(span, seat, player, (), ev.SeatOutcome.COLLECTED, results=won)
        hole = self._hole_of(f["sum_won_cards"])
        claim = read_claim(words, self._low_of(f["sum_won_low"]), self._hi_lo())
        results = [ev.SeatResult(high, claim.text, claim)]
        if low is not None:  # the low half: its cards are in the claim above
            results.append(ev.SeatResult(low))
        return ev.SummarySeat(
            span, seat, player, (), ev.SeatOutcome.SHOWED, cards=hole, results=tuple(results)
        )

    def _low_of(self, text: str | None) -> tuple[Card, ...]:
        """The low five of "[9d 8h 2s 7d-8h 7d 6c 2d 3s]" (the hand's low): after the dash."""
        if not text or "-" not in text:
            return ()
        return self._cards(text.partition("-")[2])

    def _hole_of(self, text: str) -> tuple[Card, ...]:
        """The hole cards of "[9c 3s 5c 9h-9c 9h Td Ah Ad]": before the dash."""
        return self._cards(text.partition("-")[0])
