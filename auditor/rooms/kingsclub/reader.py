"""KingsClub hands to events.

The grammar (``grammars/kingsclub.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields (each kind's pattern below names
them) into an event. They run as lexer callbacks, so the events come out in file order.

What KingsClub's layout means, where it is not the Stars layout:

- Amounts carry no currency symbol ("2,449.35"): the corpus's cash tables are dollars
  (fpdb reads them as USD), so cents are the unit.
- "Player1 raises to 1,375": the total the raiser's bet becomes (a raise given TO); and
  "Hero calls 120" too is the total his bet becomes, not the chips he adds: Player3's
  small blind 30 and "Player3 calls 120" in #45395871 make 120 (his summary's -485 net
  is 5 ante and four bets of 120, before the 758.50 he wins). Each chips line gives
  its total (``to``): the replay works out the chips a call adds.
- "Dealt to Player0: [X X X X]": hole cards not shown.
- Boards: "*** BOARD 1 - FLOP ***" and "*** BOARD 2 - FLOP ***" deal two boards from the
  flop on (a double-board game, each board half the pot); a hand run twice after an
  all-in deals "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]", "-" for the cards the boards
  share. A board's river line may hold a turn no line dealt ("*** BOARD 1 - RIVER ***
  [3h Qc 4s 4c] [Qh]" after the flop): its new cards are those past the cards dealt.
- No "Uncalled bet ... returned" line: Player0's uncalled 56.43 flop bet in #37660193
  is back in his 3,037.50 summary stack, and his "wins pot (85.50)" is the called pot.
- The summary: "Seat 1: Player0 (2,384.35) -65" (stack after the hand, net), "Rake 8",
  then "Player1 wins (758.50) from pot" per player and pot, ALL boards together (a
  player winning both halves of a two-board pot has one line). No total pot: the seat
  lines and the rake are kept as notes.
"""

from __future__ import annotations

import re
from datetime import datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, line_fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.kingsclub.games import HEADER, game_facts
from auditor.source import SourceSpan

SITE = "KingsClub"
_SCALE = 100  # cents: amounts have two decimals ("2,449.35")

_MONEY = r"(?P<{0}>[0-9][0-9,]*(?:\.[0-9]+)?)"
_STARTED = re.compile(
    r"(?P<year>[0-9]{4})-(?P<month>[0-9]{2})-(?P<day>[0-9]{2}) "
    r"(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
)
_TABLE = re.compile(r"Table '(?P<table>[^'\n]+)' Seat (?P<button>[0-9]+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>[0-9]+): (?P<player>.+) \(" + _MONEY.format("stack") + r"\)$")
_POST = re.compile(
    r"(?P<player>.+?): posts (?P<kind>ante|the small blind|the big blind) "
    + _MONEY.format("amount")
)
_ACTION = re.compile(
    r"(?P<player>.+) (?P<verb>calls|bets|raises to) "
    + _MONEY.format("amount")
    + r"(?P<all_in>, and is all in)?$"
)
_SHOWS = re.compile(r"(?P<player>.+) shows \[(?P<cards>[^\]]*)\]$")
_STREET = re.compile(
    r"\*\*\* (?:BOARD (?P<board>[0-9]+) - )?(?P<street>FLOP|TURN|RIVER) \*\*\* "
    r"\[(?P<cards>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?"
)
_DEALT = re.compile(r"Dealt to (?P<player>.+): \[(?P<cards>[^\]]*)\]$")
_WINS = re.compile(
    r"(?P<player>.+) wins (?:pot \("
    + _MONEY.format("pot_amount")
    + r"\)|\("
    + _MONEY.format("amount")
    + r"\) from (?:pot|side pot (?P<side>[0-9]+)))$"
)
_POST_KINDS = {
    "the small blind": ev.PostKind.SMALL_BLIND,
    "the big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
}
_VERBS = {"calls": ev.Verb.CALL, "bets": ev.Verb.BET, "raises to": ev.Verb.RAISE}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_PLAYER_LINE = ("POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "SHOWS")
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": ("STREET", "HOLE_CARDS", "DEALT", _PLAYER_LINE),
    "RESULTS": ("SUMMARY_SEAT", "RAKE", ("WINS",)),
}

# What each of the grammar's terminals is, in KingsClub's words, for parse errors.
_WORDS = {
    "HEADER": "a hand header (#N: Pot Limit Omaha - 5/10)",
    "STARTED": "the time line (2021-01-02 15:39:12)",
    "TABLE": "the table line (Table 'NAME' Seat N is the button)",
    "SEATS": "a seat line (Seat N: NAME (1,000))",
    "PLAY": "a line of play (NAME calls 30, *** FLOP *** [..])",
    "SUMMARY": "*** SUMMARY ***",
    "RESULTS": "a summary line (Seat N: NAME (1,104) +104, Rake 1, NAME wins pot (209))",
}

# KingsClub writes no "returned" line (see the module's docstring)
_RETURNS_WRITTEN = False


class KingsClubReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS
    END_IS_EOF = True  # "$END" where more was wanted: the record stops before its summary

    def __init__(self) -> None:
        singles = ("HEADER", "STARTED", "TABLE", "SUMMARY")
        aliases = {
            "CALL": self.ACTION,
            "BET": self.ACTION,
            "RAISE": self.ACTION,
            "SUMMARY_SEAT": self.NOTE,
            "RAKE": self.NOTE,
        }
        self._wire("kingsclub", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._summary

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        cut = truncated_at is not None
        return ev.Hand(start, tuple(self._events), cut, truncated_at, _RETURNS_WRITTEN)

    def _before_block(self, block: str) -> None:
        self._ensure_start()

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._summary = False
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._button: int | None = None
        self._seats: dict[int, str] = {}
        self._boards: dict[int, tuple[Card, ...]] = {}

    def _money(self, text: str) -> int:
        return to_minor(text, _SCALE)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = HEADER.match(text.lstrip("\ufeff"))
        if found is None:
            raise ValueError(f"cannot read the fields of {text!r}")
        self._head.update(found.groupdict())

    def STARTED(self, text: str, span: SourceSpan) -> None:
        self._head.update(line_fields(_STARTED, text))

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TABLE, text)
        button = int(found["button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button
        self._head["table"] = found["table"]
        self._table_span = span

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        game = h.get("game", "")
        header_line = self._offset + 1
        try:
            limit, hi_lo, hole, variant = game_facts(game)
            started_at = _started_at(h)
            small_stake = self._money(h.get("small", "0"))
            big_stake = self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(header_line, err) from None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, header_line, 1),
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
            scale=_SCALE,
            started_at=started_at,
            time_zone="",  # KingsClub writes none
            table_name=h.get("table", ""),
            max_seats=None,
            button_seat=self._button,
            table_span=self._table_span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SEAT, text)
        seat, player = int(found["seat"]), found["player"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(found["stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_POST, text)
        kind, player = _POST_KINDS[found["kind"]], found["player"]
        amount = self._money(found["amount"])
        self._events.append(ev.Posted(span, player, kind, amount))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def ACTION(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_ACTION, text)
        # calls, bets and raises all write the bet's total (the module's docstring)
        verb = _VERBS[found["verb"]]
        to, all_in = self._money(found["amount"]), found["all_in"] is not None
        self._events.append(ev.ChipsIn(span, found["player"], verb, to=to, all_in=all_in))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SHOWS, text)
        cards = self.card_notation.cards(found["cards"])
        self._events.append(ev.Shown(span, found["player"], cards))

    def HOLE_CARDS(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))

    def STREET(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_STREET, text)
        board = int(found["board"] or 1)
        if not 1 <= board <= SEAT_LIMIT:
            raise ValueError(f"board {board}")
        written = found["cards"].split() + (found["new"] or "").split()
        # "-": a card this board shares with the first ("[- - - Kh]" on a second run)
        first = self._boards.get(1, ())
        if any(w == "-" for w in written[len(first) :]):
            raise ValueError(f"{text!r} shares cards the first board has not dealt")
        texts = [first[i].text if w == "-" else w for i, w in enumerate(written)]
        cards = self.card_notation.cards(" ".join(texts))
        # new: the cards past those this board had (a first board's river line can hold
        # a turn no line dealt; a second run's cards past the shared ones)
        before = self._boards.get(board, first[: written.count("-")])
        self._boards[board] = cards
        self._events.append(
            ev.StreetDealt(span, _STREETS[found["street"]], board, cards, cards[len(before) :])
        )

    def DEALT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_DEALT, text)
        shown = found["cards"].replace("X", "").strip()
        cards = self.card_notation.cards(found["cards"]) if shown else ()
        self._events.append(ev.Dealt(span, found["player"], cards))

    # ------------------------------------------------------------ the summary
    def SUMMARY(self, text: str, span: SourceSpan) -> None:
        self._ensure_start()
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def NOTE(self, text: str, span: SourceSpan) -> None:
        # a seat's stack after the hand and its net, or the rake: no total pot to check
        # them against (the replay's own ending stacks and the collected lines are)
        self._events.append(ev.Note(span, text))

    def WINS(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_WINS, text)
        amount = self._money(found["pot_amount"] or found["amount"])
        side = found["side"]
        pot = int(side) if side else 0
        self._events.append(ev.Collected(span, found["player"], amount, pot, side is not None))


def _started_at(head: dict[str, str]) -> datetime | None:
    if "year" not in head:
        return None
    y, mo, d = int(head["year"]), int(head["month"]), int(head["day"])
    h, mi, s = int(head["hour"]), int(head["minute"]), int(head["second"])
    return local_time(y, mo, d, h, mi, s, "")
