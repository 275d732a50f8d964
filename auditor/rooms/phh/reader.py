"""PHH hands to events. A hand is a TOML document of fields: the players in order of
position (``p1`` the small blind, the last the button; heads-up, pokerkit's order: ``p1``
the big blind, so ``antes`` and ``blinds_or_straddles`` are read swapped), their
``starting_stacks``, the forced bets, and ``actions``, one string per deal or decision:
``d dh p1 AcKd5s3d`` hole cards (``????????`` unknown), ``d db 3s7hKs`` the board, ``p3 f``
fold, ``p3 cc`` check or call (of what is owed: the replay tells the chips), ``p3 cbr 600``
complete, bet or raise TO 600, ``p3 sm AhJh7s6d`` show (``sm`` muck, ``sm -`` the cards
dealt); ``# ...`` a comment (alone: a Note). Each event is spanned at its element's line
and column. No uncalled return and no collection is written: what each collected is what
``finishing_stacks`` leaves (else the ``winnings``). A hand of chips (no ``currency``)
with an ``event`` is a tournament's: its pots are paid out whole.
"""

from __future__ import annotations

from datetime import datetime, time
from decimal import Decimal
from typing import Any

from auditor import events as ev
from auditor.cards import Card
from auditor.findings import Code
from auditor.money import AmountError, AmountOutOfRange, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, local_time, variant
from auditor.read.split import RawHand
from auditor.rooms.phh import document
from auditor.rooms.phh.games import OMAHA
from auditor.rooms.phh.table import Table
from auditor.rooms.phh.values import Bad, cards_of, player_of, scale_of, toml_type
from auditor.source import SourceSpan

SITE = "PHH"
_STREETS = {0: ev.Street.FLOP, 3: ev.Street.TURN, 4: ev.Street.RIVER}


class PhhReader:
    """Reads one PHH hand at a time."""

    def read(self, raw: RawHand) -> ev.Hand:
        try:
            doc = document.load(raw.lines)
        except document.DocumentError as err:
            line = raw.first_line + err.line - 1
            text = raw.lines[err.line - 1] if 0 < err.line <= len(raw.lines) else ""
            if err.excerpt:
                text = text[max(0, err.column - 41) : err.column + 40]
            raise HandParseError(raw.file, line, err.column, text, err.problem) from None
        keys = document.key_lines(raw.lines)
        try:
            return _Hand(raw, doc, keys).read()
        except Bad as bad:
            line = keys.get(bad.key, 1)
            column = 1
            if bad.action >= 0:
                actions = doc.get("actions", [])
                line, column = document.element_places(raw.lines, "actions", actions)[bad.action]
            text = raw.lines[line - 1] if 0 < line <= len(raw.lines) else ""
            raise HandParseError(
                raw.file, raw.first_line + line - 1, column, text, bad.problem, bad.code
            ) from None


class _Hand:
    def __init__(self, raw: RawHand, doc: dict[str, Any], keys: dict[str, int]) -> None:
        self.raw, self.doc, self.keys = raw, doc, keys
        self.scale = scale_of(doc)

    def span(self, key: str) -> SourceSpan:
        return SourceSpan(self.raw.file, self.raw.first_line + self.keys.get(key, 1) - 1)

    def amount(self, value: object, key: str, action: int = -1) -> int:
        if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
            raise Bad(f"{key}: {value!r} is not an amount", key, action)
        try:
            text = format(value, "f") if isinstance(value, Decimal) else str(value)
            minor = to_minor(text, self.scale)
        except AmountError as err:
            out = isinstance(err, AmountOutOfRange)
            code = Code.AMOUNT_OUT_OF_RANGE if out else Code.PARSE_ERROR
            raise Bad(f"{key}: {err}", key, action, code) from None
        if minor < 0:
            raise Bad(f"{key}: {value} is negative", key, action)
        return minor

    def amounts(self, key: str, count: int, required: bool = True) -> list[int]:
        values = self.doc.get(key)
        if values is None and not required:
            return []
        if not isinstance(values, list) or len(values) != count:
            raise Bad(f"{key} must list {count} amounts, one a player", key)
        return [self.amount(v, key) for v in values]

    def read(self) -> ev.Hand:
        doc = self.doc
        code = doc.get("variant")
        if not isinstance(code, str):
            raise Bad(
                f"variant: expected a string (a variant code such as 'PO'),"
                f" got {toml_type(code)} {str(code)[:40]}",
                "variant",
            )
        if code not in OMAHA:
            raise Bad(f"variant {code!r} is not an Omaha game this room reads", "variant")
        limit, hi_lo = OMAHA[code]
        stacks_written = doc.get("starting_stacks")
        if not isinstance(stacks_written, list) or not 2 <= len(stacks_written) <= SEAT_LIMIT:
            raise Bad("starting_stacks must list two players or more", "starting_stacks")
        count = len(stacks_written)
        stacks = self.amounts("starting_stacks", count)
        names = self.players(count)
        seats = self.seats(count)
        antes = self.amounts("antes", count, required=False) or [0] * count
        blinds = self.amounts("blinds_or_straddles", count, required=False) or [0] * count
        if count == 2:  # pokerkit's heads-up order: p2 (the button) posts the small blind
            antes, blinds = antes[::-1], blinds[::-1]
        start = self.start(limit, hi_lo, code, blinds, seats[-1])
        events: list[ev.Event] = [start]
        seat_span = self.span("players" if "players" in self.keys else "starting_stacks")
        for name, seat, stack in zip(names, seats, stacks, strict=True):
            events.append(ev.SeatTaken(seat_span, seat, name, stack))
        table = Table(list(stacks), [0] * count, [0] * count)
        self.post(events, table, names, antes, blinds, count, _big_blind(start))
        self.play(events, table, names)
        paid = self.collect(events, table, names, stacks)
        # a record with no payout (both fields are optional) does not say how the hand
        # ended: its betting is replayed, its pots are not weighed (no finding of its own)
        return ev.Hand(start, tuple(events), truncated=not paid, uncalled_returns_written=False)

    def players(self, count: int) -> list[str]:
        names = self.doc.get("players")
        if names is None:
            return [f"p{i}" for i in range(1, count + 1)]
        if not isinstance(names, list) or len(names) != count:
            raise Bad(f"players must name {count} players", "players")
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise Bad("a player's name is not a name", "players", code=Code.SEAT_INVALID)
        if len(set(names)) != count:
            raise Bad("a player is named twice", "players", code=Code.SEAT_INVALID)
        return [str(n) for n in names]

    def seats(self, count: int) -> list[int]:
        written = self.doc.get("seats", self.doc.get("seat_numbers"))
        if written is None:  # seats not written: numbered in the order of play
            return list(range(1, count + 1))
        key = "seats" if "seats" in self.doc else "seat_numbers"
        valid = isinstance(written, list) and len(written) == count
        if not valid or not all(type(s) is int and 1 <= s <= SEAT_LIMIT for s in written):
            raise Bad(f"{key} must give {count} seat numbers", key, code=Code.SEAT_INVALID)
        if len(set(written)) != count:
            raise Bad(f"{key}: a seat is listed twice", key, code=Code.SEAT_INVALID)
        return [int(s) for s in written]

    def start(
        self, limit: ev.Limit, hi_lo: bool, code: str, blinds: list[int], button: int
    ) -> ev.HandStarted:
        doc = self.doc
        if limit is ev.Limit.FIXED:
            small = self.amount(doc.get("small_bet"), "small_bet")
            big = self.amount(doc.get("big_bet"), "big_bet")
        else:
            posted = sorted(b for b in blinds if b)
            small = posted[0] if posted else 0
            big = posted[1] if len(posted) > 1 else self.amount(doc.get("min_bet", 0), "min_bet")
        seat_count = doc.get("seat_count")
        fits = type(seat_count) is int and len(blinds) <= seat_count <= SEAT_LIMIT
        if seat_count is not None and not fits:
            raise Bad("seat_count is not a table size", "seat_count", code=Code.SEAT_INVALID)
        currency = doc.get("currency")
        level = doc.get("level")
        return ev.HandStarted(
            self.span("variant"),
            site=SITE,
            hand_id=document.hand_id(self.raw.lines, self.raw.file),
            game=code,
            small_stake=small,
            big_stake=big,
            limit=limit,
            hi_lo=hi_lo,
            variant=variant(limit, hi_lo, 4),
            hole_card_count=4,
            currency=str(currency) if currency else "chips",
            scale=self.scale,
            started_at=self.started_at(),
            time_zone=str(doc.get("time_zone", "")),
            table_name=document.table_name(self.raw.lines),
            max_seats=seat_count,
            button_seat=button,
            level=str(level) if level is not None else None,
            tournament_id=self.tournament(),
            table_span=self.span("table") if "table" in self.keys else None,
        )

    def tournament(self) -> str | None:
        """The event, when its amounts are chips (no ``currency``: a cash game's stakes are
        money, and PHH names their currency)."""
        event = self.doc.get("event")
        return str(event) if event and not self.doc.get("currency") else None

    def started_at(self) -> datetime | None:
        """The start, when the record gives a date and a time (a date alone is no start)."""
        doc = self.doc
        when = doc.get("time")
        day = [doc.get(k) for k in ("year", "month", "day")]
        if not isinstance(when, time) or not all(type(v) is int for v in day):
            return None
        year, month, on = (int(v) for v in day if isinstance(v, int))
        zone = str(doc.get("time_zone", ""))
        try:
            return local_time(year, month, on, when.hour, when.minute, when.second, zone)
        except ValueError as err:
            raise Bad(f"the date: {err}", "day") from None

    def post(
        self,
        events: list[ev.Event],
        table: Table,
        names: list[str],
        antes: list[int],
        blinds: list[int],
        count: int,
        big_blind: int,
    ) -> None:
        span = self.span("antes")
        # one player alone antes: the big blind's ante (WSOP and TDA tournaments), posted
        # for the whole table, dead money in the main pot; antes of every player are each
        # one's own stake
        kind = ev.PostKind.TABLE_ANTE if sum(1 for a in antes if a) == 1 else ev.PostKind.ANTE
        for seat, ante in enumerate(antes):
            if ante:
                paid = min(ante, table.stacks[seat])
                table.pay(seat, paid, dead=True)
                events.append(ev.Posted(span, names[seat], kind, paid, table.stacks[seat] == 0))
        span = self.span("blinds_or_straddles")
        order = [1, 0] if count == 2 else list(range(count))  # heads-up: the button's first
        kinds = [ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND]
        if [b for b in blinds if b] == [blinds[order[0]]] and blinds[order[0]] == big_blind:
            # one blind, of the big blind's size, in the small blind's place: a dead small
            # blind (its player has busted, TDA's dead button), as a transcriber writes it
            kinds = [ev.PostKind.BIG_BLIND]
        for place, seat in enumerate(order):
            blind = blinds[seat]
            if not blind:
                continue
            kind = kinds[place] if place < len(kinds) else ev.PostKind.STRADDLE
            paid = min(blind, table.stacks[seat])
            table.pay(seat, paid)
            table.raised(seat, paid)  # the top blind is the round's bet
            events.append(ev.Posted(span, names[seat], kind, paid, table.stacks[seat] == 0))

    def play(self, events: list[ev.Event], table: Table, names: list[str]) -> None:
        actions = self.doc.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise Bad("actions must be a list of strings", "actions")
        places = document.element_places(self.raw.lines, "actions", actions)
        board: list[Card] = []
        showdown = False
        count = len(names)
        for index, (text, (line, column)) in enumerate(zip(actions, places, strict=True)):
            span = SourceSpan(self.raw.file, self.raw.first_line + line - 1, column)
            words, _, comment = text.partition("#")
            parts = words.split()
            if not parts:
                if comment.strip():
                    events.append(ev.Note(span, comment.strip()))
                continue
            if parts[0] == "d":
                board = self.deal(events, table, names, parts, span, index, board)
                continue
            seat = player_of(parts[0], count, index)
            name = names[seat]
            match parts[1:]:
                case ["f"]:
                    events.append(ev.Folded(span, name))
                case ["cc"]:
                    if not table.bet or seat in table.level:
                        events.append(ev.Checked(span, name))
                    else:  # a call of the round's bet: the replay tells the chips
                        events.append(ev.ChipsIn(span, name, ev.Verb.MATCH, to=table.bet))
                        owed = table.bet - table.round_chips[seat]
                        table.pay(seat, min(owed, table.stacks[seat]))
                        table.level.add(seat)
                case ["cbr", amount]:
                    to = self.amount(amount, "actions", index)
                    paid = to - table.round_chips[seat]
                    if paid <= 0 or paid > table.stacks[seat]:
                        raise Bad(f"{text!r}: {name} cannot bet to {amount}", "actions", index)
                    table.pay(seat, paid)
                    table.raised(seat, to)
                    events.append(ev.ChipsIn(span, name, ev.Verb.BET_OR_RAISE, to=to))
                case ["sm", *shown] if len(shown) <= 1:
                    if not showdown:
                        showdown = True
                        events.append(ev.ShowdownStarted(span, 1))
                    if not shown:
                        events.append(ev.Mucked(span, name))
                    elif shown[0] == "-":
                        dealt = [e for e in events if isinstance(e, ev.Dealt) and e.player == name]
                        cards = dealt[-1].cards if dealt else ()
                        shows = ev.Shown(span, name, cards) if cards else ev.NotShown(span, name)
                        events.append(shows)
                    elif "?" in shown[0]:
                        events.append(ev.NotShown(span, name))
                    else:
                        events.append(ev.Shown(span, name, cards_of(shown[0], index)))
                case _:
                    raise Bad(f"{text!r} is not an action of an Omaha hand", "actions", index)

    def deal(
        self,
        events: list[ev.Event],
        table: Table,
        names: list[str],
        parts: list[str],
        span: SourceSpan,
        index: int,
        board: list[Card],
    ) -> list[Card]:
        match parts[1:]:
            case ["dh", player, cards]:
                seat = player_of(player, len(names), index)
                known = () if "?" in cards else cards_of(cards, index)
                events.append(ev.Dealt(span, names[seat], known))
                return board
            case ["db", cards]:
                new = cards_of(cards, index)
                street = _STREETS.get(len(board))
                wanted = 3 if street is ev.Street.FLOP else len(board) + 1
                if street is None or len(board) + len(new) != wanted:
                    raise Bad(f"'d db {cards}': not the next street's cards", "actions", index)
                table.new_street()
                whole = (*board, *new)
                events.append(ev.StreetDealt(span, street, 1, whole, new))
                return list(whole)
        raise Bad(f"{' '.join(parts)!r} is not a deal of an Omaha hand", "actions", index)

    def collect(
        self, events: list[ev.Event], table: Table, names: list[str], stacks: list[int]
    ) -> bool:
        """The collections: from ``finishing_stacks`` (each player's end, less what his
        stack became once his bets, but the bet nobody called, were in), else from
        ``winnings`` read as the chips each won from the pots; neither: False, none written."""
        count = len(names)
        finishing = self.amounts("finishing_stacks", count, required=False)
        key = "finishing_stacks"
        if finishing:
            returned = table.uncalled()
            won = [finishing[s] - (stacks[s] - table.put_in[s] + returned[s]) for s in range(count)]
        else:
            won, key = self.amounts("winnings", count, required=False), "winnings"
        span = self.span(key)
        for seat, amount in enumerate(won):
            if amount > 0:
                events.append(ev.Collected(span, names[seat], amount))
        return bool(won)  # whether the record writes the payout


def _big_blind(start: ev.HandStarted) -> int:
    """The big blind's size: the small bet in fixed limit, else the header's big stake."""
    return start.small_stake if start.limit is ev.Limit.FIXED else start.big_stake
