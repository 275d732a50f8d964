"""Absolute Poker hands to events.

The grammar (``grammars/absolute.lark``) decides which kind each line is; the methods here,
one per line terminal, read that line's named fields into an event. They run as lexer
callbacks, so the events come out in file order.

What Absolute's layout means, where it is not the Stars layout:

- "Player0 - Raises $45 to $60": the chips put in with this action (he had his $15 small
  blind in), then his bet in the round: a raise TO the second amount.
- "Player1 - All-In $191.27": the chips he puts in, all he has. Before the cards it is his
  blind (in the corpus's $200/$400 hand, the big blind of a player short of it: the big
  one when a blind is posted before it, else the small); after them chips put in all-in,
  which the replay tells a call, bet or raise by the bet he faces. "All-In(Raise) $x to
  $y" names the raise and its total too.
- Calls, bets and raises without "All-In" are not all in: the layout writes All-In lines.
- "Total Pot($120) | Rake ($0.75)" is GROSS: Player0 "Collects $119.25" of the $120 put in.
- "Player0 - returned ($30) : not called": an uncalled bet's return, written.
- A summary seat line names the seat's positions, then "Folded on the FLOP", "collected
  Total ($119.25) HI:($119.25)", "won Total ($x) [All-In] HI:($x) [LO:($y)] with WORDS
  [cards - ...]" or "HI:lost with WORDS [cards - ...]".
- The time is New York's, "(ET)"; the header's "Normal" limit is fixed limit.
"""

from __future__ import annotations

import re

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import LineReader, line_fields, take_seat
from auditor.read.split import RawHand
from auditor.rooms.absolute.games import game_facts, header_game
from auditor.source import SourceSpan

SITE = "Absolute"

_M = r"[$€]?(?P<{0}>[0-9][0-9,]*(?:\.[0-9]+)?)"
_HEADER = re.compile(
    r"Stage #C?(?P<hand_id>[0-9]+): .*? (?P<symbol>[$€]?)(?P<small>[0-9][0-9,.]*)"
    r"(?:/[$€]?(?P<big>[0-9][0-9,.]*))? .*?- (?P<year>[0-9]{4})-(?P<month>[0-9]{2})-"
    r"(?P<day>[0-9]{2}) (?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
    r"(?:\.[0-9]+)?(?: \((?P<zone>[A-Z]+)\))?"
)
_TABLE = re.compile(r"Table: (?P<table>.+?)(?: \((?:Real|Play) Money\))? Seat #(?P<button>[0-9]+)")
_SEAT = re.compile(r"Seat (?P<seat>[0-9]+) - (?P<player>.+?) \(" + _M.format("stack") + " in chips")
_POST = re.compile(
    r"(?P<player>.+?) - (?P<kind>Posts small blind|Posts big blind|Posts|Ante) "
    + _M.format("amount")
)
_ALL_IN = re.compile(
    r"(?P<player>.+?) - All-In(?P<raise>\(Raise\))? "
    + _M.format("amount")
    + "(?: to "
    + _M.format("to")
    + ")?$"
)
_RAISE = re.compile(r"(?P<player>.+?) - Raises " + _M.format("amount") + " to " + _M.format("to"))
_CALL_BET = re.compile(r"(?P<player>.+?) - (?:Calls|Bets) " + _M.format("amount"))
_RETURNED = re.compile(r"(?P<player>.+?) - returned \(" + _M.format("amount") + r"\)")
_SHOWS = re.compile(
    r"(?P<player>.+?) - (?:Shows|Mucks)(?: \[(?P<cards>[^\]]*)\])?(?: \((?P<words>.*)\))?$"
)
_COLLECTS = re.compile(
    r"(?P<player>.+?) Collects "
    + _M.format("amount")
    + r" from (?P<pot>main pot|side pot(?: #?(?P<side>[0-9]+))?)"
)
_STREET = re.compile(r"\*\*\* (?P<street>[A-Z ]+) \*\*\*(?P<cards>.*)$")
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_TOTAL = re.compile(
    r"Total Pot\(" + _M.format("total") + r"\)(?: \| Rake \(" + _M.format("rake") + r"\))?"
)
_SEAT_TAIL = re.compile(
    r"(?P<positions>(?: \((?:dealer|small blind|big blind)\))*) (?:"
    r"Folded on the (?P<folded>[A-Z ]+)"
    r"|(?P<verb>collected|won) Total \(" + _M.format("won") + r"\)(?: All-In)?"
    r"(?: HI:\(" + _M.format("hi") + r"\))?(?: LO:\(" + _M.format("lo") + r"\))?"
    r"(?: +\[Does not show\]| with (?P<won_words>[^\[]+?) \[(?P<won_cards>[^\]-]*)[^\]]*\])?"
    r"|HI:lost with (?P<lost_words>[^\[]+?) \[(?P<lost_cards>[^\]-]*)[^\]]*\])"
)
_POST_KINDS = {
    "Posts small blind": ev.PostKind.SMALL_BLIND,
    "Posts big blind": ev.PostKind.BIG_BLIND,
    "Posts": ev.PostKind.LIVE,  # a newcomer's post, out of the blinds' seats
    "Ante": ev.PostKind.ANTE,
}
_STREETS = {
    "POCKET CARDS": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
_FOLDED_ON = {"POCKET CARDS": "before Flop", "FLOP": "on the Flop", "TURN": "on the Turn",
              "RIVER": "on the River"}  # fmt: skip
_PLAY = (
    "POST", "ALL_IN", "RAISE", "CALL", "BET", "CHECK", "FOLD", "RETURNED", "SHOWS", "MUCKS",
    "NO_SHOW", "COLLECTS", "STREET", "DEALT",
)  # fmt: skip
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": _PLAY,
    "SUMMARY": ("TOTAL_POT", "BOARD", "SUMMARY_SEAT"),
}
_WORDS = {
    "HEADER": "a hand header (Stage #N: Omaha Hi/Lo  Normal $30/$60 - 2009-12-31 18:23:36 (ET))",
    "TABLE": "the table line (Table: NAME (Real Money) Seat #N is the dealer)",
    "SEATS": "a seat line (Seat N - NAME ($x in chips))",
    "PLAY": "a line of play (NAME - Calls $x, *** FLOP *** [..])",
    "SUMMARY_MARKER": "*** SUMMARY ***",
    "SUMMARY": "a summary line (Total Pot($x) | Rake ($y), Board [..], Seat N: NAME ...)",
}


def _cards(notation: CardNotation, text: str) -> tuple[Card, ...]:
    """Absolute writes the ten as "10" on some lines ("[10s 5d Kh Qh 8c]")."""
    return notation.cards(text.replace("10", "T"))


class AbsoluteReader(LineReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    card_notation: CardNotation = LETTERS
    WORDS = _WORDS

    def __init__(self) -> None:
        singles = ("HEADER", "TABLE", "SUMMARY_MARKER")
        aliases = {"MUCKS": self.SHOWS}
        self._wire("absolute", singles, _BLOCKS, aliases)

    # ------------------------------------------------------------ driving
    def _complete(self) -> bool:
        return self._summary  # (the grammar reads no whole record without it)

    def _hand(self, start: ev.HandStarted, truncated_at: SourceSpan | None) -> ev.Hand:
        return ev.Hand(start, tuple(self._events), truncated_at is not None, truncated_at)

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._start = None
        self._head: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._summary = False
        self._dealt = False  # the pocket cards are dealt: an All-In is no blind
        self._blind_posted = False  # before the cards: an All-In after a blind is the big

    def _money(self, text: str) -> int:
        return to_minor(text.replace(",", ""), self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_HEADER, text)
        self._head = {k: v for k, v in found.items() if v is not None}
        self._head["game"] = header_game(text)
        self._scale = 100 if self._head.get("symbol") else 1  # no symbol: tournament chips
        self._header_span = span

    def TABLE(self, text: str, span: SourceSpan) -> None:
        found = line_fields(_TABLE, text)
        h = self._head
        game = h["game"]
        limit, hi_lo, variant = game_facts(game)
        button = int(found["button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        zone = h.get("zone", "")
        try:
            started = local_time(
                int(h["year"]), int(h["month"]), int(h["day"]),
                int(h["hour"]), int(h["minute"]), int(h["second"]), zone,
            )  # fmt: skip
            small = self._money(h["small"])
            big = self._money(h["big"]) if "big" in h else small
        except (AmountError, ValueError) as err:
            raise LineError.of(self._header_span.line, err) from None
        symbol = h.get("symbol", "")
        self._start = ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h["hand_id"],
            game=game,
            variant=variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=CURRENCY_OF_SYMBOL[symbol] if symbol else "chips",
            scale=self._scale,
            started_at=started,
            time_zone=zone,
            table_name=found["table"],
            # not written: a "(1 on 1)" table seats its two players on seats 4 and 6
            max_seats=None,
            button_seat=button,
            table_span=span,
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
        f = line_fields(_POST, text)
        amount = self._money(f["amount"])
        kind = _POST_KINDS[f["kind"]]
        self._blind_posted |= kind is not ev.PostKind.ANTE
        self._events.append(ev.Posted(span, f["player"], kind, amount))

    def ALL_IN(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_ALL_IN, text)
        player, chips = f["player"], self._money(f["amount"])
        if not self._dealt:  # a blind, all he has: after a blind, the big blind
            kind = ev.PostKind.BIG_BLIND if self._blind_posted else ev.PostKind.SMALL_BLIND
            self._blind_posted = True
            self._events.append(ev.Posted(span, player, kind, chips, all_in=True))
            return
        to = self._money(f["to"]) if f["to"] is not None else None
        verb = ev.Verb.RAISE if f["raise"] else ev.Verb.ALL_IN
        self._events.append(ev.ChipsIn(span, player, verb, chips, to, all_in=True))

    def RAISE(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_RAISE, text)
        # the first amount is the chips put in, not the raise over the bet faced
        added, to = self._money(f["amount"]), self._money(f["to"])
        self._events.append(ev.ChipsIn(span, f["player"], ev.Verb.RAISE, added, to, False))

    def CALL(self, text: str, span: SourceSpan) -> None:
        self._chips(ev.Verb.CALL, line_fields(_CALL_BET, text), span)

    def BET(self, text: str, span: SourceSpan) -> None:
        self._chips(ev.Verb.BET, line_fields(_CALL_BET, text), span)

    def _chips(self, verb: ev.Verb, f: dict[str, str], span: SourceSpan) -> None:
        amount = self._money(f["amount"])
        self._events.append(ev.ChipsIn(span, f["player"], verb, amount, all_in=False))

    def CHECK(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, text.removesuffix(" - Checks")))

    def FOLD(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, text.removesuffix(" - Folds")))

    def RETURNED(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_RETURNED, text)
        self._events.append(ev.UncalledReturned(span, f["player"], self._money(f["amount"])))

    def SHOWS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_SHOWS, text)
        cards = _cards(self.card_notation, f["cards"] or "")
        if " - Mucks" in text:
            self._events.append(ev.Mucked(span, f["player"], cards))
            return
        words = f["words"] or ""
        self._events.append(ev.Shown(span, f["player"], cards, words, _claim(words)))

    def NO_SHOW(self, text: str, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, text.removesuffix(" - Does not show")))

    def COLLECTS(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_COLLECTS, text)
        pot = int(f["side"] or 1) if f["pot"].startswith("side") else 0
        amount = self._money(f["amount"])
        self._events.append(ev.Collected(span, f["player"], amount, pot, True))

    def STREET(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_STREET, text)
        name = f["street"]
        if name == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        street = _STREETS.get(name)
        if street is None:
            raise ValueError(f"no street is called {name!r}")
        if street is ev.Street.PREFLOP:  # the blinds posted are this round's bets
            self._dealt = True
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        # "[5d 3c 9d] [8d]": the board so far, then the new card
        groups = re.findall(r"\[([^\]]*)\]", f["cards"])
        new = _cards(self.card_notation, groups[-1] if groups else "")
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_DEALT, text)
        self._events.append(ev.Dealt(span, f["player"], _cards(self.card_notation, f["cards"])))

    # ------------------------------------------------------------ the summary
    def SUMMARY_MARKER(self, text: str, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, text: str, span: SourceSpan) -> None:
        f = line_fields(_TOTAL, text)
        rake = self._money(f["rake"]) if f["rake"] else None
        self._events.append(ev.SummaryPot(span, self._money(f["total"]), None, (), rake))

    def BOARD(self, text: str, span: SourceSpan) -> None:
        cards = _cards(self.card_notation, text.removeprefix("Board ").strip("[]"))
        self._events.append(ev.SummaryBoard(span, 1, cards))

    def SUMMARY_SEAT(self, text: str, span: SourceSpan) -> None:
        head, _, rest = text.partition(": ")
        seat = int(head.removeprefix("Seat "))
        player = self._seats.get(seat, "")
        if not player or not rest.startswith(player):
            raise ValueError(f"seat {seat} is not the seat of a player listed: {text!r}")
        f = line_fields(_SEAT_TAIL, rest[len(player) :])
        positions = tuple(p for p in ("dealer", "small blind", "big blind")
                          if f"({p})" in f["positions"])  # fmt: skip
        outcome: ev.SummarySeat
        if f["folded"]:
            on = _FOLDED_ON.get(f["folded"], f["folded"])
            outcome = ev.SummarySeat(span, seat, player, positions, ev.SeatOutcome.FOLDED, on)
        elif f["verb"]:
            # "Total ($x) HI:($h) LO:($l)": the halves, else the total
            words = f["won_words"] or ""
            halves = [self._money(h) for h in (f["hi"], f["lo"]) if h]
            won = halves or [self._money(f["won"])]
            results = [ev.SeatResult(won[0], words, _claim(words))]
            results += [ev.SeatResult(amount) for amount in won[1:]]
            hole = _cards(self.card_notation, f["won_cards"] or "")
            kind = ev.SeatOutcome.SHOWED if hole else ev.SeatOutcome.COLLECTED
            outcome = ev.SummarySeat(
                span, seat, player, positions, kind, cards=hole, results=tuple(results)
            )
        else:
            hole = _cards(self.card_notation, f["lost_cards"] or "")
            words = f["lost_words"] or ""
            result = ev.SeatResult(None, words, _claim(words))
            outcome = ev.SummarySeat(
                span, seat, player, positions, ev.SeatOutcome.SHOWED, cards=hole,
                results=(result,),
            )  # fmt: skip
        self._events.append(outcome)


def _claim(words: str) -> Claim:
    """A shown hand's words, kept for messages, not read: "Straight, four to eight", "One
    pair, sevens" (this reader has no reading of Absolute's wordings: nothing is checked,
    and an unworded low is no claim of "no low")."""
    return Claim(words, words, None, low_text="") if words else NO_CLAIM
