"""iPoker hands as PokerTracker writes them back out as text (``grammars/ipoker_text.lark``).

What this layout means (worked out on its hands: each one's "Total pot" adds up only so):

- "Raise to $250.00" and "Call $600.00" are the chips the player puts in with the action
  (from a $50 small blind, "Raise to $250.00" makes his bet $300: the big blind's
  "Raise to $800.00" makes his $900 and the "Call $600.00" matches it): the chips added.
  "Allin $x" names no call, bet or raise: the replay tells it by the bet faced. Only
  "Allin" says all-in (a call, bet or raise line is not all in).
- "Total pot" and "wins" both keep a bet nobody called (its bettor's win holds it), and
  are net of the rake: the pot was "Total pot" + "Rake" less that bet (the replay returns
  it by the rules and takes it out of both: Hand.wins_hold_returns).
- Cards are written suit first, as in the XML ("C7 SQ HJ CK"); no time zone.
"""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.cards import Card
from auditor.money import to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, variant
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader
from auditor.read.split import RawHand
from auditor.rooms.ipoker.games import SITE, card_of
from auditor.source import SourceSpan

_POSTS = {"SB": ev.PostKind.SMALL_BLIND, "BB": ev.PostKind.BIG_BLIND, "Ante": ev.PostKind.ANTE}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_NEW_FROM = {ev.Street.FLOP: 0, ev.Street.TURN: 3, ev.Street.RIVER: 4}  # a board's new cards


class IPokerTextReader(CommonLines, FieldsReader):
    """Reads one hand of the text layout into events; not thread-safe (one per process)."""

    GRAMMAR = "ipoker_text"

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._head: dict[str, str] = {}
        self._head_span = SourceSpan(raw.file, raw.first_line, 1)
        self._started: datetime | None = None
        self._currency = ""
        self._table_name = ""
        self._won: list[tuple[SourceSpan, str, int]] = []
        self._pot: tuple[SourceSpan, int, int | None] | None = None

    def _open(self) -> bool:
        return bool(self._head)

    def _money(self, text: str) -> int:
        return to_minor(text, 100)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return tuple(card_of(c) for c in text.split())

    # ------------------------------------------------------------ the head
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._head, self._head_span = f.groupdict(), span
        self._started = datetime.strptime(f["head_date"], "%Y-%m-%d %H:%M:%S")
        sign = f["head_small"][0]
        self._currency = CURRENCY_OF_SYMBOL.get(sign, "")

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._table_name = f["table_name"]

    def SERVER(self, f: Fields, span: SourceSpan) -> None:
        return  # the iPoker server PokerTracker read the hand from

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        if not self._currency and f["seat_sign"]:
            self._currency = CURRENCY_OF_SYMBOL.get(f["seat_sign"], "")
        super().SEAT(f, span)

    def BLIND(self, f: Fields, span: SourceSpan) -> None:
        kind, amount = _POSTS[f["blind_kind"]], self._money(f["blind_amount"])
        self._events.append(ev.Posted(span, f["blind_who"], kind, amount))

    def HOLE(self, f: Fields, span: SourceSpan) -> None:
        return  # the hole cards' street: the posts are over

    def SUMMARY(self, f: Fields, span: SourceSpan) -> None:
        return  # the total pot and the wins follow

    # ------------------------------------------------------------ the play
    # the chips put in with the action (the module's docstring); only "Allin" says all-in
    def CALL(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(f, span, ev.Verb.CALL, f["call_amount"], False)

    def BET(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(f, span, ev.Verb.BET, f["bet_amount"], False)

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(f, span, ev.Verb.RAISE, f["raise_amount"], False)

    def ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        self._put_in(f, span, ev.Verb.ALL_IN, f["all_in_amount"], True)

    def _put_in(self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, all_in: bool) -> None:
        self._events.append(ev.ChipsIn(span, f["who"], verb, self._money(added), all_in=all_in))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        board = self._cards(f["street_cards"])  # the whole board so far
        street = _STREETS[f["street_name"]]
        self._events.append(ev.StreetDealt(span, street, 1, board, board[_NEW_FROM[street] :]))

    # ------------------------------------------------------------ the summary
    def TOTAL(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["pot_rake"]) if f["pot_rake"] else None
        self._pot = (span, self._money(f["pot_total"]), rake)

    def WIN(self, f: Fields, span: SourceSpan) -> None:
        self._won.append((span, f["win_who"], self._money(f["win_amount"])))

    # ------------------------------------------------------------ the hand
    def _heads_up_button(self) -> int | None:
        """The layout writes no button; heads-up, the button is the small blind (its
        hands are of "Heads Up" tables), so two seats name it; more do not."""
        small = [
            e.player
            for e in self._events
            if isinstance(e, ev.Posted) and e.kind is ev.PostKind.SMALL_BLIND
        ]
        if len(self._seats) == 2 and len(small) == 1:
            return next((s for s, p in self._seats.items() if p == small[0]), None)
        return None

    def _hand(self, raw: RawHand) -> ev.Hand:
        if not self._head:  # cannot be: the grammar starts with the header
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no hand header")
        h = self._head
        cards = max((len(e.cards) for e in self._events if isinstance(e, ev.Dealt)), default=4)
        start = ev.HandStarted(
            self._head_span,
            site=SITE,
            hand_id=h["head_id"],
            game=h["head_game"],
            variant=variant(ev.Limit.POT, False, cards),
            # the header names no limit: PokerTracker's iPoker "Omaha" is pot limit
            limit=ev.Limit.POT,
            hi_lo=False,
            hole_card_count=cards,
            small_stake=self._money(h["head_small"]),
            big_stake=self._money(h["head_big"]),
            currency=self._currency or "chips",
            scale=100,
            started_at=self._started,
            time_zone="",
            table_name=self._table_name,
            max_seats=None,
            button_seat=self._heads_up_button(),
        )
        events: list[ev.Event] = [start, *self._events]
        if self._pot is not None:  # "Total pot" is net of the rake
            span, total, rake = self._pot
            gross = total + (rake or 0)
            events += [ev.SummaryStarted(span), ev.SummaryPot(span, gross, None, (), rake)]
        for span, player, won in self._won:
            events.append(ev.Collected(span, player, won))
        # the bet nobody called is in "Total pot" and in its bettor's "wins" (docstring)
        return ev.Hand(start, tuple(events), uncalled_returns_written=False, wins_hold_returns=True)
