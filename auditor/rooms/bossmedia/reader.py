"""Boss Media's XML hands (``<HISTORY ...>``) read with the XML rooms' one reader
(auditor/parse/xml_elements.py). Elements and attributes: README.md here."""

from __future__ import annotations

from datetime import UTC, datetime

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.findings import Code
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, variant
from auditor.parse.xml_elements import ElementReader, Node, NodeError, Tag
from auditor.rooms.bossmedia import game_name
from auditor.rooms.bossmedia.wording import claim
from auditor.source import SourceSpan

SITE = "BossMedia"
LIMITS = {"PL": ev.Limit.POT, "NL": ev.Limit.NO, "FL": ev.Limit.FIXED}
_HI_LO = {"GAME_OMA": False, "GAME_OMATU": False, "GAME_OMAHL": True}  # the Omaha games
SCALE = 100  # every amount is written in major units with cents ("0.05", "100.00")
# LINK 0-51: 13 ranks from the ace (A, 2, ..., K) of diamonds, clubs, hearts, spades;
# "b" a card face down (HHSmithy's BossMediaFastParserImpl, BossCardLookup)
_DECK = {str(i): LETTERS.card("A23456789TJQK"[i % 13] + "dchs"[i // 13]) for i in range(52)}
_STREETS = {f"BOARD_{s.name}": s for s in (ev.Street.FLOP, ev.Street.TURN, ev.Street.RIVER)}
_POSTS = {
    "HAND_SB": ev.PostKind.SMALL_BLIND,
    "HAND_BB": ev.PostKind.BIG_BLIND,
    # a dead small blind, posted with the big blind by a player back from a missed blind:
    # not part of his bet (230993221: Player2's 0.05 and 0.10, then a 0.55 call of 0.65)
    "HAND_DSB": ev.PostKind.MISSED_BLIND,
    "HAND_ANTE": ev.PostKind.ANTE,
}
_OUT = {"STATE_SITOUT"}  # seated, not dealt in ("BLINDSTATE": MB/MS, the blind missed)
_NO_PLAYER = {"STATE_EMPTY", "STATE_RESERVED"}  # a seat with nobody dealt in at it
_BY_DEFAULT = "$(STR_BY_DEFAULT)"  # won with no showdown
_MUCK = "$(STR_G_MUCK)"


def card(link: str) -> Card | None:
    """The card a ``LINK`` names; None for "b" (face down), an invalid card for another."""
    found = _DECK.get(link)
    if found is None:
        return None if link == "b" else Card(link, -1)
    return found


_PLAYER = ("PLAYER",)
ELEMENTS = {
    "HISTORY": Tag("the hand", reads=("ID", "GAME", "LIMIT", "STAKES", "DATE", "POT"), inside=True),
    "PLAYER": Tag("a seat", ("SEAT", "NAME"), ("STATE", "AMOUNT", "DEALER")),
    "ACTION": Tag("a post, deal, street or action", ("TYPE",), ("PLAYER", "VALUE", "KIND")),
    "RESULT": Tag("a hand shown, and what it won", _PLAYER, ("HAND", "HANDEXT", "WIN")),
    "SHOWDOWN": Tag("the pots paid, net of the rake", reads=("POT", "RAKE")),
    "CARD": Tag("a card of its action or result", ("LINK",), inside=True),
}
# ACTION TYPE -> the chips line it is (the layout says all-in in its own type)
_CHIPS = {"ACTION_CALL": ev.Verb.CALL, "ACTION_BET": ev.Verb.BET, "ACTION_RAISE": ev.Verb.RAISE}


class BossMediaReader(ElementReader):
    """Reads one ``<HISTORY>`` element; keeps no state between hands."""

    ELEMENTS = ELEMENTS

    def _read(self, nodes: list[Node]) -> ev.Hand:
        head = nodes[0].attrs if nodes and nodes[0].tag == "HISTORY" else {}
        # the older layout (no POT: the corpus's 2009-2012 hands) writes a call as the
        # caller's total in the round: 2907049756's "CALL 1.15" by Player1, in for 0.35,
        # matches the 1.15 raise (flop POT 2.40 = 1.15 + 1.15 + the 0.10 blind); the later
        # one (2014, 2017) the chips added: 2085694142's "CALL 1000.00" by Supervic, in
        # for 400.00, makes the 1400.00 raised (flop POT 3000.00)
        self.calls_total = "POT" not in head
        self.seats: list[ev.SeatTaken] = []
        self.players: set[str] = set()
        self.button: int | None = None
        self.events: list[ev.Event] = []
        self.results: list[ev.Event] = []  # the shows, then what each won: after the play
        self.wins: list[ev.Collected] = []
        self.pot: ev.SummaryPot | None = None
        self.visit_all(nodes[1:] if head else nodes)
        if not head or not self.seats:
            raw = self.raw
            first = raw.lines[0] if raw.lines else ""
            raise HandParseError(raw.file, raw.first_line, 1, first, "<HISTORY> and <PLAYER>")
        button = self.button if self.button is not None else _button_of(self.seats, self.events)
        start = self._start(head, button)
        events = [start, *self.seats, *self.events, *self.results, *self.wins]
        if self.pot is not None:
            events.append(self.pot)
        # no element returns a bet nobody called: POT and WIN leave it out (2085694142:
        # Supervic's uncalled 2200.00 flop bet is not in the 2985.00 he wins)
        return ev.Hand(start, tuple(events), uncalled_returns_written=False)

    def amount(self, node: Node, name: str, default: str = "") -> int:
        text = node.get(name) or default
        if not text:
            raise NodeError(node, f"<{node.tag}> has no {name}")
        try:
            return to_minor(text, SCALE)
        except AmountError as err:
            raise NodeError.at(node, err) from None

    def _start(self, head: dict[str, str], button: int | None) -> ev.HandStarted:
        raw = self.raw
        game, limit = game_name(head), LIMITS.get(head.get("LIMIT", ""))
        hi_lo = _HI_LO.get(head.get("GAME", ""))
        if limit is None or hi_lo is None:
            raise LineError(raw.first_line, f"an Omaha game Boss Media writes, not {game!r}")
        small, _, big = head.get("STAKES", "").partition("/")
        stamp = head.get("DATE", "")  # a POSIX time: the instant in UTC
        if not stamp.isdigit():
            raise LineError(raw.first_line, f"a start time in seconds since 1970, not {stamp!r}")
        try:  # a problem with the stakes or the time is the header line's
            started = datetime.fromtimestamp(int(stamp), UTC).replace(tzinfo=None)
            small_stake, big_stake = to_minor(small, SCALE), to_minor(big, SCALE)
        except AmountError as err:
            raise LineError.of(raw.first_line, err) from None
        except (ValueError, OverflowError, OSError):  # beyond the years a datetime holds
            raise LineError(raw.first_line, f"a start time no calendar holds: {stamp}") from None
        return ev.HandStarted(
            SourceSpan(raw.file, raw.first_line),
            site=SITE,
            hand_id=head.get("ID", ""),
            game=game,
            variant=variant(limit, hi_lo, 4),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small_stake,
            big_stake=big_stake,
            currency=head.get("TABLECURRENCY", "") or "chips",
            scale=SCALE,
            started_at=started,
            time_zone="UTC",
            table_name=head.get("TABLE", ""),
            max_seats=None,
            button_seat=button,
        )

    def PLAYER(self, node: Node) -> None:
        state = node.get("STATE")
        if state in _NO_PLAYER:
            return
        number, player = node.get("SEAT"), node.get("NAME")
        seat = int(number) if number.isdigit() else 0
        if not 1 <= seat <= SEAT_LIMIT:
            raise NodeError.at(node, SeatError(f"seat {number!r} cannot be at the table"))
        if player in self.players:
            raise NodeError.at(node, SeatError(f"player {player!r} is seated twice"))
        self.players.add(player)
        stack = self.amount(node, "AMOUNT")
        self.seats.append(ev.SeatTaken(self.span(node), seat, player, stack, state in _OUT))
        if node.get("DEALER") == "Y":
            self.button = seat

    def player(self, node: Node) -> str:
        player = node.get("PLAYER")
        if player not in self.players:
            raise NodeError(node, f"player {player!r} has no seat", Code.SEAT_INVALID)
        return player

    def ACTION(self, node: Node) -> None:
        kind, span = node.get("TYPE"), self.span(node)
        if kind == "HAND_BOARD":
            street = _STREETS.get(node.get("VALUE"))
            if street is None:
                raise NodeError(node, f"a street, not {node.get('VALUE')!r}")
            board = _cards(node)
            before = next(
                (e.cards for e in reversed(self.events) if isinstance(e, ev.StreetDealt)), ()
            )
            self.events.append(ev.StreetDealt(span, street, 1, board, board[len(before) :]))
            return
        player = self.player(node)
        amount = self.amount(node, "VALUE") if "VALUE" in node.attrs else 0
        event: ev.Event
        if kind == "HAND_BLINDS":
            post = _POSTS.get(node.get("KIND"))
            if post is None:
                raise NodeError(node, f"a blind, not {node.get('KIND')!r}")
            event = ev.Posted(span, player, post, amount)
        elif kind == "HAND_DEAL":
            cards = _cards(node)
            if not cards:
                return
            event = ev.Dealt(span, player, cards)
        elif kind == "ACTION_FOLD":
            event = ev.Folded(span, player)
        elif kind == "ACTION_CHECK":
            event = ev.Checked(span, player)
        elif kind == "ACTION_CALL" and self.calls_total:  # the older layout: to a total
            event = ev.ChipsIn(span, player, ev.Verb.CALL, to=amount, all_in=False)
        elif kind == "ACTION_RAISE":  # the player's total in the round
            event = ev.ChipsIn(span, player, ev.Verb.RAISE, to=amount, all_in=False)
        elif kind in _CHIPS:  # the chips added
            event = ev.ChipsIn(span, player, _CHIPS[kind], amount, all_in=False)
        elif kind == "ACTION_ALLIN":  # the player's total in the round, all his chips
            event = ev.ChipsIn(span, player, ev.Verb.ALL_IN, to=amount, all_in=True)
        else:
            raise NodeError(node, f"an action Boss Media does not write: {kind!r}")
        self.events.append(event)

    def RESULT(self, node: Node) -> None:
        player, span = self.player(node), self.span(node)
        cards = _cards(node)
        words = node.get("HAND")
        if words == _MUCK:
            self.results.append(ev.Mucked(span, player, cards))
        elif cards and words != _BY_DEFAULT:
            said = claim(words, node.attrs.get("HANDEXT"))
            self.results.append(ev.Shown(span, player, cards, words, said))
        won = self.amount(node, "WIN", "0")
        if won:
            self.wins.append(ev.Collected(span, player, won))

    def SHOWDOWN(self, node: Node) -> None:
        net, rake = self.amount(node, "POT"), self.amount(node, "RAKE", "0")
        # POT is what the pots paid, after the rake: the gross is both
        self.pot = ev.SummaryPot(self.span(node), net + rake, None, (), rake)


def _button_of(seats: list[ev.SeatTaken], events: list[ev.Event]) -> int | None:
    """The button of a record that names none (the 2009 layout writes no DEALER): the
    seat before the small blind's among the players dealt in, the small blind's own
    heads-up (89027776: Hero posts the small blind in seat 5, Player2 in seat 4 is the
    button, and the play goes round from seat 1 as from that button)."""
    posts = (e for e in events if isinstance(e, ev.Posted))
    small = next((e.player for e in posts if e.kind is ev.PostKind.SMALL_BLIND), None)
    dealt = sorted(seat.seat for seat in seats if not seat.sitting_out)
    seat_of = {seat.player: seat.seat for seat in seats}
    if small is None or seat_of.get(small) not in dealt:
        return None
    at = dealt.index(seat_of[small])
    return dealt[at] if len(dealt) == 2 else dealt[at - 1]


def _cards(node: Node) -> tuple[Card, ...]:
    """The cards of an action or result, those face down left out."""
    return tuple(c for c in (card(n.get("LINK")) for n in node.iter("CARD")) if c is not None)
