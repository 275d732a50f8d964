"""Reads one Merge hand (a ``<game>`` element, its session's ``<description>`` as context)
with the XML rooms' one reader (auditor/parse/xml_elements.py). Element and attribute
meanings: README.md."""

from __future__ import annotations

from datetime import datetime

from auditor import events as ev
from auditor.cards import Card, card
from auditor.money import AmountError, to_minor
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time, variant
from auditor.parse.xml_elements import ElementReader, Node, Tag
from auditor.read.split import RawHand
from auditor.rooms.merge.games import (
    LIMITS,
    data_fields,
    description_of,
    hand_game,
    limit_and_stakes,
)
from auditor.rooms.merge.text import HEADER_START, MergeTextReader
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
_PLAY = frozenset({"event", "cards", "winner"})

ELEMENTS = {
    "game": Tag("the hand", ("id",), ("starttime", "numholecards", "data", "dealer", "seats")),
    "players": Tag("the seats", reads=("dealer",)),
    "player": Tag("a seat", ("seat",), ("nickname", "balance", "dealtin")),
    "round": Tag("a round: BLINDS, PREFLOP, POSTFLOP, ..., SHOWDOWN", ("id",)),
    "event": Tag("a post, action, status or talk", ("type",), ("player", "amount", "text")),
    "cards": Tag("cards dealt, shown or mucked", ("type",), ("player", "cards")),
    "winner": Tag("a pot paid, or a bet given back", ("player",), ("amount", "potnumber")),
}


class MergeReader(ElementReader):
    """Reads one XML hand, or hands a PokerTracker text one to the text reader."""

    ELEMENTS = ELEMENTS

    def __init__(self) -> None:
        super().__init__()
        self.text = MergeTextReader()

    def read(self, raw: RawHand) -> ev.Hand:
        if raw.header.startswith(HEADER_START):
            return self.text.read(raw)
        try:
            return super().read(raw)
        except (AmountError, SeatError, ValueError, KeyError) as err:
            raise self.error(LineError.of(raw.first_line, err)) from None

    def _read(self, nodes: list[Node]) -> ev.Hand:
        rounds: dict[str, list[Node]] = {}  # the play by round id, in the record's order
        round_id = ""
        for node in nodes:
            self.check(node)
            if node.tag == "round":
                round_id = node.get("id")
            elif node.tag in _PLAY and round_id:
                rounds.setdefault(round_id, []).append(node)
        if not nodes or nodes[0].tag != "game":
            raise LineError(self.raw.first_line, "a Merge hand starts with its <game> element")
        self.events: list[ev.Event] = []
        self.names: dict[str, str] = {}  # seat attribute -> nickname
        self.board: tuple[Card, ...] = ()
        described = description_of(self.raw)
        tournament = described.get("type", "").endswith("Tournament")
        self.scale = 1 if tournament else 100
        posts = [n for n in rounds.get("BLINDS", ()) if n.tag == "event"]
        start = self._start(nodes, described, posts, tournament)
        self.events.append(start)
        self._seats([n for n in nodes if n.tag == "player"], posts, tournament)
        for name, play in rounds.items():
            self._round(name, play)
        return ev.Hand(start, tuple(self.events), uncalled_returns_written=False)

    def money(self, node: Node, name: str) -> int:
        try:
            return to_minor(node.get(name, "0"), self.scale)
        except AmountError as err:
            raise LineError.of(node.line, err) from None

    def _start(
        self, nodes: list[Node], described: dict[str, str], posts: list[Node], tournament: bool
    ) -> ev.HandStarted:
        game = nodes[0]
        start_time, zone = _start_time(game.get("starttime"), game.line)
        self.raise_to = start_time is None or start_time >= RAISE_TO_SINCE
        stakes = described.get("stakes", "")
        words = hand_game(described.get("type", ""), stakes, game.get("multigametype"))
        limit_words, small_text, big_text = limit_and_stakes(stakes)
        limit = LIMITS.get(limit_words)
        if limit is None:
            raise LineError(game.line, f"a game the auditor does not replay: {words!r}")
        hi_lo = "H/L" in words
        holes = int(game.get("numholecards", "4"))
        small = to_minor(small_text, self.scale) if small_text else 0
        big = to_minor(big_text, self.scale) if big_text else 0
        if not big:  # a tournament's stakes are its blinds of the level
            blinds = {n.get("type"): n for n in posts}
            sb, bb = blinds.get("SMALL_BLIND"), blinds.get("BIG_BLIND")
            big = self.money(bb, "amount") if bb else 0
            small = self.money(sb, "amount") if sb else big // 2
            big = big or 2 * small
            if limit is ev.Limit.FIXED:  # fixed limit: the small bet is the big blind
                small, big = big, 2 * big
        data = data_fields(game.get("data"))
        players = next((n.get("dealer") for n in nodes if n.tag == "players"), "")
        dealer, seats = game.get("dealer") or players, game.get("seats")
        return ev.HandStarted(
            SourceSpan(self.raw.file, game.line),
            site=SITE,
            hand_id=game.get("id"),
            game=words,
            variant=variant(limit, hi_lo, holes),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=holes,
            small_stake=small,
            big_stake=big,
            currency="chips" if tournament or game.get("realmoney") == "false" else "USD",
            scale=self.scale,
            started_at=start_time,
            time_zone=zone,
            table_name=data[1] if len(data) > 1 else "",
            max_seats=int(seats) if seats.isdigit() else None,
            button_seat=int(dealer) + 1 if dealer.isdigit() else None,
            tournament_id=(data[2] if len(data) > 2 else "") if tournament else None,
        )

    def _seats(self, seats: list[Node], posts: list[Node], tournament: bool) -> None:
        # a tournament's balance is what the player has left AFTER the blinds and antes
        # (fpdb-3 adds them back: adjustMergeTourneyStack); a cash game's is before them
        posted: dict[str, int] = {}
        for post in posts if tournament else ():
            if post.get("type") in _POSTS:
                seat = post.get("player")
                posted[seat] = posted.get(seat, 0) + self.money(post, "amount")
        for node in seats:
            seat = node.get("seat")
            if not seat.isdigit() or int(seat) + 1 > SEAT_LIMIT:
                raise LineError.of(node.line, SeatError(f"seat {seat!r} is not a seat number"))
            if seat in self.names:
                raise LineError.of(node.line, SeatError(f"seat {seat} is listed twice"))
            name = self.names[seat] = node.get("nickname")
            stack = self.money(node, "balance") + posted.get(seat, 0)
            span, out = self.span(node), node.get("dealtin") == "false"
            self.events.append(ev.SeatTaken(span, int(seat) + 1, name, stack, out))

    def player(self, node: Node) -> str:
        seat = node.get("player")
        name = self.names.get(seat)
        if name is None:
            raise LineError(node.line, f"no player sits at seat {seat!r}")
        return name

    def _round(self, name: str, play: list[Node]) -> None:
        street = _STREETS.get(name)
        if street is not None:
            for node in play:  # cards are written at the round's end; dealt before its play
                if node.tag == "cards":
                    self._cards(node, street)
        shown: dict[str, Node] = {}  # a showdown's cards by seat: shown at its SHOW or MUCK
        if name == "SHOWDOWN":
            self.events.append(ev.ShowdownStarted(self.span(play[0]), 1))
            shown = {n.get("player"): n for n in play if n.tag == "cards"}
        for node in play:
            seat = node.get("player")
            if node.tag == "event" and node.get("type") in _SILENT and seat in shown:
                self._cards(shown.pop(seat), None, node.line)
            elif node.tag == "event":
                self._event(node)
            elif node.tag == "cards" and name == "SHOWDOWN" and seat not in shown:
                continue  # shown above, at its player's SHOW or MUCK
            elif node.tag == "winner":
                self._winner(node)
            elif node.tag == "cards" and street is None:
                self._cards(node, None)

    def _cards(self, node: Node, street: ev.Street | None, line: int = 0) -> None:
        """Cards dealt in ``street`` (COMMUNITY ones only there), or shown or mucked at
        ``line`` (a showdown's are, at its SHOW or MUCK)."""
        kind = node.get("type")
        cards = tuple(card(c) for c in node.get("cards").split(",") if c)
        span = SourceSpan(self.raw.file, line or node.line)
        if kind == "HOLE":
            self.events.append(ev.Dealt(span, self.player(node), cards))
        elif kind == "COMMUNITY" and street is not None:
            new = cards[len(self.board) :]
            self.board = cards
            self.events.append(ev.StreetDealt(span, street, 1, cards, new))
        elif kind == "SHOWN":
            self.events.append(ev.Shown(span, self.player(node), cards))
        elif kind == "MUCKED":
            self.events.append(ev.Mucked(span, self.player(node), cards))

    def _event(self, node: Node) -> None:
        kind, span = node.get("type"), self.span(node)
        if kind == "CHAT":  # by nickname (observers too), not by seat
            self.events.append(ev.TableTalk(span, node.get("player"), node.get("text")))
            return
        if kind == "GAME_CANCELLED":
            self.events.append(ev.HandCancelled(span))
            return
        player = self.player(node)
        amount = self.money(node, "amount") if "amount" in node.attrs else 0
        event: ev.Event
        if kind in _POSTS:  # all-in never said: the replay tells it
            event = ev.Posted(span, player, _POSTS[kind], amount, None)
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
            raise LineError(node.line, f"an event type the reader does not know: {kind!r}")
        self.events.append(event)

    def _winner(self, node: Node) -> None:
        player, amount, span = self.player(node), self.money(node, "amount"), self.span(node)
        if node.get("uncalled") == "true":  # the bet nobody called, given back
            self.events.append(ev.UncalledReturned(span, player, amount))
            return
        pot = node.get("potnumber", "1")
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
