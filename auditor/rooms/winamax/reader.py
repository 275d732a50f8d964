"""Winamax hands to events. What Winamax writes its own way:

- No "Uncalled bet returned" line: the part of a bet nobody called is in the bettor's
  collect line, the summary's total pot and his "won". In PLO-5max-EUR-2.00-4.00-201412.
  sb.oop.txt Hero raises to 40€ over Incognito 3's 12€, who folds: "Hero collected 56€
  from pot", "Total pot 56€ | No rake", when the pot is 2 + 2 + 12 + 12 = 28€. With the
  others all-in it is a side pot of its own (5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt:
  Hero bets 108€, the all-in Player0 calls 24€, "Hero collected 84€ from side pot 1").
  :func:`.meaning.with_returns` writes each such return as its own event.
- The summary's "Total pot" is net of the rake ("Total pot 14.73€ | Rake 1.02€" with
  14.73€ collected, OmahaShowdown.txt): the SummaryPot's total is gross.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import Claim
from auditor.money import to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, SeatError, local_time
from auditor.parse.lines import CommonLines, table_size
from auditor.parse.text_reader import Fields, FieldsReader, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.winamax import SITE
from auditor.rooms.winamax.games import GAMES
from auditor.rooms.winamax.meaning import not_dealt_in, with_returns
from auditor.rooms.winamax.wording import MISTAKES, joined, low_claim, read_claim
from auditor.source import SourceSpan

# the parts of a total pot line after its total: "| Rake 1.02€", "| Main pot 10€ | Side pot 1 4€"
_RAKE = re.compile(r"\| Rake (?P<rake>\S+)")
_POT_PART = re.compile(r"(?P<label>Main pot|Side pot(?: ?-?[0-9]+)?):? (?P<amount>[0-9][^ |]*)")
_UNBRACKETED = str.maketrans("[]", "  ")  # "[Ah Kd][7s]": the cards of bracketed groups
_STREET = {"PRE-FLOP": ev.Street.PREFLOP, "FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN}
_STREET["RIVER"] = ev.Street.RIVER
_STATUS_OF = {
    "sits out": ev.Status.SITS_OUT, "is sitting out": ev.Status.SITTING_OUT,
    "has returned": ev.Status.RETURNED, "is back": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED, "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT, "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
}  # fmt: skip
_POSTS = {
    "small blind": ev.PostKind.SMALL_BLIND, "big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE, "dead blind": ev.PostKind.MISSED_BLIND,
    "small & big blind": ev.PostKind.SMALL_AND_BIG,
}  # fmt: skip


# the parts of a summary seat line after its player's name
_RESULT = re.compile(
    r"(?:showed \[(?P<cards>[^\]]*)\] and )?(?P<verb>won|lost)(?: (?P<amount>[^ ]+))?"
    r"(?: with (?P<words>.*))?$"
)

_POSITIONS = re.compile(r"(?:\((?:button|small blind|big blind)\) *)*")

SeatOutcome = tuple[
    tuple[str, ...], ev.SeatOutcome, str, bool, tuple[Card, ...], tuple[ev.SeatResult, ...], str
]


class WinamaxReader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "winamax"

    MISTAKES = MISTAKES
    POSTS = _POSTS
    MOST_WORDS = 6

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._start: ev.HandStarted | None = None
        self._header: dict[str, str] = {}
        self._max_seats = SEAT_LIMIT
        self._small = self._big = 0
        self._hi_lo = False
        self._shown: dict[str, int] = {}  # player -> index of his Shown event
        self._idle: set[int] = set()  # seats the summary has "folded" on no street

    def _hand(self, raw: RawHand) -> ev.Hand:
        assert self._start is not None  # the grammar wants the table line
        # (a record cut short has no summary, so no seat it says was not dealt in)
        events = tuple(with_returns(not_dealt_in(self._events, self._idle), self._big))
        if not self._summary:
            return ev.Hand(self._start, events, truncated=True, truncated_at=last_line(raw))
        return ev.Hand(self._start, events)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(text.translate(_UNBRACKETED))

    # ------------------------------------------------------------ header
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        h = self._header = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        # tournaments count in chips; cash games in cents, play money too (0.05/0.10)
        self._scale = 1 if "tournament" in h else 100
        y, mo, d, hh, mi = (int(h[k]) for k in ("year", "month", "day", "hour", "minute"))
        self._time = local_time(y, mo, d, hh, mi, int(h.get("second", 0)), h.get("zone", ""))
        self._small, self._big = self._money(h["small"]), self._money(h["big"])

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        h, max_seats = self._header, table_size(f["table_max"])
        self._max_seats = max_seats or SEAT_LIMIT
        if f["button_seat"]:
            self.BUTTON(f, span)
        tournament = (f["table_tournament"] or h["tournament"]) if "tournament" in h else None
        limit, self._hi_lo, hole, code = GAMES.of(h["game"])
        symbols = [c for c in h["stakes"] if c in CURRENCY_OF_SYMBOL]
        self._start = ev.HandStarted(
            SourceSpan(self._file, self._offset + 1, 1), SITE, h["id"], h["game"], code, limit,
            self._hi_lo, hole, self._small, self._big,
            CURRENCY_OF_SYMBOL[symbols[0]] if symbols else "chips", self._scale, self._time,
            h.get("zone", ""), f["table_name"], max_seats, self._button, tournament,
            h["buy_in"].strip() if "buy_in" in h else None, h.get("level"), span,
        )  # fmt: skip
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_who"]
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        take_seat(self._seats, seat, player)
        after = f["seat_after"] or ""
        stack = self._money(f["seat_stack"])
        out = "out of hand" in after
        self._events.append(
            ev.SeatTaken(span, seat, player, stack, "sitting out" in after, out, f["seat_bounty"])
        )

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        """ "Out of position": a post away from the blinds' seats. A small blind there is
        dead (PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt: 2€ at 2€/4€, counted in the pot,
        no bet), or holds both blinds if more than the small blind (3€ at 1€/2€, then
        "posts big blind 0€ out of position", in that post already: PLO-5max-EUR-1.00-
        2.00-201611.post.both.txt); a big blind there is a live one (a new player's)."""
        words, amount = f["post_kind"], self._money(f["post_amount"])
        if f["post_away"] is not None and words == "small blind":
            both = amount > self._small
            kind = ev.PostKind.SMALL_AND_BIG if both else ev.PostKind.MISSED_BLIND
            all_in = f["post_all_in"] is not None
            self._events.append(ev.Posted(span, f["who"], kind, amount, all_in))
        elif f["post_away"] is not None and words == "big blind" and not amount:
            self._events.append(ev.Note(span, f.group().strip()))
        else:
            super().POST(f, span)

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        # "raises 1.05€ to 1.35€": the raise over the bet faced (not the chips added), then
        # the total; an amount the hand cannot hold is the line's error
        self._money(f["raise_by"])
        super().RAISE(f, span)

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        player, shown = f["who"], self._cards(f["shows_cards"])
        words = f["shows_words"] or ""
        earlier = self._shown.get(player)
        if earlier is not None and self._hi_lo:
            # the same hand's other half on a line of its own (its low): one claim
            first = self._events[earlier]
            assert isinstance(first, ev.Shown)
            if first.cards == shown:
                claim = joined(first.claim, low_claim(words))
                self._events[earlier] = replace(first, description=claim.text, claim=claim)
                return
        self._shown[player] = len(self._events)
        self._events.append(ev.Shown(span, player, shown, words, read_claim(words, self._hi_lo)))

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        side, amount = f["collected_side"], self._money(f["collected_amount"])
        pot, named = int(side) if side else 0, f["collected_pot"] != "pot"
        self._events.append(ev.Collected(span, f["who"], amount, pot, named))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        status = _STATUS_OF.get(words, ev.Status.OTHER)
        self._events.append(ev.PlayerStatus(span, f["who"], status, words))

    def SECTION_MARKER(self, f: Fields, span: SourceSpan) -> None:
        name, rest = f["marker_name"], f["marker_rest"]
        if name == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
        elif name != "ANTE/BLINDS":  # the blinds' heading: no street, nothing dealt
            board, new = _board(f["marker_cards"])
            self._events.append(ev.StreetDealt(span, _STREET[name], 1, board, new))
        if rest:
            problem = f"unexpected text after the street marker: {rest!r}"
            self._events.append(ev.Garbled(span, f.group().rstrip(), problem))

    def POT_EXTRA(self, f: Fields, span: SourceSpan) -> None:
        text = f.group().rstrip()
        self._events.append(ev.PotExtra(span, self._money(f["extra_amount"]), text))

    def CANCELLED(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        parts = f["pot_parts"]
        rake_found = _RAKE.search(parts)
        rake = self._money(rake_found.group("rake")) if rake_found else None
        if rake is None and "| No rake" not in parts and parts.strip():
            raise ValueError(f"a total pot line this reader does not know: {f.group()!r}")
        pots = [(label, self._money(amount)) for label, amount in _POT_PART.findall(parts)]
        main = next((amount for label, amount in pots if label == "Main pot"), None)
        sides = [amount for label, amount in pots if label != "Main pot"]
        # Winamax's total is what the winners collected, the rake taken off ("Total pot
        # 14.73€ | Rake 1.02€", 14.73€ collected): the event's total is gross
        total = self._money(f["pot_total"]) + (rake or 0)
        self._events.append(ev.SummaryPot(span, total, main, tuple(sides), rake))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, rest = int(f["sum_seat"]), f["sum_rest"]
        player = self._seats.get(seat, "")
        if player and rest.startswith(player + " "):
            rest = rest[len(player) + 1 :]
        elif player != rest:
            player, _, rest = rest.partition(" ")
        else:
            rest = ""
        outcome = _seat_outcome(rest, self._scale, self._hi_lo)
        if outcome[1] is ev.SeatOutcome.FOLDED and not outcome[2]:
            self._idle.add(seat)
        last = self._events[-1]  # (the table line's event at least)
        # a hi/lo hand's second half on a line of its own: one seat, both results
        if isinstance(last, ev.SummarySeat) and last.seat == seat and last.results and outcome[5]:
            self._events[-1] = _joined_seat(last, outcome[5][0])
            return
        self._events.append(ev.SummarySeat(span, seat, player, *outcome))


# ---------------------------------------------------------------- helpers
@lru_cache(maxsize=1024)  # the same boards recur
def _board(cards: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A street marker's board so far (all its groups) and the cards new on it (the last)."""
    if not cards:
        return (), ()
    new = cards.rsplit("[", 1)[1]
    return LETTERS.cards(cards.translate(_UNBRACKETED)), LETTERS.cards(new.translate(_UNBRACKETED))


@lru_cache(maxsize=4096)  # "folded on the pre-flop" and the like recur hand after hand
def _seat_outcome(rest: str, scale: int, hi_lo: bool) -> SeatOutcome:
    """Positions, outcome, street folded on, didn't bet, cards, results, other words."""
    found = _POSITIONS.match(rest)  # "(button) (small blind) "
    head = found[0] if found else ""
    positions, rest = tuple(p.strip(" (") for p in head.split(")")[:-1]), rest[len(head) :]
    shown: tuple[Card, ...] = ()
    results: tuple[ev.SeatResult, ...] = ()
    folded_on = other = ""
    outcome: ev.SeatOutcome
    result = _RESULT.match(rest)
    if rest.startswith("folded"):
        outcome = ev.SeatOutcome.FOLDED
        folded_on = rest[len("folded") :].strip()
    elif rest.startswith("mucked"):
        outcome = ev.SeatOutcome.MUCKED
        if "[" in rest:
            shown = LETTERS.cards(rest[rest.index("[") + 1 : rest.index("]")])
    elif result is not None:
        cards, verb, amount, words = result.group("cards", "verb", "amount", "words")
        if cards is not None:
            outcome = ev.SeatOutcome.SHOWED
            shown = LETTERS.cards(cards)
        else:
            outcome = ev.SeatOutcome.WON if verb == "won" else ev.SeatOutcome.LOST
        won = (to_minor(amount, scale) if amount else 0) if verb == "won" else None
        words = words or ""
        results = (ev.SeatResult(won, words, read_claim(words, hi_lo)),)
    elif rest.startswith(("sitting out", "is sitting out")):
        outcome = ev.SeatOutcome.SITTING_OUT
    else:
        outcome = ev.SeatOutcome.OTHER
        other = rest or "none"
    return positions, outcome, folded_on, False, shown, results, other


def _joined_seat(first: ev.SummarySeat, second: ev.SeatResult) -> ev.SummarySeat:
    """A seat's two summary lines (its high half, then its low half) as one: both
    results, each with the claim of the two lines together."""
    high = first.results[0]
    low = second.claim if second.claim.low_text is not None else low_claim(second.description)
    claim: Claim = joined(high.claim, low)
    results = (replace(high, claim=claim), replace(second, claim=claim))
    outcome = first.outcome
    if outcome is ev.SeatOutcome.LOST and second.won is not None:
        outcome = ev.SeatOutcome.WON
    return replace(first, outcome=outcome, results=results)
