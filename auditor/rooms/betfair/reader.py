"""Betfair hands to events, one method per line terminal of ``grammars/betfair.lark``.

- "Hero goes all-in" comes before the action that puts his last chips in.
- A second "posts big blind" is a player posting out of the blinds' seats to be dealt in
  (Hero, seat 1, after Player4's big blind in #100000000; he then "checks"): live chips.
- No summary, no rake, no uncalled bet returned: the hand ends with "Game N ends".
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import ClassVar

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, comma_cards, last_line
from auditor.read.split import RawHand
from auditor.rooms.betfair.games import game_facts
from auditor.source import SourceSpan

SITE = "Betfair"


class BetfairReader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "betfair"

    POSTS: ClassVar[Mapping[str, ev.PostKind]] = {
        "small blind": ev.PostKind.SMALL_BLIND,
        "big blind": ev.PostKind.BIG_BLIND,
        "small & big blinds": ev.PostKind.SMALL_AND_BIG,
    }
    STREETS: ClassVar[Mapping[str, ev.Street]] = {
        "Dealing down cards": ev.Street.PREFLOP,
        "Dealing Flop": ev.Street.FLOP,
        "Dealing Turn": ev.Street.TURN,
        "Dealing River": ev.Street.RIVER,
    }

    def _open(self) -> bool:
        return self._start is not None and not self._ended

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._start: ev.HandStarted | None = None
        self._head: dict[str, str] = {}  # the head lines' fields
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._game_line = raw.first_line
        self._table_span: SourceSpan | None = None
        self._scale = 100
        self._big_blind_posted = False
        self._going_all_in: set[str] = set()
        self._ended = False  # "Game N ends": the hand's end

    def _hand(self, raw: RawHand) -> ev.Hand:
        assert self._start is not None  # the grammar wants a seat line
        cut = None if self._ended else last_line(raw)
        return ev.Hand(self._start, tuple(self._events), cut is not None, cut, False)

    def _money(self, text: str) -> int:
        return to_minor(text.replace(",", ""), self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return comma_cards(LETTERS, text)

    def _all_in(self, player: str) -> bool:
        """Whether "goes all-in" came before this action of ``player``'s."""
        said = player in self._going_all_in
        self._going_all_in.discard(player)
        return said

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head["hand_id"] = f["head_id"]
        self._head_span = span

    def GAME_LINE(self, f: Fields, span: SourceSpan) -> None:
        self._head.update((k.removeprefix("game_"), v) for k, v in f.groupdict().items() if v)
        self._game_line = span.line
        self._scale = 100 if f["game_symbol"] else 1  # no symbol: tournament chips

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._head.update(table=f["table_name"], max=f["table_max"])
        self._table_span = span

    def END(self, f: Fields, span: SourceSpan) -> None:
        self._ended = True

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if self._start is None:  # the head's lines are all read
            self._start = self._begin()
            self._events.append(self._start)
        super().SEAT(f, span)

    def _begin(self) -> ev.HandStarted:
        h = self._head
        game = f"{h['limit']} {h['name']}" if "limit" in h else h["name"]
        limit, hi_lo, variant = game_facts(game)
        try:
            w = datetime.strptime(f"{h['when']} {h['year']}", "%B %d, %H:%M:%S %Y")
            zone = h["zone"]
            started = local_time(w.year, w.month, w.day, w.hour, w.minute, w.second, zone)
            small, big = self._money(h["small"]), self._money(h["big"])
            max_seats = table_size(h.get("max"))
        except (AmountError, ValueError) as err:
            raise LineError.of(self._game_line, err) from None
        symbol = h.get("symbol", "")
        currency = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"
        return ev.HandStarted(
            self._head_span, SITE, h.get("hand_id", ""), game, variant, limit, hi_lo, 4,
            small, big, currency, self._scale, started, zone, h.get("table", ""), max_seats,
            self._button, table_span=self._table_span,
        )  # fmt: skip

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        player, amount = f["who"], self._money(f["post_amount"])
        kind = self.POSTS[f["post_kind"]]
        if kind is ev.PostKind.BIG_BLIND:
            # a second big blind: a player posting to be dealt in, live
            kind = ev.PostKind.LIVE if self._big_blind_posted else kind
            self._big_blind_posted = True
        self._events.append(ev.Posted(span, player, kind, amount, self._all_in(player)))

    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        # a call or a bet writes the chips put in, a raise the bet it makes; all in where
        # "goes all-in" came before (the layout always says it)
        who = f["who"]
        if verb is ev.Verb.RAISE:
            chips = ev.ChipsIn(span, who, verb, None, self._money(f[to]), self._all_in(who))
        else:
            chips = ev.ChipsIn(span, who, verb, self._money(f[added]), None, self._all_in(who))
        self._events.append(chips)

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        self._going_all_in.add(f["who"])  # his next action is

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        pot = int(f["wins_side_number"] or 1) if f["wins_side"] else 0
        named = f["wins_unnamed"] is None
        amount = self._money(f["wins_amount"])
        self._events.append(ev.Collected(span, f["who"], amount, pot, named))

    def SITS_OUT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.SITS_OUT, "sits out"))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        name = f["street_name"]
        if name == "Showdown":
            self._events.append(ev.ShowdownStarted(span, 1))
        elif name != "Hand Conclusion":  # that one: the pots won follow
            super().STREET(f, span)
