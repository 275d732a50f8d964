"""Seals With Clubs hands to events.

The grammar (``grammars/sealswithclubs.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's named fields into an event. They run as
lexer callbacks, so the events come out in file order.

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
from dataclasses import replace

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError, to_minor
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, line_fields
from auditor.read.split import RawHand
from auditor.rooms.sealswithclubs.games import game_facts, line_game
from auditor.source import SourceSpan

SITE = "Seals With Clubs"
CURRENCY = "mBTC"
SCALE = 100  # hundredths of an mBTC

_HEADER = re.compile(
    r"Hand #(?P<hand_id>[0-9]+-[0-9]+) - (?P<year>[0-9]{4})-(?P<month>[0-9]{2})-"
    r"(?P<day>[0-9]{2}) (?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
)
_GAME_LINE = re.compile(r"Game: .+? - (?:Blinds|Stakes) (?P<small>[0-9.]+)/(?P<big>[0-9.]+)")
_MAX = re.compile(r"\b(?:(?P<max>[0-9]+)(?:max|half|deep)|(?P<hu>HU))\b")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>[0-9.]+)\)(?P<out> - sitting out)?$"
)
_AMOUNT_LINE = re.compile(
    r"(?P<player>.+?) (?P<verb>posts small blind|posts big blind|posts small & big blind"
    r"|posts the ante|calls|bets|raises to|refunded|adds) (?P<amount>[0-9.]+)"
    r"(?: chips)?(?P<all_in> \(All-in\))?$"
)
_SHOWS = re.compile(
    r"(?P<player>.+?) (?:shows|mucks)(?: \[(?P<cards>[^\]]*)\])?(?: \((?P<words>.*)\))?$"
)
_WINS = re.compile(
    r"(?P<player>.+?) (?:wins|splits) (?:(?P<which>Main|Side|Hi|Lo) )?Pot(?: (?P<side>[0-9]+))?"
    r" \((?P<amount>[0-9.]+)\)"
)
_STREET = re.compile(r"\*\* (?P<street>.+?) \*\*(?: \[(?P<cards>[^\]]*)\])?$")
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_POSTS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "posts small & big blind": ev.PostKind.SMALL_AND_BIG,
    "posts the ante": ev.PostKind.ANTE,
}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_STATUS = {
    "sits out": ev.Status.SITS_OUT,
    "sits in": ev.Status.RETURNED,
    "has left the table": ev.Status.LEAVES,
    "has joined the table": ev.Status.JOINS,
}
_PLAYER_LINE = (
    "BUTTON", "POST", "FOLD", "CHECK", "CALL", "BET", "RAISE", "REFUNDED", "SHOWS", "MUCKS",
    "WINS", "ADDS", "STATUS",
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (_PLAYER_LINE, "STREET", "DEALT", "RAKE", "CANCELLED"),
}
_WORDS = {
    "HEADER": "a hand header (Hand #N-M - 2013-04-11 02:08:55)",
    "GAME_LINE": "the game line (Game: PL Omaha (20 - 100) - Blinds 1/1)",
    "SITE": "Site: Seals With Clubs",
    "TABLE": "the table line (Table: PLO 9max 1/1 #1)",
    "SEATS": "a seat line (Seat N: NAME (x))",
    "PLAY": "a line of play (NAME calls x, ** Flop ** [..])",
}


class SealsWithClubsReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS

    def __init__(self) -> None:
        singles = ("HEADER", "GAME_LINE", "SITE", "TABLE")
        amount = self.AMOUNT
        aliases = {
            "POST": amount,
            "CALL": amount,
            "BET": amount,
            "RAISE": amount,
            "REFUNDED": amount,
            "ADDS": amount,
            "MUCKS": self.SHOWS,
        }
        self._wire("sealswithclubs", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._ended  # a pot won: the hand's end

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        return ev.Hand(start, tuple(self._events), truncated_at is not None, truncated_at)

    def _before_block(self, block: str) -> None:
        if block == "PLAY":
            self._ensure_start()

    def _after_parse(self) -> None:
        self._ensure_start()
        if self._pot_span is not None:  # the pots won and their rakes, gross
            total = self._won + self._rake
            pot = ev.SummaryPot(self._pot_span, total, None, (), self._rake)
            self._events.insert(self._pot_at, pot)

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._seats: dict[int, str] = {}
        self._seat_of: dict[str, int] = {}
        self._button: int | None = None
        self._board: tuple[Card, ...] = ()
        self._ended = False
        self._won = 0
        self._rake = 0
        self._pot_at = 0
        self._pot_span: SourceSpan | None = None

    def _money(self, text: str) -> int:
        return to_minor(text, SCALE)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        self._head.update(line_fields(_HEADER, text))

    def GAME_LINE(self, text: str, span: SourceSpan) -> None:
        self._head.update(line_fields(_GAME_LINE, text))
        self._head["game"] = line_game(text)

    def SITE(self, text: str, span: SourceSpan) -> None:
        return  # "Site: Seals With Clubs"

    def TABLE(self, text: str, span: SourceSpan) -> None:
        name = text.removeprefix("Table: ")
        self._head["table"] = name
        found = _MAX.search(name)  # "PLO 9max 1/1 #1", "... HU ..."
        if found:
            self._head["max"] = found["max"] or "2"
        self._table_span = span

    def _ensure_start(self) -> None:
        if self._start is not None:
            return
        h = self._head
        limit, hi_lo, variant = game_facts(h.get("game", ""))
        try:
            started = local_time(
                int(h["year"]), int(h["month"]), int(h["day"]),
                int(h["hour"]), int(h["minute"]), int(h["second"]), "",
            )  # fmt: skip
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = int(h["max"]) if "max" in h else None
            if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {max_seats} seats")
        except (AmountError, ValueError, KeyError) as err:
            raise LineError.of(self._offset + 2, ValueError(str(err))) from None
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=h.get("game", ""),
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
            table_name=h.get("table", ""),
            max_seats=max_seats,
            button_seat=None,  # named by player after the seats: set there
            table_span=self._table_span,
        )
        # the seats were read before the start: they follow it
        self._events.insert(0, self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_SEAT, text)
        seat, player = int(found["seat"]), found["player"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_of:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_of[player] = seat
        out = found["out"] is not None
        self._events.append(ev.SeatTaken(span, seat, player, self._money(found["stack"]), out))

    # ------------------------------------------------------------ the play
    def BUTTON(self, text: str, span: SourceSpan) -> None:
        player = text.removesuffix(" has the dealer button")
        seat = self._seat_of.get(player)
        if seat is None:
            raise ValueError(f"the button is given to {player!r}, who has no seat")
        start = self._start
        if start is not None:  # the button named by player: his seat
            self._start = replace(start, button_seat=seat)
            self._events[self._events.index(start)] = self._start

    def AMOUNT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_AMOUNT_LINE, text)
        player, verb, amount = f["player"], f["verb"], self._money(f["amount"])
        all_in = f["all_in"] is not None
        event: ev.Event
        if verb in _POSTS:
            event = ev.Posted(span, player, _POSTS[verb], amount, all_in)
        elif verb == "calls":
            event = ev.Called(span, player, amount, all_in)
        elif verb == "bets":
            event = ev.Bet(span, player, amount, all_in)
        elif verb == "raises to":
            event = ev.RaisedTo(span, player, 0, amount, all_in, ev.RaiseGiven.TO)
        elif verb == "refunded":
            event = ev.UncalledReturned(span, player, amount)
        else:  # "adds 94 chips": bought for the next hand
            event = ev.StackAdded(span, player, ev.StackChange.TOP_UP, amount, text)
        self._events.append(event)

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" folds")))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" checks")))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_SHOWS, text)
        cards = self.card_notation.cards(f["cards"] or "")
        if " mucks" in text:
            self._events.append(ev.Mucked(span, f["player"], cards))
            return
        words = f["words"] or ""
        # the words are kept, not read: "Two Pair, Tens and Fives +K"
        claim = Claim(words, words, None, low_text="") if words else NO_CLAIM
        self._events.append(ev.Shown(span, f["player"], cards, words, claim))

    def WINS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_WINS, text)
        pot = int(f["side"] or 1) if f["which"] == "Side" else 0
        amount = self._money(f["amount"])
        if self._pot_span is None:
            self._pot_at = len(self._events)
        self._won += amount
        self._ended = True
        self._events.append(ev.Collected(span, f["player"], amount, pot, f["which"] is not None))

    def RAKE(self, text: str, span: SourceSpan) -> None:
        if self._pot_span is None:
            self._pot_span = span
        self._rake += self._money(text.removeprefix("Rake (").removesuffix(")"))

    def CANCELLED(self, text: str, span: SourceSpan) -> None:
        self._ended = True
        self._events.append(ev.HandCancelled(span))

    def STATUS(self, text: str, span: SourceSpan) -> None:
        for words, status in _STATUS.items():
            if text.endswith(" " + words):
                player = text[: -len(words) - 1]
                self._events.append(ev.PlayerStatus(span, player, status, words))
                return
        raise ValueError(f"a status no reader knows: {text!r}")

    def STREET(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_STREET, text)
        name = f["street"]
        if name == "Hole Cards":
            self._events.append(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
            return
        if name.endswith("Show Down"):  # "** Main Pot Show Down ** [the board]"
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        new = self.card_notation.cards(f["cards"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, _STREETS[name], 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_DEALT, text)
        self._events.append(ev.Dealt(span, f["player"], self.card_notation.cards(f["cards"])))
