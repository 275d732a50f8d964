"""Reads one Everest hand (a ``<HAND>`` element, its session's ``<SESSION>`` as context)
with the XML rooms' one reader (auditor/parse/xml_elements.py). Elements: README.md."""

from __future__ import annotations

from datetime import UTC, datetime

from auditor import events as ev
from auditor.cards import Card, card, cards
from auditor.money import AmountError, to_minor
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, variant
from auditor.parse.xml_elements import ElementReader, Node, NodeError, Tag, start_attrs
from auditor.rooms.everest import SESSION_TAG, SITE, session_game

_LIMITS = {"pot-limit": ev.Limit.POT, "no-limit": ev.Limit.NO, "fixed-limit": ev.Limit.FIXED}
_LIMITS["limit"] = ev.Limit.FIXED
_STREETS = (ev.Street.FLOP, ev.Street.TURN, ev.Street.RIVER)
_AT = ("position",)  # the seat an element is of
ELEMENTS = {
    # read before the play (the hand's start, its seats, button and hole cards)
    "HAND": Tag("the hand", reads=("id", "time", "blinds"), inside=True),
    "SEAT": Tag("a seat", _AT, ("name", "balance"), inside=True),
    "DEALER": Tag("the button", _AT, inside=True),
    "HOLE": Tag("one hole card ('--': not shown)", _AT, inside=True),
    "BLIND": Tag("a blind (the first the small one)", _AT, ("amount", "penalty")),
    "ANTE": Tag("an ante", _AT, ("amount",)),
    "XBLIND": Tag("a blind refused: out of the hand", _AT),
    "BET": Tag("the chips put in (0: a check)", _AT, ("amount", "allin")),
    "FOLD": Tag("a fold", _AT),
    "COMMUNITY": Tag("a street's new cards"),
    "PUSH": Tag("the bet nobody called, given back", _AT, ("amount",)),
    "SWEEP": Tag("the pot so far, net of rake and tax", reads=("rake", "tax")),
    "SHOW": Tag("cards shown", _AT),
    "MUCK": Tag("cards mucked", _AT),
    "XSHOW": Tag("a winner nobody called does not show", _AT),
    "WIN": Tag("what a pot paid", _AT, ("amount", "pot")),
    "CHAT": Tag("table talk, by name", reads=("name",)),
    "PRIZE": Tag("a tournament note"),
    "PLACE": Tag("a tournament note"),
}
_POSTS = frozenset({"BLIND", "XBLIND", "ANTE"})  # before the hole cards are dealt


class EverestReader(ElementReader):
    """Reads one hand; keeps no state between hands."""

    ELEMENTS = ELEMENTS

    def _read(self, nodes: list[Node]) -> ev.Hand:
        raw = self.raw
        self.events: list[ev.Event] = []
        self.names: dict[str, str] = {}  # position -> name
        self.board: tuple[Card, ...] = ()
        self.blinds = 0
        self.showdown = False
        if not nodes or nodes[0].tag != "HAND":
            raise LineError(raw.first_line, "an Everest hand is a <HAND> element")
        hand, play = nodes[0], nodes[1:]
        holes: dict[str, list[Node]] = {}
        for node in play:  # every element known, with what it needs, before the play
            self.check(node)
            if node.tag == "HOLE":
                holes.setdefault(node.get("position"), []).append(node)
        # one <HOLE> per card: the most any player was dealt (a hand with none: 4)
        session = start_attrs(raw.context, SESSION_TAG)
        dealer = next((n.get("position") for n in play if n.tag == "DEALER"), "")
        start = self._start(session, hand, max(map(len, holes.values()), default=4), dealer)
        self.events.append(start)
        for node in play:
            if node.tag == "SEAT":
                self._seat(node, node.get("position") in holes)
        self.last_sweep = next((n for n in reversed(play) if n.tag == "SWEEP"), None)
        dealt = False
        for node in play:
            if self.ELEMENTS[node.tag].inside:
                continue
            if not dealt and node.tag not in _POSTS:
                self._dealt(holes)
                dealt = True
            getattr(self, node.tag)(node)
        if not dealt:
            self._dealt(holes)
        return ev.Hand(start, tuple(self.events))

    def money(self, node: Node, name: str) -> int:
        """An attribute's amount, as written: already in the minor unit (cents, or chips)."""
        return self.amount(node, node.get(name) or "0")

    def amount(self, node: Node, text: str, scale: int = 1) -> int:
        try:
            return to_minor(text, scale)
        except AmountError as err:
            raise NodeError.at(node, err) from None

    def player(self, node: Node) -> str:
        position = node.get("position")
        name = self.names.get(position)
        if name is None:
            raise NodeError(node, f"no player sits at position {position!r}")
        return name

    def _start(
        self, session: dict[str, str], hand: Node, holes: int, dealer: str
    ) -> ev.HandStarted:
        game = session_game(session)
        limit = _LIMITS.get(session.get("gametype", ""))
        if limit is None:
            raise NodeError(hand, f"a limit the reader does not know: {game!r}")
        hi_lo = "lo" in session.get("game", "").removeprefix("omaha-hi")
        money = session.get("money", "")
        tournament = session.get("type", "ring") != "ring"
        currency = "chips" if tournament or not money else CURRENCY_OF_SYMBOL.get(money, money)
        scale = 1 if currency == "chips" else 100
        # "5 €/10 €", "0,01 €/0,02 €" (a decimal comma): in the hand's minor unit
        stakes = [s.replace(",", ".").strip(" €$£") for s in hand.get("blinds").partition("/")]
        small, big = self.amount(hand, stakes[0], scale), self.amount(hand, stakes[2], scale)
        when = hand.get("time")
        if not when.isdigit() or len(when) > 11:
            raise NodeError(hand, f"a start time the reader cannot read: {when!r}")
        return ev.HandStarted(
            self.span(hand),
            site=SITE,
            hand_id=hand.get("id"),
            game=game,
            variant=variant(limit, hi_lo, holes),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=holes,
            small_stake=small,
            big_stake=big,
            currency=currency,
            scale=scale,
            started_at=datetime.fromtimestamp(int(when), UTC).replace(tzinfo=None),
            time_zone="UTC",  # an epoch time
            table_name=session.get("tableName", ""),
            max_seats=None,
            button_seat=int(dealer) + 1 if dealer.isdigit() else None,
            tournament_id=session.get("id") if tournament else None,
        )

    def _seat(self, node: Node, dealt: bool) -> None:  # positions are numbered from 0
        position = node.get("position")
        if not position.isdigit() or int(position) + 1 > SEAT_LIMIT:
            raise NodeError.at(node, SeatError(f"position {position!r} is not a seat"))
        if position in self.names:
            raise NodeError.at(node, SeatError(f"position {position} is listed twice"))
        name = node.get("name")
        stack = self.money(node, "balance")
        self.names[position] = name
        self.events.append(ev.SeatTaken(self.span(node), int(position) + 1, name, stack, not dealt))

    def _dealt(self, holes: dict[str, list[Node]]) -> None:
        # one <HOLE> per card per player, dealt round the table; "--": not shown
        for held in holes.values():
            known = tuple(card(c.text) for c in held if c.text and c.text != "--")
            self.events.append(ev.Dealt(self.span(held[0]), self.player(held[0]), known))

    def BLIND(self, node: Node) -> None:
        # the first blind is the small one; later ones the big, or with a penalty (the
        # dead small blind a returning player owes) both
        player = self.player(node)
        penalty = self.money(node, "penalty")
        amount = self.money(node, "amount") + penalty
        if self.blinds == 0:
            kind = ev.PostKind.SMALL_BLIND
        elif penalty:
            kind = ev.PostKind.SMALL_AND_BIG
        else:
            kind = ev.PostKind.BIG_BLIND
        self.blinds += 1
        self.events.append(ev.Posted(self.span(node), player, kind, amount, None))

    def ANTE(self, node: Node) -> None:
        player, amount = self.player(node), self.money(node, "amount")
        self.events.append(ev.Posted(self.span(node), player, ev.PostKind.ANTE, amount))

    def XBLIND(self, node: Node) -> None:  # the blind refused: out of the hand (no cards)
        self.events.append(ev.PlayerStatus(self.span(node), self.player(node), ev.Status.SITS_OUT))

    def BET(self, node: Node) -> None:
        # every chip-moving action: the chips put in (0: a check); whether it bets, calls
        # or raises is the replay's to tell; all-in is written only sometimes
        player, amount = self.player(node), self.money(node, "amount")
        span = self.span(node)
        if amount == 0:
            self.events.append(ev.Checked(span, player))
            return
        all_in = True if node.get("allin") == "1" else None
        self.events.append(ev.ChipsIn(span, player, ev.Verb.CHIPS, amount, None, all_in))

    def FOLD(self, node: Node) -> None:
        self.events.append(ev.Folded(self.span(node), self.player(node)))

    def COMMUNITY(self, node: Node) -> None:
        new = cards(node.text.replace(",", " "))
        dealt = len(self.board)
        street = _STREETS[0] if dealt == 0 else _STREETS[min(dealt - 2, 2)]
        self.board = self.board + new
        self.events.append(ev.StreetDealt(self.span(node), street, 1, self.board, new))

    def PUSH(self, node: Node) -> None:  # the bet nobody called, given back
        player, amount = self.player(node), self.money(node, "amount")
        self.events.append(ev.UncalledReturned(self.span(node), player, amount))

    def SWEEP(self, node: Node) -> None:
        if node is not self.last_sweep:
            return
        # the pot so far NET of the rake and tax taken from it: the gross adds them back
        net = self.amount(node, node.text or "0")
        rake, tax = self.money(node, "rake"), self.money(node, "tax")
        fees = (("tax", tax),) if tax else ()
        pot = ev.SummaryPot(self.span(node), net + rake + tax, None, (), rake, fees)
        self.events.append(pot)

    def SHOW(self, node: Node) -> None:  # cards shown, or mucked (MUCK)
        kind = ev.Mucked if node.tag == "MUCK" else ev.Shown
        if not self.showdown:
            self.events.append(ev.ShowdownStarted(self.span(node), 1))
            self.showdown = True
        shown = cards(node.text.replace(",", " "))
        self.events.append(kind(self.span(node), self.player(node), shown))

    def XSHOW(self, node: Node) -> None:  # a winner nobody called does not show
        self.events.append(ev.NotShown(self.span(node), self.player(node)))

    def WIN(self, node: Node) -> None:
        player, amount, pot = self.player(node), self.money(node, "amount"), node.get("pot", "0")
        number = int(pot) if pot.isdigit() else 0
        self.events.append(ev.Collected(self.span(node), player, amount, number, True))

    def CHAT(self, node: Node) -> None:  # by name: observers too
        self.events.append(ev.TableTalk(self.span(node), node.get("name"), node.text))

    def PRIZE(self, node: Node) -> None:
        words = " ".join(f"{k}={v}" for k, v in node.attrs.items())
        self.events.append(ev.Note(self.span(node), f"{node.tag} {words} {node.text}".strip()))

    PLACE = PRIZE
    MUCK = SHOW
