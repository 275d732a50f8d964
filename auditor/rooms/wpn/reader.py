"""WPN hands (both layouts) to events.

The grammar (``grammars/wpn.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

What the layouts mean, where the record alone says it:

- new layout: "raises $30.00 to $40.00" is the chips put in, then the total (both go
  into the ``ChipsIn``); the layout says every all-in ("and is all-in");
- old layout: every amount is the chips put in with the action ("raises (6)" after a
  blind of 2 is a raise to 8); "allin (124)" names no call, bet or raise (the replay
  tells which from the round's bets), and no other chips line is an all-in;
- the summaries' pots are net, and the old layout's shown hands and winners are written
  in its summary only: :mod:`.summary`.
"""

from __future__ import annotations

from dataclasses import replace

from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, SeatError, board_number, variant
from auditor.parse.text_reader import Fields, FieldsReader, error_place
from auditor.read.split import RawHand
from auditor.rooms.wpn.heads import button, new_start, old_start
from auditor.rooms.wpn.summary import gross_pot, new_seat, old_player
from auditor.rooms.wpn.wording import read_new
from auditor.source import SourceSpan

# The old layout writes a ten "10h"; the new one "Th".
TENS = CardNotation("tens as 10 (10h)", ten="10")

_STREET = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_N_POST_KIND = {
    "the small blind": ev.PostKind.SMALL_BLIND,
    "the big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
    "dead": ev.PostKind.SMALL_AND_BIG,  # "posts dead $X": both blinds, on coming back
    "a straddle": ev.PostKind.STRADDLE,
    "straddle": ev.PostKind.STRADDLE,
    None: ev.PostKind.BIG_BLIND,  # "posts $X": a new player's big blind, to play at once
}
_O_POST_KIND = {
    "has small blind": ev.PostKind.SMALL_BLIND,
    "has big blind": ev.PostKind.BIG_BLIND,
    # "posts (2)": a player who comes in posts a live blind (his "Bets" in the summary
    # count it; WaitBB.txt): the big blind's kind makes it live
    "posts": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
    "straddle": ev.PostKind.STRADDLE,
}
_N_STATUS = {
    "is sitting out": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,
}
_O_STATUS = {
    "sitting out": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is timed out.": ev.Status.TIMED_OUT,
    # the client's all-in protection: a disconnected player stays in for what he put in
    "is disconnected and ALL IN.": ev.Status.TIMED_OUT,
    "is disconnected.": ev.Status.DISCONNECTED,
    "is connected.": ev.Status.CONNECTED,
    "joins the table": ev.Status.JOINS,
    "leaves the table": ev.Status.LEAVES,
    # "wait BB": he waits for the big blind to come round to him, out of this hand
    "wait BB": ev.Status.SITTING_OUT,
}
# the old layout's chips lines ("caps (253.88)": raises to the table's cap)
_O_VERB = {
    "calls": ev.Verb.CALL,
    "bets": ev.Verb.BET,
    "raises": ev.Verb.RAISE,
    "caps": ev.Verb.RAISE,
    "cap": ev.Verb.RAISE,
    "allin": ev.Verb.ALL_IN,
}
_CAPPED = "reached the table's cap"
# the kinds that follow a player's name in a run of play (the grammar's N_PLAYER_LINE and
# O_PLAYER_LINE), after the name's own terminal
_AFTER_NAME = {
    "N_PLAY": ("N_WHO", ("N_FOLD", "N_CHECK", "N_CALL", "N_RAISE", "N_BET", "N_POST",
                         "N_COLLECTED", "N_SHOWS", "N_MUCKS", "N_NO_SHOW", "N_STATUS")),
    "O_PLAY": ("O_WHO", ("O_POST", "O_CHIPS", "O_CARD", "O_HIDDEN_CARD", "O_FOLD", "O_CHECK",
                         "O_MUCKS", "O_ALL_IN", "O_STATUS")),
}  # fmt: skip
# the runs of lines the lexer takes as one token, with their line kinds in the grammar's
# order (BLANK: the old client's blank line after every line, read to count lines)
_BLOCKS = {
    "N_SEATS": ("N_SEAT", "BLANK"),
    "N_PLAY": (*_AFTER_NAME["N_PLAY"][1], "N_MARKER", "N_DEALT", "N_UNCALLED", "N_POT", "BLANK"),
    "N_SUMMARY_BODY": ("N_SUMMARY_SEAT", "N_TOTAL_POT", "N_BOARD", "BLANK"),
    "O_SEATS": ("O_SEAT", "BLANK"),
    "O_PLAY": (*_AFTER_NAME["O_PLAY"][1], "O_MARKER", "O_UNCALLED", "BLANK"),
    "O_SUMMARY_BODY": ("O_POT", "O_BOARD", "O_SUMMARY_PLAYER", "BLANK"),
}
_SINGLES = (
    "N_HEADER", "N_TABLE", "N_SUMMARY_MARKER", "O_STARTED", "O_GAME_ID", "O_BUTTON",
    "O_SUMMARY_MARKER", "O_ENDED", "O_AFTER",
)  # fmt: skip
_WORDS = {
    "N_HEADER": "a hand header (Hand #N - game - stakes - date)",
    "N_TABLE": "the table line (T Seat #n is the button)",
    "N_SEATS": "a seat line (Seat n: NAME ($x))",
    "N_PLAY": "a line of play",
    "N_SUMMARY_MARKER": "*** SUMMARY ***",
    "N_SUMMARY_BODY": "a summary line",
    "O_STARTED": "Game started at: date",
    "O_GAME_ID": "the game line (Game ID: N stakes table (game))",
    "O_BUTTON": "the button line (Seat n is the button)",
    "O_SEATS": "a seat line (Seat n: NAME (x).)",
    "O_PLAY": "a line of play",
    "O_SUMMARY_MARKER": "------ Summary ------",
    "O_SUMMARY_BODY": "a summary line",
    "O_ENDED": "Game ended at: date",
}
_NEW_HEAD = (
    "Hand #1 - Omaha(Pot Limit) - $1.00/$2.00 - 2019/07/18 15:13:01 UTC\n"
    "T 6-max Seat #1 is the button\nSeat 1: a ($200.00)\nSeat 2: b ($200.00)\n"
)
_OLD_HEAD = (
    "Game started at: 2014/3/8 22:22:29\nGame ID: 1 2/4 T (Omaha)\nSeat 1 is the button\n"
    "Seat 1: a (100).\nSeat 2: b (100).\n"
)
# Mistakes seen in damaged records, by the place the grammar stops at.
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or date)": [
        "Hand #1 - Omaha(Pot Limit) - 2019/07/18 15:13:01 UTC\n",
        "Hand #1 - Omaha Pot Limit ($1/$2) - 2019/07/18 15:13:01 UTC\n",
    ],
    "a line of play the layout does not have": [
        _NEW_HEAD + "*** HOLE CARDS ***\na shoves\n",
        _OLD_HEAD + "Player a shoves (10)\n",
        _OLD_HEAD + "Player a has small blind (2)\nPlayer a shoves (10)\n",
    ],
    "a summary line the layout does not have": [
        _NEW_HEAD + "*** HOLE CARDS ***\na folds\n*** SUMMARY ***\nnothing here\n",
        _OLD_HEAD + "Player a folds\n------ Summary ------\nnothing here\n",
    ],
}


def _bracketed(text: str) -> list[str]:
    """The insides of " [5d 4h As] [7h]": each bracket's cards."""
    return [part.rstrip("]") for part in text.split(" [")[1:]]


class WpnReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS
    MISTAKES = _MISTAKES
    MOST_WORDS = 6

    def __init__(self) -> None:
        self._wire("wpn", _SINGLES, _BLOCKS)

    def _run(self, block: str, kinds: tuple[str, ...]) -> str:
        """A line of play names its player once, then what he does (as the grammar's
        player lines: the kinds' own patterns at once would hold the name twice)."""
        if block not in _AFTER_NAME:
            return super()._run(block, kinds)
        who, after = _AFTER_NAME[block]
        tails = "|".join(f"{self._pattern(kind)}(?P<{kind}>)" for kind in after)
        rest = super()._run(block, kinds[len(after) :])
        return f"{self._pattern(who)}(?:{tails})|{rest}"

    # ------------------------------------------------------------ driving
    def _reset(self, raw: RawHand) -> None:
        self._raw = raw
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary_started = False
        self._cut_at: SourceSpan | None = None
        self._seats: dict[int, str] = {}
        self._seat_of: dict[str, int] = {}
        self._max_seats = SEAT_LIMIT
        self._head: Fields | None = None  # the header's fields, till the table line
        self._scale = 1
        self._notation: CardNotation = LETTERS
        self._hole_cards_seen = False
        # the old layout: one line per card dealt, gathered into one Dealt per player
        self._dealt: dict[str, tuple[int, ev.Dealt]] = {}
        self._old = False  # an old-layout hand whose deal is not yet over
        self._summary_board = 1  # the new layout's summary: the board its seat lines are of
        self._game: Fields | None = None  # the old layout's Game ID line, and its span
        self._game_span = SourceSpan(raw.file, raw.first_line + 1, 1)
        # a CAP table's cap, and what each player has put in the hand
        self._cap = 0
        self._in_hand: dict[str, int] = {}

    def _open(self) -> bool:
        return self._start is not None and not self._summary_started

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """A record that stops before its summary, anywhere in its last line (a cut
        file's last line may be cut too): read up to there and marked truncated."""
        raw = self._raw
        line, column = error_place(raw, err)
        if line < raw.first_line + len(raw.lines) - 1 or not self._open():
            return False
        self._cut_at = SourceSpan(raw.file, line, column)
        return True

    def _hand(self, raw: RawHand) -> ev.Hand:
        self._finish_dealt()
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        if self._summary_started:
            return ev.Hand(self._start, tuple(self._events))
        last = self._cut_at or SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
        return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _seat(self, seat: int, player: str) -> None:
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_of:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_of[player] = seat

    def _begin(self, start: ev.HandStarted) -> None:
        self._start = start
        self._scale = start.scale
        self._events.append(start)

    def BLANK(self, f: Fields, span: SourceSpan) -> None:
        return  # a blank line in a run: counted, nothing said

    # ------------------------------------------------------------ the new layout
    def N_HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = f

    def N_TABLE(self, f: Fields, span: SourceSpan) -> None:
        head_span = SourceSpan(self._file, self._offset + 1, 1)
        if self._head is None:  # cannot be: the grammar puts the header first
            raise ValueError("a table line before the header")
        start = new_start(self._head, f, head_span, span)
        self._max_seats = start.max_seats or SEAT_LIMIT
        self._begin(start)

    def N_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_player"]
        self._seat(seat, player)
        out = f["seat_out"] is not None
        self._events.append(
            ev.SeatTaken(span, seat, player, self._money(f["seat_stack"]), sitting_out=out)
        )

    def N_FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def N_CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    def N_CALL(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["call_amount"]), f["call_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.CALL, added, None, all_in))

    def N_BET(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["bet_amount"]), f["bet_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.BET, added, None, all_in))

    def N_RAISE(self, f: Fields, span: SourceSpan) -> None:
        # "raises $30.00 to $40.00": the chips put in, then the player's total; "caps $X":
        # the chips put in only
        player, all_in = f["who"], f["raise_all_in"] is not None
        to = self._money(f["raise_to"]) if f["raise_to"] is not None else None
        added = self._money(f["raise_added"])
        self._events.append(ev.ChipsIn(span, player, ev.Verb.RAISE, added, to, all_in))
        if f["raise_verb"] != "raises":  # the cap reached: all-in for the rest of the hand
            self._events.append(ev.PlayerStatus(span, player, ev.Status.CAPPED, _CAPPED))

    def N_POST(self, f: Fields, span: SourceSpan) -> None:
        kind = ev.PostKind.STRADDLE if f["post_straddle"] else _N_POST_KIND[f["post_kind"]]
        all_in = f["post_all_in"] is not None
        self._events.append(ev.Posted(span, f["who"], kind, self._money(f["post_amount"]), all_in))

    def N_COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        # "main pot 1", "main pot 2": the main pot on the first and second board of a run
        # it twice (the board is the section's: ShowdownStarted); "side pot N": side pot N
        pot_words = f["collected_pot"]
        pot = int(f["collected_number"] or 1) if pot_words == "side pot" else 0
        amount = self._money(f["collected_amount"])
        self._events.append(ev.Collected(span, f["who"], amount, pot, pot_words != "pot"))

    def N_SHOWS(self, f: Fields, span: SourceSpan) -> None:
        words = f["shows_words"] or ""
        shown = LETTERS.cards(f["shows_cards"])
        self._events.append(ev.Shown(span, f["who"], shown, words, read_new(words)))

    def N_MUCKS(self, f: Fields, span: SourceSpan) -> None:
        shown = LETTERS.cards(f["mucks_cards"]) if f["mucks_cards"] else ()
        self._events.append(ev.Mucked(span, f["who"], shown))

    def N_NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["who"]))

    def N_STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        self._events.append(ev.PlayerStatus(span, f["who"], _N_STATUS[words], words))

    def N_MARKER(self, f: Fields, span: SourceSpan) -> None:
        name = f["marker_name"]
        board = int(f["marker_board"] or 1)
        if name == "HOLE CARDS":
            self._hole_cards_seen = True
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
        elif name == "RUN IT TWICE":
            self._events.append(ev.Note(span, f.group().strip()))
        elif name == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, board))
        else:
            groups = _bracketed(f["marker_cards"])
            cards = tuple(card for group in groups for card in LETTERS.cards(group))
            new = LETTERS.cards(groups[-1]) if groups else ()
            self._events.append(ev.StreetDealt(span, _STREET[name], board, cards, new))

    def N_DEALT(self, f: Fields, span: SourceSpan) -> None:
        shown = LETTERS.cards(f["dealt_cards"])
        if not self._hole_cards_seen and len(shown) == 1:
            # a tournament's first hand deals each seat one card for the button before the
            # antes ("Dealt to Hero [4s]"): no hole card of this hand
            self._events.append(ev.Note(span, f.group().strip()))
            return
        self._events.append(ev.Dealt(span, f["dealt_player"], shown))

    def N_UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["uncalled_amount"])
        self._events.append(ev.UncalledReturned(span, f["uncalled_player"], amount))

    def N_POT(self, f: Fields, span: SourceSpan) -> None:
        # the pot and rake as they stand after a street: the summary's are the ones checked
        self._events.append(ev.Note(span, f.group().strip()))

    def N_SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._finish_dealt()
        self._summary_started = True
        self._events.append(ev.SummaryStarted(span))

    def N_TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = None
        fees: list[tuple[str, int]] = []
        for part in f["total_parts"].split(" | ")[1:]:
            label, _, amount = part.strip().rpartition(" ")
            if label == "Rake":
                rake = self._money(amount)
            elif label:
                fees.append((label, self._money(amount)))
        self._events.append(gross_pot(span, self._money(f["total_amount"]), rake, fees))

    def N_BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._summary_board = board_number(f["board_number"] or "1")
        cards = LETTERS.cards(f["board_cards"])
        self._events.append(ev.SummaryBoard(span, self._summary_board, cards))

    def N_SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(new_seat(f, span, self._summary_board, self._scale))

    # ------------------------------------------------------------ the old layout
    def O_STARTED(self, f: Fields, span: SourceSpan) -> None:
        self._head = f
        self._notation = TENS
        self._old = True
        self._scale = 100

    def O_GAME_ID(self, f: Fields, span: SourceSpan) -> None:
        self._game, self._game_span = f, span  # (a blank line may come before it)

    def O_BUTTON(self, f: Fields, span: SourceSpan) -> None:
        head_span = SourceSpan(self._file, self._offset + 1, 1)
        if self._game is None:  # cannot be: the grammar puts the game line first
            raise ValueError("a button line before the game line")
        start = old_start(
            self._head, self._game, button(f["button_seat"]), head_span, self._game_span
        )
        if " CAP " in f" {start.table_name} ":
            # "The CAP is set at 30bb ... When you've reached the hand CAP, you're considered
            # to be all-in for the remainder of the hand" (yapoker.com, "CAP Tables"): the
            # record's "caps (253.88)" puts Player4 at $300 of a $5/$10 table
            self._cap = 30 * start.big_stake
        self._begin(start)

    def O_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["oseat_number"]), f["oseat_player"]
        self._seat(seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["oseat_stack"])))

    def O_POST(self, f: Fields, span: SourceSpan) -> None:
        player, words = f["owho"], f["opost_kind"]
        amount = self._money(f["opost_amount"])
        self._events.append(ev.Posted(span, player, _O_POST_KIND[words], amount))
        self._count_in(player, amount, span)
        if words == "has big blind":
            self._limit_from_big_blind(amount)

    def O_CHIPS(self, f: Fields, span: SourceSpan) -> None:
        player, verb = f["owho"], _O_VERB[f["ochips_verb"]]
        amount = self._money(f["ochips_amount"])
        # the layout says every all-in so ("allin (X)"): no other chips line is one
        all_in = verb is ev.Verb.ALL_IN
        self._events.append(ev.ChipsIn(span, player, verb, amount, None, all_in))
        self._count_in(player, amount, span)

    def O_CARD(self, f: Fields, span: SourceSpan) -> None:
        self._deal(f["owho"], self._notation.cards(f["ocard_cards"]), span)

    def O_HIDDEN_CARD(self, f: Fields, span: SourceSpan) -> None:
        self._deal(f["owho"], (), span)

    def O_FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["owho"]))

    def O_CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["owho"]))

    def O_MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["owho"]))

    def O_ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        # after "is disconnected and ALL IN.": he stays in for what he has put in
        self._events.append(ev.Note(span, f.group().strip()))

    def O_STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["ostatus_words"]
        self._events.append(ev.PlayerStatus(span, f["owho"], _O_STATUS[words], words))

    def _count_in(self, player: str, amount: int, span: SourceSpan) -> None:
        """On a CAP table, the action that brings a player's chips in the hand to the cap
        makes him all-in for the rest of it."""
        if not self._cap:
            return
        before = self._in_hand.get(player, 0)
        self._in_hand[player] = before + amount
        if before < self._cap <= before + amount:
            self._events.append(ev.PlayerStatus(span, player, ev.Status.CAPPED, _CAPPED))

    def _limit_from_big_blind(self, big_blind: int) -> None:
        """The old layout names no limit: a big blind of the stakes' first number (40/80
        with blinds 20/40) is a fixed-limit game's, whose stakes are its bets (fpdb's
        WinningToFpdb.py tells them so); else the game is pot limit."""
        start = self._start
        if start is None or start.small_stake == start.big_stake:
            return
        if big_blind != start.small_stake or start.limit is ev.Limit.FIXED:
            return
        fixed = replace(
            start,
            limit=ev.Limit.FIXED,
            variant=variant(ev.Limit.FIXED, start.hi_lo, start.hole_card_count),
        )
        self._events[self._events.index(start)] = fixed
        self._start = fixed

    def _deal(self, player: str, cards: tuple[Card, ...], span: SourceSpan) -> None:
        """One line per card: the player's first line holds the Dealt of them all."""
        found = self._dealt.get(player)
        if found is None:
            self._dealt[player] = (len(self._events), ev.Dealt(span, player, cards))
            self._events.append(self._dealt[player][1])
            return
        at, dealt = found
        joined = ev.Dealt(dealt.span, player, dealt.cards + cards)
        self._dealt[player] = (at, joined)
        self._events[at] = joined

    def _finish_dealt(self) -> None:
        """The old layout's deal is over: a seated player it dealt no card was not in the
        hand (no "received" line: WPN writes one per card for every player dealt in)."""
        if self._old and self._dealt:
            for at, event in enumerate(self._events):
                if type(event) is ev.SeatTaken and event.player not in self._dealt:
                    self._events[at] = replace(event, out_of_hand=True)
        self._old = False
        self._dealt = {}

    def O_MARKER(self, f: Fields, span: SourceSpan) -> None:
        groups = _bracketed(f["omarker_cards"])
        if not groups:
            # "*** FLOP ***:" with no cards (PLO8 ...201609.no.flop): no flop dealt
            text = f.group().strip()
            self._events.append(ev.Garbled(span, text, "a flop marker with no cards"))
            return
        cards = tuple(card for group in groups for card in self._notation.cards(group))
        new = self._notation.cards(groups[-1])
        self._events.append(ev.StreetDealt(span, _STREET[f["omarker_street"]], 1, cards, new))

    def O_UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["ouncalled_amount"])
        self._events.append(ev.UncalledReturned(span, f["ouncalled_player"], amount))

    def O_SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self.N_SUMMARY_MARKER(f, span)  # the same mark in the old layout's words

    def O_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["opot_rake"]) if f["opot_rake"] is not None else None
        fees: list[tuple[str, int]] = []
        for part in f["opot_fees"].split(". ")[1:]:
            label, _, amount = part.strip().rpartition(" ")
            fees.append((label, self._money(amount)))
        self._events.append(gross_pot(span, self._money(f["opot_total"]), rake, fees))

    def O_BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, self._notation.cards(f["oboard_cards"])))

    def O_SUMMARY_PLAYER(self, f: Fields, span: SourceSpan) -> None:
        seat = self._seat_of.get(f["osum_player"], 0)
        self._events.extend(old_player(f, span, seat, self._notation, self._money))

    def O_ENDED(self, f: Fields, span: SourceSpan) -> None:
        return

    def O_AFTER(self, f: Fields, span: SourceSpan) -> None:
        # text after "Game ended at": the last bytes of a damaged file (an odd byte of a
        # UTF-16 file decodes as U+FFFD)
        self._events.append(ev.Garbled(span, f.group().strip(), "text after the hand's end"))
