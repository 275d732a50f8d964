"""Microgaming's XML hands (``<Game hhversion=...>``) read into events with the XML rooms'
one reader (auditor/parse/xml_elements.py): the layout is the table below, each element
read by the method named after it (the meanings of elements and attributes: README.md)."""

from __future__ import annotations

import base64
import binascii
from dataclasses import replace
from datetime import datetime

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.findings import Code
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError
from auditor.parse.xml_elements import ElementReader, Node, NodeError, Tag
from auditor.rooms.microgaming.games import LIMITS, SCALE, hand_started
from auditor.source import SourceSpan

NOTATION = CardNotation("tens as 10", ten="10")
_STREETS = {"DealFlop": ev.Street.FLOP, "DealTurn": ev.Street.TURN, "DealRiver": ev.Street.RIVER}
_POSTS = {
    "SmallBlind": ev.PostKind.SMALL_BLIND,
    "BigBlind": ev.PostKind.BIG_BLIND,
    # a newcomer's or returning player's post out of the blinds' seats: live chips (in
    # 5905509634 his 5.00 and 30.00 raise make the 35.00 seat 4 calls)
    "PostedToPlay": ev.PostKind.LIVE,
}
_QUIET = frozenset({"Disconnect", "Reconnect", "SitOut", "SitIn"})


def currency(symbol_base64: str) -> str:
    """The ISO code of a ``currencysymbol`` (the symbol, UTF-16LE, in base64; "rCA=" is
    "€"); "chips" for none (play money)."""
    try:
        symbol = base64.b64decode(symbol_base64, validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError):
        symbol = symbol_base64
    return CURRENCY_OF_SYMBOL.get(symbol.strip(), symbol.strip() or "chips")


ELEMENTS = {
    "Game": Tag(
        "the hand", reads=("id", "gametype", "betlimit", "stakes", "date", "rake"), inside=True
    ),
    "Seats": Tag("the seats"),
    "Seat": Tag("a seat, or a winner of its Win action", ("num",), ("alias", "balance")),
    "Gameplay": Tag("the play", inside=True),
    "Action": Tag("a post, deal, street, action or win", reads=("type", "seat", "value")),
    "Card": Tag("a card of its action", reads=("value", "suit"), inside=True),
}
# an Action's type -> the chips line it is (the layout says all-in in its own type)
_CHIPS = {"Call": ev.Verb.CALL, "Bet": ev.Verb.CHIPS, "Raise": ev.Verb.CHIPS}


class MicrogamingReader(ElementReader):
    """Reads one ``<Game>`` element; keeps no state between hands."""

    ELEMENTS = ELEMENTS

    def _read(self, nodes: list[Node]) -> ev.Hand:
        raw = self.raw
        self.events: list[ev.Event] = []
        self.seats: list[ev.SeatTaken] = []
        self.names: dict[str, str] = {}
        self.button: int | None = None
        self.seated = False
        self.board: tuple[Card, ...] = ()
        self.wins: list[ev.Collected] = []
        self.acted: set[str] = set()
        self.win_line = 0
        game = nodes[0].attrs if nodes and nodes[0].tag == "Game" else {}
        # hhversion 1 (no attribute) writes a call's or raise's total in the round (fpdb's
        # MicrogamingToFpdb: addCallTo, addRaiseTo); later ones the chips put in
        self.totals = game.get("hhversion", "1") == "1"
        self.visit_all(nodes[1:] if game else nodes)
        if not self.seated:
            raise HandParseError(
                raw.file, raw.first_line, 1, raw.lines[0] if raw.lines else "", "<Seats>"
            )
        start = self._start(game)
        try:
            rake = _cents(game.get("rake", "0"))
        except ValueError as err:
            raise NodeError(nodes[0], str(err)) from None
        # hhversion 4 writes no "sittingout": a seated player with no action at all was
        # not dealt in (every player dealt in acts: posts, folds or more)
        seats = [
            replace(seat, sitting_out=True) if str(seat.seat) not in self.acted else seat
            for seat in self.seats
        ]
        events: list[ev.Event] = [start, *seats, *self.events]
        returned = any(isinstance(event, ev.UncalledReturned) for event in events)
        events.extend(self.wins)
        # the Win amounts are what each player took, after the rake ("rake", in cents):
        # the gross pot is both
        won = sum(win.amount for win in self.wins)
        span = SourceSpan(raw.file, self.win_line)
        events.append(ev.SummaryPot(span, won + rake, None, (), rake))
        # with no MoneyReturned, a Win holds its bettor's chips nobody called (README.md)
        return ev.Hand(
            start,
            tuple(events),
            uncalled_returns_written=returned,
            wins_hold_returns=not returned,
        )

    def span(self, node: Node) -> SourceSpan:
        return SourceSpan(self.raw.file, node.line)

    def amount(self, node: Node, name: str) -> int:
        text = node.get(name)
        if not text:
            raise NodeError(node, "an amount")
        try:
            return to_minor(text, SCALE)
        except AmountError as err:
            raise NodeError.at(node, err) from None

    def _start(self, game: dict[str, str]) -> ev.HandStarted:
        raw = self.raw
        limit, name = game.get("betlimit", ""), game.get("gametype", "")
        if limit not in LIMITS or "Omaha" not in name:
            raise LineError(raw.first_line, f"a game Microgaming's reader knows, not {name!r}")
        small, _, big = game.get("stakes", "").partition("|")
        size = game.get("tablesize", "")
        try:
            started = datetime.strptime(game.get("date", ""), "%Y-%m-%d %H:%M:%S")
            return hand_started(
                SourceSpan(raw.file, raw.first_line),
                name,
                limit,
                (small, big),
                (game.get("id", ""), game.get("tablename", ""), started),
                (int(size) if size.isdigit() else None, self.button),
                currency(game.get("currencysymbol", "")),
            )
        except (AmountError, ValueError) as err:  # read at the end of the seats, as before
            raise NodeError.at(self.seats_node, err) from None

    def Seats(self, node: Node) -> None:
        self.seated = True
        self.seats_node = node

    def Seat(self, node: Node) -> None:
        if node.parent != "Seats":
            return  # a winner: read with its Win action
        number, player = node.get("num"), node.get("alias")
        seat = int(number) if number.isdigit() else 0
        if not 1 <= seat <= SEAT_LIMIT or number in self.names:
            problem = f"seat {number!r} cannot be at the table (or is listed twice)"
            raise NodeError.at(node, SeatError(problem))
        if player in self.names.values():
            raise NodeError.at(node, SeatError(f"player {player!r} is seated twice"))
        self.names[number] = player
        stack = self.amount(node, "balance")
        out = node.get("sittingout") == "true"
        self.seats.append(ev.SeatTaken(self.span(node), seat, player, stack, sitting_out=out))
        if node.get("dealer") == "true":
            self.button = seat

    def Action(self, node: Node) -> None:
        if not self.seated:
            return
        kind, span = node.get("type"), self.span(node)
        if kind == "Win":
            for winner in node.iter("Seat"):
                player = self.player(node, winner.get("num"))
                pot = int(winner.get("pot", "0") or 0)
                amount = self.amount(winner, "amount")
                self.win_line = node.line
                self.wins.append(ev.Collected(span, player, amount, pot, pot > 0))
            return
        if kind in _STREETS:
            new = _cards(node)
            self.board += new
            self.events.append(ev.StreetDealt(span, _STREETS[kind], 1, self.board, new))
            return
        self.acted.add(node.get("seat"))
        player = self.player(node, node.get("seat"))
        amount = self.amount(node, "value") if "value" in node.attrs else 0
        event: ev.Event
        if kind in _POSTS:
            event = ev.Posted(span, player, _POSTS[kind], amount)
        elif kind == "DealCards":
            event = ev.Dealt(span, player, _cards(node))
        elif kind == "Fold":
            event = ev.Folded(span, player)
        elif kind == "Check":
            event = ev.Checked(span, player)
        elif kind in _CHIPS and self.totals:  # the player's total in the round
            event = ev.ChipsIn(span, player, _CHIPS[kind], to=amount, all_in=False)
        elif kind in _CHIPS:  # the chips put in with this action ("Bet" into the blinds
            # is a raise: no verb, the chips say which)
            event = ev.ChipsIn(span, player, _CHIPS[kind], amount, all_in=False)
        elif kind == "AllIn":
            event = ev.ChipsIn(span, player, ev.Verb.ALL_IN, amount, all_in=True)
        elif kind == "MoneyReturned":
            event = ev.UncalledReturned(span, player, amount)
        elif kind == "ShowCards":
            event = ev.Shown(span, player, _cards(node))
        elif kind == "MuckCards":
            event = ev.Mucked(span, player, _cards(node))
        elif kind in _QUIET:
            return
        else:
            raise NodeError(node, f"an action Microgaming does not write: {kind!r}")
        self.events.append(event)

    def player(self, node: Node, seat: str) -> str:
        player = self.names.get(seat)
        if player is None:
            raise NodeError(node, f"seat {seat!r} has no player", Code.SEAT_INVALID)
        return player


def _cards(node: Node) -> tuple[Card, ...]:
    return tuple(NOTATION.card(c.get("value") + c.get("suit")) for c in node.iter("Card"))


def _cents(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"a rake in cents, not {text!r}")
    return int(text)
