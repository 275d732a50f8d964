"""Run It Once Poker hands to events. Where the layout is not the Stars one:

- The header gives the time in UTC, then in the room's zone in brackets: the UTC one is read.
- "STP added: €5.00": splash the pot, the room's money put in (in the summary's total).
- Shown hands' words ("for Two Pairs [..]") are kept as written; no claim is read.
- The summary's "Main pot €62.60 | Side pot €20.98" are the pots BEFORE the rake (62.60 +
  20.98 is the total 83.58; Hero collects 60.60 of the main pot: the €2.00 rake is taken
  from it): the main pot is given net of the rake, as summary pots are read everywhere.
- "Uncalled bet (€71.42) returned to Ricky N" comes at the showdown, not when the bet goes
  uncalled (36197946, 34011543): a return is due by the hand's end (``uncalled_returns_late``).
"""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import LETTERS
from auditor.parse.facts import CURRENCY_OF_SYMBOL, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.runitonce.games import GAMES
from auditor.source import SourceSpan

SITE = "Run It Once"
_SPACED = str.maketrans("/:", "  ")  # a date's numbers apart
_POSTS = {"small blind": ev.PostKind.SMALL_BLIND, "big blind": ev.PostKind.BIG_BLIND}
_STREETS = {"HOLE CARDS": ev.Street.PREFLOP, "FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN}
_STREETS["RIVER"] = ev.Street.RIVER
_OUTCOMES = {
    None: ev.SeatOutcome.FOLDED, "showed": ev.SeatOutcome.SHOWED, "lost": ev.SeatOutcome.LOST,
    "mucked": ev.SeatOutcome.MUCKED, "collected": ev.SeatOutcome.COLLECTED,
}  # fmt: skip


class RunItOnceReader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "runitonce"

    POSTS = _POSTS
    STREETS = _STREETS

    def _open(self) -> bool:
        return bool(self._seats) and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._start: ev.HandStarted | None = None
        self._head: dict[str, str] = {}

    def _hand(self, raw: RawHand) -> ev.Hand:
        assert self._start is not None  # the grammar wants the table line
        cut = None if self._summary else last_line(raw)
        events = tuple(self._events)
        return ev.Hand(self._start, events, cut is not None, cut, uncalled_returns_late=True)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head, self._head_span = f.groupdict(), span
        symbol = f["head_small"][0] if f["head_small"][0] in "$€£" else ""
        self._scale = 100 if symbol else 1
        self._currency = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"
        # "2019/04/19 17:52" or "... 17:52:03"
        y, mo, d, hh, mi, *ss = (int(n) for n in f["head_date"].translate(_SPACED).split())
        self._time = local_time(y, mo, d, hh, mi, ss[0] if ss else 0, f["head_zone"])
        self._stakes = self._money(f["head_small"]), self._money(f["head_big"])

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self.BUTTON(f, span)
        h, (small, big) = self._head, self._stakes
        limit, hi_lo, hole, variant = GAMES.of(h["head_game"])
        self._start = ev.HandStarted(
            self._head_span, SITE, h["head_id"], h["head_game"], variant, limit, hi_lo, hole,
            small, big, self._currency, self._scale, self._time, h["head_zone"],
            f["table_name"], table_size(f["table_max"]), self._button, table_span=span,
        )  # fmt: skip
        self._events.append(self._start)

    # ------------------------------------------------------------ the play
    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        amount, side = self._money(f["collected_amount"]), f["collected_side"]
        pot, names = int(side) if side else 0, f["collected_pot"] != "pot"
        self._events.append(ev.Collected(span, f["who"], amount, pot, names))

    def STP(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.PotExtra(span, self._money(f["stp_amount"]), f.group().rstrip()))

    def SHOWDOWN(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.ShowdownStarted(span, 1))

    # ------------------------------------------------------------ the summary
    def TOTAL(self, f: Fields, span: SourceSpan) -> None:
        # " | Main pot €119.52 | Side pot €21.82 | STP €5.00 | Rake €2.50": name, amount
        named = (part.rpartition(" ") for part in f["total_parts"].split(" | ")[1:])
        parts = {name: self._money(amount) for name, _, amount in named}
        sides = tuple(v for k, v in parts.items() if k.startswith("Side pot"))
        rake, main = parts.get("Rake"), parts.get("Main pot")
        if main is not None:
            # before the rake, which the main pot pays, and without the STP, which it
            # holds: 36197946's "Main pot €119.52 | Side pot €21.82 | STP €5.00 | Rake
            # €2.50" pays Ricky N €122.02 from the main pot
            main += parts.get("STP", 0) - (rake or 0)
        total = self._money(f["total_pot"])
        self._events.append(ev.SummaryPot(span, total, main, sides, rake))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        # " (button) (small blind)": the positions, each in brackets
        positions = tuple(p for p in f["sum_positions"].strip(" ()").split(") (") if p)
        won = self._money(f["sum_won"]) if f["sum_won"] else None
        word = "lost" if f["sum_outcome"] == "showed" and won is None else f["sum_outcome"]
        results = (ev.SeatResult(won, (f["sum_words"] or "").strip()),) if word else ()
        cards = LETTERS.cards(f["sum_cards"] or "")
        folded = f["sum_folded"] or ""  # "folded before Flop"
        seat = ev.SummarySeat(
            span, int(f["sum_seat"]), f["sum_who"], positions, _OUTCOMES[word], folded,
            False, cards, results,
        )  # fmt: skip
        self._events.append(seat)
