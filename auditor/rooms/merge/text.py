"""Merge hands as PokerTracker exports them in text ("MERGE_GAME #N: Omaha PL Tournament
02/16/2012 04:27:31"), one pattern a line kind. The seat balances are copied from Merge's
XML: a tournament's is what the player has left after posting (all in on his blind: "$0.00").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from auditor import events as ev
from auditor.cards import Card, card
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import LineError, local_time, variant
from auditor.read.split import RawHand
from auditor.source import SourceSpan

SITE = "Merge"
HEADER_START = "MERGE_GAME #"
HEADER = re.compile(
    r"^MERGE_GAME #(?P<id>[0-9]+): (?P<game>Omaha(?: H/L8)?|Holdem|\S+) "
    r"(?P<limit>PL|NL|FL|Limit)(?P<tour> Tournament)? "
    r"(?P<mo>[0-9]{2})/(?P<d>[0-9]{2})/(?P<y>[0-9]{4}) "
    r"(?P<h>[0-9]+):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})$"
)
_LIMITS = {"PL": ev.Limit.POT, "NL": ev.Limit.NO, "FL": ev.Limit.FIXED, "Limit": ev.Limit.FIXED}
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: \(Tournament: (?P<tour>.*)\))?$")
_TOUR_ID = re.compile(r", (?P<id>[0-9]+) Buy-In: (?P<buy_in>\S+)$")
_SEAT = re.compile(
    r"^Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>\S+) in chips\)(?P<btn> DEALER)?$"
)
_POST = re.compile(r"^(?P<player>.+): Post (?P<kind>SB|BB|Ante) (?P<amount>\S+)$")
_DEALT = re.compile(r"^Dealt to (?P<player>.+) \[(?P<cards>[^\]]*)\]$")
_ACTION = re.compile(r"^(?P<player>.+): (?P<verb>Fold|Check|Call|Bet|Raise)(?: (?P<amount>\S+))?$")
_STREET = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]$")
_SHOWS = re.compile(r"^(?P<player>.+): (?P<verb>Shows|Mucks) \[(?P<cards>[^\]]*)\]$")
_WINS = re.compile(r"^(?P<player>.+): wins (?P<amount>\S+)$")
_MARKERS = {"*** HOLE CARDS ***", "*** SUMMARY ***"}
_POST_KINDS = {"SB": ev.PostKind.SMALL_BLIND, "BB": ev.PostKind.BIG_BLIND, "Ante": ev.PostKind.ANTE}
_VERBS = {"Call": ev.Verb.CALL, "Bet": ev.Verb.BET, "Raise": ev.Verb.RAISE}
_STREETS = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}


_Build = Callable[[SourceSpan, re.Match[str]], ev.Event]


def text_game(header: str) -> str:
    """The game a text header names ("Omaha PL"); "" when it is no header."""
    found = HEADER.match(header)
    return f"{found['game']} {found['limit']}" if found else ""


class MergeTextReader:
    """Reads one PokerTracker text hand of Merge at a time."""

    def __init__(self) -> None:
        self.kinds: tuple[tuple[re.Pattern[str], _Build], ...] = (
            (_POST, self._post),
            (_DEALT, self._dealt),
            (_STREET, self._street),
            (_SHOWS, self._shows),
            (_WINS, self._wins),
            (_ACTION, self._action),
        )

    def read(self, raw: RawHand) -> ev.Hand:
        self.raw = raw
        self.scale = 100
        self.board: tuple[Card, ...] = ()
        self.big_blind_lines: set[int] = set()  # "Post SB" lines that are the big blind
        try:
            return self._read()
        except LineError as err:
            text = raw.lines[err.line - raw.first_line]
            raise HandParseError(raw.file, err.line, 1, text, err.problem, err.code) from None

    def money(self, text: str, line: int) -> int:
        try:
            return to_minor(text, self.scale)
        except AmountError as err:
            raise LineError.of(line, err) from None

    def _read(self) -> ev.Hand:
        raw = self.raw
        found = HEADER.match(raw.lines[0])
        if found is None:
            raise LineError(raw.first_line, "expected a MERGE_GAME header")
        tournament = found["tour"] is not None
        self.scale = 1 if tournament else 100
        lines = list(enumerate(raw.lines, start=raw.first_line))
        table_line = lines[1] if len(lines) > 1 else (raw.first_line, "")
        table = _TABLE.match(table_line[1])
        if table is None:
            raise LineError(table_line[0], "expected the Table line")
        seats = [(n, _SEAT.match(t)) for n, t in lines[2:] if t.startswith("Seat ")]
        posts = [(n, _POST.match(t)) for n, t in lines[2:] if ": Post " in t]
        posted: dict[str, int] = {}
        if tournament:  # balances are after the posts (copied from Merge's XML)
            for n, post in posts:
                if post is not None:
                    amount = self.money(post["amount"], n)
                    posted[post["player"]] = posted.get(post["player"], 0) + amount
        button = None
        stacks: dict[str, int] = {}
        seat_events: list[ev.Event] = []
        for n, seat in seats:
            if seat is None:
                raise LineError(n, "expected a seat line: Seat N: name ($X in chips)")
            stack = self.money(seat["stack"], n) + posted.get(seat["player"], 0)
            stacks[seat["player"]] = stack
            if seat["btn"]:
                button = int(seat["seat"])
            span = SourceSpan(raw.file, n)
            seat_events.append(ev.SeatTaken(span, int(seat["seat"]), seat["player"], stack))
        blind_amounts = [self.money(p["amount"], n) for n, p in posts if p is not None]
        small = min(blind_amounts, default=0)
        big = max(blind_amounts, default=0)
        blinds = [(n, p) for n, p in posts if p is not None and p["kind"] in ("SB", "BB")]
        if len(blinds) == 2 and [p["kind"] for _, p in blinds] == ["SB", "SB"]:
            # The export writes a big blind posted all-in as "Post SB" (#4927169400080:
            # "JustJay4Reals: Post SB $100.00", then "Dispicable: Post SB $135.00" with
            # "$0.00" left): a hand has one small blind, the next seat's is the big one.
            (_, first), (second_line, second) = blinds
            self.big_blind_lines.add(second_line)
            small = self.money(first["amount"], blinds[0][0])
            posted_big = self.money(second["amount"], second_line)
            short = posted_big < 2 * small and stacks.get(second["player"], 1) <= posted_big
            # A big blind all-in for less leaves the blind where the level has it (Robert's
            # Rules of Poker, "Button and blind use", rule 1: the bring-in "remain[s] the
            # same even when the player in the blind does not have enough chips to post
            # the full amount"): twice the small blind, as the small blind's call shows
            # ("JustJay4Reals: Call $100.00" from his 100: 200 in all).
            big = 2 * small if short else posted_big
        if button is not None and blinds and len(seats) >= 3:
            dealer = next((p for n, p in seats if p is not None and p["btn"]), None)
            occupied = {int(p["seat"]) for _, p in seats if p is not None}
            # The DEALER posts the small blind at a table of three or more: the button is
            # dead on the empty seat before his (Robert's Rules of Poker, "Button and blind
            # use", rule 2(b): "the small blind and button are positioned accordingly, even
            # if this means the small blind or the button is placed in front of an empty
            # seat"); the export marks the small blind's seat.
            sb_is_dealer = dealer is not None and blinds[0][1]["player"] == dealer["player"]
            if sb_is_dealer and button - 1 >= 1 and button - 1 not in occupied:
                button -= 1
        limit = _LIMITS[found["limit"]]
        hi_lo = "H/L" in found["game"]
        tour = _TOUR_ID.search(table["tour"] or "") if tournament else None
        try:
            y, mo, d, h, mi, sec = (int(found[k]) for k in ("y", "mo", "d", "h", "mi", "s"))
            started = local_time(y, mo, d, h, mi, sec, "ET")
        except ValueError:
            raise LineError(raw.first_line, "a date the reader cannot read") from None
        start = ev.HandStarted(
            SourceSpan(raw.file, raw.first_line),
            site=SITE,
            hand_id=found["id"],
            game=text_game(raw.lines[0]),
            variant=variant(limit, hi_lo, 4),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency="chips" if tournament else "USD",
            scale=self.scale,
            started_at=started,
            time_zone="ET",
            table_name=table["table"],
            max_seats=None,
            button_seat=button,
            tournament_id=tour["id"] if tour else None,
            buy_in=tour["buy_in"] if tour else None,
            table_span=SourceSpan(raw.file, table_line[0]),
        )
        self.events = [start, *seat_events]
        for n, text in lines[2:]:
            if not text.strip() or text.startswith("Seat ") or text in _MARKERS:
                if text == "*** SUMMARY ***":
                    self.events.append(ev.ShowdownStarted(SourceSpan(raw.file, n), 1))
                continue
            self._line(n, text)
        return ev.Hand(start, tuple(self.events), uncalled_returns_written=False)

    def _line(self, n: int, text: str) -> None:
        span = SourceSpan(self.raw.file, n)
        for pattern, build in self.kinds:
            found = pattern.match(text)
            if found is not None:
                self.events.append(build(span, found))
                return
        raise LineError(n, "this line is not one the reader knows")

    def _post(self, span: SourceSpan, found: re.Match[str]) -> ev.Event:
        amount = self.money(found["amount"], span.line)
        kind = _POST_KINDS[found["kind"]]
        if span.line in self.big_blind_lines:
            kind = ev.PostKind.BIG_BLIND
        return ev.Posted(span, found["player"], kind, amount, None)  # all-in: the replay tells

    def _dealt(self, span: SourceSpan, found: re.Match[str]) -> ev.Event:
        return ev.Dealt(span, found["player"], tuple(card(c) for c in found["cards"].split()))

    def _street(self, span: SourceSpan, found: re.Match[str]) -> ev.Event:
        new = tuple(card(c) for c in found["cards"].split())
        self.board = self.board + new
        return ev.StreetDealt(span, _STREETS[found["street"]], 1, self.board, new)

    def _shows(self, span: SourceSpan, found: re.Match[str]) -> ev.Event:
        shown = tuple(card(c) for c in found["cards"].split())
        if found["verb"] == "Mucks":
            return ev.Mucked(span, found["player"], shown)
        return ev.Shown(span, found["player"], shown)

    def _wins(self, span: SourceSpan, found: re.Match[str]) -> ev.Event:
        return ev.Collected(span, found["player"], self.money(found["amount"], span.line))

    def _action(self, span: SourceSpan, found: re.Match[str]) -> ev.Event:
        player, verb = found["player"], found["verb"]
        if verb == "Fold":
            return ev.Folded(span, player)
        if verb == "Check":
            return ev.Checked(span, player)
        if found["amount"] is None:
            raise LineError(span.line, f"{verb} with no amount")
        # the chips put in ("Raise $X" too: the chips it adds); all-in where the stack is
        # spent, as the replay tells
        return ev.ChipsIn(span, player, _VERBS[verb], self.money(found["amount"], span.line))
