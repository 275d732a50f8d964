"""iPoker XML games to events (the element and attribute meanings: README.md here): the
game (one ``<game>``) and its session's ``<general>`` block (its context) are each read
into elements, actions in the order of their ``no`` (iPoker writes them out of order)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from auditor import events as ev
from auditor.cards import Card
from auditor.money import AmountError, to_minor
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, variant
from auditor.parse.xml_elements import (
    ElementReader,
    Node,
    NodeError,
    Tag,
    hand_error,
    read_elements,
)
from auditor.read.split import RawHand
from auditor.rooms.ipoker.games import (
    SITE,
    UNKNOWN,
    Session,
    amount_text,
    card_of,
    read_session,
    start_time,
)
from auditor.source import SourceSpan

if TYPE_CHECKING:
    from auditor.rooms.ipoker.text_reader import IPokerTextReader

# action type codes (README.md): what each becomes
# the codes 0 to 7, in order
FOLD, SMALL_BLIND, BIG_BLIND, CALL, CHECK, BET, RAISE_BY, ALL_IN = "01234567"
SITTING_OUT, SITS_OUT, ANTE, BRING_IN, RAISE_TO = "8", "9", "15", "16", "23"
_POSTS = {
    SMALL_BLIND: ev.PostKind.SMALL_BLIND,
    BIG_BLIND: ev.PostKind.BIG_BLIND,
    ANTE: ev.PostKind.ANTE,
    BRING_IN: ev.PostKind.BRING_IN,
}
# the chips lines by type code: the verb, and whether all-in (the layout says it in 7)
_CHIPS = {
    CALL: (ev.Verb.CALL, False),
    BET: (ev.Verb.BET, False),
    RAISE_BY: (ev.Verb.CHIPS, False),
    ALL_IN: (ev.Verb.ALL_IN, True),
}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}


_PLAYER = ("player",)
ELEMENTS = {
    "game": Tag("the hand", ("gamecode",)),
    "general": Tag("the hand's start date and players", inside=True),
    "startdate": Tag("when the hand started", inside=True),
    "players": Tag("the seats", inside=True),
    "player": Tag("a seat, and what it won", ("seat", "name"), ("chips", "dealer", "win")),
    "round": Tag("a betting round (0: the blinds)", reads=("no",), inside=True),
    "cards": Tag("cards dealt: Pocket or a street's", ("type",), _PLAYER),
    "action": Tag("an action, by its type code", ("type", "player"), ("no", "sum")),
}


class IPokerReader:
    """Reads one iPoker ``<game>`` (a RawHand whose context is its session's ``<general>``)."""

    def __init__(self) -> None:
        self._sessions: dict[tuple[str, ...], Session] = {}  # a session's games share it
        self._text: IPokerTextReader | None = None

    def _text_reader(self) -> IPokerTextReader:
        if self._text is None:  # lark: loaded when a text hand comes
            from auditor.rooms.ipoker.text_reader import IPokerTextReader

            self._text = IPokerTextReader()
        return self._text

    def read(self, raw: RawHand) -> ev.Hand:
        if raw.lines and raw.lines[0].startswith("GAME #"):
            return self._text_reader().read(raw)  # PokerTracker's text of iPoker hands
        try:
            return self._read(raw)
        except LineError as err:
            raise hand_error(raw, err) from None

    def _session(self, raw: RawHand) -> Session:
        found = self._sessions.get(raw.context)
        if found is None:
            if len(self._sessions) > 64:
                self._sessions.clear()
            found = read_session(
                read_elements(raw.context, 1, raw.file).nodes if raw.context else []
            )
            self._sessions[raw.context] = found
        return found

    def _read(self, raw: RawHand) -> ev.Hand:
        session = self._session(raw)
        document = read_elements(raw.lines, raw.first_line, raw.file, partial=True)
        # cut short: the file ends inside the game, read as far as it goes
        return _Game(raw, session, document.nodes).hand(document.cut_short)


class _Game(ElementReader):
    """One game's events (elements of no use to the reader, that some exports add, are
    let be)."""

    ELEMENTS = ELEMENTS

    def __init__(self, raw: RawHand, session: Session, found: list[Node]) -> None:
        super().__init__()
        self.raw = raw
        self.session = session
        self.found = found
        self.scale = 100 if session.currency != "chips" else 1
        self.events: list[ev.Event] = []
        self.pocketed: set[str] = set()
        self.big = self._stake(session.big)

    def span(self, at: Node) -> SourceSpan:
        return SourceSpan(self.raw.file, at.line, at.column)

    def money(self, at: Node, name: str) -> int:
        text = at.attrs.get(name)
        if text is None:
            raise LineError(at.line, f"<{at.tag}> has no {name} attribute")
        try:
            return to_minor(amount_text(text), self.scale)
        except AmountError as err:
            raise LineError.of(at.line, err) from None

    def hand(self, cut_short: bool) -> ev.Hand:
        game = self.found[0]
        if game.tag != "game":
            raise LineError(game.line, f"a <game> element, not <{game.tag}>")
        self.check(game)
        hand_id = game.get("gamecode")
        players = [e for e in self.found if e.tag == "player"]
        pockets = [e for e in self.found if e.tag == "cards" and e.attrs.get("type") == "Pocket"]
        hole = max((len(e.text.split()) for e in pockets), default=4)
        date = next((e for e in self.found if e.tag == "startdate"), None)
        started = self.session.started
        if date is not None:
            try:
                started = start_time(date.text)
            except ValueError as err:
                raise LineError(date.line, str(err)) from None
        session = self.session
        button = next(
            (
                int(p.attrs["seat"])
                for p in players
                if p.attrs.get("dealer") == "1" and p.attrs.get("seat", "").isdecimal()
            ),
            None,
        )
        start = ev.HandStarted(
            self.span(game),
            site=SITE,
            hand_id=hand_id,
            game=session.game,
            variant=variant(session.limit, session.hi_lo, hole),
            limit=session.limit,
            hi_lo=session.hi_lo,
            hole_card_count=hole,
            small_stake=self._stake(session.small),
            big_stake=self.big,
            currency=session.currency,
            scale=self.scale,
            started_at=started,
            time_zone="",
            table_name=session.table,
            max_seats=session.max_seats,
            button_seat=button,
        )
        self.events.append(start)
        for node in self.found:
            if node.tag in ELEMENTS:
                self.check(node)
        self.names: set[str] = set()
        self.pocketed = {e.attrs.get("player", "") for e in pockets}
        self.acting = {
            e.attrs.get("player", "")
            for e in self.found
            if e.tag == "action" and e.attrs.get("type") not in (SITTING_OUT, SITS_OUT)
        }
        self.wins: list[tuple[Node, str, int]] = []
        for node in players:
            self.player(node)
        self.folded: set[str] = set()
        self.shown: list[tuple[Node, str, tuple[Card, ...]]] = []
        self.board: tuple[Card, ...] = ()
        rounds = [e for e in self.found if e.tag == "round"]
        for round_at in rounds:
            self.round = round_at.attrs.get("no", "")
            for node in round_at.children:
                if node.tag == "cards":
                    self.cards(node)
            for node in sorted((e for e in round_at.children if e.tag == "action"), key=_order):
                self.action(node)
        # only the blinds (the "partial" exports): the record stops before the deal
        truncated = cut_short or not any(r.attrs.get("no", "0") != "0" for r in rounds)
        standing = [n for n in self.names if n not in self.folded]
        shown = [(item, whose, cards) for item, whose, cards in self.shown if whose in standing]
        if len(standing) > 1 and shown:
            self.events.append(ev.ShowdownStarted(self.span(shown[0][0]), 1))
            for item, whose, cards in shown:
                self.events.append(ev.Shown(self.span(item), whose, cards))
        for player_at, name, won in self.wins:
            if won > 0:
                self.events.append(ev.Collected(self.span(player_at), name, won))
        last = SourceSpan(self.raw.file, self.raw.first_line + len(self.raw.lines) - 1)
        return ev.Hand(
            start,
            tuple(self.events),
            truncated=truncated,
            truncated_at=last if truncated else None,
            uncalled_returns_written=False,
            # the wins are net of the rake; with no <uncalled_bet_enabled>, a bet nobody
            # called is in its bettor's win as well (README.md)
            wins_hold_returns=not session.uncalled_bet_enabled,
            show_order_written=False,
        )

    def _stake(self, text: str) -> int:
        try:
            return to_minor(amount_text(text), self.scale) if text else 0
        except AmountError as err:
            raise LineError(self.raw.first_line, str(err)) from None

    def player(self, node: Node) -> None:
        seat_text, name = node.get("seat"), node.get("name")
        if not name:  # an empty seat, written as a player with no name and no chips
            return
        if not seat_text.isdecimal() or not 0 < int(seat_text) <= SEAT_LIMIT or name in self.names:
            problem = f"seat {seat_text!r} of {name!r}: not a seat, or a player seated twice"
            raise NodeError.at(node, SeatError(problem))
        self.names.add(name)
        stack = self.money(node, "chips")
        # <players> lists everyone seated; those dealt in have a Pocket <cards> (a
        # "partial" export has none: there, whoever the record shows doing nothing)
        out = name not in self.pocketed and name not in self.acting
        seat = ev.SeatTaken(self.span(node), int(seat_text), name, stack, out_of_hand=out)
        self.events.append(seat)
        if "win" in node.attrs:
            self.wins.append((node, name, self.money(node, "win")))

    def cards(self, node: Node) -> None:
        cards = tuple(card_of(t) for t in node.text.split())
        kind = node.get("type")
        if kind == "Pocket":
            whose = node.get("player")
            known = () if all(c is UNKNOWN for c in cards) else cards
            if known:  # shown at the showdown if he gets there (README.md)
                self.shown.append((node, whose, known))
            # the export's own player sees his cards; others' are known from their show
            # (with no <nickname>, whose cards these are is not said)
            hero = self.session.hero
            self.events.append(
                ev.Dealt(self.span(node), whose, known if whose == hero or not hero else ())
            )
        elif kind in _STREETS:
            self.board = self.board + cards
            street = ev.StreetDealt(self.span(node), _STREETS[kind], 1, self.board, cards)
            self.events.append(street)
        else:
            raise NodeError(node, f"cards of type {kind!r}")

    def action(self, at: Node) -> None:
        kind, player, folded = at.get("type"), at.get("player"), self.folded
        span = self.span(at)
        amount = self.money(at, "sum") if "sum" in at.attrs else 0
        event: ev.Event
        if kind == FOLD:
            event = ev.Folded(span, player)
            folded.add(player)
        elif kind == SITS_OUT and player in self.pocketed:  # dealt in: his hand is folded
            event = ev.Folded(span, player, note="sitting out")
            folded.add(player)
        elif kind == SITS_OUT:  # not dealt in: he sat out instead of posting his blind
            event = ev.PlayerStatus(span, player, ev.Status.SITS_OUT)
            folded.add(player)
        elif kind == SITTING_OUT:
            event = ev.PlayerStatus(span, player, ev.Status.SITTING_OUT)
            folded.add(player)
        elif kind == CHECK:
            event = ev.Checked(span, player)
        elif kind in _POSTS:
            post = _POSTS[kind]
            if post is ev.PostKind.BIG_BLIND and 0 < self.big < amount:
                # a newcomer's big blind with the small blind dead on top (fpdb reads
                # it so too): "posts small & big blinds"
                post = ev.PostKind.SMALL_AND_BIG
            event = ev.Posted(span, player, post, amount)
        elif kind == RAISE_TO:
            event = ev.ChipsIn(span, player, ev.Verb.RAISE, to=amount, all_in=False)
        elif kind in _CHIPS:
            # the chips put in with the action (7: all-in; 6: fpdb reads a raise by,
            # HHSmithy another all-in: the chips say which it is, the all-in is not claimed)
            verb, all_in = _CHIPS[kind]
            event = ev.ChipsIn(span, player, verb, amount, all_in=all_in)
        else:
            raise LineError(
                at.line, f"an action of type {kind!r} (no iPoker type the reader knows)"
            )
        if self.round == "0" and kind not in (*_POSTS, SITTING_OUT, SITS_OUT):
            raise LineError(at.line, f"an action of type {kind!r} before the cards are dealt")
        self.events.append(event)


def _order(at: Node) -> int:
    number = at.attrs.get("no", "")
    return int(number) if number.isdecimal() else 0
