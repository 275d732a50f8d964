"""Everleaf hands to events. What its layout means, where it is not the Stars layout:

- "Hero raises [$ 0.20 USD]": the chips the raiser puts in with this action (Villain,
  small blind $0.25 at $0.50/$1 fixed limit, "raises [$ 0.75 USD]" and the big blind
  "calls [$ 0.50 USD]": both have $1 in): a raise given BY.
- No summary, no total pot, no rake line: the hand ends with "X wins $ 1.90 USD from main
  pot" lines, one per half in hi/lo ("wins  high (...)", "wins  low (...)"), each what
  the pot paid after the rake. A bet nobody called comes back without a line.
- The record writes no time zone ("2010/03/02 - 19:35:19"): the zone is kept empty.
"""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import AmountError
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError
from auditor.parse.games import GameWords
from auditor.parse.head import Seating, Stakes, hand_started, written_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, comma_cards, last_line
from auditor.read.split import RawHand
from auditor.rooms.everleaf.wording import high_claim
from auditor.source import SourceSpan

SITE = "Everleaf"

_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "both blinds": ev.PostKind.SMALL_AND_BIG,
    "ante": ev.PostKind.ANTE,
}
# "Blinds $0.05/$0.10 PL Omaha Hi/Lo - ...": no limit word ("$0.50/$1 Omaha Hi/Lo"), fixed
GAMES = GameWords({"NL": ev.Limit.NO, "PL": ev.Limit.POT}, ("Hi/Lo",))
_STREETS = {
    "down cards": ev.Street.PREFLOP,
    "Flop": ev.Street.FLOP,
    "Turn": ev.Street.TURN,
    "River": ev.Street.RIVER,
}


class EverleafReader(CommonLines, FieldsReader):
    GRAMMAR = "everleaf"
    POSTS = _POSTS
    STREETS = _STREETS

    def _open(self) -> bool:
        return self._start is not None and not self._won

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._start: ev.HandStarted | None = None
        self._won = False  # a pot won: the hand's end (Everleaf has no summary)
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._game_line = raw.first_line
        self._table_span: SourceSpan | None = None

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:  # cannot be: the grammar wants a seat line
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no seat lines")
        cut = None if self._won else last_line(raw)
        # no "returned" line: Villain's uncalled $1.80 turn bet in #149107406 is not in the
        # $1.71 he wins (the $1.80 pot less its rake)
        return ev.Hand(
            self._start, tuple(self._events), cut is not None, cut, uncalled_returns_written=False
        )

    def _cards(self, text: str) -> tuple[Card, ...]:
        return comma_cards(LETTERS, text)

    # ------------------------------------------------------------ the hand's head
    def GAME_ID(self, f: Fields, span: SourceSpan) -> None:
        self._head_span = span
        self._head["hand_id"] = f["id_game"]

    def HISTORY_ID(self, f: Fields, span: SourceSpan) -> None:
        return  # "***** Hand history for game #N *****": the id again

    def GAME_LINE(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("game_"), v) for k, v in f.groupdict().items() if v)
        self._game_line = span.line
        # no currency symbol: a tournament's chips
        self._scale = 100 if "symbol" in self._head else 1

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._head["table"] = f["table_name"]
        self._table_span = span

    def PLAYERS(self, f: Fields, span: SourceSpan) -> None:
        return  # "Total number of players: 2": the seat lines list them

    def _begin(self) -> ev.HandStarted:
        """The hand's head, once its seats start: the head's lines are all read."""
        h = self._head
        game = f"{h['limit']} {h['name']}" if "limit" in h else h.get("name", "")
        symbol = h.get("symbol", "")
        try:
            started_at = written_time(h, "")  # Everleaf writes no zone
            small_stake, big_stake = self._money(h["small"]), self._money(h["big"])
            max_seats = table_size(h.get("max"))
        except (AmountError, ValueError) as err:
            raise LineError.of(self._game_line, err) from None
        currency = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"
        stakes = Stakes(small_stake, big_stake, currency, self._scale)
        table = Seating(h.get("table", ""), max_seats, self._button, self._table_span)
        facts, hand_id = GAMES.of(game), h.get("hand_id", "")
        start = hand_started(
            self._head_span, SITE, hand_id, game, facts, stakes, (started_at, ""), table
        )
        self._events.append(start)
        return start

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if self._start is None:
            self._start = self._begin()
        super().SEAT(f, span)

    # ------------------------------------------------------------ the play
    def _claim(self, words: str) -> Claim:
        return high_claim(words)

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["wins_half"] or f["wins_amount"])
        pot = int(f["wins_side_number"] or 1) if f["wins_side"] else 0
        self._won = True
        self._events.append(ev.Collected(span, f["who"], amount, pot, True))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        status = ev.Status.DISCONNECTED
        self._events.append(ev.PlayerStatus(span, f["who"], status, f["status_words"]))
