"""Microgaming's XML hands (``<Game hhversion=...>``) read into events, element by element
as a pull parser reads them (the meanings of elements and attributes: README.md here)."""

from __future__ import annotations

import base64
import binascii
from dataclasses import replace
from datetime import datetime
from xml.etree.ElementTree import Element

from auditor import events as ev
from auditor.cards import Card, CardNotation
from auditor.findings import Code
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, variant
from auditor.parse.xml_documents import parse_events
from auditor.read.split import RawHand
from auditor.rooms.microgaming.games import LIMITS, SITE, is_hi_lo
from auditor.source import SourceSpan

NOTATION = CardNotation("tens as 10", ten="10")
SCALE = 100  # amounts are written in major units with cents; "rake" and "betamount" in cents
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


class MicrogamingReader:
    """Reads one ``<Game>`` element; keeps the bets of the street it is on (``Bet`` before
    the flop and ``AllIn`` are a bet, call or raise as the bets before them make them)."""

    def read(self, raw: RawHand) -> ev.Hand:
        try:
            return self._read(raw)
        except LineError as err:
            text = raw.lines[err.line - raw.first_line] if raw.lines else ""
            raise HandParseError(raw.file, err.line, 1, text, err.problem, err.code) from None

    def _read(self, raw: RawHand) -> ev.Hand:
        self._file = raw.file
        events: list[ev.Event] = []
        seats: list[ev.SeatTaken] = []
        names: dict[str, str] = {}
        start: ev.HandStarted | None = None
        game: dict[str, str] = {}
        button: int | None = None
        lines: list[int] = []  # the start line of each open element
        path: list[str] = []
        board: tuple[Card, ...] = ()
        bets: dict[str, int] = {}
        rake = 0
        wins: list[ev.Collected] = []
        acted: set[str] = set()
        win_line = 0
        for number, kind, element in parse_events(raw):
            if kind == "start":
                if element.tag == "Game" and not game:
                    game = dict(element.attrib)
                lines.append(number)
                path.append(element.tag)
                continue
            line = lines.pop()
            path.pop()
            span = SourceSpan(raw.file, line)
            tag = element.tag
            try:
                if tag == "Game":
                    continue
                parent = path[-1] if path else ""
                if tag == "Seat" and parent == "Seats":
                    seat = self._seat(element, span, names)
                    seats.append(seat)
                    if element.get("dealer") == "true":
                        button = seat.seat
                elif tag == "Seats":
                    start = self._start(raw, game, button, span)
                    rake = _cents(game.get("rake", "0"), line)
                    events.append(start)
                    events.extend(seats)
                elif tag == "Action" and start is not None:
                    kind_ = element.get("type", "")
                    if kind_ == "Win":
                        for seat_ in element.iter("Seat"):
                            player = _player(names, seat_.get("num", ""), line)
                            amount = _amount(seat_.get("amount", ""), line)
                            win_line = line
                            pot = int(seat_.get("pot", "0") or 0)
                            wins.append(ev.Collected(span, player, amount, pot, pot > 0))
                    elif kind_ in _STREETS:
                        new = tuple(self._cards(element))
                        board += new
                        events.append(ev.StreetDealt(span, _STREETS[kind_], 1, board, new))
                        bets = {}
                    else:
                        totals = game.get("hhversion", "1") == "1"
                        self._action(element, kind_, span, names, bets, events, totals)
                        acted.add(element.get("seat", ""))
                elif tag not in ("Card", "Seat", "Gameplay"):
                    raise LineError(line, f"an element Microgaming does not write: <{tag}>")
            except (AmountError, SeatError, ValueError) as err:
                raise LineError.of(line, err) from None
        if start is None:
            raise HandParseError(
                raw.file, raw.first_line, 1, raw.lines[0] if raw.lines else "", "<Seats>"
            )
        # hhversion 4 writes no "sittingout": a seated player with no action at all was
        # not dealt in (every player dealt in acts: posts, folds or more)
        seated = {seat.player: str(seat.seat) for seat in seats}
        events = [
            replace(event, sitting_out=True)
            if isinstance(event, ev.SeatTaken) and seated[event.player] not in acted
            else event
            for event in events
        ]
        returned = any(isinstance(event, ev.UncalledReturned) for event in events)
        if not returned:
            wins = _net_of_return(wins, bets)
        events.extend(wins)
        # the Win amounts are what each player took, after the rake ("rake", in cents):
        # the gross pot is both
        won = sum(win.amount for win in wins)
        events.append(ev.SummaryPot(SourceSpan(raw.file, win_line), won + rake, None, (), rake))
        return ev.Hand(start, tuple(events), uncalled_returns_written=returned)

    def _start(
        self, raw: RawHand, game: dict[str, str], button: int | None, span: SourceSpan
    ) -> ev.HandStarted:
        limit = LIMITS.get(game.get("betlimit", ""))
        name = game.get("gametype", "")
        if limit is None or "Omaha" not in name:
            raise LineError(raw.first_line, f"a game Microgaming's reader knows, not {name!r}")
        small, _, big = game.get("stakes", "").partition("|")
        hi_lo = is_hi_lo(name)
        size = game.get("tablesize", "")
        return ev.HandStarted(
            SourceSpan(raw.file, raw.first_line),
            site=SITE,
            hand_id=game.get("id", ""),
            game=f"{name} {game.get('betlimit', '')}",
            variant=variant(limit, hi_lo, 4),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=to_minor(small, SCALE),
            big_stake=to_minor(big, SCALE),
            currency=currency(game.get("currencysymbol", "")),
            scale=SCALE,
            started_at=datetime.strptime(game.get("date", ""), "%Y-%m-%d %H:%M:%S"),
            time_zone="",  # the export names no zone
            table_name=game.get("tablename", ""),
            max_seats=int(size) if size.isdigit() else None,
            button_seat=button,
        )

    def _seat(self, element: Element, span: SourceSpan, names: dict[str, str]) -> ev.SeatTaken:
        number = element.get("num", "")
        seat = int(number) if number.isdigit() else 0
        if not 1 <= seat <= SEAT_LIMIT or number in names:
            raise SeatError(f"seat {number!r} cannot be at the table (or is listed twice)")
        player = element.get("alias", "")
        if player in names.values():
            raise SeatError(f"player {player!r} is seated twice")
        names[number] = player
        stack = to_minor(element.get("balance", ""), SCALE)
        out = element.get("sittingout") == "true"
        return ev.SeatTaken(span, seat, player, stack, sitting_out=out)

    def _cards(self, element: Element) -> list[Card]:
        return [
            NOTATION.card(card.get("value", "") + card.get("suit", ""))
            for card in element.iter("Card")
        ]

    def _action(
        self,
        element: Element,
        kind: str,
        span: SourceSpan,
        names: dict[str, str],
        bets: dict[str, int],
        events: list[ev.Event],
        totals: bool,
    ) -> None:
        player = _player(names, element.get("seat", ""), span.line)
        value = element.get("value")
        amount = _amount(value, span.line) if value is not None else 0
        top = max(bets.values(), default=0)
        so_far = bets.get(player, 0)
        if totals and kind in ("Call", "Raise", "Bet") and not (kind == "Bet" and top == 0):
            # hhversion 1 (no attribute) writes a call's or raise's total in the round
            # (fpdb's MicrogamingToFpdb: addCallTo, addRaiseTo)
            amount -= so_far
        if kind in _POSTS:
            events.append(ev.Posted(span, player, _POSTS[kind], amount))
            bets[player] = so_far + amount
        elif kind == "DealCards":
            events.append(ev.Dealt(span, player, tuple(self._cards(element))))
        elif kind == "Fold":
            events.append(ev.Folded(span, player))
        elif kind == "Check":
            events.append(ev.Checked(span, player))
        elif kind == "Call":
            events.append(ev.Called(span, player, amount))
            bets[player] = so_far + amount
        elif kind in ("Bet", "Raise", "AllIn"):
            # the value is the chips the player puts in with this action (hhversion 2 and
            # later); a "Bet" into the blinds is a raise
            all_in = kind == "AllIn"
            if top == 0:
                events.append(ev.Bet(span, player, amount, all_in))
            elif so_far + amount <= top and all_in:
                events.append(ev.Called(span, player, amount, all_in))
            else:
                given = ev.RaiseGiven.BY
                events.append(ev.RaisedTo(span, player, amount, 0, all_in, given))
            bets[player] = so_far + amount
        elif kind == "MoneyReturned":
            events.append(ev.UncalledReturned(span, player, amount))
        elif kind == "ShowCards":
            events.append(ev.Shown(span, player, tuple(self._cards(element))))
        elif kind == "MuckCards":
            events.append(ev.Mucked(span, player, tuple(self._cards(element))))
        elif kind not in _QUIET:
            raise LineError(span.line, f"an action Microgaming does not write: {kind!r}")


def _net_of_return(wins: list[ev.Collected], bets: dict[str, int]) -> list[ev.Collected]:
    """The Win amounts without the chips of a bet no one called, when the record writes
    no MoneyReturned for them: then the Win is all the bettor took back, his unmatched
    chips with it (endbalance = balance - chips put in + Win, in every such hand); the
    replay returns them by the rules (Hand.uncalled_returns_written False)."""
    if len(bets) < 1:
        return wins
    ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
    top_player, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    unmatched = top - second
    if unmatched <= 0:
        return wins
    return [
        replace(win, amount=win.amount - unmatched)
        if win.player == top_player and win.amount >= unmatched
        else win
        for win in wins
    ]


def _player(names: dict[str, str], seat: str, line: int) -> str:
    player = names.get(seat)
    if player is None:
        raise LineError(line, f"seat {seat!r} has no player", Code.SEAT_INVALID)
    return player


def _amount(text: str | None, line: int) -> int:
    if not text:
        raise LineError(line, "an amount")
    try:
        return to_minor(text, SCALE)
    except AmountError as err:
        raise LineError.of(line, err) from None


def _cents(text: str, line: int) -> int:
    if not text.isdigit():
        raise LineError(line, f"a rake in cents, not {text!r}")
    return int(text)
