"""PartyPoker hands to events.

The grammar (``grammars/party.lark``) holds the order of a hand's parts and one terminal
per kind of line, whose fields are named groups; the methods here, one per line terminal,
read those fields into events. They run as lexer callbacks, so the events come out in
file order. The seats, the play and the summary's body are each lexed as one run of
lines and taken apart here with the same line terminals (:data:`_BLOCKS` says in which
order they are tried); a line of the play that no kind reads is a parse error at its line.

What the room means by its words, where other rooms' same words mean otherwise:

- an action's amount is the chips it puts in: "raises [$30 USD]" is 30 MORE
  (``RaiseGiven.BY``); the 2026 layout's "raises 2.70 to 2.80" is read by its total;
- "is all-In [$X]" puts X more in, naming no call, bet or raise (``Verb.ALL_IN``): the
  replay tells which (:mod:`auditor.replay.classify`), as it does for every chips line;
- the room writes no "uncalled bet returned" line: the part of the last bet nobody
  matched is in the winner's "wins $X" (a hand won without a showdown), or is written
  as the last side pot, "wins $0.95 from side pot #1", that only its bettor was in (a
  showdown), or in the 2026 summary's "collected". The reader writes the return where
  the betting ends (an ``UncalledReturned`` on that line), and the rest as collected;
- "wins $X" is net of the rake, which its 2005-2017 layouts do not write; the 2026
  summary's "Main Pot: $X Rake: $R" is net too (the total pot is X + R);
- a seat no line of the play names was not dealt in, a seat listed under a placeholder
  name may be its acting player's, and a tournament layout writes no blind posts: these
  are decided from the whole record (:mod:`auditor.rooms.party.conventions`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.facts import SEAT_LIMIT, LineError, SeatError, local_time, variant
from auditor.parse.grammar import grammar_text, new_lark, private_cache_folder
from auditor.parse.text_reader import error_place, grammar_error, known_mistake
from auditor.read.split import RawHand
from auditor.rooms.party import SITE
from auditor.rooms.party.conventions import (
    InferredPost,
    blind_posts,
    seat_names,
    with_conventions,
)
from auditor.rooms.party.wording import claim
from auditor.source import SourceSpan

Fields = dict[str, Any]
_FIELD_PREFIX = re.compile(r"\(\?P<[A-Z_]+__")
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}
_DATE = re.compile(
    r"(?:[A-Za-z]+, ?(?P<month>[A-Za-z]+) (?P<day>[0-9]{1,2}),"
    r"|[A-Za-z]{3} (?P<month3>[A-Za-z]{3}) (?P<day3>[0-9]{1,2}))"
    r" (?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2}) (?P<zone>[A-Z]+) (?P<year>[0-9]{4})"
)
_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "big blind + dead": ev.PostKind.SMALL_AND_BIG,  # the big blind and a dead small one
    "dead big blind": ev.PostKind.MISSED_BLIND,
    "button blind": ev.PostKind.STRADDLE,
    "ante": ev.PostKind.ANTE,
    "ante of": ev.PostKind.ANTE,
}
_VERBS = {
    "calls": ev.Verb.CALL,
    "bets": ev.Verb.BET,
    "raises": ev.Verb.RAISE,
    "is all-In": ev.Verb.ALL_IN,
}
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_STATUSES = {
    "has joined the table": ev.Status.JOINS,
    "has left the table": ev.Status.LEAVES,
    "is sitting out": ev.Status.SITTING_OUT,
    "has returned": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "will be using his time bank for this hand": ev.Status.OTHER,
}
_LIMITS = {"PL": ev.Limit.POT, "FL": ev.Limit.FIXED, "NL": ev.Limit.NO}
_CURRENCIES = {"$": "USD", "€": "EUR"}
_BLANK_LINE = re.compile(r"[ \t\r]*\n")


class _UnknownLine(LineError):
    """A line of the play that no kind of line reads."""


# The runs of lines the lexer takes as one token, with their line kinds in the grammar's order.
_BLOCKS: dict[str, tuple[str, ...]] = {
    "SEATS": ("SEAT",),
    "PLAY": (
        "DEALING",
        "DEALT",
        "DEALER_NOTE",
        "CANCELLED",
        "FOLD",
        "ACTION",
        "CHECK",
        "POST",
        "WINS",
        "SHOWS",
        "SHOWS_LOW",
        "NO_SHOW",
        "ALL_IN_MARK",
        "STATUS",
        "FINISHED",
        "CASH_OUT_NOTE",
        "CASH_OUT",
        "CHAT",
    ),
    "SUMMARY_BODY": ("POT_LINE", "BOARD", "BALANCE"),
}


class PartyReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    _play_read: bool
    _summary: bool

    def __init__(self) -> None:
        methods: dict[str, Callable[[Fields, SourceSpan], None]] = {
            "PREAMBLE": self.PREAMBLE,
            "HEADER": self.HEADER,
            "GAME": self.GAME,
            "TABLE": self.TABLE,
            "BUTTON": self.BUTTON,
            "PLAYER_COUNT": self.PLAYER_COUNT,
            "SEAT": self.SEAT,
            "POST": self.POST,
            "DEALING": self.DEALING,
            "DEALT": self.DEALT,
            "FOLD": self.FOLD,
            "CHECK": self.CHECK,
            "ACTION": self.ACTION,
            "ALL_IN_MARK": self.ALL_IN_MARK,
            "SHOWS": self.SHOWS,
            "SHOWS_LOW": self.SHOWS_LOW,
            "NO_SHOW": self.NO_SHOW,
            "WINS": self.WINS,
            "STATUS": self.STATUS,
            "FINISHED": self.FINISHED,
            "CASH_OUT_NOTE": self.CASH_OUT_NOTE,
            "CASH_OUT": self.CASH_OUT,
            "DEALER_NOTE": self.DEALER_NOTE,
            "CANCELLED": self.CANCELLED,
            "CHAT": self.CHAT,
            "SUMMARY_MARKER": self.SUMMARY_MARKER,
            "POT_LINE": self.POT_LINE,
            "BOARD": self.BOARD,
            "BALANCE": self.BALANCE,
        }
        text = grammar_text("party")
        singles = ("PREAMBLE", "HEADER", "GAME", "TABLE", "BUTTON", "PLAYER_COUNT")
        callbacks = {name: self._on_line(name, methods[name]) for name in singles}
        callbacks["SUMMARY_MARKER"] = self._on_line("SUMMARY_MARKER", self.SUMMARY_MARKER)
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser = _lark(text, "start", "contextual", callbacks)
        # every kind of line alone (the grammar's `line`): the line terminals' own patterns
        self.lines = _lark(text, "line", "basic", {})
        self._methods = methods
        # each terminal's own pattern, its groups named by field ("player", "amount"...)
        self._fields: dict[str, re.Pattern[str]] = {
            name: re.compile(_FIELD_PREFIX.sub("(?P<", self._terminal_regex(name)))
            for name in methods
        }
        # a run of lines taken apart: one pattern per block whose match names the line's
        # kind (an empty group closing last, as the last group) and holds its fields
        self._blocks: dict[str, re.Pattern[str]] = {
            block: re.compile(
                "|".join(f"(?:{self._terminal_regex(kind)}(?P<{kind}>))" for kind in kinds)
            )
            for block, kinds in _BLOCKS.items()
        }
        # each kind's fields, and their groups in its block's pattern (named with the prefix)
        self._groups: dict[str, tuple[tuple[str, str], ...]] = {
            kind: tuple((field, f"{kind}__{field}") for field in self._fields[kind].groupindex)
            for kinds in _BLOCKS.values()
            for kind in kinds
        }
        alone = {t.name for t in self._parser.terminals} - {"_BLANK", *_BLOCKS}
        lines = {t.name for t in self.lines.terminals} - {"_BLANK"}
        if set(methods) != alone | lines or lines != {k for ks in _BLOCKS.values() for k in ks}:
            raise AssertionError("the grammar's line kinds and the reader's methods differ")
        self._reset("", 1)

    def _terminal_regex(self, name: str) -> str:
        kinds = {kind for block in _BLOCKS.values() for kind in block}
        parser = self.lines if name in kinds else self._parser
        return str(parser.get_terminal(name).pattern.to_regexp())

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read.

        Two of the room's conventions need the whole record before its lines can be read
        (see :mod:`auditor.rooms.party.conventions`): a seat listed under another name
        than its player's, and a tournament layout's blind posts, which it does not write.
        A hand that has either is read a second time with them known."""
        hand = self._read(raw, {}, ())
        if hand.truncated or any(type(e) is ev.HandCancelled for e in hand.events):
            return hand  # a record that stops early: who was in cannot be told from it
        seats = [e for e in hand.events if type(e) is ev.SeatTaken]
        renamed = seat_names(seats, hand.events)
        posts: tuple[InferredPost, ...] = ()
        if self._tournament and not any(type(e) is ev.Posted for e in hand.events):
            posts = blind_posts(hand.start, seats, renamed, hand.events, self._no_small_blind)
        if renamed or posts:
            hand = self._read(raw, {r.listed: r.acting for r in renamed}, posts)
        return with_conventions(hand, renamed, posts)

    def _read(
        self, raw: RawHand, names: dict[str, str], posts: tuple[InferredPost, ...]
    ) -> ev.Hand:
        self._reset(raw.file, raw.first_line, names, posts)
        last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
        cut_at: SourceSpan | None = None
        try:
            try:
                self._parser.parse(raw.text, start="start")
            except UnexpectedInput as err:
                cut_at = self._cut_short(raw, err, last)
                if cut_at is None:
                    raise self._error(raw, err) from None
            except _UnknownLine as err:
                if self._settled or self._start_at < 0 or err.line != last.line:
                    raise self._unknown_line(raw, err.line) from None
                cut_at = last  # the record stops inside its last line
            if self._start_at < 0:
                raise LineError(raw.first_line + raw.header_at, "no table line")
            if cut_at is None and not self._settled:
                cut_at = last  # every line read, but the record stops before its winner
            if cut_at is None:
                self._end_of_play(self._last_span)
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        try:  # the header's stakes and date: a problem with them is the header line's
            start = self._hand_started()
        except (AmountError, ValueError, OverflowError) as err:
            line = raw.first_line + raw.header_at
            found = LineError.of(line, err)
            raise HandParseError(raw.file, line, 1, raw.header, found.problem, found.code) from None
        self._events[self._start_at] = start
        if cut_at is not None:
            return ev.Hand(start, tuple(self._events), truncated=True, truncated_at=cut_at)
        return ev.Hand(start, tuple(self._events))

    def _cut_short(self, raw: RawHand, err: UnexpectedInput, last: SourceSpan) -> SourceSpan | None:
        """Where a record that stops inside its last line was cut (None: not cut short,
        the error stands). A record cut short is incomplete, not unreadable."""
        if self._settled or self._start_at < 0:
            return None
        if isinstance(err, UnexpectedEOF):
            return last
        line = raw.first_line + (err.line or 1) - 1
        return last if line == last.line else None

    def _error(self, raw: RawHand, err: UnexpectedInput) -> HandParseError:
        line, column = error_place(raw, err)
        kind = self._mistake(err)
        return grammar_error(raw, err, line, column, describe_expected, kind)

    def _unknown_line(self, raw: RawHand, line: int) -> HandParseError:
        """A line of the play that no kind of line reads (the play is lexed as a whole)."""
        text = raw.line_text(line)
        return HandParseError(
            raw.file,
            line,
            1,
            text,
            describe_expected(set(_BLOCKS["PLAY"]), text),
            context=f"{text[:80]}\n^",
            kind="a line of play the layout does not have",
        )

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (same parser state and token), or "".
        Parsing the examples refills this reader's per-hand state (reset by the next read)."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(file, 1)
            return self._parser.parse(text, start="start")

        return known_mistake(err, _MISTAKES, parse)

    def _on_line(
        self, name: str, method: Callable[[Fields, SourceSpan], None]
    ) -> Callable[[Token], Token]:
        def on_token(tok: Token) -> Token:
            line = self._offset + (tok.line or 1)
            found = self._fields[name].match(tok)
            assert found is not None  # the lexer matched the same pattern
            span = SourceSpan(self._file, line)
            try:
                method(found.groupdict(), span)
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            self._last_span = span
            return tok

        return on_token

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind and fields from the block's pattern (the first
        kind that reads it), one event (or none) each, in file order."""
        if tok.type == "PLAY":
            # The play run takes any line: where the grammar has no play (before the table
            # line, in the summary, a second run) lark is only trying it after an error
            # (its root lexer): leave the token to be refused, not read.
            if self._start_at < 0 or self._play_read or self._summary:
                return tok
            self._play_read = True
        line = self._offset + (tok.line or 1)
        methods, groups, pattern = self._methods, self._groups, self._blocks[tok.type]
        text = str(tok)
        at, end = 0, len(text)
        while at < end:
            blank = _BLANK_LINE.match(text, at)
            if blank is not None:  # blank lines carry nothing
                at, line = blank.end(), line + 1
                continue
            found = pattern.match(text, at)
            if found is None:
                raise _UnknownLine(line, "no kind of line reads this line of play")
            kind = found.lastgroup
            assert kind is not None  # every kind ends in its marker group
            fields = {field: found.group(group) for field, group in groups[kind]}
            if self._names and fields.get("player") in self._names:
                fields["player"] = self._names[fields["player"]]  # one player, two names
            span = SourceSpan(self._file, line)
            try:
                methods[kind](fields, span)
            except (AmountError, ValueError) as err:
                raise LineError.of(line, err) from None
            self._last_span = span
            at, line = found.end(), line + 1
        return tok

    def _reset(
        self,
        file: str,
        first_line: int,
        names: dict[str, str] | None = None,
        posts: tuple[InferredPost, ...] = (),
    ) -> None:
        self._file = file
        self._offset = first_line - 1
        self._events: list[ev.Event] = []
        self._header: dict[str, str] = {}
        self._start_at = -1  # where the hand's start goes (made at the end: its stakes)
        self._table_span: SourceSpan | None = None
        self._scale = 100
        self._seats: dict[int, str] = {}
        self._button: int | None = None
        self._max_seats: int | None = None
        self._blinds: dict[ev.PostKind, int] = {}
        # chips each player has put in this round, as the lines write them: only for the
        # return of an uncalled bet, which the room never writes (see _end_of_round)
        self._put: dict[str, int] = {}
        self._returned: dict[str, int] = {}  # uncalled chips given back, not yet in a "wins"
        self._shown: dict[str, int] = {}  # a player's Shown event's index, for his low line
        self._last_span = SourceSpan(file, first_line)
        self._settled = False  # a "wins" line or the summary: the record reaches its end
        self._play_read = False  # the play run read (a second one is an error)
        self._summary = False  # the summary marker read
        self._tournament = False  # the tournament layout: its level names the blinds
        self._no_small_blind = False  # "There is no Small Blind in this hand ..."
        self._names = names or {}  # a seat's listed name -> its acting player's
        self._posts = posts  # the blind posts the layout does not write

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    # ------------------------------------------------------------ header
    def PREAMBLE(self, f: Fields, span: SourceSpan) -> None:
        return  # "Game #N starts.": the header names the hand

    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header["hand_id"] = f["hand_id"]
        self._header_span = span

    def GAME(self, f: Fields, span: SourceSpan) -> None:
        h = self._header
        if f["game"] is not None:  # a cash table: its buy-in, or the fixed-limit bets
            stakes, currency = f["stakes"], f["currency"]
            h.update(game=f["game"], limit=f["limit"], date=f["date"])
            h["currency"] = currency or _CURRENCIES.get(stakes[:1], "")
            if "/" in stakes:  # "$20/$40": the bets (fixed limit) or blinds
                h["small"], _, h["big"] = stakes.partition("/")
            else:
                h["buy_in"] = stakes
        elif f["t_game"] is not None:
            h.update(game=f["t_game"], limit=f["t_limit"], date=f["t_date"])
            h.update(small=f["t_small"], big=f["t_big"], currency="chips")
            h.update(tournament=f["tournament"], level=f["level"], buy_in=f["buy_in"])
            self._scale = 1
            self._tournament = True
        else:
            h.update(game=f["n_game"], limit=f["n_limit"], date=f["n_date"])
            h.update(small=f["n_small"], big=f["n_big"], currency="USD")
        if not h["currency"]:
            h["currency"] = "USD"  # the 2005 layout: "$25 PL Omaha"
        if h["currency"] == "chips":
            self._scale = 1
        _local_time(h["date"])  # a date the tables cannot hold is this line's finding

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        self._header["table"] = " ".join(f["name"].split())  # "Table  135446": one space
        self._table_span = span
        if f["button"] is not None:
            self.BUTTON({"seat": f["button"]}, span)
        self._start_at = len(self._events)
        self._events.append(ev.Note(span, "table"))  # the hand's start goes here

    def BUTTON(self, f: Fields, span: SourceSpan) -> None:
        button = int(f["seat"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    def PLAYER_COUNT(self, f: Fields, span: SourceSpan) -> None:
        if f["seats"] is not None:
            seats = int(f["seats"])
            if not 1 <= seats <= SEAT_LIMIT:
                raise SeatError(f"a table of {seats} seats")
            self._max_seats = seats

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat"]), f["player"]
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seats.values():
            raise SeatError(f"{player} sits in two seats")
        if len(self._seats) >= (self._max_seats or SEAT_LIMIT):
            raise SeatError(f"more seats than the table's {self._max_seats}")
        self._seats[seat] = player
        stack = self._money(f["stack"])
        # the room lists the seat of a player with no chips left ("( $0 USD )", who then
        # "has left the table"): a seat with nothing is not dealt in
        self._events.append(ev.SeatTaken(span, seat, player, stack, out_of_hand=stack == 0))

    def _hand_started(self) -> ev.HandStarted:
        h = self._header
        game = h.get("game", "")
        limit = _LIMITS[h.get("limit", "PL")]
        hi_lo = game.endswith("Hi-Lo")
        if "small" in h:
            small, big = self._money(h["small"]), self._money(h["big"])
        else:
            # The header names the table's buy-in ("$100 USD PL Omaha"), not its blinds,
            # and the buy-in is not always 100 big blinds ("$10,000" at $25/$50): the big
            # blind posted names the stakes, and the small blind is the room's for it
            # (half, but $0.10 at $0.10/$0.25), so that a wrong small blind is found.
            big = self._blinds.get(ev.PostKind.BIG_BLIND, 0)
            small = 10 if big == 25 and self._scale == 100 else big // 2
        started_at, zone = _local_time(h.get("date", ""))
        assert self._table_span is not None
        return ev.HandStarted(
            span=self._header_span,
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=f"{h.get('limit', '')} {game}",
            variant=variant(limit, hi_lo, 4),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=4,
            small_stake=small,
            big_stake=big,
            currency=h.get("currency", "USD"),
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=h.get("table", ""),
            max_seats=self._max_seats,
            button_seat=self._button,
            tournament_id=h.get("tournament"),
            buy_in=h.get("buy_in"),
            level=h.get("level"),
            table_span=self._table_span,
        )

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind = _POST_KINDS[f["kind"]]
        amount = self._money(f["amount"])
        player = f["player"]
        self._blinds.setdefault(kind, amount)
        live = amount
        if kind is ev.PostKind.SMALL_AND_BIG:  # the small blind part is dead
            live = amount - self._blinds.get(ev.PostKind.SMALL_BLIND, 0)
        elif kind in (ev.PostKind.MISSED_BLIND, ev.PostKind.ANTE):
            live = 0
        self._put[player] = self._put.get(player, 0) + live
        self._events.append(ev.Posted(span, player, kind, amount))

    def DEALING(self, f: Fields, span: SourceSpan) -> None:
        street = _STREETS.get(f["street"])
        if street is None:  # "** Dealing down cards **": the blinds are in
            for post in self._posts:  # the ones the layout does not write
                self._put[post.player] = self._put.get(post.player, 0) + post.amount
                self._events.append(
                    ev.Posted(post.span, post.player, post.kind, post.amount, post.all_in)
                )
            return
        self._end_of_round(span)
        self._put = {}
        new = _cards(f["cards"] or "")
        board = tuple(e for e in self._events if isinstance(e, ev.StreetDealt))
        so_far = board[-1].cards if board else ()
        self._events.append(ev.StreetDealt(span, street, 1, so_far + new, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["player"], _cards(f["cards"])))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["player"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["player"]))

    def ACTION(self, f: Fields, span: SourceSpan) -> None:
        """A chips line as written; the replay tells the call, bet or raise it is. The
        layout always says all-in ("is all-In [$X]", the 2026 "X is all-In." after it)."""
        player, verb = f["player"], _VERBS[f["verb"]]
        if f["to"] is not None:  # 2026: "raises 2.70 to 2.80": the chips added and the total
            added, to = self._money(f["added"]), self._money(f["to"])
            self._put[player] = to
            self._events.append(ev.ChipsIn(span, player, verb, added, to, False))
            return
        added = self._money(f["amount"] or f["paren"])
        self._put[player] = self._put.get(player, 0) + added
        self._events.append(ev.ChipsIn(span, player, verb, added, None, verb is ev.Verb.ALL_IN))

    def ALL_IN_MARK(self, f: Fields, span: SourceSpan) -> None:
        """2026: "X is all-In." after X's action: that action put him all-in."""
        player = f["player"]
        for at in range(len(self._events) - 1, -1, -1):
            event = self._events[at]
            if type(event) is ev.ChipsIn and event.player == player:
                self._events[at] = replace(event, all_in=True)
                return
        self._events.append(ev.Note(span, f"{player} is all-In."))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        self._end_of_play(span)
        player, shown = f["player"], _cards(f["cards"])
        if f["verb"] == "doesn't show":  # cards tabled by the room, the player mucked
            self._events.append(ev.Mucked(span, player, shown))
            return
        description = f["description"].strip()
        self._shown[player] = len(self._events)
        self._events.append(ev.Shown(span, player, shown, description, claim(description)))

    def SHOWS_LOW(self, f: Fields, span: SourceSpan) -> None:
        """ "X shows7,5,4,2,A  for low.": the low of the hand X showed."""
        player, low = f["player"], f["low"]
        at = self._shown.get(player)
        if at is None:
            self._events.append(
                ev.Garbled(span, f"{player} shows {low} for low", "a low of a hand not shown")
            )
            return
        shown = self._events[at]
        assert isinstance(shown, ev.Shown)
        high = shown.claim.high_text
        self._events[at] = replace(shown, description=f"{high}; low {low}", claim=claim(high, low))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._end_of_play(span)
        self._events.append(ev.NotShown(span, f["player"]))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        self._end_of_play(span)
        self._settled = True
        player, pot_words = f["player"], f["pot"]
        amount = self._money(f["amount"])
        returned = self._returned.get(player, 0)
        pot = 0
        if pot_words is not None and "side pot" in pot_words:
            pot = int(pot_words.rsplit(" ", 1)[-1].lstrip("#"))
            if returned and amount == returned and f["low"] is None:
                # the side pot only its bettor was in: his uncalled chips, given back
                del self._returned[player]
                self._events.append(ev.Note(span, f"{player} wins back {f['amount']}"))
                return
        elif pot_words is None and returned:
            amount -= returned  # "wins $0.24": the pot, and his bet nobody called
            del self._returned[player]
        self._events.append(ev.Collected(span, player, amount, pot, pot_words is not None))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        status = _STATUSES[f["status"]]
        self._events.append(ev.PlayerStatus(span, f["player"], status, f["status"]))

    def FINISHED(self, f: Fields, span: SourceSpan) -> None:
        text = f"finished the tournament in place {f['place']}"
        self._events.append(ev.PlayerStatus(span, f["player"], ev.Status.FINISHED, text))

    def CASH_OUT_NOTE(self, f: Fields, span: SourceSpan) -> None:
        self._end_of_play(span)
        self._events.append(ev.Note(span, f"{f['player']} {f['text']}"))

    def CASH_OUT(self, f: Fields, span: SourceSpan) -> None:
        self._end_of_play(span)
        self._events.append(ev.CashedOut(span, f["player"], self._money(f["amount"])))

    def DEALER_NOTE(self, f: Fields, span: SourceSpan) -> None:
        # "Creating Main Pot with $ 38.50 with A, B": the betting of the round is over
        if f["text"].startswith("There is no Small Blind"):
            self._no_small_blind = True
        self._events.append(ev.Note(span, f["text"].rstrip("\x00") or "(NUL)"))

    def CANCELLED(self, f: Fields, span: SourceSpan) -> None:
        self._settled = True  # the record ends here, whole: the hand did not finish
        self._events.append(ev.HandCancelled(span))

    def CHAT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["player"], f["text"]))

    # ------------------------------------------------------------ the 2026 summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._end_of_play(span)
        self._settled = self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def POT_LINE(self, f: Fields, span: SourceSpan) -> None:
        main, rake = self._money(f["main"]), self._money(f["rake"])
        sides = tuple(self._money(amount) for amount in re.findall(r": ([^ ]+)", f["sides"] or ""))
        # written net of the rake: the total pot (gross) is the pots and the rake
        self._events.append(ev.SummaryPot(span, main + sum(sides) + rake, None, (), rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, _cards(f["cards"])))

    def BALANCE(self, f: Fields, span: SourceSpan) -> None:
        """A seat's balance: what it collected, and the hand it showed, if any."""
        player = f["player"]
        seat = next((s for s, p in self._seats.items() if p == player), 0)
        shown = _cards(f["cards"]) if f["cards"] is not None else ()
        description = (f["description"] or "").strip()
        if shown:
            self._events.append(ev.Shown(span, player, shown, description, claim(description)))
        won: int | None = None
        if f["collected"] is not None and f["cashed"] is None:
            # a player who cashed out is paid by the room (his CashedOut), not the pot
            won = self._money(f["collected"]) - self._returned.pop(player, 0)
            if won:
                self._events.append(ev.Collected(span, player, won))
        if f["folded"] is not None:
            outcome = ev.SeatOutcome.FOLDED
        elif won:
            outcome = ev.SeatOutcome.COLLECTED
        elif shown:
            outcome = ev.SeatOutcome.SHOWED
        else:
            outcome = ev.SeatOutcome.LOST
        results = (ev.SeatResult(won, description, claim(description)),) if won else ()
        self._events.append(
            ev.SummarySeat(span, seat, player, (), outcome, cards=shown, results=results)
        )

    # ------------------------------------------------------------ uncalled bets
    def _end_of_round(self, span: SourceSpan) -> None:
        """The round's betting is over: the part of the top bet nobody matched goes back.

        The room writes no return, and its "wins $X" (or a side pot only the bettor was
        in, or the 2026 "collected") pays the uncalled chips as won: the return is written
        here so that what is won can be read net of it (:meth:`WINS`, :meth:`BALANCE`).
        This needs the chips each line put in (``_put``), never which action it was."""
        if not self._put:
            return
        first, *rest = sorted(self._put.values(), reverse=True)
        excess = first - (rest[0] if rest else 0)
        if excess <= 0:
            return
        player = max(self._put, key=self._put.__getitem__)
        self._put[player] -= excess
        self._returned[player] = self._returned.get(player, 0) + excess
        self._events.append(ev.UncalledReturned(span, player, excess))

    def _end_of_play(self, span: SourceSpan) -> None:
        """The hand's betting is over (a show, a win, the summary)."""
        self._end_of_round(span)
        self._put = {}


_HEAD = "***** Hand History for Game 1 *****\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state and token it shares.
_MISTAKES: dict[str, list[str]] = {
    "a game line the layout does not have (stakes, game or date)": [
        _HEAD + "$100 USD PL Omaha\n",
        _HEAD + "$100 USD Omaha Pot Limit - Monday, January 06, 09:52:55 EST 2014\n",
    ],
    "a table line the layout does not have": [
        _HEAD + "$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014\nTable Paris\n",
    ],
}


def _lark(text: str, start: str, lexer: str, callbacks: dict[str, Any]) -> Lark:
    """The grammar's LALR parser from rule ``start``, cached in our own folder only (never
    lark's cache=True: a pickle at a guessable path in the shared temp folder)."""
    options: dict[str, Any] = {
        "parser": "lalr",
        "start": start,
        "lexer": lexer,
        "lexer_callbacks": callbacks,
        "propagate_positions": False,
        "maybe_placeholders": False,
    }
    folder = private_cache_folder()
    if folder is not None:
        key = f"{text}\0{start}\0{lexer}\0{lark.__version__}".encode()
        options["cache"] = str(folder / f"party-{hashlib.sha256(key).hexdigest()[:16]}.lark")
    return new_lark(text, **options)


def _cards(text: str) -> tuple[Card, ...]:
    """``" 7d Ah 6s 2h "`` or ``" Qh, Kd, 6d "``."""
    return LETTERS.cards(text.replace(",", " "))


def _local_time(text: str) -> tuple[datetime | None, str]:
    found = _DATE.search(text)
    if found is None:
        return None, ""
    month = _MONTHS.get(found["month"] or found["month3"] or "")
    if month is None:
        raise ValueError(f"no month {found['month'] or found['month3']!r}")
    day = int(found["day"] or found["day3"])
    zone = found["zone"]
    when = local_time(
        int(found["year"]), month, day, int(found["h"]), int(found["mi"]), int(found["s"]), zone
    )
    return when, zone
