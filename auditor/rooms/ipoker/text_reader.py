"""iPoker hands as PokerTracker writes them back out as text (``grammars/ipoker_text.lark``).

What this layout means (worked out on its hands: each one's "Total pot" adds up only so):

- "Raise to $250.00" and "Call $600.00" are the chips the player puts in with the action
  (from a $50 small blind, "Raise to $250.00" makes his bet $300: the big blind's
  "Raise to $800.00" makes his $900 and the "Call $600.00" matches it): the chips added.
  "Allin $x" names no call, bet or raise: the replay tells it by the bet faced. Only
  "Allin" says all-in (a call, bet or raise line is not all in).
- "Total pot" and "wins" both keep a bet nobody called (its bettor's win holds it), and
  are net of the rake: the pot was "Total pot" + "Rake" less that bet. The reader takes
  the uncalled part back out (the replay returns it by the rules: no line is written).
- Cards are written suit first, as in the XML ("C7 SQ HJ CK"); no time zone.
"""

from __future__ import annotations

import re
from datetime import datetime

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, variant
from auditor.parse.grammar import build_parser
from auditor.read.split import RawHand
from auditor.rooms.ipoker.games import SITE, card_of
from auditor.source import SourceSpan

_MONEY = r"(?P<sign>[$€£]?)(?P<{0}>[0-9][0-9,]*(?:\.[0-9]+)?)"
_HEADER = re.compile(
    r"GAME #(?P<id>[0-9]+): (?P<game>.+?) (?P<small>[$€£]?[0-9][0-9,.]*)/"
    r"(?P<big>[$€£]?[0-9][0-9,.]*) - (?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8})"
)
_TABLE = re.compile(r"Table (?P<table>.+?)\s*$")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<player>.+) \(" + _MONEY.format("stack") + " in chips\\)"
)
_POST = re.compile(r"(?P<player>.+): (?P<kind>SB|BB|Ante) " + _MONEY.format("amount"))
_DEALT = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]")
_ACTION = re.compile(
    r"(?P<player>.+): (?P<verb>Fold|Check|Call|Bet|Raise to|Allin|All-in)(?: "
    + _MONEY.format("amount")
    + ")?"
)
_STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]")
_TOTAL = re.compile(
    r"Total pot " + _MONEY.format("total") + r"(?: Rake [$€£]?(?P<rake>[0-9][0-9,]*(?:\.[0-9]+)?))?"
)
_WINS = re.compile(r"(?P<player>.+): wins " + _MONEY.format("amount"))
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_VERBS = {
    "Call": ev.Verb.CALL,
    "Bet": ev.Verb.BET,
    "Raise to": ev.Verb.RAISE,
    "Allin": ev.Verb.ALL_IN,
    "All-in": ev.Verb.ALL_IN,
}
_POSTS = {"SB": ev.PostKind.SMALL_BLIND, "BB": ev.PostKind.BIG_BLIND, "Ante": ev.PostKind.ANTE}

HEADER_START = "GAME #"


class IPokerTextReader:
    """Reads one hand of the text layout into events (lexer callbacks, in file order)."""

    def __init__(self) -> None:
        self._parser: Lark = build_parser(
            "ipoker_text",
            {
                "HEADER": self._header,
                "TABLE": self._table,
                "SEAT": self._seat,
                "POST": self._post,
                "DEALT": self._dealt,
                "ACTION": self._action,
                "STREET": self._street,
                "TOTAL": self._total,
                "WINS": self._wins,
            },
        )
        self._reset(RawHand("", 1, ()))

    def _reset(self, raw: RawHand) -> None:
        self._raw = raw
        self._events: list[ev.Event] = []
        self._header_fields: dict[str, str] = {}
        self._table_name = ""
        self._scale = 100
        self._won: list[tuple[SourceSpan, str, int]] = []
        self._pot: tuple[SourceSpan, int, int | None] | None = None
        self._started: datetime | None = None

    def read(self, raw: RawHand) -> ev.Hand:
        self._reset(raw)
        text = "\n".join(raw.lines) + "\n"
        try:
            self._parser.parse(text, start="start")
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, self._line(err.line), err.problem, err.code
            ) from None
        except (UnexpectedCharacters, UnexpectedToken, UnexpectedEOF, UnexpectedInput) as err:
            line = raw.first_line + max(getattr(err, "line", 1), 1) - 1
            column = max(getattr(err, "column", 1), 1)
            expected = (
                ", ".join(sorted(getattr(err, "expected", ()) or ())) or "a line of the layout"
            )
            raise HandParseError(raw.file, line, column, self._line(line), expected) from None
        return self._hand()

    def _line(self, line: int) -> str:
        at = line - self._raw.first_line
        return self._raw.lines[at] if 0 <= at < len(self._raw.lines) else ""

    def _span(self, token: Token) -> SourceSpan:
        return SourceSpan(self._raw.file, self._raw.first_line + (token.line or 1) - 1)

    def _fields(self, pattern: re.Pattern[str], token: Token) -> dict[str, str]:
        found = pattern.match(token.strip())
        if found is None:
            raise LineError(self._span(token).line, f"a line of the form {pattern.pattern!r}")
        return found.groupdict()

    def _money(self, token: Token, text: str) -> int:
        try:
            return to_minor(text, self._scale)
        except AmountError as err:
            raise LineError.of(self._span(token).line, err) from None

    def _header(self, token: Token) -> Token:
        fields = self._fields(_HEADER, token)
        self._header_fields = fields
        self._header_span = self._span(token)
        try:
            self._started = datetime.strptime(fields["date"], "%Y-%m-%d %H:%M:%S")
        except ValueError as err:
            raise LineError(self._header_span.line, f"a date: {err}") from None
        sign = fields["small"][0] if not fields["small"][0].isdigit() else ""
        self._currency = CURRENCY_OF_SYMBOL.get(sign, "")
        return token

    def _table(self, token: Token) -> Token:
        self._table_name = self._fields(_TABLE, token)["table"]
        return token

    def _seat(self, token: Token) -> Token:
        fields = self._fields(_SEAT, token)
        seat = int(fields["seat"])
        if not 0 < seat <= SEAT_LIMIT:
            raise LineError(self._span(token).line, f"seat {seat} is not a seat a table can have")
        if not self._currency and fields["sign"]:
            self._currency = CURRENCY_OF_SYMBOL.get(fields["sign"], "")
        stack = self._money(token, fields["stack"])
        self._events.append(ev.SeatTaken(self._span(token), seat, fields["player"], stack))
        return token

    def _post(self, token: Token) -> Token:
        fields = self._fields(_POST, token)
        amount = self._money(token, fields["amount"])
        player = fields["player"]
        self._events.append(ev.Posted(self._span(token), player, _POSTS[fields["kind"]], amount))
        return token

    def _dealt(self, token: Token) -> Token:
        fields = self._fields(_DEALT, token)
        cards = tuple(card_of(c) for c in fields["cards"].split())
        self._events.append(ev.Dealt(self._span(token), fields["player"], cards))
        return token

    def _action(self, token: Token) -> Token:
        fields = self._fields(_ACTION, token)
        span, player, verb = self._span(token), fields["player"], fields["verb"]
        amount = self._money(token, fields["amount"]) if fields["amount"] else 0
        if verb != "Fold" and verb != "Check" and not fields["amount"]:
            raise LineError(span.line, f"an amount after {verb!r}")
        event: ev.Event
        if verb == "Fold":
            event = ev.Folded(span, player)
        elif verb == "Check":
            event = ev.Checked(span, player)
        else:  # the chips put in with the action (module docstring)
            all_in = verb in ("Allin", "All-in")
            event = ev.ChipsIn(span, player, _VERBS[verb], amount, all_in=all_in)
        self._events.append(event)
        return token

    def _street(self, token: Token) -> Token:
        fields = self._fields(_STREET, token)
        board = tuple(card_of(c) for c in fields["cards"].split())
        street = _STREETS[fields["street"]]
        new = board[{ev.Street.FLOP: 0, ev.Street.TURN: 3, ev.Street.RIVER: 4}[street] :]
        self._events.append(ev.StreetDealt(self._span(token), street, 1, board, new))
        return token

    def _total(self, token: Token) -> Token:
        fields = self._fields(_TOTAL, token)
        rake = self._money(token, fields["rake"]) if fields["rake"] else None
        self._pot = (self._span(token), self._money(token, fields["total"]), rake)
        return token

    def _wins(self, token: Token) -> Token:
        fields = self._fields(_WINS, token)
        self._won.append(
            (self._span(token), fields["player"], self._money(token, fields["amount"]))
        )
        return token

    def _button(self) -> int | None:
        """The layout writes no button; heads-up, the button is the small blind (its
        hands are of "Heads Up" tables), so two seats name it; more do not."""
        seats = {e.player: e.seat for e in self._events if isinstance(e, ev.SeatTaken)}
        small = [
            e.player
            for e in self._events
            if isinstance(e, ev.Posted) and e.kind is ev.PostKind.SMALL_BLIND
        ]
        if len(seats) == 2 and len(small) == 1:
            return seats.get(small[0])
        return None

    def _hand(self) -> ev.Hand:
        fields = self._header_fields
        cards = max((len(e.cards) for e in self._events if isinstance(e, ev.Dealt)), default=4)
        start = ev.HandStarted(
            self._header_span,
            site=SITE,
            hand_id=fields["id"],
            game=fields["game"],
            variant=variant(ev.Limit.POT, False, cards),
            # the header names no limit: PokerTracker's iPoker "Omaha" is pot limit
            limit=ev.Limit.POT,
            hi_lo=False,
            hole_card_count=cards,
            small_stake=to_minor(fields["small"], self._scale),
            big_stake=to_minor(fields["big"], self._scale),
            currency=self._currency or "chips",
            scale=self._scale,
            started_at=self._started,
            time_zone="",
            table_name=self._table_name,
            max_seats=None,
            button_seat=self._button(),
        )
        # the bet nobody called is in "Total pot" and in its bettor's "wins" (docstring)
        ranked = sorted(_put_in(self._events).items(), key=lambda item: item[1], reverse=True)
        uncalled: dict[str, int] = {}
        if len(ranked) > 1 and ranked[0][1] > ranked[1][1]:
            uncalled[ranked[0][0]] = ranked[0][1] - ranked[1][1]
        events: list[ev.Event] = [start, *self._events]
        if self._pot is not None:
            span, total, rake = self._pot
            gross = total - sum(uncalled.values()) + (rake or 0)
            events += [ev.SummaryStarted(span), ev.SummaryPot(span, gross, None, (), rake)]
        for span, player, won in self._won:
            events.append(ev.Collected(span, player, won - uncalled.get(player, 0)))
        return ev.Hand(start, tuple(events), uncalled_returns_written=False)


def _put_in(events: list[ev.Event]) -> dict[str, int]:
    """Each player's chips put in over the hand, as its lines write them (every chips line
    gives the chips added): the bet nobody called is the most put in past the next."""
    put_in: dict[str, int] = {}
    for event in events:
        if isinstance(event, ev.Posted):
            put_in[event.player] = put_in.get(event.player, 0) + event.amount
        elif isinstance(event, ev.ChipsIn):
            put_in[event.player] = put_in.get(event.player, 0) + (event.added or 0)
    return put_in
