"""OHH hands to events, by the spec's meanings (https://hh-specs.handhistory.org, 1.4.x).
An action's ``amount`` is "the amount the player put into the pot for this action": a
raise's is the chips it adds, so a raise is read as given BY. A pot's ``amount`` is "the
total amount in the pot (including rake)": the summary's pots are read net of their rake
and jackpot, the total gross. No action returns an uncalled bet (the replay returns it by
the rules). A fixed-limit hand's bets are the big blind and twice it (the spec names no
other). The hand's unit is the finest written (cents at least for a currency).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.findings import Code
from auditor.money import AmountError, AmountOutOfRange, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, variant
from auditor.read.split import RawHand
from auditor.rooms.ohh import document
from auditor.source import SourceSpan

_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_LIMITS = {"NL": ev.Limit.NO, "PL": ev.Limit.POT, "FL": ev.Limit.FIXED}
_POSTS = {
    "Post Ante": ev.PostKind.ANTE,
    "Post SB": ev.PostKind.SMALL_BLIND,
    "Post BB": ev.PostKind.BIG_BLIND,
    "Straddle": ev.PostKind.STRADDLE,
    "Post Dead": ev.PostKind.MISSED_BLIND,
    "Post Extra Blind": ev.PostKind.LIVE,
}


Players = dict[int, tuple[int, str, int, bool]]  # by id: seat, name, stack, sitting out


class _Bad(Exception):
    """A part of the hand that cannot be read, at its (line, column) in the hand."""

    def __init__(self, problem: str, at: tuple[int, int], code: Code = Code.PARSE_ERROR) -> None:
        super().__init__(problem)
        self.problem, self.at, self.code = problem, at, code


def _get(obj: object, key: str) -> Any:
    """``obj[key]`` where ``obj`` is an object, else None."""
    return obj.get(key) if isinstance(obj, dict) else None


class OhhReader:
    def read(self, raw: RawHand) -> ev.Hand:
        try:
            doc = json.loads("\n".join(raw.lines), parse_float=Decimal)
        except RecursionError:  # json recurses per bracket: the bound is the stack's
            line, column = document.too_deep(raw.lines)
            problem = (
                f"arrays and objects nested more than {document.MAX_DEPTH} deep: no OHH hand does"
            )
            raise _error(raw, line, column, problem, excerpt=True) from None
        except json.JSONDecodeError as err:
            raise _error(raw, err.lineno, err.colno, err.msg) from None
        try:
            return _Hand(raw, doc).read()
        except _Bad as bad:
            raise _error(raw, *bad.at, bad.problem, bad.code) from None


def _error(
    raw: RawHand,
    line: int,
    column: int,
    problem: str,
    code: Code = Code.PARSE_ERROR,
    excerpt: bool = False,
) -> HandParseError:
    """The error at (line, column) of the hand's lines (``excerpt``: near the column)."""
    text = raw.lines[line - 1] if 0 < line <= len(raw.lines) else ""
    text = text[max(0, column - 41) : column + 40] if excerpt else text
    return HandParseError(raw.file, raw.first_line + line - 1, column, text, problem, code)


class _Hand:
    def __init__(self, raw: RawHand, doc: object) -> None:
        self.raw = raw
        ohh = _get(doc, "ohh")
        self.places = document.key_places(raw.lines)
        self.top = self.places.get("ohh", [(1, 1)])[0]
        if not isinstance(ohh, dict):
            raise _Bad('no "ohh" object: not an Open Hand History hand', (1, 1))
        self.ohh: dict[str, Any] = ohh
        self.scale = self.unit()

    def at(self, key: str, index: int = 0) -> tuple[int, int]:
        """The place of the ``index``-th ``key`` (the hand's "ohh" key when not found)."""
        found = self.places.get(key, ())
        return found[index] if index < len(found) else self.top

    def span(self, key: str, index: int = 0) -> SourceSpan:
        line, column = self.at(key, index)
        return SourceSpan(self.raw.file, self.raw.first_line + line - 1, column)

    def unit(self) -> int:
        """10 to the most decimals of any amount (2 at least for a currency)."""
        places = 2 if _iso(self.ohh.get("currency")) else 0
        stack: list[object] = [self.ohh]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.values())
            elif isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, Decimal) and value.is_finite():
                exponent = value.normalize().as_tuple().exponent
                if isinstance(exponent, int):
                    places = max(places, -exponent)
        scale: int = 10 ** min(places, 8)
        return scale

    def amount(
        self, value: object, key: str, index: int = 0, at: tuple[int, int] | None = None
    ) -> int:
        """``value`` in minor units; a fault is at ``at``, else at the ``index``-th ``key``."""
        where = at if at is not None else self.at(key, index)
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise _Bad(f"{key}: {value!r} is not an amount", where)
        try:
            minor = to_minor(format(value, "f"), self.scale)
        except AmountError as err:
            code = Code.AMOUNT_OUT_OF_RANGE if isinstance(err, AmountOutOfRange) else None
            raise _Bad(f"{key}: {err}", where, code or Code.PARSE_ERROR) from None
        if minor < 0:
            raise _Bad(f"{key}: {value} is negative", where)
        return minor

    def read(self) -> ev.Hand:
        ohh = self.ohh
        game = ohh.get("game_type")
        if not isinstance(game, str) or not game.startswith("Omaha"):
            raise _Bad(f"game_type {game!r} is not an Omaha game", self.at("game_type"))
        players = self.players()
        start = self.start(game, players)
        events: list[ev.Event] = [start]
        for index, (seat, name, stack, out) in enumerate(players.values()):
            events.append(ev.SeatTaken(self.span("starting_stack", index), seat, name, stack, out))
        self.play(events, players)
        self.pots(events, players)
        return ev.Hand(start, tuple(events), uncalled_returns_written=False)

    def players(self) -> Players:
        """Each player by id: seat, name, starting stack, sitting out."""
        listed = self.ohh.get("players")
        if not isinstance(listed, list) or not listed:
            raise _Bad("players must list the players", self.at("players"))
        found: Players = {}
        for index, player in enumerate(listed):
            where = self.at("starting_stack", index)
            pid, seat, name = _get(player, "id"), _get(player, "seat"), _get(player, "name")
            if type(pid) is not int or type(seat) is not int or not 1 <= seat <= SEAT_LIMIT:
                problem = "a player has no id or no seat the table can have"
                raise _Bad(problem, where, Code.SEAT_INVALID)
            if not isinstance(name, str) or not name.strip():
                raise _Bad(f"player {pid} has no name", where, Code.SEAT_INVALID)
            stack = self.amount(_get(player, "starting_stack"), "starting_stack", index)
            found[pid] = (seat, name, stack, _get(player, "is_sitting_out") is True)
        if len(found) != len(listed) or len({p[0] for p in found.values()}) != len(found):
            raise _Bad("a player id or seat is listed twice", self.at("players"), Code.SEAT_INVALID)
        if len({p[1] for p in found.values()}) != len(found):
            raise _Bad("a player name is listed twice", self.at("players"), Code.SEAT_INVALID)
        return found

    def start(self, game: str, players: Players) -> ev.HandStarted:
        ohh = self.ohh
        limit_obj = ohh.get("bet_limit")
        limit = _LIMITS.get(str(_get(limit_obj, "bet_type")))
        if limit is None:
            raise _Bad("bet_limit.bet_type must be NL, PL or FL", self.at("bet_type"))
        small = self.amount(ohh.get("small_blind_amount", 0), "small_blind_amount")
        big = self.amount(ohh.get("big_blind_amount", 0), "big_blind_amount")
        if limit is ev.Limit.FIXED:
            small, big = big, 2 * big  # the limit's small and big bets
        holes = [len(c) for p in ohh.get("players", []) if isinstance(c := _get(p, "cards"), list)]
        holes += [
            len(a["cards"])
            for r in ohh.get("rounds") or []
            for a in (_get(r, "actions") or [])
            if _get(a, "action") == "Dealt Cards" and isinstance(_get(a, "cards"), list)
        ]
        hole_cards = max([4, *holes])
        hi_lo = game.endswith("HiLo")
        size = ohh.get("table_size")
        if size is not None and not (type(size) is int and 1 <= size <= SEAT_LIMIT):
            raise _Bad("table_size is not a table's size", self.at("table_size"), Code.SEAT_INVALID)
        button = ohh.get("dealer_seat")
        if button is not None and not (type(button) is int and 0 <= button <= SEAT_LIMIT):
            raise _Bad("dealer_seat is not a seat", self.at("dealer_seat"), Code.SEAT_INVALID)
        tournament = ohh.get("tournament") is True
        info = ohh.get("tournament_info")
        number = _get(info, "tournament_number")
        buy_in = _get(info, "buyin_amount")
        currency = ohh.get("currency")
        return ev.HandStarted(
            self.span("ohh"),
            site=str(ohh.get("site_name") or ohh.get("network_name") or "OHH"),
            hand_id=document.hand_id(self.raw.lines),
            game=f"{game} {limit_obj.get('bet_type') if isinstance(limit_obj, dict) else ''}",
            small_stake=small,
            big_stake=big,
            limit=limit,
            hi_lo=hi_lo,
            variant=variant(limit, hi_lo, hole_cards),
            hole_card_count=hole_cards,
            currency=str(currency) if _iso(currency) else "chips",
            scale=self.scale,
            started_at=self.started_at(),
            time_zone="UTC",
            table_name=document.table_name(self.raw.lines),
            max_seats=size,
            button_seat=button or None,
            tournament_id=str(number)
            if tournament and number is not None
            else ("" if tournament else None),
            buy_in=str(buy_in) if tournament and buy_in is not None else None,
            table_span=self.span("table_name") if "table_name" in ohh else None,
        )

    def started_at(self) -> datetime | None:
        when = self.ohh.get("start_date_utc")
        if not isinstance(when, str) or not when:
            return None
        try:
            moment = datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            problem = f"start_date_utc {when!r} is not a date and time"
            raise _Bad(problem, self.at("start_date_utc")) from None
        return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment

    def play(self, events: list[ev.Event], players: Players) -> None:
        rounds = self.ohh.get("rounds")
        if not isinstance(rounds, list):
            raise _Bad("rounds must list the hand's rounds", self.at("rounds"))
        dealt: set[str] = set()
        board: tuple[Card, ...] = ()
        index = 0  # the action's index in the hand: its "action" key's place
        holes_told = False  # the cards written on the players, told once the posts are in
        for number, round_ in enumerate(rounds):
            street = _get(round_, "street")
            span = self.span("street", number)
            if street != "Preflop" and not holes_told:
                events.extend(self.hole_cards(players, dealt))
                holes_told = True
            if street in _STREETS:
                new = self.cards(_get(round_, "cards") or [], self.at("street", number))
                board = (*board, *new)
                events.append(ev.StreetDealt(span, _STREETS[street], 1, board, new))
            elif street == "Showdown":
                events.append(ev.ShowdownStarted(span, 1))
            elif street != "Preflop":
                problem = f"street {street!r} is not a street of the spec"
                raise _Bad(problem, self.at("street", number))
            actions = _get(round_, "actions")
            if not isinstance(actions, list):
                raise _Bad("a round's actions must be a list", self.at("street", number))
            for action in actions:
                event = self.action(action, index, players)
                index += 1
                if isinstance(event, ev.Dealt):
                    dealt.add(event.player)
                elif not isinstance(event, ev.Posted) and not holes_told:
                    events.extend(self.hole_cards(players, dealt))
                    holes_told = True
                events.append(event)
        if not holes_told:
            events.extend(self.hole_cards(players, dealt))

    def hole_cards(self, players: Players, dealt: set[str]) -> list[ev.Event]:
        """Cards an exporter gives on the players (not as "Dealt Cards" actions)."""
        found: list[ev.Event] = []
        for index, player in enumerate(self.ohh.get("players") or []):
            cards = _get(player, "cards")
            pid = _get(player, "id")
            if isinstance(cards, list) and cards and pid in players:
                name = players[pid][1]
                if name not in dealt:
                    at = self.at("starting_stack", index)
                    span = self.span("starting_stack", index)
                    found.append(ev.Dealt(span, name, self.cards(cards, at)))
        return found

    def action(self, action: object, index: int, players: Players) -> ev.Event:
        at = self.at("action", index)
        span = SourceSpan(self.raw.file, self.raw.first_line + at[0] - 1, at[1])
        kind = _get(action, "action")
        pid = _get(action, "player_id")
        if pid not in players:
            raise _Bad(f"player_id {pid!r} is no player of the hand", at, Code.SEAT_INVALID)
        name = players[pid][1]
        all_in = _get(action, "is_allin") is True
        if kind in _POSTS:
            return ev.Posted(span, name, _POSTS[kind], self.paid(action, index), all_in)
        match kind:
            case "Dealt Cards":
                return ev.Dealt(span, name, self.cards(_get(action, "cards") or [], at))
            case "Fold":
                return ev.Folded(span, name)
            case "Check":
                return ev.Checked(span, name)
            case "Call":
                return ev.Called(span, name, self.paid(action, index), all_in)
            case "Bet":
                return ev.Bet(span, name, self.paid(action, index), all_in)
            case "Raise":
                added = self.paid(action, index)
                return ev.RaisedTo(span, name, added, 0, all_in, ev.RaiseGiven.BY)
            case "Shows Cards":
                return ev.Shown(span, name, self.cards(_get(action, "cards") or [], at))
            case "Mucks Cards":
                return ev.Mucked(span, name, self.cards(_get(action, "cards") or [], at))
            case "Added Chips":
                chips = self.paid(action, index)
                return ev.StackAdded(span, name, ev.StackChange.TOP_UP, chips, "Added Chips")
            case "Sits Down":
                return ev.PlayerStatus(span, name, ev.Status.JOINS, "Sits Down")
            case "Stands Up":
                return ev.PlayerStatus(span, name, ev.Status.LEAVES, "Stands Up")
        raise _Bad(f"action {kind!r} is not an action of the spec", at)

    def paid(self, action: object, index: int) -> int:
        """The chips an action puts in (0 when it writes none), its faults at the action."""
        if not isinstance(action, dict) or action.get("amount") is None:
            return 0
        return self.amount(action["amount"], "amount", at=self.at("action", index))

    def pots(self, events: list[ev.Event], players: Players) -> None:
        pots = self.ohh.get("pots")
        if pots is None:
            return
        if not isinstance(pots, list):
            raise _Bad("pots must list the pots", self.at("pots"))
        gross: list[int] = []
        net: list[int] = []
        rake = jackpot = 0
        win = 0  # the index of the "win_amount" key
        many = len(pots) > 1
        for index, pot in enumerate(pots):
            where = self.at("player_wins", index)  # a key every pot writes
            amount = self.amount(_get(pot, "amount"), "amount", at=where)
            taken = self.amount(_get(pot, "rake") or 0, "rake", at=where)
            kept = self.amount(_get(pot, "jackpot") or 0, "jackpot", at=where)
            gross.append(amount)
            net.append(amount - taken - kept)
            rake, jackpot = rake + taken, jackpot + kept
            number = _get(pot, "number")
            number = number if type(number) is int and number >= 0 else index
            for won in _get(pot, "player_wins") or []:
                pid = _get(won, "player_id")
                if pid not in players:
                    problem = f"player_id {pid!r} is no player of the hand"
                    raise _Bad(problem, self.at("win_amount", win), Code.SEAT_INVALID)
                name = players[pid][1]
                span = self.span("win_amount", win)
                span_at = self.at("win_amount", win)
                amount_won = self.amount(_get(won, "win_amount") or 0, "win_amount", win)
                win += 1
                if amount_won:
                    events.append(ev.Collected(span, name, amount_won, number, many))
                if cash := _get(won, "cashout_amount"):
                    fee = _get(won, "cashout_fee")
                    fee_paid = self.amount(fee, "cashout_fee", at=span_at) if fee else None
                    cashed = self.amount(cash, "cashout_amount", at=span_at)
                    events.append(ev.CashedOut(span, name, cashed, fee_paid))
        fees = (("Jackpot", jackpot),) if jackpot else ()
        events.append(
            ev.SummaryPot(
                self.span("pots"),
                total=sum(gross),
                main=net[0] if many else None,
                side_pots=tuple(net[1:]) if many else (),
                rake=rake,
                fees=fees,
            )
        )

    def cards(self, texts: object, at: tuple[int, int]) -> tuple[Card, ...]:
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise _Bad('cards must be a list of cards like "Ah"', at)
        return tuple(LETTERS.card(str(t)) for t in texts if "?" not in str(t) and t != "X")


def _iso(currency: object) -> bool:
    """Whether ``currency`` is an ISO code ("USD"), not a play-chips word ("Chips")."""
    if not isinstance(currency, str):
        return False
    return len(currency) == 3 and currency.isalpha() and currency.isupper()
