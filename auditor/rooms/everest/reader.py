"""Reads one Everest hand (a ``<HAND>`` element, its session's ``<SESSION>`` as context)
into events. The hand's lines are fed to a streaming XML parser line by line, so each
element carries the file line it ends on; a document that is not XML is a PARSE_ERROR at
the parser's line and column. Element and attribute meanings: README.md."""

from __future__ import annotations

from datetime import UTC, datetime

from auditor import events as ev
from auditor.cards import Card, card
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, variant
from auditor.parse.xml_session import XmlItem, first_attrs, read_items
from auditor.read.split import RawHand
from auditor.rooms.everest import SESSION_TAG, SITE, session_game
from auditor.source import SourceSpan

_LIMITS = {
    "pot-limit": ev.Limit.POT,
    "no-limit": ev.Limit.NO,
    "fixed-limit": ev.Limit.FIXED,
    "limit": ev.Limit.FIXED,
}
_STREETS = (ev.Street.FLOP, ev.Street.TURN, ev.Street.RIVER)
_SKIPPED = frozenset({"HAND", "SEAT", "DEALER", "HOLE"})  # read before the play


class EverestReader:
    """Reads one hand; keeps no state between hands."""

    def read(self, raw: RawHand) -> ev.Hand:
        items = read_items(raw.lines, raw.first_line, raw.file)
        # the hand at its start tag (its attributes, its first line); the rest at their ends
        ends = [i for i in items if i.kind == "end" and i.tag != "HAND"]
        hands = [i for i in items if i.kind == "start" and i.tag == "HAND"][:1]
        try:
            return _Hand(raw, hands + ends).read()
        except LineError as err:
            at = err.line - raw.first_line
            text = raw.lines[at] if 0 <= at < len(raw.lines) else ""
            raise HandParseError(raw.file, err.line, 1, text, err.problem, err.code) from None


class _Hand:
    def __init__(self, raw: RawHand, items: list[XmlItem]) -> None:
        self.raw = raw
        self.items = items
        self.events: list[ev.Event] = []
        self.names: dict[str, str] = {}  # position -> name
        self.stacks: dict[str, int] = {}
        self.street_bet: dict[str, int] = {}
        self.current = 0
        self.board: tuple[Card, ...] = ()
        self.blinds = 0
        self.showdown = False

    def span(self, line: int) -> SourceSpan:
        return SourceSpan(self.raw.file, line)

    def read(self) -> ev.Hand:
        session = first_attrs(self.raw.context, SESSION_TAG)
        hand = next((i for i in self.items if i.tag == "HAND"), None)
        if hand is None:
            raise LineError(self.raw.first_line, "an Everest hand is a <HAND> element")
        holes: dict[str, list[XmlItem]] = {}
        for item in self.items:
            if item.tag == "HOLE":
                holes.setdefault(item.attrs.get("position", ""), []).append(item)
        # one <HOLE> per card: the most any player was dealt (a hand with none: 4)
        start = self._start(session, hand, max((len(c) for c in holes.values()), default=4))
        self.events.append(start)
        for item in self.items:
            if item.tag == "SEAT":
                self._seat(item, item.attrs.get("position", "") in holes)
        dealt = False
        sweeps = [i for i in self.items if i.tag == "SWEEP"]
        for item in self.items:
            if item.tag in _SKIPPED:
                continue
            if not dealt and item.tag not in ("BLIND", "XBLIND", "ANTE"):
                self._dealt(holes)
                dealt = True
            self._item(item, item is sweeps[-1] if sweeps else False)
        if not dealt:
            self._dealt(holes)
        return ev.Hand(start, tuple(self.events))

    def money(self, text: str, line: int) -> int:
        """An amount as written: already in the hand's minor unit (cents, or chips)."""
        try:
            return to_minor(text, 1)
        except AmountError as err:
            raise LineError.of(line, err) from None

    def _start(self, session: dict[str, str], hand: XmlItem, holes: int) -> ev.HandStarted:
        game = session_game(session)
        limit = _LIMITS.get(session.get("gametype", ""))
        if limit is None:
            raise LineError(hand.line, f"a limit the reader does not know: {game!r}")
        hi_lo = "lo" in session.get("game", "").removeprefix("omaha-hi")
        money = session.get("money", "")
        tournament = session.get("type", "ring") != "ring"
        currency = "chips" if tournament or not money else CURRENCY_OF_SYMBOL.get(money, money)
        scale = 1 if currency == "chips" else 100
        small, big = self._stakes(hand.attrs.get("blinds", ""), scale, hand.line)
        when = hand.attrs.get("time", "")
        if not when.isdigit() or len(when) > 11:
            raise LineError(hand.line, f"a start time the reader cannot read: {when!r}")
        started = datetime.fromtimestamp(int(when), UTC).replace(tzinfo=None)
        dealer = next((i.attrs.get("position", "") for i in self.items if i.tag == "DEALER"), "")
        return ev.HandStarted(
            self.span(hand.line),
            site=SITE,
            hand_id=hand.attrs.get("id", ""),
            game=game,
            variant=variant(limit, hi_lo, holes),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=holes,
            small_stake=small,
            big_stake=big,
            currency=currency,
            scale=scale,
            started_at=started,
            time_zone="UTC",  # an epoch time
            table_name=session.get("tableName", ""),
            max_seats=None,
            button_seat=int(dealer) + 1 if dealer.isdigit() else None,
            tournament_id=session.get("id") if tournament else None,
        )

    def _stakes(self, blinds: str, scale: int, line: int) -> tuple[int, int]:
        """ "5 €/10 €", "0,01 €/0,02 €" (a decimal comma): in the hand's minor unit."""
        small, _, big = blinds.partition("/")
        try:
            return tuple(  # type: ignore[return-value]
                to_minor(part.replace(",", ".").strip(" €$£"), scale) for part in (small, big)
            )
        except AmountError as err:
            raise LineError.of(line, err) from None

    def player(self, item: XmlItem) -> str:
        position = item.attrs.get("position", "")
        name = self.names.get(position)
        if name is None:
            raise LineError(item.line, f"no player sits at position {position!r}")
        return name

    def _seat(self, item: XmlItem, dealt: bool) -> None:
        position = item.attrs.get("position", "")
        if not position.isdigit() or int(position) + 1 > SEAT_LIMIT:
            raise LineError.of(item.line, SeatError(f"position {position!r} is not a seat"))
        if position in self.names:
            raise LineError.of(item.line, SeatError(f"position {position} is listed twice"))
        name = item.attrs.get("name", "")
        stack = self.money(item.attrs.get("balance", "0"), item.line)
        self.names[position] = name
        self.stacks[name] = stack
        seat = int(position) + 1  # positions are numbered from 0
        self.events.append(ev.SeatTaken(self.span(item.line), seat, name, stack, not dealt))

    def _dealt(self, holes: dict[str, list[XmlItem]]) -> None:
        # one <HOLE> per card per player, dealt round the table; "--": not shown
        for cards in holes.values():
            player = self.player(cards[0])
            known = tuple(card(c.text) for c in cards if c.text and c.text != "--")
            self.events.append(ev.Dealt(self.span(cards[0].line), player, known))

    def _item(self, item: XmlItem, last_sweep: bool) -> None:
        span = self.span(item.line)
        tag = item.tag
        if tag == "BLIND":
            self._blind(item)
        elif tag == "ANTE":
            player = self.player(item)
            amount = self.money(item.attrs.get("amount", "0"), item.line)
            self.stacks[player] -= amount
            self.events.append(ev.Posted(span, player, ev.PostKind.ANTE, amount))
        elif tag == "XBLIND":  # the blind refused: out of the hand (no hole cards)
            self.events.append(ev.PlayerStatus(span, self.player(item), ev.Status.SITS_OUT))
        elif tag == "BET":
            self._bet(item)
        elif tag == "FOLD":
            self.events.append(ev.Folded(span, self.player(item)))
        elif tag == "COMMUNITY":
            self._board(item)
        elif tag == "PUSH":  # the bet nobody called, given back
            amount = self.money(item.attrs.get("amount", "0"), item.line)
            self.events.append(ev.UncalledReturned(span, self.player(item), amount))
        elif tag == "SWEEP":
            if last_sweep:
                self._pot(item)
        elif tag in ("SHOW", "MUCK"):
            if not self.showdown:
                self.events.append(ev.ShowdownStarted(span, 1))
                self.showdown = True
            shown = tuple(card(c.strip()) for c in item.text.split(",") if c.strip())
            event: ev.Event = (
                ev.Shown(span, self.player(item), shown)
                if tag == "SHOW"
                else ev.Mucked(span, self.player(item), shown)
            )
            self.events.append(event)
        elif tag == "XSHOW":  # a winner nobody called does not show
            self.events.append(ev.NotShown(span, self.player(item)))
        elif tag == "WIN":
            self._win(item)
        elif tag == "CHAT":  # by name: observers too
            self.events.append(ev.TableTalk(span, item.attrs.get("name", ""), item.text))
        elif tag in ("PRIZE", "PLACE"):
            words = " ".join(f"{k}={v}" for k, v in item.attrs.items())
            self.events.append(ev.Note(span, f"{tag} {words} {item.text}".strip()))
        else:
            raise LineError(item.line, f"an element the reader does not know: <{tag}>")

    def _blind(self, item: XmlItem) -> None:
        # the first blind is the small one; later ones the big, or with a penalty (the
        # dead small blind a returning player owes) both
        player = self.player(item)
        amount = self.money(item.attrs.get("amount", "0"), item.line)
        penalty = self.money(item.attrs.get("penalty", "0"), item.line)
        if self.blinds == 0:
            kind = ev.PostKind.SMALL_BLIND
        elif penalty:
            kind = ev.PostKind.SMALL_AND_BIG
        else:
            kind = ev.PostKind.BIG_BLIND
        self.blinds += 1
        total = amount + penalty
        self.stacks[player] -= total
        all_in = self.stacks[player] <= 0
        self.events.append(ev.Posted(self.span(item.line), player, kind, total, all_in))
        self.street_bet[player] = self.street_bet.get(player, 0) + amount  # the live part
        self.current = max(self.current, self.street_bet[player])

    def _bet(self, item: XmlItem) -> None:
        # BET is every chip-moving action: the chips put in (0: a check); whether it
        # bets, calls or raises is what the bets before it say
        player = self.player(item)
        span = self.span(item.line)
        amount = self.money(item.attrs.get("amount", "0"), item.line)
        so_far = self.street_bet.get(player, 0)
        total = so_far + amount
        self.stacks[player] -= amount
        all_in = item.attrs.get("allin") == "1" or (amount > 0 and self.stacks[player] <= 0)
        event: ev.Event
        if amount == 0:
            event = ev.Checked(span, player)
        elif self.current == 0:
            event = ev.Bet(span, player, amount, all_in)
        elif total <= self.current:
            event = ev.Called(span, player, amount, all_in)
        else:
            event = ev.RaisedTo(span, player, amount, 0, all_in, ev.RaiseGiven.BY)
        self.street_bet[player] = total
        self.current = max(self.current, total)
        self.events.append(event)

    def _board(self, item: XmlItem) -> None:
        new = tuple(card(c.strip()) for c in item.text.split(",") if c.strip())
        dealt = len(self.board)
        street = _STREETS[0] if dealt == 0 else _STREETS[min(dealt - 2, 2)]
        self.board = self.board + new
        self.street_bet, self.current = {}, 0
        self.events.append(ev.StreetDealt(self.span(item.line), street, 1, self.board, new))

    def _pot(self, item: XmlItem) -> None:
        # the pot so far NET of the rake and tax taken from it: the gross adds them back
        net = self.money(item.text or "0", item.line)
        rake = self.money(item.attrs.get("rake", "0"), item.line)
        tax = self.money(item.attrs.get("tax", "0"), item.line)
        fees = (("tax", tax),) if tax else ()
        gross = net + rake + tax
        self.events.append(ev.SummaryPot(self.span(item.line), gross, None, (), rake, fees))

    def _win(self, item: XmlItem) -> None:
        amount = self.money(item.attrs.get("amount", "0"), item.line)
        pot = item.attrs.get("pot", "0")
        number = int(pot) if pot.isdigit() else 0
        player = self.player(item)
        self.events.append(ev.Collected(self.span(item.line), player, amount, number, True))
