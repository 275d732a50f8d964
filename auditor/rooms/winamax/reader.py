"""Winamax hands to events.

The grammar (``grammars/winamax.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

Two things Winamax writes its own way, read here as the room means them:

- No "Uncalled bet returned" line: the part of a bet nobody called is in the bettor's
  collect line, in the summary's total pot and in his "won" amount. In
  PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt Hero raises to 40€ over Incognito 3's 12€,
  who folds: "Hero collected 56€ from pot", "Total pot 56€ | No rake", when the pot is
  2 + 2 + 12 + 12 = 28€ and 28€ went back. When the others are all-in it is written as a
  side pot of its own: in 5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt Hero bets 108€, the
  all-in Player0 calls 24€, and "Hero collected 84€ from side pot 1" is the 84€ nobody
  called. Each round's unmatched bet is read off the hand's posts and chips lines once
  it is read (:func:`.meaning.unmatched_bets`); where that bettor's collect line holds
  it, :func:`.meaning.with_returns` writes the return as its own event (on that collect
  line) and the collect less it.
- The summary's "Total pot" is net of the rake: "Total pot 14.73€ | Rake 1.02€" with
  "sharon59221 collected 14.73€ from pot" (OmahaShowdown.txt: 15.75€ went in). The
  SummaryPot event's total is gross: the rake is added back (and the returned bets taken
  out, as above).
- "raises 1.05€ to 1.35€" writes the raise over the bet faced, not the chips the raiser
  adds (ChipsIn's ``added``), then the total: the chips line is its total (``to``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import Fields, FieldsReader, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.winamax import SITE
from auditor.rooms.winamax.games import game_facts
from auditor.rooms.winamax.meaning import not_dealt_in, with_returns
from auditor.rooms.winamax.summary import joined_seat, seat_outcome
from auditor.rooms.winamax.wording import MISTAKES, WORDS, joined, low_claim, read_claim
from auditor.source import SourceSpan

# the parts of a total pot line after its total: "| Rake 1.02€", "| Main pot 10€ | Side pot 1 4€"
_RAKE = re.compile(r"\| Rake (?P<rake>\S+)")
_POT_PART = re.compile(r"(?P<label>Main pot|Side pot(?: ?-?[0-9]+)?):? (?P<amount>[0-9][^ |]*)")
_STREET = {"PRE-FLOP": ev.Street.PREFLOP, "FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN}
_STREET["RIVER"] = ev.Street.RIVER
_STATUS_OF = {
    "sits out": ev.Status.SITS_OUT,
    "is sitting out": ev.Status.SITTING_OUT,
    "has returned": ev.Status.RETURNED,
    "is back": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
}
# what may follow a player's name (the grammar's PLAYER_LINE), in its order
_PLAYER_KINDS = (
    "FOLD", "CHECK", "CALL", "RAISE", "BET", "POST", "COLLECTED", "SHOWS", "MUCKS", "STATUS"
)  # fmt: skip
_OWN_KINDS = ("SECTION_MARKER", "DEALT", "POT_EXTRA", "CANCELLED")  # no player's name first
_BLOCKS = {
    "SEATS": ("SEAT",),
    "PLAY": (*_PLAYER_KINDS, *_OWN_KINDS),
    "SUMMARY_BODY": ("SUMMARY_SEAT", "TOTAL_POT", "BOARD"),
}


class WinamaxReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = WORDS
    MISTAKES = MISTAKES
    MOST_WORDS = 6

    def __init__(self) -> None:
        self._wire("winamax", ("HEADER", "TABLE", "SUMMARY_MARKER"), _BLOCKS)

    def _run(self, block: str, kinds: tuple[str, ...]) -> str:
        if block != "PLAY":
            return super()._run(block, kinds)
        # a player's line: the name once, then the kinds that follow it (as PLAYER_LINE;
        # the kinds' own patterns at once would hold the name's group name twice)
        tails = "|".join(f"{self._pattern(kind)}(?P<{kind}>)" for kind in _PLAYER_KINDS)
        player = f"(?:{self._pattern('WHO')}(?:{tails})[ \\t]*\\n)"
        return "|".join([player, *(f"(?:{self._pattern(k)}(?P<{k}>))" for k in _OWN_KINDS)])

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary = False
        self._header: dict[str, str] = {}
        self._seats: dict[int, str] = {}
        self._max_seats = SEAT_LIMIT
        self._scale = 100
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

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return LETTERS.cards(text)

    # ------------------------------------------------------------ header
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        # tournaments count in chips; cash games in cents, play money too (0.05/0.10)
        self._scale = 1 if "tournament" in self._header else 100

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        h = self._header
        max_seats = int(f["table_max"]) if f["table_max"] else None
        if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
            raise SeatError(f"a table of {max_seats} seats")
        button = int(f["table_button"]) if f["table_button"] else None
        if button is not None and not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._max_seats = max_seats or SEAT_LIMIT
        name = f["table_name"]
        tournament_id = (f["table_tournament"] or h["tournament"]) if "tournament" in h else None
        limit, self._hi_lo, hole, code = game_facts(h["game"])
        zone = h.get("zone", "")
        try:  # the header's facts: a problem with them is the header line's
            y, mo, d, hh, mi = (int(h[k]) for k in ("year", "month", "day", "hour", "minute"))
            started_at = local_time(y, mo, d, hh, mi, int(h.get("second", 0)), zone)
            self._small, self._big = self._money(h["small"]), self._money(h["big"])
        except (AmountError, ValueError) as err:
            raise LineError.of(self._offset + 1, err) from None
        symbols = [c for c in h["stakes"] if c in CURRENCY_OF_SYMBOL]
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h["id"],
            game=h["game"],
            variant=code,
            limit=limit,
            hi_lo=self._hi_lo,
            hole_card_count=hole,
            small_stake=self._small,
            big_stake=self._big,
            currency=CURRENCY_OF_SYMBOL[symbols[0]] if symbols else "chips",
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=name,
            max_seats=max_seats,
            button_seat=button,
            tournament_id=tournament_id,
            buy_in=h["buy_in"].strip() if "buy_in" in h else None,
            level=h.get("level"),
            table_span=span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_player"]
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
        amount = self._money(f["post_amount"])
        kind = _post_kind(f["post_kind"], f["post_away"] is not None, amount, self._small)
        if kind is None:
            # "posts big blind 0€ out of position" after a small blind out of position
            # that held both blinds (PLO-5max-EUR-1.00-2.00-201611.post.both.txt: 3€ at
            # 1€/2€, then this line): the big blind is in that post already
            self._events.append(ev.Note(span, f.group().strip()))
            return
        all_in = f["post_all_in"] is not None
        self._events.append(ev.Posted(span, f["who"], kind, amount, all_in))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        cards = self._cards(_plain(f["dealt_cards"]))
        self._events.append(ev.Dealt(span, f["dealt_player"], cards))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["call_amount"]), f["call_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.CALL, added, all_in=all_in))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["bet_amount"]), f["bet_all_in"] is not None
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.BET, added, all_in=all_in))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        # "raises 1.05€ to 1.35€": the raise over the bet faced, then the total; the first
        # is not the chips added (ChipsIn's ``added``): the total is what the line says
        to, all_in = self._money(f["raise_to"]), f["raise_all_in"] is not None
        self._money(f["raise_by"])  # an amount the hand cannot hold is the line's error
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.RAISE, to=to, all_in=all_in))

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

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        shown = self._cards(f["mucks_cards"]) if f["mucks_cards"] else ()
        self._events.append(ev.Mucked(span, f["who"], shown))

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

    # ------------------------------------------------------------ summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        parts = f["pot_parts"]
        rake_found = _RAKE.search(parts)
        rake = self._money(rake_found.group("rake")) if rake_found else None
        if rake is None and "| No rake" not in parts and parts.strip():
            raise ValueError(f"a total pot line this reader does not know: {f.group()!r}")
        main = None
        sides: list[int] = []
        for label, amount in _POT_PART.findall(parts):
            if label == "Main pot":
                main = self._money(amount)
            else:
                sides.append(self._money(amount))
        # Winamax's total is what the winners collected, the rake taken off ("Total pot
        # 14.73€ | Rake 1.02€", 14.73€ collected): the event's total is gross
        total = self._money(f["pot_total"]) + (rake or 0)
        self._events.append(ev.SummaryPot(span, total, main, tuple(sides), rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, self._cards(f["board_cards"])))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, rest = int(f["sum_seat"]), f["sum_rest"]
        player = self._seats.get(seat, "")
        if player and rest.startswith(player + " "):
            rest = rest[len(player) + 1 :]
        elif player != rest:
            player, _, rest = rest.partition(" ")
        else:
            rest = ""
        outcome = seat_outcome(rest, self._scale, self._hi_lo)
        if outcome[1] is ev.SeatOutcome.FOLDED and not outcome[2]:
            self._idle.add(seat)
        last = self._events[-1]  # (the table line's event at least)
        # a hi/lo hand's second half on a line of its own: one seat, both results
        if isinstance(last, ev.SummarySeat) and last.seat == seat and last.results and outcome[5]:
            self._events[-1] = joined_seat(last, outcome[5][0])
            return
        self._events.append(ev.SummarySeat(span, seat, player, *outcome))


# ---------------------------------------------------------------- helpers
def _plain(cards: str) -> str:
    """The cards of "[Ah Kd][7s]" (one or more bracketed groups), as one list."""
    return " ".join(cards.replace("[", " ").replace("]", " ").split())


@lru_cache(maxsize=1024)  # the same boards recur
def _board(cards: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A street marker's board so far (all its groups) and the cards new on it (the last)."""
    if not cards:
        return (), ()
    return LETTERS.cards(_plain(cards)), LETTERS.cards(_plain(cards.rsplit("[", 1)[1]))


def _post_kind(words: str, away: bool, amount: int, small: int) -> ev.PostKind | None:
    """A post's kind. "Out of position" is Winamax's post away from the blinds' seats: a
    small blind there is dead (PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt: 2€ at 2€/4€,
    counted in the pot, no bet); one of more than the small blind holds both blinds
    (3€ at 1€/2€, then "posts big blind 0€ out of position": None); a big blind there
    is a live one (a new player's)."""
    if words == "ante":
        return ev.PostKind.ANTE
    if words == "dead blind":
        return ev.PostKind.MISSED_BLIND
    if words == "small & big blind":
        return ev.PostKind.SMALL_AND_BIG
    if words == "small blind":
        if not away:
            return ev.PostKind.SMALL_BLIND
        return ev.PostKind.SMALL_AND_BIG if amount > small else ev.PostKind.MISSED_BLIND
    if away and amount == 0:
        return None
    return ev.PostKind.BIG_BLIND
