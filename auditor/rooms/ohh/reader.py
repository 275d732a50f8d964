"""OHH hands to events.

The spec's meanings (https://hh-specs.handhistory.org, version 1.4.x):

- ``players``: ``id`` (what actions and wins name), ``seat``, ``name``,
  ``starting_stack``, ``is_sitting_out``; some exporters add the hand's ``cards``.
- ``rounds``: ``street`` ("Preflop", "Flop", "Turn", "River", "Showdown"), the street's
  new ``cards``, and ``actions``: "Dealt Cards", "Post Ante", "Post SB", "Post BB",
  "Straddle", "Post Dead" (a missed blind), "Post Extra Blind", "Fold", "Check", "Bet",
  "Raise", "Call", "Shows Cards", "Mucks Cards", "Added Chips", "Sits Down", "Stands Up".
  An action's ``amount`` is "the amount the player put into the pot for this action": a
  raise's is the chips it adds (raised to $20 over his own $2: 18), so a raise is read
  as given BY (the engine works out its total); ``is_allin`` marks an all-in.
- ``pots``: ``number`` (0 the main pot, then the side pots), ``amount`` "the total
  amount in the pot (including rake)", ``rake``, ``jackpot``, and ``player_wins``
  (``win_amount``, ``cashout_amount``, ``cashout_fee``). The summary's pots are read net
  of their rake (as the other rooms list them) and the total gross.

No action returns an uncalled bet (the replay returns it by the rules). ``start_date_utc``
is UTC. ``bet_limit.bet_type`` is "NL", "PL" or "FL"; a fixed-limit hand's bets are the
big blind and twice it (the spec names no other). Amounts are decimals: the hand's unit
is the finest written (cents for a currency, whole chips or their fractions otherwise).
"""

from __future__ import annotations

import json
from datetime import datetime
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
from auditor.rooms.ohh.games import LIMITS, is_hi_lo, is_omaha
from auditor.rooms.ohh.pots import Pots
from auditor.rooms.ohh.values import Bad as _Bad
from auditor.rooms.ohh.values import get as _get
from auditor.source import SourceSpan

_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_POSTS = {
    "Post Ante": ev.PostKind.ANTE,
    "Post SB": ev.PostKind.SMALL_BLIND,
    "Post BB": ev.PostKind.BIG_BLIND,
    "Straddle": ev.PostKind.STRADDLE,
    "Post Dead": ev.PostKind.MISSED_BLIND,
    "Post Extra Blind": ev.PostKind.LIVE,
}


class OhhReader:
    """Reads one OHH hand at a time."""

    def read(self, raw: RawHand) -> ev.Hand:
        text = "\n".join(raw.lines)
        try:
            doc = json.loads(text, parse_float=Decimal)
        except RecursionError:  # json recurses per bracket: the bound is the stack's
            line, column = document.too_deep(raw.lines)
            shown = raw.lines[line - 1][max(0, column - 41) : column + 40]
            raise HandParseError(
                raw.file,
                raw.first_line + line - 1,
                column,
                shown,
                f"arrays and objects nested more than {document.MAX_DEPTH} deep:"
                " no OHH hand nests so deep",
            ) from None
        except json.JSONDecodeError as err:
            text_at = raw.lines[err.lineno - 1] if 0 < err.lineno <= len(raw.lines) else ""
            raise HandParseError(
                raw.file, raw.first_line + err.lineno - 1, err.colno, text_at, err.msg
            ) from None
        try:
            return _Hand(raw, doc).read()
        except _Bad as bad:
            line, column = bad.at
            shown = raw.lines[line - 1] if 0 < line <= len(raw.lines) else ""
            raise HandParseError(
                raw.file, raw.first_line + line - 1, column, shown, bad.problem, bad.code
            ) from None


class _Hand(Pots):
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
        """Minor units per unit written: 10 to the most decimals of any amount, and
        cents at least for a currency (an ISO code)."""
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
        """``value`` in minor units; a fault is placed at ``at``, else at the ``index``-th
        ``key``."""
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
        if not isinstance(game, str) or not is_omaha(game):
            raise _Bad(f"game_type {game!r} is not an Omaha game", self.at("game_type"))
        players = self.players()
        start = self.start(game, players)
        events: list[ev.Event] = [start]
        for index, (seat, name, stack, out) in enumerate(players.values()):
            events.append(ev.SeatTaken(self.span("starting_stack", index), seat, name, stack, out))
        self.play(events, players)
        self.pots(events, players)
        return ev.Hand(start, tuple(events), uncalled_returns_written=False)

    def players(self) -> dict[int, tuple[int, str, int, bool]]:
        """Each player by id: seat, name, starting stack, sitting out."""
        listed = self.ohh.get("players")
        if not isinstance(listed, list) or not listed:
            raise _Bad("players must list the players", self.at("players"))
        found: dict[int, tuple[int, str, int, bool]] = {}
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

    def start(self, game: str, players: dict[int, tuple[int, str, int, bool]]) -> ev.HandStarted:
        ohh = self.ohh
        limit_obj = ohh.get("bet_limit")
        limit = LIMITS.get(str(_get(limit_obj, "bet_type")))
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
        hi_lo = is_hi_lo(game)
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
            variant=variant(limit, hi_lo, hole_cards),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole_cards,
            small_stake=small,
            big_stake=big,
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
        return _utc_naive(moment) if moment.tzinfo is not None else moment

    def play(self, events: list[ev.Event], players: dict[int, tuple[int, str, int, bool]]) -> None:
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

    def hole_cards(
        self, players: dict[int, tuple[int, str, int, bool]], dealt: set[str]
    ) -> list[ev.Event]:
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

    def action(
        self, action: object, index: int, players: dict[int, tuple[int, str, int, bool]]
    ) -> ev.Event:
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

    def cards(self, texts: object, at: tuple[int, int]) -> tuple[Card, ...]:
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise _Bad('cards must be a list of cards like "Ah"', at)
        return tuple(LETTERS.card(str(t)) for t in texts if "?" not in str(t) and t != "X")


def _iso(currency: object) -> bool:
    """Whether ``currency`` is an ISO code ("USD"), not a play-chips word ("Chips")."""
    if not isinstance(currency, str):
        return False
    return len(currency) == 3 and currency.isalpha() and currency.isupper()


def _utc_naive(moment: datetime) -> datetime:
    from datetime import UTC

    return moment.astimezone(UTC).replace(tzinfo=None)
