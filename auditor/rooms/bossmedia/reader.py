"""Boss Media's XML hands (``<HISTORY ...>``) read into events, element by element as a
pull parser reads them (the meanings of elements and attributes: README.md here)."""

from __future__ import annotations

from datetime import UTC, datetime
from xml.etree.ElementTree import Element

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.findings import Code
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, variant
from auditor.parse.xml_documents import parse_events
from auditor.read.split import RawHand
from auditor.rooms.bossmedia.games import LIMITS, SITE, game_name, is_hi_lo, is_omaha
from auditor.rooms.bossmedia.wording import claim
from auditor.source import SourceSpan

SCALE = 100  # every amount is written in major units with cents ("0.05", "100.00")
# LINK 0-51: 13 ranks from the ace (A, 2, ..., K) of diamonds, clubs, hearts, spades;
# "b" a card face down (HHSmithy's BossMediaFastParserImpl, BossCardLookup)
_RANKS = "A23456789TJQK"
_SUITS = "dchs"
_DECK = {str(i): LETTERS.card(_RANKS[i % 13] + _SUITS[i // 13]) for i in range(52)}
_STREETS = {
    "BOARD_FLOP": ev.Street.FLOP,
    "BOARD_TURN": ev.Street.TURN,
    "BOARD_RIVER": ev.Street.RIVER,
}
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


class BossMediaReader:
    """Reads one ``<HISTORY>`` element; keeps each player's bet in the street (a raise and
    an all-in are written as the player's total in the round, a call as chips added)."""

    _calls_total = False

    def read(self, raw: RawHand) -> ev.Hand:
        try:
            return self._read(raw)
        except LineError as err:
            text = raw.lines[err.line - raw.first_line] if raw.lines else ""
            raise HandParseError(raw.file, err.line, 1, text, err.problem, err.code) from None

    def _read(self, raw: RawHand) -> ev.Hand:
        events: list[ev.Event] = []
        seats: list[ev.SeatTaken] = []
        players: set[str] = set()
        head: dict[str, str] = {}
        button: int | None = None
        lines: list[int] = []
        bets: dict[str, int] = {}
        results: list[ev.Event] = []
        wins: list[ev.Collected] = []
        pot: ev.SummaryPot | None = None
        for number, kind, element in parse_events(raw):
            if kind == "start":
                if element.tag == "HISTORY" and not head:
                    head = dict(element.attrib)
                    # the older layout (no POT: the corpus's 2009-2012 hands) writes a
                    # call as the caller's total in the round: 2907049756's "CALL 1.15"
                    # by Player1, in for 0.35, matches the 1.15 raise (flop POT 2.40 =
                    # 1.15 + 1.15 + the 0.10 blind); the later one (2014, 2017) the chips
                    # added: 2085694142's "CALL 1000.00" by Supervic, in for 400.00,
                    # makes the 1400.00 raised (flop POT 3000.00)
                    self._calls_total = "POT" not in head
                lines.append(number)
                continue
            line = lines.pop()
            span = SourceSpan(raw.file, line)
            tag = element.tag
            try:
                if tag == "PLAYER":
                    seat = self._seat(element, span, players)
                    if seat is not None:
                        seats.append(seat)
                        if element.get("DEALER") == "Y":
                            button = seat.seat
                    continue
                if tag == "ACTION":
                    self._action(element, span, players, bets, events)
                    if element.get("TYPE") == "HAND_BOARD":
                        bets = {}
                elif tag == "RESULT":
                    self._result(element, span, players, results, wins)
                elif tag == "SHOWDOWN":
                    net = _amount(element.get("POT"), line)
                    rake = _amount(element.get("RAKE") or "0", line)
                    # POT is what the pots paid, after the rake: the gross is both
                    pot = ev.SummaryPot(span, net + rake, None, (), rake)
                elif tag not in ("CARD", "HISTORY"):
                    raise LineError(line, f"an element Boss Media does not write: <{tag}>")
            except (AmountError, SeatError, ValueError) as err:
                raise LineError.of(line, err) from None
        if not head or not seats:
            first = raw.lines[0] if raw.lines else ""
            raise HandParseError(raw.file, raw.first_line, 1, first, "<HISTORY> and <PLAYER>")
        if button is None:
            button = _button_of(seats, events)
        start = self._start(raw, head, button)
        events[:0] = [start, *seats]
        events.extend(results)
        events.extend(wins)
        if pot is not None:
            events.append(pot)
        # no element returns a bet nobody called: POT and WIN leave it out (2085694142:
        # Supervic's uncalled 2200.00 flop bet is not in the 2985.00 he wins)
        return ev.Hand(start, tuple(events), uncalled_returns_written=False)

    def _start(
        self, raw: RawHand, head: dict[str, str], button: int | None
    ) -> ev.HandStarted:
        game = game_name(head.get("GAME", ""), head.get("LIMIT", ""))
        limit = LIMITS.get(head.get("LIMIT", ""))
        if limit is None or not is_omaha(game):
            raise LineError(raw.first_line, f"an Omaha game Boss Media writes, not {game!r}")
        small, _, big = head.get("STAKES", "").partition("/")
        hi_lo = is_hi_lo(game)
        stamp = head.get("DATE", "")
        if not stamp.isdigit():
            raise LineError(raw.first_line, f"a start time in seconds since 1970, not {stamp!r}")
        # DATE is a POSIX time: the instant in UTC
        try:
            started = datetime.fromtimestamp(int(stamp), UTC).replace(tzinfo=None)
        except (ValueError, OverflowError, OSError):  # beyond the years a datetime holds
            raise LineError(raw.first_line, f"a start time no calendar holds: {stamp}") from None
        try:  # the stakes: a problem with them is the header line's
            small_stake, big_stake = to_minor(small, SCALE), to_minor(big, SCALE)
        except AmountError as err:
            raise LineError.of(raw.first_line, err) from None
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

    def _seat(self, element: Element, span: SourceSpan, players: set[str]) -> ev.SeatTaken | None:
        state = element.get("STATE", "")
        if state in _NO_PLAYER:
            return None
        number = element.get("SEAT", "")
        seat = int(number) if number.isdigit() else 0
        player = element.get("NAME", "")
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {number!r} cannot be at the table")
        if player in players:
            raise SeatError(f"player {player!r} is seated twice")
        players.add(player)
        stack = to_minor(element.get("AMOUNT", ""), SCALE)
        return ev.SeatTaken(span, seat, player, stack, sitting_out=state in _OUT)

    def _action(
        self,
        element: Element,
        span: SourceSpan,
        players: set[str],
        bets: dict[str, int],
        events: list[ev.Event],
    ) -> None:
        kind = element.get("TYPE", "")
        if kind == "HAND_BOARD":
            street = _STREETS.get(element.get("VALUE", ""))
            if street is None:
                raise LineError(span.line, f"a street, not {element.get('VALUE')!r}")
            board = tuple(c for c in map(card, _links(element)) if c is not None)
            before = next(
                (e.cards for e in reversed(events) if isinstance(e, ev.StreetDealt)), ()
            )
            events.append(ev.StreetDealt(span, street, 1, board, board[len(before) :]))
            return
        player = element.get("PLAYER", "")
        if player not in players:
            raise LineError(span.line, f"player {player!r} has no seat", Code.SEAT_INVALID)
        value = element.get("VALUE")
        amount = _amount(value, span.line) if value is not None else 0
        top = max(bets.values(), default=0)
        so_far = bets.get(player, 0)
        if kind == "HAND_BLINDS":
            post = _POSTS.get(element.get("KIND", ""))
            if post is None:
                raise LineError(span.line, f"a blind, not {element.get('KIND')!r}")
            events.append(ev.Posted(span, player, post, amount))
            if post is not ev.PostKind.MISSED_BLIND and post is not ev.PostKind.ANTE:
                bets[player] = so_far + amount
        elif kind == "HAND_DEAL":
            cards = tuple(c for c in map(card, _links(element)) if c is not None)
            if cards:
                events.append(ev.Dealt(span, player, cards))
        elif kind == "ACTION_FOLD":
            events.append(ev.Folded(span, player))
        elif kind == "ACTION_CHECK":
            events.append(ev.Checked(span, player))
        elif kind == "ACTION_CALL":
            # the chips added; in the older layout the player's total in the round
            added = amount - so_far if self._calls_total else amount
            events.append(ev.Called(span, player, added))
            bets[player] = so_far + added
        elif kind == "ACTION_BET":
            events.append(ev.Bet(span, player, amount))
            bets[player] = so_far + amount
        elif kind == "ACTION_RAISE":  # the player's total in the round
            events.append(ev.RaisedTo(span, player, 0, amount, False, ev.RaiseGiven.TO))
            bets[player] = amount
        elif kind == "ACTION_ALLIN":  # the player's total in the round, all his chips
            if amount <= top:
                events.append(ev.Called(span, player, amount - so_far, True))
            elif top == 0:
                events.append(ev.Bet(span, player, amount, True))
            else:
                events.append(ev.RaisedTo(span, player, 0, amount, True, ev.RaiseGiven.TO))
            bets[player] = amount
        else:
            raise LineError(span.line, f"an action Boss Media does not write: {kind!r}")

    def _result(
        self,
        element: Element,
        span: SourceSpan,
        players: set[str],
        results: list[ev.Event],
        wins: list[ev.Collected],
    ) -> None:
        player = element.get("PLAYER", "")
        if player not in players:
            raise LineError(span.line, f"player {player!r} has no seat", Code.SEAT_INVALID)
        cards = tuple(c for c in map(card, _links(element)) if c is not None)
        words = element.get("HAND", "")
        if words == _MUCK:
            results.append(ev.Mucked(span, player, cards))
        elif cards and words != _BY_DEFAULT:
            said = claim(words, element.get("HANDEXT"))
            results.append(ev.Shown(span, player, cards, words, said))
        won = _amount(element.get("WIN") or "0", span.line)
        if won:
            wins.append(ev.Collected(span, player, won))


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


def _links(element: Element) -> list[str]:
    return [c.get("LINK", "") for c in element.iter("CARD")]


def _amount(text: str | None, line: int) -> int:
    if not text:
        raise LineError(line, "an amount")
    try:
        return to_minor(text, SCALE)
    except AmountError as err:
        raise LineError.of(line, err) from None
