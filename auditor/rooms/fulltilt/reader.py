"""Full Tilt hands to events: a FieldsReader on ``grammars/fulltilt.lark`` (the summary's
lines in :mod:`.summary`).

- the button is a line after the blinds ("The button is in seat #3"): the hand's start
  is finished when the hand has been read, and put first;
- "calls $X" and "bets $X" give the chips added, "raises to $X" his total in the round;
  ", and is capped": the table's cap is reached (a "$400 Pot Limit" table), he puts in
  no more this hand, chips behind or not;
- "posts $2" (no blind named) is a player coming in (or back) with a big blind out of
  turn; "posts a dead small blind" is dead money, not part of his bet;
- a run's own showdown names its hands without cards ("shows two pair, Aces and
  Sevens"): the cards are those the player showed before; "wins pot 2" is the second
  run's pot, paid after both showdowns, its award on that run's board.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token
from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.fulltilt import SITE
from auditor.rooms.fulltilt.games import Header, game_facts
from auditor.rooms.fulltilt.summary import SummaryLines
from auditor.rooms.fulltilt.wording import claim, read_shown
from auditor.source import SourceSpan

_BOARD_OF_WORD = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_STREET_OF_WORD = {"HOLE CARDS": ev.Street.PREFLOP, "FLOP": ev.Street.FLOP}
_STREET_OF_WORD.update({"TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER})
_POST_KINDS = {
    "posts the small blind of ": ev.PostKind.SMALL_BLIND,
    "posts the big blind of ": ev.PostKind.BIG_BLIND,
    # dead money: not part of the poster's bet
    "posts a dead small blind of ": ev.PostKind.MISSED_BLIND,
    "posts a dead big blind of ": ev.PostKind.MISSED_BLIND,
    # "posts $2": a player coming in (or back) posts a big blind out of turn
    "posts ": ev.PostKind.BIG_BLIND,
    "antes ": ev.PostKind.ANTE,
}
# the statuses the grammar's STATUS names; the others (the clock, an emote) are OTHER
_STATUS = {
    "has been removed from the table": ev.Status.LEAVES,
    "has been disconnected": ev.Status.DISCONNECTED,
    "has reconnected": ev.Status.CONNECTED,
    "leaves the table": ev.Status.LEAVES,
    "is disconnected": ev.Status.DISCONNECTED,
    "is sitting out": ev.Status.SITTING_OUT,
    "has timed out": ev.Status.TIMED_OUT,
    "is connected": ev.Status.CONNECTED,
    "has returned": ev.Status.RETURNED,
    "stands up": ev.Status.LEAVES,
    "sits down": ev.Status.JOINS,
    "sits out": ev.Status.SITS_OUT,
}
_CAPPED = ", and is capped"
_HEAD = (
    "Full Tilt Poker Game #1: Table T (6 max) - $1/$2 - Pot Limit Omaha Hi - "
    "12:45:08 ET - 2014/02/21\n"
)
_SEATED = _HEAD + "Seat 1: a ($200)\nSeat 2: b ($200)\n"
_MISTAKES = {
    "a header the layout does not have (table, stakes, game or date)": [
        "Full Tilt Poker Game #1: Table T - $1/$2 - Pot Limit Omaha Hi\n",
    ],
    "a line of play the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\na shoves\n",
    ],
    "a summary line the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\na folds\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
        "nothing here\n",
        _SEATED + "*** HOLE CARDS ***\na folds\n*** SUMMARY ***\nnothing here\n",
    ],
}


class FullTiltReader(SummaryLines, CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "fulltilt"

    MISTAKES = _MISTAKES
    MOST_WORDS = 6
    POSTS = _POST_KINDS

    # ------------------------------------------------------------ driving
    def _on_block(self, tok: Token) -> Token:
        # Where a damaged header stops the lexer, Lark tries every terminal there for its
        # message, and a header reads as table talk ("Full Tilt Poker Game #1: Table T
        # ..."): no line is read before the header
        return super()._on_block(tok) if self._start is not None else tok

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._lines = len(raw.lines)
        self._start: ev.HandStarted | None = None  # its button set once the hand is read
        self._max_seats = SEAT_LIMIT
        self._scale = 1
        self._flopet: tuple[Card, ...] = ()  # Courchevel's first flop card, dealt before betting
        self._section = 1  # the showdown (run) the play is at
        self._summary_section = 1  # the summary's run ("*** SUMMARY 2 ***")
        self._shown: dict[str, tuple[Card, ...]] = {}  # cards each player showed
        self._seat_event: dict[str, int] = {}  # where each player's seat line's event is

    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """Also a record cut inside its last line ("IOZIOZ ch"): read up to its last
        whole line, and incomplete (as the old reader read it)."""
        if super()._cut_short(err):
            return True
        line = err.line if isinstance(err.line, int) else 0
        return self._open() and line > 0 and line == self._lines

    def _hand(self, raw: RawHand) -> ev.Hand:
        start = self._start
        if start is None:  # cannot be: the grammar reads a header first
            raise LineError(self._offset + 1, "no header")
        if self._button is not None:
            start = replace(start, button_seat=self._button)
        if not self._summary:  # the record stops before its summary: incomplete
            return ev.Hand(start, (start, *self._events), True, last_line(raw))
        return ev.Hand(start, (start, *self._events))

    # ------------------------------------------------------------ header and seats
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        h = Header.of(f)
        symbol = h.small[:1] if h.small[:1] in CURRENCY_OF_SYMBOL else ""
        tournament = f["head_tournament_id"]
        # tournaments and play-chip tables count chips; cash tables their currency's cents
        self._scale = 100 if symbol and tournament is None else 1
        attrs = [a.strip() for a in (f["head_attrs"] or "").split(",")]  # "6 max, shallow"
        sizes = [a[:-4] for a in attrs if a.endswith(" max") and a[:-4].isdigit()]
        sizes += ["2" for a in attrs if a == "heads up"]
        max_seats = table_size(sizes[-1] if sizes else None)
        self._max_seats = max_seats or SEAT_LIMIT
        hour, minute, *second = (int(part) for part in f["head_time"].split(":"))
        date = int(f["head_year"]), int(f["head_month"]), int(f["head_day"])
        limit, hi_lo, hole, variant = game_facts(h.game)
        self._start = ev.HandStarted(
            span=span,
            site=SITE,  # "FullTiltPoker" in some exports: the same room
            hand_id=f["head_id"],
            game=h.game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=self._money(h.small),
            big_stake=self._money(h.big),
            currency=CURRENCY_OF_SYMBOL[symbol] if self._scale == 100 else "chips",
            scale=self._scale,
            started_at=local_time(*date, hour, minute, second[0] if second else 0, f["head_zone"]),
            time_zone=f["head_zone"],
            table_name=h.table,
            max_seats=max_seats,
            button_seat=None,  # the button line comes after the blinds
            tournament_id=tournament,
            buy_in=f["head_tournament"],
            level=None,
            table_span=span,  # the table is named in the header
        )

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        self._seat_event[f["seat_who"]] = len(self._events)  # summary.py may mark it sitting out
        super().SEAT(f, span)

    # ------------------------------------------------------------ the play
    def _cards(self, text: str) -> tuple[Card, ...]:
        return _CARDS.cards(text.translate(_NO_BRACKETS))

    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        """ ", and is capped": the table's cap reached (a "$400 Pot Limit" table), he may
        put in no more this hand and has no action left, chips behind or not."""
        super()._chips_in(f, span, verb, added, to, all_in)
        if f[all_in] == _CAPPED:
            self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.CAPPED, "is capped"))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        player, words = f["who"], f["shows_words"] or ""
        if f["shows_cards"] is not None:
            cards = _CARDS.cards(f["shows_cards"])
            description = words.strip()
            self._shown[player] = cards
        else:  # "shows two pair, Aces and Sevens": a run's hand, its cards shown before
            cards, description = self._shown.get(player, ()), words
        self._events.append(ev.Shown(span, player, cards, description, read_shown(description)))

    def LOW_CONTINUATION(self, f: Fields, span: SourceSpan) -> None:
        """2006 records put the low of the last shown hand on a line of its own."""
        low = f["low_ranks"]
        for at in range(len(self._events) - 1, -1, -1):
            shown = self._events[at]
            if isinstance(shown, ev.Shown):
                high = shown.claim.high_text or shown.description.strip("()")
                words = f"{shown.description} ({low})"
                self._events[at] = replace(shown, description=words, claim=claim(words, high, low))
                return
        self._events.append(
            ev.Garbled(span, f.group().rstrip(), "a low that follows no shown hand")
        )

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        # "ties for pot 1 ($62.10)": a share of a split pot, collected as a win is
        half_word, which, number = f["wins_half"], f["wins_pot"], f["wins_number"]
        pot, names_pot, half = 0, False, None
        if half_word:
            half = ev.Half.HIGH if half_word == "high" else ev.Half.LOW
        if which == "side":
            pot, names_pot = int(number) if number else 1, True
        elif which == "main":
            names_pot = True
        elif number:
            # "pot 2": the pot of the second run, which Full Tilt pays after both
            # showdowns; its award belongs to that run's board
            run = int(number)
            if run != self._section:
                self._section = run
                self._events.append(ev.ShowdownStarted(span, run))
        won = self._money(f["wins_amount"])
        self._events.append(ev.Collected(span, f["who"], won, pot, names_pot, half))

    def ADDS(self, f: Fields, span: SourceSpan) -> None:
        chips, text = self._money(f["adds_amount"]), f.group().rstrip()
        self._events.append(ev.StackAdded(span, f["who"], ev.StackChange.TOP_UP, chips, text))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        # the clock ("has 15 seconds left to act", "has requested TIME") and emotes: OTHER
        words = f["status_words"]
        status = _STATUS.get(words, ev.Status.OTHER)
        self._events.append(ev.PlayerStatus(span, f["who"], status, words))

    def TALK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["who"], f["talk_text"]))

    def DEALER_NOTE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f["note_words"]))

    def CANCELLED(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    def SECTION_MARKER(self, f: Fields, span: SourceSpan) -> None:
        text, cards, order = f.group().rstrip(), f["marker_cards"], f["marker_order"]
        if order is not None:  # "*** SECOND FLOP ***"
            name, board = f["marker_run_street"], _BOARD_OF_WORD[order]
        else:  # "*** FLOP 2 ***", "*** FLOP ***"
            name, board = f["marker_street"], int(f["marker_board"] or 1)
        new = self._cards(cards.rpartition("[")[2])  # the last "[..]": the street's own
        if name.replace(" ", "") == "SHOWDOWN":
            self._section = board
            self._events.append(ev.ShowdownStarted(span, board))
        elif name == "FLOPET":
            # Courchevel: one flop card is dealt with the hole cards, the other two after
            # the first round; the flop's event holds all three
            self._flopet = new
            self._events.append(ev.Note(span, text))
        else:
            dealt = self._cards(cards)
            if name == "FLOP" and cards.count("[") == 1:
                dealt, new = self._flopet + dealt, self._flopet + new
            self._events.append(ev.StreetDealt(span, _STREET_OF_WORD[name], board, dealt, new))
        if f["marker_rest"]:
            problem = f"unexpected text after the street marker: {f['marker_rest']!r}"
            self._events.append(ev.Garbled(span, text, problem))


_CARDS = LETTERS  # Full Tilt writes a ten "Th"
_NO_BRACKETS = str.maketrans("[]", "  ")
