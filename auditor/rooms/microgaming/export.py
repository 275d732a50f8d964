"""PokerTracker's text of Microgaming hands ("** Hand # N starting - ..."), read with its
grammar (``grammars/microgaming_export.lark``): a Transformer, one method per line rule,
runs as the LALR parser reduces each line, so the events come out in file order.

What the export means:

- "raised to €1.25", "called - €1.00", "bet - €1.50", "went all-in - €21.26": the chips
  the player puts in with this action (in 5029053937 the €0.25 small blind "raised to
  €1.25" and the €0.50 big blind "called - €1.00": both have €1.50 in): chips lines
  (ChipsIn) the replay tells a bet, call or raise, as the bets before them make them.
- "wins €X from the main pot": what the pot paid after the rake ("Rake: €0.15"). No line
  returns a bet nobody called: when the hand ends with every other player folded, the
  winner's "wins" is all he took back, his unmatched bet with it (5029053937: €4.35 + the
  €0.15 rake = the €3.00 pot + his uncalled €1.50 flop bet); after a showdown it is the
  pots only (5870377181: €96.77 + €1.50 = the €98.27 the three players matched).
- The time has no zone.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import datetime
from typing import Any

import lark
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError, SeatError, variant
from auditor.parse.grammar import grammar_text, new_lark, private_cache_folder
from auditor.read.split import RawHand
from auditor.rooms.microgaming.games import LIMITS, SITE, is_hi_lo
from auditor.rooms.microgaming.reader import last_round_bets
from auditor.source import SourceSpan

NOTATION = CardNotation("tens as 10", ten="10")
SCALE = 100
_STREETS = {"flop": ev.Street.FLOP, "turn": ev.Street.TURN, "river": ev.Street.RIVER}
_BLINDS = {"small blind": ev.PostKind.SMALL_BLIND, "big blind": ev.PostKind.BIG_BLIND}


def _lark(lines: _Lines) -> Lark:
    """The export's LALR parser, ``lines``' methods run as it reduces each line rule."""
    text = grammar_text("microgaming_export")
    folder = private_cache_folder()
    digest = hashlib.sha256(f"{text}\0{lark.__version__}".encode()).hexdigest()[:16]
    cache: str | bool = str(folder / f"microgaming_export-{digest}.lark-cache") if folder else False
    return new_lark(text, parser="lalr", lexer="contextual", transformer=lines, cache=cache)


def _cards(text: str) -> tuple[Card, ...]:
    return NOTATION.cards(text.replace(",", " "))


class _Lines(Transformer[Token, None]):
    """One hand's lines into events (``events``)."""

    def __init__(self) -> None:
        super().__init__()
        self.begin(RawHand("", 1, ()))

    def begin(self, raw: RawHand) -> None:
        """Forget the last hand: ``raw`` is read next."""
        self.raw = raw
        self.events: list[ev.Event] = []
        self.head: dict[str, Any] = {}
        self.board: tuple[Card, ...] = ()
        self.symbol = ""
        self.button: int | None = None
        self.seats: set[int] = set()
        self.collected: list[ev.Collected] = []
        self.rake_taken = 0
        self.showdown = False

    def _span(self, token: Token) -> SourceSpan:
        return SourceSpan(self.raw.file, self.raw.first_line + (token.line or 1) - 1)

    def _money(self, token: Token) -> int:
        text = str(token)
        if not text[0].isdigit():
            self.symbol = self.symbol or text[0]
        try:
            return to_minor(text.lstrip(text[0]) if not text[0].isdigit() else text, SCALE)
        except AmountError as err:
            raise LineError.of(self._span(token).line, err) from None

    def header(self, items: list[Token]) -> None:
        hand_id, date, time = items
        try:
            started = datetime.strptime(f"{date} {time}", "%Y-%m-%d %H:%M:%S")
        except ValueError:  # month 0, day 32...: the header line's problem
            raise LineError(self._span(hand_id).line, f"no such date: {date} {time}") from None
        self.head.update(
            span=self._span(hand_id),
            hand_id=str(hand_id),
            started=started,
        )

    def table(self, items: list[Token]) -> None:
        name, game, small, big, limit = items[:5]
        self.head.update(table=str(name), game=str(game), small=small, big=big, limit=limit)
        self.head["table_span"] = self._span(name)

    def seat(self, items: list[Token]) -> None:
        player, number, stack = items[:3]
        seat = int(number)
        if seat in self.seats or seat < 1:
            raise LineError.of(self._span(player).line, SeatError(f"seat {seat} listed twice"))
        self.seats.add(seat)
        if len(items) > 3:
            self.button = seat
        self.events.append(ev.SeatTaken(self._span(player), seat, str(player), self._money(stack)))

    def post(self, items: list[Token]) -> None:
        player, blind, amount = items
        chips = self._money(amount)
        self.events.append(ev.Posted(self._span(player), str(player), _BLINDS[str(blind)], chips))

    def dealt(self, items: list[Token]) -> None:
        player, cards = items
        self.events.append(ev.Dealt(self._span(player), str(player), _cards(cards)))

    def _put_in(self, player: Token, amount: Token, verb: ev.Verb) -> None:
        # the chips put in with the action: a bet, call or raise as the replay tells
        # them ("raised to" with nothing bet is a bet); all-in is said in its own line
        name, chips, span = str(player), self._money(amount), self._span(player)
        all_in = verb is ev.Verb.ALL_IN
        self.events.append(ev.ChipsIn(span, name, verb, chips, all_in=all_in))

    def raised(self, items: list[Token]) -> None:
        self._put_in(items[0], items[1], ev.Verb.CHIPS)

    def call(self, items: list[Token]) -> None:
        self._put_in(items[0], items[1], ev.Verb.CALL)

    def bet(self, items: list[Token]) -> None:
        self._put_in(items[0], items[1], ev.Verb.CHIPS)

    def allin(self, items: list[Token]) -> None:
        self._put_in(items[0], items[1], ev.Verb.ALL_IN)

    def check(self, items: list[Token]) -> None:
        self.events.append(ev.Checked(self._span(items[0]), str(items[0])))

    def fold(self, items: list[Token]) -> None:
        self.events.append(ev.Folded(self._span(items[0]), str(items[0])))

    def shows(self, items: list[Token]) -> None:
        player, cards = items
        self.showdown = True
        self.events.append(ev.Shown(self._span(player), str(player), _cards(cards)))

    def mucks(self, items: list[Token]) -> None:
        cards = _cards(items[1]) if len(items) > 1 else ()
        self.events.append(ev.Mucked(self._span(items[0]), str(items[0]), cards))

    def street(self, items: list[Token]) -> None:
        name, cards = items
        new = _cards(cards)
        self.board += new
        span = self._span(name)
        self.events.append(ev.StreetDealt(span, _STREETS[str(name)], 1, self.board, new))

    def wins(self, items: list[Token]) -> None:
        player, amount, pot = items
        side = str(pot).startswith("side")
        number = int(str(pot).rsplit(" ", 1)[1]) if side and str(pot)[-1].isdigit() else int(side)
        span = self._span(player)
        self.collected.append(ev.Collected(span, str(player), self._money(amount), number, True))

    def rake(self, items: list[Token]) -> None:
        self.rake_taken = self._money(items[0])
        self.head["rake_span"] = self._span(items[0])


class ExportReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    def __init__(self) -> None:
        self._lines = _Lines()
        self._parser: Lark | None = None

    def read(self, raw: RawHand) -> ev.Hand:
        if self._parser is None:  # lark is loaded when a hand of the export is read
            self._parser = _lark(self._lines)
        lines = self._lines
        lines.begin(raw)
        text = "\n".join(raw.lines) + "\n"
        try:
            self._parser.parse(text)
            return _hand(raw, lines)
        except LineError as err:
            line_text = raw.lines[err.line - raw.first_line] if raw.lines else ""
            raise HandParseError(raw.file, err.line, 1, line_text, err.problem, err.code) from None
        except UnexpectedInput as err:
            raise _parse_error(raw, text, err) from None


def _hand(raw: RawHand, lines: _Lines) -> ev.Hand:
    head = lines.head
    try:  # the header's stakes: a problem with them is the header line's
        small = to_minor(str(head["small"]), SCALE)
        big = to_minor(str(head["big"]), SCALE)
    except AmountError as err:
        raise LineError.of(raw.first_line, err) from None
    limit = LIMITS[str(head["limit"])]
    game = str(head["game"])
    hi_lo = is_hi_lo(game)
    start = ev.HandStarted(
        head["span"],
        site=SITE,
        hand_id=head["hand_id"],
        game=f"{game} {head['limit']}",
        variant=variant(limit, hi_lo, 4),
        limit=limit,
        hi_lo=hi_lo,
        hole_card_count=4,
        small_stake=small,
        big_stake=big,
        currency=CURRENCY_OF_SYMBOL.get(lines.symbol, "chips"),
        scale=SCALE,
        started_at=head["started"],
        time_zone="",
        table_name=head["table"],
        max_seats=None,
        button_seat=lines.button,
        table_span=head["table_span"],
    )
    wins = lines.collected
    if not lines.showdown:
        wins = _net_of_return(wins, last_round_bets(lines.events))
    won = sum(win.amount for win in wins)
    span = head.get("rake_span", wins[-1].span if wins else head["span"])
    pot = ev.SummaryPot(span, won + lines.rake_taken, None, (), lines.rake_taken)
    events = (start, *lines.events, *wins, pot)
    return ev.Hand(start, events, uncalled_returns_written=False)


def _net_of_return(wins: list[ev.Collected], bets: dict[str, int]) -> list[ev.Collected]:
    """The winner's "wins" without his unmatched bet (see the module's docstring)."""
    ranked = sorted(bets.values(), reverse=True)
    if not ranked:
        return wins
    unmatched = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
    top = max(bets, key=lambda name: bets[name])
    return [
        replace(win, amount=win.amount - unmatched)
        if win.player == top and unmatched > 0 and win.amount >= unmatched
        else win
        for win in wins
    ]


def _parse_error(raw: RawHand, text: str, err: UnexpectedInput) -> HandParseError:
    line = max(getattr(err, "line", 1) or 1, 1)
    column = max(getattr(err, "column", 1) or 1, 1)
    at = min(line, len(raw.lines)) if raw.lines else 1
    shown = raw.lines[at - 1] if raw.lines else ""
    if isinstance(err, UnexpectedToken):
        expected = ", ".join(sorted(err.expected))
    elif isinstance(err, UnexpectedCharacters):
        expected = ", ".join(sorted(err.allowed or ()))
    elif isinstance(err, UnexpectedEOF):
        expected = ", ".join(sorted(err.expected))
    else:
        expected = "a line of PokerTracker's Microgaming export"
    context = err.get_context(text) if line <= len(raw.lines) else ""
    return HandParseError(
        raw.file, raw.first_line + at - 1, column, shown, expected or "a line", context=context
    )
