"""Bovada / Ignition / Bodog hands to events, one method per line terminal of
``grammars/bovada.lark``.

- a player is named by his seat ("Seat 4"): the lines name positions, which move every
  hand, and the seat lines say whose seat each position is;
- "Raises $35" is the total his bet becomes, "Calls $5" and "All-in $190" the chips
  added (PLO-USD-5-10-201204.new.format.txt: a small blind who posted $5 "Raises $115",
  the raiser before him, at $35, "Calls $80"). Only "All-in" lines are all in;
- "Showdown [five cards]" lists the best five, not the hole cards ("Card dealt to a spot");
- "Hand result" is what a player is paid, net of the rake; later records write no rake
  ("Total Pot($98.52)", a "Hand result $94.52"): see ``_hand``;
- records before about 2014 mark no streets: :mod:`.streets` places them.
"""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import to_minor
from auditor.parse.facts import SeatError
from auditor.parse.lines import CommonLines, field, flag
from auditor.parse.text_reader import Fields, FieldsReader, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.bovada.games import is_hi_lo
from auditor.rooms.bovada.header import button_seat, hand_started
from auditor.rooms.bovada.streets import mark_streets
from auditor.rooms.bovada.wording import (
    FOLDED_ON,
    MISTAKES,
    NOTE_STATUS,
    POST_KIND,
    STATUS,
    STREET,
    read_claim,
)
from auditor.source import SourceSpan


class BovadaReader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "bovada"

    MISTAKES = MISTAKES

    def _open(self) -> bool:
        return bool(self._header) and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._header: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._seat_of: dict[str, int] = {}  # position as written -> seat
        self._dealer_seat: int | None = None
        self._blinds: dict[ev.PostKind, int] = {}
        self._hole: dict[str, tuple[Card, ...]] = {}
        self._paid = 0
        self._pot_at: int | None = None  # where the summary's total pot is
        self._summary = False
        self._board_span: SourceSpan | None = None
        self._marked = False  # the record marks its streets
        self._scale = 100

    def _hand(self, raw: RawHand) -> ev.Hand:
        button = button_seat(self._seat_of, self._dealer_seat, self._seats)
        start = hand_started(self._header, self._header_span, self._scale, self._blinds, button)
        events = self._events
        pot = events[self._pot_at] if self._pot_at is not None else None
        if isinstance(pot, ev.SummaryPot) and pot.rake is None and start.tournament_id is None:
            # no rake written (later records): in a cash hand, what the pot held less what
            # was paid, when that is not negative
            rake = pot.total - self._paid
            events[self._pot_at or 0] = replace(pot, rake=rake if rake >= 0 else None)
        if not self._marked:
            events = mark_streets(events, self._board, self._board_span)
        cut = None if self._summary else last_line(raw)
        return ev.Hand(start, (start, *events), cut is not None, cut)

    def _hi_lo(self) -> bool:
        return is_hi_lo(self._header.get("game", ""))

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(" ".join(text.split()))

    def _who(self, position: str | None) -> str:
        """The player a line's position names: his seat ("Seat 4"), else the position."""
        if position is None:
            raise ValueError("this line names no player")
        seat = self._seat_of.get(position)
        return f"Seat {seat}" if seat is not None else position

    # ------------------------------------------------------------ header and seats
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._header_span = span
        self._scale = 1 if "tournament" in self._header else 100

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, position = int(f["seat_number"]), f["seat_who"]
        player = f"Seat {seat}"
        take_seat(self._seats, seat, player)
        if position in self._seat_of:
            raise SeatError(f"two seats are the {position}")
        self._seat_of[position] = seat
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["seat_stack"])))

    # ------------------------------------------------------------ the play
    def SET_DEALER(self, f: Fields, span: SourceSpan) -> None:
        if f["dealer_seat"]:
            self._dealer_seat = int(f["dealer_seat"])

    def POST(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["post_amount"])
        kind = POST_KIND.get(f["post_kind"].lower())
        if kind is None:
            # "Posts chip $5": chips a player entering the game posts out of the blinds'
            # seats, live: in PLO-USD-5-10-201204.new.format.txt hand 2601409566 UTG
            # "Posts chip $5" at $5/$10, then "Calls $5" to the big blind's $10
            kind = ev.PostKind.LIVE
        else:
            self._blinds.setdefault(kind, amount)
        self._events.append(ev.Posted(span, self._who(f["who"]), kind, amount))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        player, cards = self._who(f["who"]), self._cards(f["dealt_cards"])
        self._hole[player] = cards
        self._events.append(ev.Dealt(span, player, cards))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        note = f["fold_note"] or (f"shows [{f['fold_shown']}]" if f["fold_shown"] else "")
        self._note_status(span, player, note)
        self._events.append(ev.Folded(span, player, note))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        self._note_status(span, player, f["check_note"] or "")
        self._events.append(ev.Checked(span, player))

    def _note_status(self, span: SourceSpan, player: str, note: str) -> None:
        """ "Folds (timeout)", "Fold(Blind Disconnected)": the room acted for the player;
        the time-out is its own event, before the action it made."""
        status = NOTE_STATUS.get(note)
        if status is not None:
            self._events.append(ev.PlayerStatus(span, player, status, note))

    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        added_text, to_text = field(f, added), field(f, to)
        chips = None if added_text is None else self._money(added_text)
        total = None if to_text is None else self._money(to_text)
        all_in_said = bool(flag(f, all_in))  # the layout says it, as its own verb
        self._events.append(ev.ChipsIn(span, self._who(f["who"]), verb, chips, total, all_in_said))

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        verb = ev.Verb.ALL_IN if f["allin_to"] is None else ev.Verb.RAISE
        self._chips_in(f, span, verb, "allin_amount", "allin_to", "allin_all_in")

    def UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["uncalled_amount"])
        self._events.append(ev.UncalledReturned(span, self._who(f["who"]), amount))

    def SHOWDOWN(self, f: Fields, span: SourceSpan) -> None:
        player = self._who(f["who"])
        if f["show_cards"] is None:  # "Showdown(High Card)": no hand shown
            self._events.append(ev.Note(span, f.group().strip()))
            return
        listed = self._cards(f["show_cards"])
        low_five = listed[5:10] if len(listed) == 10 else ()
        claim = read_claim(f["show_words"] or "", low_five, self._hi_lo())
        cards = self._hole.get(player, listed)  # the best five are listed, not the hole cards
        self._events.append(ev.Shown(span, player, cards, claim.text, claim))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, self._who(f["who"]), self._cards(f["mucks_cards"])))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, self._who(f["who"])))

    def RESULT(self, f: Fields, span: SourceSpan) -> None:
        # "Hand result-Side pot" names a side pot but not which: every result is read as
        # unlabelled, and the settlement shares the pots among them
        amount = self._money(f["result_amount"])
        self._paid += amount
        self._events.append(ev.Collected(span, self._who(f["who"]), amount))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        if f["who"]:
            player = self._who(f["who"])
            status = STATUS[words.removeprefix("Seat ").lower()]
            self._events.append(ev.PlayerStatus(span, player, status, words))
        else:  # a seat not in the hand: the record does not say whose
            self._events.append(ev.Note(span, words))

    def DEPOSIT(self, f: Fields, span: SourceSpan) -> None:
        text = f.group().strip()
        if f["who"]:
            player, chips = self._who(f["who"]), self._money(f["deposit_amount"])
            self._events.append(ev.StackAdded(span, player, ev.StackChange.TOP_UP, chips, text))
        else:
            self._events.append(ev.Note(span, text))

    def RANKING(self, f: Fields, span: SourceSpan) -> None:
        text = f.group().strip()
        self._events.append(ev.PlayerStatus(span, self._who(f["who"]), ev.Status.FINISHED, text))

    def BOUNTY(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().strip()))

    def MARKER(self, f: Fields, span: SourceSpan) -> None:
        street = STREET[f["marker_street"]]
        self._marked = self._marked or street is not ev.Street.PREFLOP
        board, new = self._cards(f["marker_board"] or ""), f["marker_new"]
        cards, dealt = (board + self._cards(new), self._cards(new)) if new else (board, board)
        self._events.append(ev.StreetDealt(span, street, 1, cards, dealt))

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["pot_rake"]) if f["pot_rake"] else None
        self._pot_at = len(self._events)
        self._events.append(ev.SummaryPot(span, self._money(f["pot_total"]), None, (), rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._board = self._cards(f["board_cards"])
        self._board_span = span
        self._events.append(ev.SummaryBoard(span, 1, self._board))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, outcome, on = int(f["sum_seat"]), ev.SeatOutcome.SHOWED, ""
        cards: tuple[Card, ...] = ()
        results: tuple[ev.SeatResult, ...] = ()
        won = self._money(f["sum_won"]) if f["sum_won"] else None
        if f["sum_folded_on"] or f["sum_folded_before"]:
            outcome, on = ev.SeatOutcome.FOLDED, FOLDED_ON[f["sum_folded_on"] or "POCKET CARDS"]
        elif f["sum_mucked"] is not None:
            outcome, cards = ev.SeatOutcome.MUCKED, self._cards(f["sum_mucked"])
        elif f["sum_lost"]:
            cards = self._hole_of(f["sum_lost_cards"])
            results = (self._result(None, f["sum_lost_words"], f["sum_lost_low"]),)
        elif f["sum_won_words"] is None:  # "$173 [Does not show]": won with no showdown
            outcome, results = ev.SeatOutcome.COLLECTED, (ev.SeatResult(won),)
        else:
            cards = self._hole_of(f["sum_won_cards"])
            results = (self._result(won, f["sum_won_words"], f["sum_won_low"]),)
            if f["sum_low"]:  # the low half: its cards are in the claim above
                results += (ev.SeatResult(self._money(f["sum_low"])),)
        line = ev.SummarySeat(span, seat, f"Seat {seat}", (), outcome, on, False, cards, results)
        self._events.append(line)

    def _result(self, amount: int | None, words: str, cards: str | None) -> ev.SeatResult:
        """A shown hand's result; the low five of its cards "[9d 8h 2s 7d-8h 7d 6c 2d 3s]"
        come after the dash."""
        low = self._cards(cards.partition("-")[2]) if cards and "-" in cards else ()
        claim = read_claim(words, low, self._hi_lo())
        return ev.SeatResult(amount, claim.text, claim)

    def _hole_of(self, text: str) -> tuple[Card, ...]:
        """The hole cards of "[9c 3s 5c 9h-9c 9h Td Ah Ad]": before the dash."""
        return self._cards(text.partition("-")[0])
