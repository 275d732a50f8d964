"""888poker hands to events.

The grammar (``grammars/888poker.lark``) decides which kind each line is; the methods
here, one per line terminal, read that line's named fields (each kind's ``_FIELDS``
pattern) into an event. They run as lexer callbacks, so the events come out in file
order and a hand cut short still yields the events of its complete lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import Card
from auditor.money import AmountError
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.facts import CURRENCY_OF_SYMBOL, SEAT_LIMIT, LineError, SeatError, local_time
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.parse.text_reader import error_place, grammar_error, known_mistake
from auditor.read.split import RawHand
from auditor.rooms.pacific import SITE
from auditor.rooms.pacific.games import game_facts
from auditor.rooms.pacific.wording import amount, cards, claim
from auditor.source import SourceSpan

# What may follow a player's name, in the grammar's order.
_PLAYER_LINE = (
    "FOLD",
    "CHECK",
    "CALL",
    "RAISE",
    "BET",
    "POST",
    "COLLECTED",
    "SHOWS",
    "MUCKS",
    "NO_SHOW",
    "STATUS",
)
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "SEAT_LIST": ("SEAT_LINE",),
    "PLAY": (_PLAYER_LINE, "STREET_MARKER", "DEALT"),
    "SUMMARY_BODY": ("HAND_PART", _PLAYER_LINE),
}
_NAME = r"(?P<player>.+?)"
_AMOUNT = r"(?P<amount>[^\]]+?)"
_ALL_IN = r"(?P<all_in> and is all-in)?"
# Each line kind's fields, by name: the grammar has checked the line's shape; these take
# the values out of it.
_FIELDS: dict[str, re.Pattern[str]] = {
    "SEAT_LINE": re.compile(r"Seat (?P<seat>[0-9]+): " + _NAME + r" \( (?P<stack>.+) \)$"),
    "FOLD": re.compile(_NAME + r" folds$"),
    "CHECK": re.compile(_NAME + r" checks$"),
    "CALL": re.compile(_NAME + r" calls \[" + _AMOUNT + r"\]" + _ALL_IN + "$"),
    "RAISE": re.compile(_NAME + r" raises \[" + _AMOUNT + r"\]" + _ALL_IN + "$"),
    "BET": re.compile(_NAME + r" bets \[" + _AMOUNT + r"\]" + _ALL_IN + "$"),
    "POST": re.compile(
        _NAME + r" posts (?:(?P<kind>small blind|big blind|(?:the )?ante) \[" + _AMOUNT + r"\]"
        r"|dead blind \[(?P<dead>.+?) \+ (?P<live>.+?)\])$"
    ),
    "COLLECTED": re.compile(_NAME + r" collected \[ " + _AMOUNT + r" \]$"),
    "SHOWS": re.compile(_NAME + r" shows (?P<cards>\[ .* \])$"),
    "MUCKS": re.compile(_NAME + r" mucks (?P<cards>\[ .* \])$"),
    "NO_SHOW": re.compile(_NAME + r" did not show his hand$"),
    "STATUS": re.compile(
        _NAME + r" (?P<status>sits out|is sitting out|has left the table|has joined the table"
        r"|has timed out|is disconnected|has returned)$"
    ),
    "STREET_MARKER": re.compile(
        r"\*\* Dealing (?P<street>down cards|flop|turn|river) \*\*(?: (?P<cards>\[ .* \]))?$"
    ),
    "DEALT": re.compile(r"Dealt to " + _NAME + r" (?P<cards>\[ .* \])$"),
    "HAND_PART": re.compile(r"\((?P<half>Hi|Lo): (?P<cards>[^)]+)\)$"),
    "GAME_NO": re.compile(r"#Game No : (?P<id>[0-9]+)$"),
    "HAND_HEADER": re.compile(r"\*+ .*Game (?P<id>[0-9]+) \*+$"),
    "GAME_LINE": re.compile(
        r"(?P<small>.+?)/(?P<big>.+?) Blinds (?P<game>.+?)(?: Jackpot table)? - \*\*\* "
        r"(?P<d>[0-9]+) (?P<mo>[0-9]+) (?P<y>[0-9]+) (?P<h>[0-9]+):(?P<mi>[0-9]+):(?P<s>[0-9]+)$"
    ),
    "TABLE_LINE": re.compile(
        r"(?:Table (?P<table>.+?)|Tournament #(?P<tournament>[0-9]+) (?P<buy_in>.*?) ?- "
        r"Table #(?P<number>[0-9]+))(?: (?P<max>[0-9]+) Max)? \((?P<money>[A-Za-z ]+)\)$"
    ),
    "BUTTON": re.compile(r"Seat (?P<seat>[0-9]+) is the button$"),
    "PLAYER_COUNT": re.compile(r"Total number of players : (?P<count>[0-9]+)$"),
    "SUMMARY_HEAD": re.compile(r"\*\* Summary \*\*$"),
}
_LINE_KINDS = frozenset(
    kind
    for kinds in _BLOCKS.values()
    for entry in kinds
    for kind in (entry if isinstance(entry, tuple) else (entry,))
)
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
    "the ante": ev.PostKind.ANTE,
}
_STREETS = {
    "down cards": ev.Street.PREFLOP,
    "flop": ev.Street.FLOP,
    "turn": ev.Street.TURN,
    "river": ev.Street.RIVER,
}
_STATUS = {
    "sits out": ev.Status.SITS_OUT,
    "is sitting out": ev.Status.SITTING_OUT,
    "has left the table": ev.Status.LEAVES,
    "has joined the table": ev.Status.JOINS,
    "has timed out": ev.Status.TIMED_OUT,
    "is disconnected": ev.Status.DISCONNECTED,
    "has returned": ev.Status.RETURNED,
}
# 888 writes no time zone; fpdb-3 reads its times as ET, HHSmithy's parser as GMT: the
# hand keeps "" (none written) and no UTC instant is claimed.
_ZONE = ""
# 888 numbers the seats of every table 1 to 10 around one layout; its "6 Max" is how many
# play (its 6-max tables seat players at 1, 2, 4, 6, 7 and 9; the STT of the corpus has a
# seat 10), so a table's seats are numbered up to 10 whatever it is called.
_SEATS = 10
# 888 never writes an uncalled bet's return (fpdb-3's PacificPokerToFpdb sets uncalled
# bets itself for its records; the corpus: a bet nobody calls, then "collected" of the pot
# without it): the replay returns it by the rules, with no UNCALLED_WRONG.
_RETURNS_WRITTEN = False
_DEAL = "** Dealing down cards **"


class PacificReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    site_grammar = "888poker"

    def __init__(self) -> None:
        single: dict[str, Callable[[re.Match[str], SourceSpan], None]] = {
            "GAME_NO": self.GAME_NO,
            "HAND_HEADER": self.HAND_HEADER,
            "GAME_LINE": self.GAME_LINE,
            "TABLE_LINE": self.TABLE_LINE,
            "BUTTON": self.BUTTON,
            "PLAYER_COUNT": self.PLAYER_COUNT,
            "SUMMARY_HEAD": self.SUMMARY_HEAD,
        }
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._single(name, method) for name, method in single.items()
        }
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(self.site_grammar, callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
        self._line_methods: dict[str, Callable[[re.Match[str], SourceSpan], None]] = {
            "SEAT_LINE": self.SEAT_LINE,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "CALL": self.CALL,
            "RAISE": self.RAISE,
            "BET": self.BET,
            "POST": self.POST,
            "COLLECTED": self.COLLECTED,
            "SHOWS": self.SHOWS,
            "MUCKS": self.MUCKS,
            "NO_SHOW": self.NO_SHOW,
            "STATUS": self.STATUS,
            "STREET_MARKER": self.STREET_MARKER,
            "DEALT": self.DEALT,
            "HAND_PART": self.HAND_PART,
        }
        if self._line_methods.keys() != _LINE_KINDS:
            raise AssertionError("the grammar's line kinds and the reader's methods differ")
        self._reset("", 1)

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw.file, raw.first_line)
        text = raw.text
        self._deal_written = _DEAL in text
        try:
            try:
                self._parser.parse(text, start="start")
            except UnexpectedInput as err:
                return self._recover_or_raise(raw, err)
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        if not self._summary_started:
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(self._start, tuple(self._events), True, last, _RETURNS_WRITTEN)
        return ev.Hand(self._start, tuple(self._events), uncalled_returns_written=_RETURNS_WRITTEN)

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        line, column = error_place(raw, err)
        last_line = raw.first_line + len(raw.lines) - 1
        has_summary = any(text.startswith("** Summary **") for text in raw.lines)
        # A record that stops short is read up to its last whole line and marked
        # truncated: incomplete, not unreadable.
        if line >= last_line and not has_summary and self._start is not None:
            span = SourceSpan(raw.file, line, column)
            return ev.Hand(self._start, tuple(self._events), True, span, _RETURNS_WRITTEN)
        kind = self._mistake(err)
        raise grammar_error(raw, err, line, column, describe_expected, kind) from None

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (same parser state and token), or ""."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(file, 1)
            return self._parser.parse(text, start="start")

        return known_mistake(err, _MISTAKES, parse)

    def _single(
        self, kind: str, method: Callable[[re.Match[str], SourceSpan], None]
    ) -> Callable[[Token], Token]:
        fields = _FIELDS[kind]

        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            try:
                method(_fields(fields, str(tok).rstrip()), SourceSpan(self._file, line))
            except (AmountError, ValueError, KeyError) as err:
                raise LineError.of(line, err) from None
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: take it apart with the grammar's line terminals, one event each."""
        line = self._offset + (tok.line or 1)
        file = self._file
        classifier = self._classifiers[tok.type]
        methods = self._line_methods
        try:
            for found in classifier.matches(tok):
                kind = found.lastgroup or ""
                text = found.group().rstrip()
                methods[kind](_fields(_FIELDS[kind], text), SourceSpan(file, line))
                line += 1
        except (AmountError, ValueError, KeyError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _reset(self, file: str, first_line: int) -> None:
        self._file = file
        self._offset = first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary_started = False
        self._seats: dict[int, str] = {}
        self._seat_players: set[str] = set()
        self._stacks: dict[str, int] = {}
        self._deal_written = False  # the hand has its "** Dealing down cards **" line
        self._dealt = False  # ... and it has been read
        self._acted = False  # a call, bet or raise has been read
        self._big_blind = False  # a big blind has been posted
        self._paying = False  # the first "collected" line has been read
        self._header: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._scale = 100
        self._board: tuple[Card, ...] = ()
        self._started_at: datetime | None = None
        self._header_span = SourceSpan(file, first_line)

    def _money(self, text: str) -> int:
        return amount(text, self._scale)

    # ------------------------------------------------------------ header
    def GAME_NO(self, f: re.Match[str], span: SourceSpan) -> None:
        self._header["game_no"] = f["id"]

    def HAND_HEADER(self, f: re.Match[str], span: SourceSpan) -> None:
        if self._header.setdefault("game_no", f["id"]) != f["id"]:
            raise ValueError(f"game {f['id']} under the line of game {self._header['game_no']}")

    def GAME_LINE(self, f: re.Match[str], span: SourceSpan) -> None:
        self._header.update(small=f["small"], big=f["big"], game=f["game"])
        # 888 writes day, month, year
        self._started_at = local_time(
            int(f["y"]), int(f["mo"]), int(f["d"]), int(f["h"]), int(f["mi"]), int(f["s"]), _ZONE
        )
        self._header_span = span

    def TABLE_LINE(self, f: re.Match[str], span: SourceSpan) -> None:
        h = self._header
        h["table"] = f["table"] or f["number"]
        if f["tournament"]:
            h.update(tournament=f["tournament"], buy_in=f["buy_in"])
        if f["max"]:
            h["max"] = f["max"]
        h["money"] = f["money"]
        self._table_span = span

    def BUTTON(self, f: re.Match[str], span: SourceSpan) -> None:
        self._header["button"] = f["seat"]

    def PLAYER_COUNT(self, f: re.Match[str], span: SourceSpan) -> None:
        """The header's last line: the hand's start, with every fact of the lines above."""
        h = self._header
        small, big = h["small"], h["big"]
        symbol = next((s for s in CURRENCY_OF_SYMBOL if s in small), "")
        if "tournament" in h:
            currency, self._scale = "chips", 1  # tournament chips, written with a "$"
        elif h["money"] != "Real Money" or not symbol:
            currency, self._scale = "chips", 100  # play money: "4,202.50" has cents
        else:
            currency, self._scale = CURRENCY_OF_SYMBOL[symbol], 100
        limit, hi_lo, hole, code = game_facts(h["game"])
        try:  # the stakes line's facts: a problem with them is that line's
            small_stake, big_stake = self._money(small), self._money(big)
        except AmountError as err:
            raise LineError.of(self._header_span.line, err) from None
        if limit is ev.Limit.FIXED:
            # 888 names the blinds ("15/30 Blinds Fix Limit Omaha"); the bets are the big
            # blind and twice it (the corpus: 30 on the flop, 60 on the turn)
            small_stake, big_stake = big_stake, 2 * big_stake
        button = int(h["button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h["game_no"],
            game=h["game"],
            variant=code,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small_stake,
            big_stake=big_stake,
            currency=currency,
            scale=self._scale,
            started_at=self._started_at,
            time_zone=_ZONE,
            table_name=h["table"],
            max_seats=_SEATS,
            button_seat=button,
            tournament_id=h.get("tournament"),
            buy_in=h.get("buy_in"),
            table_span=self._table_span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT_LINE(self, f: re.Match[str], span: SourceSpan) -> None:
        seat, player = int(f["seat"]), f["player"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_players:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_players.add(player)
        stack = self._stacks[player] = self._money(f["stack"])
        self._events.append(ev.SeatTaken(span, seat, player, stack))

    # ------------------------------------------------------------ the play
    def POST(self, f: re.Match[str], span: SourceSpan) -> None:
        player = f["player"]
        if f["kind"]:
            kind, paid = _POST_KINDS[f["kind"]], self._money(f["amount"])
        else:
            # "posts dead blind [$1 + $2]": the small blind dead, the big blind live
            dead, live = self._money(f["dead"]), self._money(f["live"])
            paid = dead + live
            if dead and live:
                kind = ev.PostKind.SMALL_AND_BIG
            elif live:
                kind = ev.PostKind.BIG_BLIND
            else:  # "[$25 + $0]": a dead small blind alone
                kind = ev.PostKind.MISSED_BLIND
        # 888 writes no "all-in": a post of the whole stack its seat line gives is one
        # (PLO8 MTT 489318468: "( $58 )", then "posts small blind [$58]" at 125/250)
        all_in = 0 < self._stacks.get(player, 0) <= paid
        self._big_blind = self._big_blind or kind is not ev.PostKind.SMALL_BLIND
        self._events.append(ev.Posted(span, player, kind, paid, all_in))

    def FOLD(self, f: re.Match[str], span: SourceSpan) -> None:
        if not self._dealt and not self._acted and (self._deal_written or not self._big_blind):
            # "X folds" among the posts, before the cards are dealt (before the deal line,
            # or before any big blind is up in a hand that has none): X is not dealt in; he
            # sits out rather than post (FLO8 440985926: Borr_09 between the blinds and
            # the deal; Limit5.txt 409714750: the big blind and the rest, and the small
            # blind collects his own blind back). An observer's record has no deal line:
            # a fold there after the big blind is a fold.
            self._events.append(ev.PlayerStatus(span, f["player"], ev.Status.SITS_OUT, "folds"))
            return
        self._events.append(ev.Folded(span, f["player"]))

    def CHECK(self, f: re.Match[str], span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["player"]))

    def CALL(self, f: re.Match[str], span: SourceSpan) -> None:
        money = self._money(f["amount"])
        self._acted = True
        self._events.append(ev.Called(span, f["player"], money, f["all_in"] is not None))

    def BET(self, f: re.Match[str], span: SourceSpan) -> None:
        money = self._money(f["amount"])
        self._acted = True
        self._events.append(ev.Bet(span, f["player"], money, f["all_in"] is not None))

    def RAISE(self, f: re.Match[str], span: SourceSpan) -> None:
        # 888 writes the chips the raiser adds, not his total: "raises [$125]" from the small
        # blind's $25 is a raise to $150, which the big blind then "calls [$100]"
        added = self._money(f["amount"])
        self._acted = True
        all_in = f["all_in"] is not None
        given = ev.RaiseGiven.BY
        self._events.append(ev.RaisedTo(span, f["player"], added, 0, all_in, given))

    def STREET_MARKER(self, f: re.Match[str], span: SourceSpan) -> None:
        street = _STREETS[f["street"]]
        self._dealt = True
        new = cards(f["cards"]) if f["cards"] else ()
        self._board = self._board + new if street is not ev.Street.PREFLOP else ()
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    def DEALT(self, f: re.Match[str], span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["player"], cards(f["cards"])))

    def STATUS(self, f: re.Match[str], span: SourceSpan) -> None:
        status = _STATUS[f["status"]]
        self._events.append(ev.PlayerStatus(span, f["player"], status, f["status"]))

    # ------------------------------------------------------------ summary
    def SUMMARY_HEAD(self, f: re.Match[str], span: SourceSpan) -> None:
        # 888's "** Summary **" opens its showdown: the hands shown and mucked, in the order
        # they were tabled, then what each collected (where the summary proper begins)
        self._summary_started = True
        self._events.append(ev.ShowdownStarted(span, 1))

    def SHOWS(self, f: re.Match[str], span: SourceSpan) -> None:
        self._events.append(ev.Shown(span, f["player"], cards(f["cards"])))

    def MUCKS(self, f: re.Match[str], span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["player"], cards(f["cards"])))

    def NO_SHOW(self, f: re.Match[str], span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["player"]))

    def HAND_PART(self, f: re.Match[str], span: SourceSpan) -> None:
        """ "(Hi: ...)" / "(Lo: ...)" under a shown hand: the five cards 888 says it makes."""
        shown = self._events[-1] if self._events else None
        if not isinstance(shown, ev.Shown):
            text = f.group()
            self._events.append(ev.Garbled(span, text, "a hand's five cards under no shown hand"))
            return
        high = f["cards"] if f["half"] == "Hi" else _half(shown.claim.high_text)
        low = f["cards"] if f["half"] == "Lo" else _half(shown.claim.low_text)
        said = claim(high, low)
        self._events[-1] = ev.Shown(shown.span, shown.player, shown.cards, said.text, said)

    def COLLECTED(self, f: re.Match[str], span: SourceSpan) -> None:
        # 888 names no pot: each half, each side pot, is its own "collected" line
        if not self._paying:
            self._paying = True
            self._events.append(ev.SummaryStarted(span))
        self._events.append(ev.Collected(span, f["player"], self._money(f["amount"])))


# ---------------------------------------------------------------- helpers
_HEAD = (
    "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n"
    "$1/$2 Blinds Pot Limit Omaha - *** 06 01 2014 21:05:48\n"
    "Table T 6 Max (Real Money)\nSeat 1 is the button\nTotal number of players : 2\n"
)
_SEATED = _HEAD + "Seat 1: a ( $200 )\nSeat 2: b ( $200 )\n"
# Mistakes seen in damaged records, by the place the grammar stops at (Lark's
# match_examples labels an error with the first whose parser state and token it shares).
_MISTAKES: dict[str, list[str]] = {
    "a stakes line the layout does not have (stakes, game or date)": [
        "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n$1/$2 Pot Limit Omaha\n",
    ],
    "a table line the layout does not have": [
        "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n"
        "$1/$2 Blinds Pot Limit Omaha - *** 06 01 2014 21:05:48\nTable T\n",
    ],
    "a line of play the layout does not have": [
        _SEATED + "** Dealing down cards **\na shoves\n",
    ],
    "a summary line the layout does not have": [
        _SEATED + "** Dealing down cards **\na folds\n** Summary **\nnothing here\n",
    ],
}


def _fields(pattern: re.Pattern[str], text: str) -> re.Match[str]:
    found = pattern.match(text)
    if found is None:  # the grammar took the line: its fields should be there
        raise ValueError(f"cannot take this line's fields apart: {text!r}")
    return found


def _half(text: str | None) -> str | None:
    """The cards of a claim half's text ("Hi: Jd, ..." -> "Jd, ..."), None if none."""
    return text.split(": ", 1)[1] if text else None
