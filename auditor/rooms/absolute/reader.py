"""Absolute Poker hands to events.

The grammar (``grammars/absolute.lark``) decides which kind each line is; each line
terminal is one regular expression with named fields. The methods here, one per line
terminal, run as lexer callbacks (so the events come out in file order) and read a
line's fields by name from its terminal's own pattern.

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

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.text_reader import Fields, FieldsReader, take_seat
from auditor.read.split import RawHand
from auditor.rooms.absolute.games import game_facts
from auditor.source import SourceSpan

SITE = "Absolute"

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
_POSITIONS = ("dealer", "small blind", "big blind")
_TIME = ("year", "month", "day", "hour", "minute", "second")  # the header's time fields
# what may follow a player's name (the grammar's PLAYER_LINE), in its order
_PLAYER_KINDS = (
    "POST", "ALL_IN", "RAISE", "CALL", "BET", "CHECK", "FOLD", "RETURNED", "SHOWS", "MUCKS",
    "NO_SHOW", "COLLECTS",
)  # fmt: skip
# the runs of lines the lexer takes as one token, with their line kinds in the grammar's order
_BLOCKS = {
    "SEATS": ("SEAT",),
    "PLAY": ("STREET", "DEALT", *_PLAYER_KINDS),
    "SUMMARY": ("TOTAL_POT", "BOARD", "SUMMARY_SEAT"),
}
_SINGLES = ("HEADER", "TABLE", "SUMMARY_MARKER")
_WORDS = {
    "HEADER": "a hand header (Stage #N: Omaha Hi/Lo  Normal $30/$60 - 2009-12-31 18:23:36 (ET))",
    "TABLE": "the table line (Table: NAME (Real Money) Seat #N is the dealer)",
    "SEATS": "a seat line (Seat N - NAME ($x in chips))",
    "PLAY": "a line of play (NAME - Calls $x, *** FLOP *** [..])",
    "SUMMARY_MARKER": "*** SUMMARY ***",
    "SUMMARY": "a summary line (Total Pot($x) | Rake ($y), Board [..], Seat N: NAME ...)",
}


def _cards(text: str) -> tuple[Card, ...]:
    """Absolute writes the ten as "10" on some lines ("[10s 5d Kh Qh 8c]")."""
    return LETTERS.cards(text.replace("10", "T"))


class AbsoluteReader(FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    WORDS = _WORDS

    def __init__(self) -> None:
        self._wire("absolute", _SINGLES, _BLOCKS)

    def _run(self, block: str, kinds: tuple[str, ...]) -> str:
        if block != "PLAY":
            return super()._run(block, kinds)
        # a player's line: the name once, then the kinds that follow it (as PLAYER_LINE;
        # the kinds' own patterns at once would hold the name's group name twice)
        tails = "|".join(f"{self._pattern(kind)}(?P<{kind}>)" for kind in _PLAYER_KINDS)
        player = f"(?:{self._pattern('WHO')}(?:{tails}){self._pattern('EOL')})"
        others = (f"(?:{self._pattern(kind)}(?P<{kind}>))" for kind in kinds[:2])
        return "|".join([*others, player])

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _reset(self, raw: RawHand) -> None:
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._head: dict[str, str] = {}
        self._header_span = SourceSpan(raw.file, raw.first_line, 1)
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._board: tuple[Card, ...] = ()
        self._summary = False
        self._dealt = False  # the pocket cards are dealt: an All-In is no blind
        self._blind_posted = False  # before the cards: an All-In after a blind is the big

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:  # cannot be: the grammar wants the table line
            raise LineError(raw.first_line, "no table line")
        cut = None if self._summary else SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1)
        return ev.Hand(self._start, tuple(self._events), cut is not None, cut)

    def _money(self, text: str) -> int:
        return to_minor(text.replace(",", ""), self._scale)

    # ------------------------------------------------------------ the hand's head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head = {k.removeprefix("head_"): v for k, v in f.groupdict().items() if v}
        self._scale = 100 if "symbol" in self._head else 1  # no symbol: tournament chips
        self._header_span = span

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        h = self._head
        game = f"{h['game']} {h['limit']}"
        limit, hi_lo, variant = game_facts(game)
        button = int(f["table_button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        zone = h.get("zone", "")
        try:
            y, mo, d, hh, mi, ss = (int(h[part]) for part in _TIME)
            started = local_time(y, mo, d, hh, mi, ss, zone)
            small = self._money(h["small"])
            big = self._money(h["big"]) if "big" in h else small
        except (AmountError, ValueError) as err:
            raise LineError.of(self._header_span.line, err) from None
        symbol = h.get("symbol", "")
        self._start = ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h["id"],
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
            table_name=f["table_name"],
            # not written: a "(1 on 1)" table seats its two players on seats 4 and 6
            max_seats=None,
            button_seat=button,
            table_span=span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["seat_stack"])))

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind = _POST_KINDS[f["post_kind"]]
        self._blind_posted |= kind is not ev.PostKind.ANTE
        self._events.append(ev.Posted(span, f["who"], kind, self._money(f["post_amount"])))

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        player, chips = f["who"], self._money(f["allin_amount"])
        if not self._dealt:  # a blind, all he has: after a blind, the big blind
            kind = ev.PostKind.BIG_BLIND if self._blind_posted else ev.PostKind.SMALL_BLIND
            self._blind_posted = True
            self._events.append(ev.Posted(span, player, kind, chips, all_in=True))
            return
        to = self._money(f["allin_to"]) if f["allin_to"] is not None else None
        verb = ev.Verb.RAISE if f["allin_raise"] else ev.Verb.ALL_IN
        self._events.append(ev.ChipsIn(span, player, verb, chips, to, all_in=True))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        # the first amount is the chips put in, not the raise over the bet faced
        added, to = self._money(f["raise_amount"]), self._money(f["raise_to"])
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.RAISE, added, to, False))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        added = self._money(f["call_amount"])
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.CALL, added, all_in=False))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        added = self._money(f["bet_amount"])
        self._events.append(ev.ChipsIn(span, f["who"], ev.Verb.BET, added, all_in=False))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def RETURNED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["returned_amount"])
        self._events.append(ev.UncalledReturned(span, f["who"], amount))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        words = f["shows_words"] or ""
        cards = _cards(f["shows_cards"])
        self._events.append(ev.Shown(span, f["who"], cards, words, _claim(words)))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["who"], _cards(f["mucks_cards"] or "")))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["who"]))

    def COLLECTS(self, f: Fields, span: SourceSpan) -> None:
        pot = int(f["collects_side_number"] or 1) if f["collects_side"] else 0
        amount = self._money(f["collects_amount"])
        self._events.append(ev.Collected(span, f["who"], amount, pot, True))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        name = f["street_name"]
        if name == "SHOW DOWN":
            self._events.append(ev.ShowdownStarted(span, 1))
            return
        street = _STREETS[name]
        if street is ev.Street.PREFLOP:
            self._dealt = True
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        # "[5d 3c 9d] [8d]": the board so far, then the new card
        new = _cards(f["street_new"] or "")
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["dealt_who"], _cards(f["dealt_cards"])))

    # ------------------------------------------------------------ the summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["pot_rake"]) if f["pot_rake"] else None
        self._events.append(ev.SummaryPot(span, self._money(f["pot_total"]), None, (), rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, _cards(f["board_cards"])))

    def SUMMARY_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["sum_seat"]), f["sum_who"]
        if self._seats.get(seat) != player:
            raise ValueError(f"seat {seat} is not the seat of a player listed: {player!r}")
        positions = tuple(p for p in _POSITIONS if f"({p})" in f["sum_positions"])
        outcome: ev.SummarySeat
        if f["sum_folded"]:
            on = _FOLDED_ON.get(f["sum_folded"], f["sum_folded"])
            outcome = ev.SummarySeat(span, seat, player, positions, ev.SeatOutcome.FOLDED, on)
        elif f["sum_verb"]:
            # "Total ($x) HI:($h) LO:($l)": the halves, else the total
            words = f["sum_won_words"] or ""
            halves = [self._money(h) for h in (f["sum_hi"], f["sum_lo"]) if h]
            won = halves or [self._money(f["sum_won"])]
            results = [ev.SeatResult(won[0], words, _claim(words))]
            results += [ev.SeatResult(amount) for amount in won[1:]]
            hole = _cards(f["sum_won_cards"] or "")
            kind = ev.SeatOutcome.SHOWED if hole else ev.SeatOutcome.COLLECTED
            outcome = ev.SummarySeat(
                span, seat, player, positions, kind, cards=hole, results=tuple(results)
            )
        else:
            hole = _cards(f["sum_lost_cards"] or "")
            words = f["sum_lost_words"] or ""
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
