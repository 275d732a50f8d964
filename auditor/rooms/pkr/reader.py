"""PKR hands to events. What its layout means, where it is not the Stars layout:

- Calls, bets and raises write the total the bet becomes (ChipsIn's ``to``): Player3's
  $0.02 small blind and "calls $0.08" make $0.08 (he ends #2080628024 $0.08 down).
- "Button is at seat 3" is the last hand's button: "Moving Button to seat 4" moves it for
  this hand (the blinds follow seat 4).
- "Pot sizes: $0.15": one line per pot (main, then side pots) after each round; the last
  run is the hand's pots before the rake ("Taking Rake of $0.02 from pot 1"), and the
  only total pot written.
- "Returning 710 to Hero uncalled" in the tournament hands; Player2's $0.21 turn bet in
  the cash hand #2080628024 comes back with no line.
- Kept as notes: a shown hand's words ("Player2 has Two Pairs: Aces, 8s") and the stacks
  after the hand ("Seat 3: Player2 - $9.79").
"""

from __future__ import annotations

import dataclasses

from lark import Token

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.pkr.games import GAMES, is_omaha
from auditor.source import SourceSpan

SITE = "PKR"

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}


class PkrReader(CommonLines, FieldsReader):
    GRAMMAR = "pkr"
    POSTS = _POSTS
    STREETS = _STREETS
    _played: bool  # the play is read: the seat lines after it are the stacks after the hand

    def _on_block(self, tok: Token) -> Token:
        super()._on_block(tok)
        self._played = self._played or tok.type == "PLAY"
        return tok

    def _open(self) -> bool:
        return self._start is not None and not self._ended

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._start: ev.HandStarted | None = None
        self._ended = False
        self._played = False
        self._tournament: str | None = None
        self._head: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._pots: list[tuple[int, list[int]]] = []  # (events index after, sizes) per run
        self._pot_line = 0  # the last "Pot sizes" line: the next one goes on its run
        self._rake: int | None = None
        self._raked: dict[int, int] = {}  # the rake by pot ("from pot 1": the main pot)

    def _hand(self, raw: RawHand) -> ev.Hand:
        assert self._start is not None  # the grammar wants the seat lines
        events = self._events
        if self._pots:  # the last "Pot sizes" lines and the rake make the total pot
            at, sizes = self._pots[-1]
            # the pot sizes are before the rake, which the summary's pots are after
            net = [size - self._raked.get(index, 0) for index, size in enumerate(sizes, 1)]
            pot = ev.SummaryPot(events[at - 1].span, sum(sizes), net[0], tuple(net[1:]), self._rake)
            events = [*events[:at], pot, *events[at:]]
        cut = None if self._ended else last_line(raw)
        return ev.Hand(self._start, tuple(events), cut is not None, cut)

    def _cards(self, text: str) -> tuple[Card, ...]:
        """PKR's "[T c][2 s]": rank, space, suit, each card in brackets."""
        return LETTERS.cards(" ".join(c.replace(" ", "") for c in text[1:-1].split("][")))

    def _note(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f.group().rstrip()))

    # ------------------------------------------------------------ the hand's head
    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._head["table"], self._tournament = f["table_name"], f["table_tournament"]
        self._table_span = span

    def STARTING(self, f: Fields, span: SourceSpan) -> None:
        self._head["id"] = f["starting_id"]

    def START_TIME(self, f: Fields, span: SourceSpan) -> None:
        self._head.update(f.groupdict())

    def GAME_TYPE(self, f: Fields, span: SourceSpan) -> None:
        self._head["game"] = f["game_type"]

    def LIMIT_TYPE(self, f: Fields, span: SourceSpan) -> None:
        self._head["limit"] = f["limit_type"]

    def BLINDS(self, f: Fields, span: SourceSpan) -> None:
        small = f["blinds_small"]
        symbol = small[0] if small[0] in "$€£" else ""
        self._scale = 100 if symbol else 1
        self._head.update(small=small, big=f["blinds_big"])
        self._head["currency"] = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"

    def _started(self) -> ev.HandStarted:
        h = self._head
        game = f"{h['limit']} {h['game']}"
        if not is_omaha(game):
            raise LineError(self._offset + 5, f"not an Omaha game: {game!r}")
        limit, hi_lo, hole, variant = GAMES.of(game)
        try:
            month = _MONTHS.index(h["time_month"]) + 1 if h["time_month"] in _MONTHS else 0
            y, d, hh = int(h["time_year"]), int(h["time_day"]), int(h["time_hour"])
            mi, s = int(h["time_minute"]), int(h["time_second"])
            started_at = local_time(y, month, d, hh, mi, s, "")
        except ValueError as err:
            raise LineError.of(self._offset + 3, err) from None
        try:
            small, big = self._money(h["small"]), self._money(h["big"])
        except (AmountError, ValueError) as err:
            raise LineError.of(self._offset + 9, err) from None
        return ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h["id"],
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=h["currency"],
            scale=self._scale,
            started_at=started_at,
            time_zone="",  # PKR writes none
            table_name=h["table"],
            max_seats=None,
            button_seat=self._button,
            tournament_id=self._tournament,
            table_span=self._table_span,
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if self._played:  # the stacks after the hand
            self._note(f, span)
            return
        if self._start is None:  # the head is read: the hand starts with its seats
            self._start = self._started()
            self._events.append(self._start)
        super().SEAT(f, span)

    def END(self, f: Fields, span: SourceSpan) -> None:
        self._ended = True

    # ------------------------------------------------------------ the dealer's lines
    SHUFFLING = DEALING_CARDS = NO_LOW = _note

    def MOVING(self, f: Fields, span: SourceSpan) -> None:
        # this hand's button (the "Button is at seat" line is the last hand's)
        start, seat = self._start, int(f["moving_seat"])
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if start is not None and start.button_seat != seat:
            self._start = dataclasses.replace(start, button_seat=seat)
            self._events[0] = self._start
        self._note(f, span)

    def POT_SIZES(self, f: Fields, span: SourceSpan) -> None:
        size = self._money(f["pot_size"])
        sizes = self._pots.pop()[1] if self._pot_line == span.line - 1 else []
        self._pot_line = span.line
        self._pots.append((len(self._events) + 1, [*sizes, size]))
        self._note(f, span)

    def RAKE(self, f: Fields, span: SourceSpan) -> None:
        raked, pot = self._money(f["rake_amount"]), int(f["rake_pot"])
        self._rake = (self._rake or 0) + raked
        self._raked[pot] = self._raked.get(pot, 0) + raked
        self._note(f, span)

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._street(span, ev.Street.PREFLOP, "")
        super().DEALT(f, span)

    # ------------------------------------------------------------ a player's lines
    def HAS(self, f: Fields, span: SourceSpan) -> None:
        words = f["has_words"]
        if words == "requested more time":
            self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.OTHER, words))
        else:  # a shown hand's words, or a player joining for the next hand
            self._note(f, span)

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        self._won(f, span, f["wins_amount"], f["wins_side"])

    def TIES(self, f: Fields, span: SourceSpan) -> None:
        self._won(f, span, f["ties_amount"], f["ties_side"])

    def TIED_LOW(self, f: Fields, span: SourceSpan) -> None:
        self._won(f, span, f["low_amount"], f["low_side"])

    def _won(self, f: Fields, span: SourceSpan, amount: str, side: str | None) -> None:
        pot = int(side) if side else 0
        self._events.append(
            ev.Collected(span, f["who"], self._money(amount), pot, side is not None)
        )

    BRINGS = _note

    def TIMED_OUT(self, f: Fields, span: SourceSpan) -> None:
        words = "did not respond in time and is folded"
        self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.TIMED_OUT, words))

    def SAYS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["who"], f["says_words"]))

    def EMOTE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["who"], f["emote_words"]))

    def CHAT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["who"], f["chat_words"]))
