"""Reads one Merge hand (a ``<game>`` element, its session's ``<description>`` as context)
into events. The hand's lines are fed to a streaming XML parser line by line, so each
element's events carry the file line it ends on; a document that is not XML is a
PARSE_ERROR at the parser's line and column. Element and attribute meanings: README.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from auditor import events as ev
from auditor.cards import Card, card
from auditor.money import AmountError, to_minor
from auditor.parse.facts import LineError, SeatError, local_time, variant
from auditor.parse.xml_elements import (
    ElementReader,
    NodeError,
    Tag,
    hand_error,
    read_elements,
    start_attrs,
)
from auditor.read.split import RawHand
from auditor.rooms.merge.games import LIMITS, hand_game, limit_and_stakes
from auditor.source import SourceSpan

SITE = "Merge"
# Before this time (ET) a RAISE's amount is the chips the raiser put in with it; from it,
# the total his bet becomes (fpdb-3's MergeToFpdb: addCallandRaise before, addRaiseTo after)
RAISE_TO_SINCE = datetime(2010, 9, 8)
_STREETS = {
    "PREFLOP": ev.Street.PREFLOP,
    "POSTFLOP": ev.Street.FLOP,
    "POSTTURN": ev.Street.TURN,
    "POSTRIVER": ev.Street.RIVER,
}
_POSTS = {
    "SMALL_BLIND": ev.PostKind.SMALL_BLIND,
    "BIG_BLIND": ev.PostKind.BIG_BLIND,
    "INITIAL_BLIND": ev.PostKind.BIG_BLIND,  # a newcomer's big blind, live
    "RETURN_BLIND": ev.PostKind.SMALL_AND_BIG,  # a returning player's both blinds
    "ANTE": ev.PostKind.ANTE,
}
_STATUSES = {
    "PLAYER_OUT": ev.Status.FINISHED,
    "DISCONNECTED": ev.Status.DISCONNECTED,
    "RECONNECTED": ev.Status.CONNECTED,
    "LEAVE": ev.Status.LEAVES,
}
# the chips lines by their type (before September 2010 a RAISE is by the chips it adds)
_CHIPS = {"CALL": ev.Verb.CALL, "BET": ev.Verb.BET, "RAISE": ev.Verb.RAISE}
_SILENT = frozenset({"SHOW", "MUCK"})  # their cards elements say what was shown or mucked


@dataclass(frozen=True, slots=True)
class Item:
    """One element of the hand as read: its tag, attributes and file line."""

    tag: str
    attrs: dict[str, str]
    line: int
    round: str


ELEMENTS = {
    "game": Tag("the hand", ("id",), ("starttime", "numholecards", "data", "dealer", "seats")),
    "players": Tag("the seats", reads=("dealer",)),
    "player": Tag("a seat", ("seat",), ("nickname", "balance", "dealtin")),
    "round": Tag("a round: BLINDS, PREFLOP, POSTFLOP, ..., SHOWDOWN", ("id",)),
    "event": Tag("a post, action, status or talk", ("type",), ("player", "amount", "text")),
    "cards": Tag("cards dealt, shown or mucked", ("type",), ("player", "cards")),
    "winner": Tag("a pot paid, or a bet given back", ("player",), ("amount", "potnumber")),
}


class _Layout(ElementReader):
    """The layout's table, to check each element against (the hand reads them by round)."""

    ELEMENTS = ELEMENTS


def items_of(raw: RawHand) -> list[Item]:
    """The hand's elements in document order, each with the round it is in (checked
    against the layout's table)."""
    reader = _Layout()
    found: list[Item] = []
    round_id = ""
    try:
        for node in read_elements(raw.lines, raw.first_line, raw.file).nodes:
            reader.check(node)
            if node.tag == "round":
                round_id = node.get("id")
            found.append(Item(node.tag, node.attrs, node.line, round_id))
    except NodeError as err:
        raise hand_error(raw, err) from None
    return found


def data_fields(data: str) -> list[str]:
    """A game's ``data`` attribute, "date|table|session|hand|tournament?": divided by "|",
    or by ":" in the exports of 2010 (a colon in a name is written %3A)."""
    return re.split(r"[|:]", data)


def description_of(raw: RawHand) -> dict[str, str]:
    """The session's ``<description>`` attributes (empty when it has none)."""
    return start_attrs(raw.context, "description")


def game_attrs(raw: RawHand) -> dict[str, str]:
    """The ``<game>`` start tag's attributes, read without the rest of the hand."""
    return start_attrs(raw.lines, "game")


class MergeXmlReader:
    """Reads one XML hand; keeps no state between hands."""

    def read(self, raw: RawHand) -> ev.Hand:
        items = items_of(raw)
        try:
            return _Hand(raw, items).read()
        except (AmountError, SeatError, ValueError, KeyError) as err:
            line = getattr(err, "line", raw.first_line)
            raise hand_error(raw, LineError.of(line, err)) from None
        except LineError as err:
            raise hand_error(raw, err) from None


class _Hand:
    """The events of one hand, built from its elements in order."""

    def __init__(self, raw: RawHand, items: list[Item]) -> None:
        self.raw = raw
        self.items = items
        self.events: list[ev.Event] = []
        self.names: dict[str, str] = {}  # seat attribute -> nickname
        self.stacks: dict[str, int] = {}  # what each has left after his posts
        self.board: tuple[Card, ...] = ()

    def span(self, line: int) -> SourceSpan:
        return SourceSpan(self.raw.file, line)

    def read(self) -> ev.Hand:
        if not self.items or self.items[0].tag != "game":
            raise LineError(self.raw.first_line, "a Merge hand starts with its <game> element")
        game = self.items[0]
        described = description_of(self.raw)
        tournament = described.get("type", "").endswith("Tournament")
        self.scale = 1 if tournament else 100
        start_time, zone = _start_time(game.attrs.get("starttime", ""), game.line)
        self.raise_to = start_time is None or start_time >= RAISE_TO_SINCE
        seats = [i for i in self.items if i.tag == "player"]
        posts = [i for i in self.items if i.round == "BLINDS" and i.tag == "event"]
        start = self._start(game, described, seats, posts, tournament, start_time, zone)
        self.events.append(start)
        self._seats(seats, posts, tournament)
        rounds: dict[str, list[Item]] = {}
        order: list[str] = []
        for item in self.items:
            if item.tag in ("event", "cards", "winner") and item.round:
                if item.round not in rounds:
                    order.append(item.round)
                rounds.setdefault(item.round, []).append(item)
        for name in order:
            self._round(name, rounds[name])
        return ev.Hand(start, tuple(self.events), uncalled_returns_written=False)

    def money(self, text: str, line: int) -> int:
        try:
            return to_minor(text, self.scale)
        except AmountError as err:
            raise LineError.of(line, err) from None

    def _start(
        self,
        game: Item,
        described: dict[str, str],
        seats: list[Item],
        posts: list[Item],
        tournament: bool,
        start_time: datetime | None,
        zone: str,
    ) -> ev.HandStarted:
        attrs = game.attrs
        words = hand_game(
            described.get("type", ""), described.get("stakes", ""), attrs.get("multigametype", "")
        )
        limit_words, small_text, big_text = limit_and_stakes(described.get("stakes", ""))
        limit = LIMITS.get(limit_words)
        if limit is None:
            raise LineError(game.line, f"a game the auditor does not replay: {words!r}")
        hi_lo = "H/L" in words
        holes = int(attrs.get("numholecards", "4"))
        small = self.money(small_text, game.line) if small_text else 0
        big = self.money(big_text, game.line) if big_text else 0
        if not big:  # a tournament's stakes are its blinds of the level
            blinds = {i.attrs.get("type"): i for i in posts}
            sb, bb = blinds.get("SMALL_BLIND"), blinds.get("BIG_BLIND")
            big = self.money(bb.attrs.get("amount", "0"), bb.line) if bb else 0
            small = self.money(sb.attrs.get("amount", "0"), sb.line) if sb else big // 2
            big = big or 2 * small
            if limit is ev.Limit.FIXED:  # fixed limit: the small bet is the big blind
                small, big = big, 2 * big
        data = data_fields(attrs.get("data", ""))
        table = data[1] if len(data) > 1 else ""
        dealer = attrs.get("dealer") or next(
            (i.attrs.get("dealer", "") for i in self.items if i.tag == "players"), ""
        )
        seats_attr = attrs.get("seats", "")
        return ev.HandStarted(
            self.span(game.line),
            site=SITE,
            hand_id=attrs.get("id", ""),
            game=words,
            variant=variant(limit, hi_lo, holes),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=holes,
            small_stake=small,
            big_stake=big,
            currency="chips" if tournament or attrs.get("realmoney") == "false" else "USD",
            scale=self.scale,
            started_at=start_time,
            time_zone=zone,
            table_name=table,
            max_seats=int(seats_attr) if seats_attr.isdigit() else None,
            button_seat=int(dealer) + 1 if dealer.isdigit() else None,
            tournament_id=(data[2] if len(data) > 2 else "") if tournament else None,
        )

    def _seats(self, seats: list[Item], posts: list[Item], tournament: bool) -> None:
        # a tournament's balance is what the player has left AFTER the blinds and antes
        # (fpdb-3 adds them back: adjustMergeTourneyStack); a cash game's is before them
        posted: dict[str, int] = {}
        if tournament:
            for post in posts:
                if post.attrs.get("type") in _POSTS:
                    seat = post.attrs.get("player", "")
                    amount = self.money(post.attrs.get("amount", "0"), post.line)
                    posted[seat] = posted.get(seat, 0) + amount
        for item in seats:
            seat = item.attrs.get("seat", "")
            if not seat.isdigit() or int(seat) + 1 > 2**15 - 1:
                raise LineError.of(item.line, SeatError(f"seat {seat!r} is not a seat number"))
            name = item.attrs.get("nickname", "")
            if seat in self.names:
                raise LineError.of(item.line, SeatError(f"seat {seat} is listed twice"))
            self.names[seat] = name
            stack = self.money(item.attrs.get("balance", "0"), item.line) + posted.get(seat, 0)
            out = item.attrs.get("dealtin") == "false"
            self.stacks[name] = stack
            self.events.append(ev.SeatTaken(self.span(item.line), int(seat) + 1, name, stack, out))

    def player(self, item: Item) -> str:
        seat = item.attrs.get("player", "")
        name = self.names.get(seat)
        if name is None:
            raise LineError(item.line, f"no player sits at seat {seat!r}")
        return name

    def _round(self, name: str, items: list[Item]) -> None:
        street = _STREETS.get(name)
        if street is not None:
            for item in items:  # cards are written at the round's end; dealt before its play
                if item.tag == "cards":
                    self._cards(item, street)
        shown: dict[str, Item] = {}  # a showdown's cards by seat: shown at its SHOW or MUCK
        if name == "SHOWDOWN":
            first = items[0].line if items else 0
            self.events.append(ev.ShowdownStarted(self.span(first), 1))
            shown = {i.attrs.get("player", ""): i for i in items if i.tag == "cards"}
        for item in items:
            seat = item.attrs.get("player", "")
            if item.tag == "event" and item.attrs.get("type") in _SILENT and seat in shown:
                cards = shown.pop(seat)
                self._shown(Item(cards.tag, cards.attrs, item.line, cards.round))
            elif item.tag == "event":
                self._event(item)
            elif item.tag == "cards" and name == "SHOWDOWN" and seat not in shown:
                continue  # shown above, at its player's SHOW or MUCK
            elif item.tag == "winner":
                self._winner(item)
            elif item.tag == "cards" and street is None:
                self._shown(item)

    def _cards(self, item: Item, street: ev.Street) -> None:
        kind = item.attrs.get("type", "")
        dealt = tuple(card(c) for c in item.attrs.get("cards", "").split(",") if c)
        span = self.span(item.line)
        if kind == "HOLE":
            self.events.append(ev.Dealt(span, self.player(item), dealt))
        elif kind == "COMMUNITY":
            new = dealt[len(self.board) :]
            self.board = dealt
            self.events.append(ev.StreetDealt(span, street, 1, dealt, new))
        elif kind in ("SHOWN", "MUCKED"):
            self._shown(item)

    def _shown(self, item: Item) -> None:
        kind = item.attrs.get("type", "")
        shown = tuple(card(c) for c in item.attrs.get("cards", "").split(",") if c)
        span = self.span(item.line)
        if kind == "SHOWN":
            self.events.append(ev.Shown(span, self.player(item), shown))
        elif kind == "MUCKED":
            self.events.append(ev.Mucked(span, self.player(item), shown))
        elif kind == "HOLE":
            self.events.append(ev.Dealt(span, self.player(item), shown))

    def _event(self, item: Item) -> None:
        kind = item.attrs.get("type", "")
        span = self.span(item.line)
        if kind == "CHAT":  # by nickname (observers too), not by seat
            text = item.attrs.get("text", "")
            self.events.append(ev.TableTalk(span, item.attrs.get("player", ""), text))
            return
        if kind == "GAME_CANCELLED":
            self.events.append(ev.HandCancelled(span))
            return
        player = self.player(item)
        amount_text = item.attrs.get("amount")
        amount = self.money(amount_text, item.line) if amount_text is not None else 0
        event: ev.Event
        if kind in _POSTS:
            self.stacks[player] = self.stacks.get(player, 0) - amount
            all_in = self.stacks[player] <= 0
            event = ev.Posted(span, player, _POSTS[kind], amount, all_in)
        elif kind in _STATUSES:
            event = ev.PlayerStatus(span, player, _STATUSES[kind], kind)
        elif kind in _SILENT:
            return
        elif kind == "FOLD" or kind == "SIT_OUT":
            event = ev.Folded(span, player, "" if kind == "FOLD" else "sat out")
        elif kind == "CHECK":
            event = ev.Checked(span, player)
        elif kind == "RAISE" and self.raise_to:  # the total the raiser's bet becomes
            event = ev.ChipsIn(span, player, ev.Verb.RAISE, to=amount)
        elif kind in _CHIPS:  # the chips put in; all-in where the stack is spent
            event = ev.ChipsIn(span, player, _CHIPS[kind], amount)
        elif kind == "ALL_IN":  # the chips put in, whether they bet, call or raise
            event = ev.ChipsIn(span, player, ev.Verb.ALL_IN, amount, all_in=True)
        else:
            raise LineError(item.line, f"an event type the reader does not know: {kind!r}")
        self.events.append(event)

    def _winner(self, item: Item) -> None:
        player = self.player(item)
        amount = self.money(item.attrs.get("amount", "0"), item.line)
        span = self.span(item.line)
        if item.attrs.get("uncalled") == "true":  # the bet nobody called, given back
            self.events.append(ev.UncalledReturned(span, player, amount))
            return
        pot = item.attrs.get("potnumber", "1")
        number = int(pot) - 1 if pot.isdigit() and int(pot) > 0 else 0
        self.events.append(ev.Collected(span, player, amount, number, True))


def _start_time(text: str, line: int) -> tuple[datetime | None, str]:
    """ "20120529020717" (New York time, as fpdb-3 reads it) or, in the 2012 layout,
    "2012/06/05 19:39:26 -0400" (its own offset)."""
    text = text.strip()
    try:
        if text.isdigit() and len(text) == 14:
            parts = (text[0:4], text[4:6], text[6:8], text[8:10], text[10:12], text[12:14])
            y, mo, d, h, mi, s = (int(p) for p in parts)
            return local_time(y, mo, d, h, mi, s, "ET"), "ET"
        day, clock, *offset = text.split(" ")
        y, mo, d = (int(p) for p in day.split("/"))
        h, mi, s = (int(p) for p in clock.split(":"))
        zone = f"UTC{offset[0]}" if offset else "ET"
        return local_time(y, mo, d, h, mi, s, zone), zone
    except ValueError:
        raise LineError(line, f"a start time the reader cannot read: {text!r}") from None
