"""WPN hands (both layouts) to events.

The grammar (``grammars/wpn.lark``) decides which kind each line is: one token per run
of lines (seats, play, summary), taken apart line by line with the grammar's own line
terminals (:class:`~auditor.parse.grammar.LineClassifier`). Each kind's fields are then
read with that kind's pattern, whose groups are named (``_FIELDS``): no slicing. The
methods run as lexer callbacks, so the events come out in file order.

What the layouts mean, where they differ from the Stars layout:

- new layout: "raises $30.00 to $40.00" is the chips put in, then the total (both go
  into the ``ChipsIn``); "Total pot $199.00 | Rake $0.96 | JP Fee $0.04" is net
  of the rake and the fee (the players' bets were $200.00): read gross;
- old layout: every amount is the chips put in with the action ("raises (6)" after a
  blind of 2 is a raise to 8); "allin (124)" names no call, bet or raise (the replay
  tells which from the round's bets); the winners' amounts are written only in the
  summary ("Collects: 47."), and the shown hands only there too ("shows: Straight to 10
  [..]"): each becomes the Shown and Collected events it states; "Pot: 47. Rake 1" is
  net: read gross.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError, describe_expected
from auditor.parse.facts import (
    SEAT_LIMIT,
    LineError,
    SeatError,
    board_number,
    local_time,
    variant,
)
from auditor.parse.grammar import LineClassifier, build_parser
from auditor.parse.text_reader import error_place, grammar_error, known_mistake
from auditor.read.split import RawHand
from auditor.rooms.wpn import SITE
from auditor.rooms.wpn.wording import read_new, read_old
from auditor.source import SourceSpan

# The old layout writes a ten "10h"; the new one "Th".
TENS = CardNotation("tens as 10 (10h)", ten="10")

_AMT = r"\$?[0-9][0-9,]*(?:\.[0-9]+)?"
_PLAIN = r"[0-9][0-9,]*(?:\.[0-9]+)?"
_ALL_IN = r"(?P<all_in> and is all-in)?"

# ---------------------------------------------------------------- each kind's fields
_FIELDS: dict[str, re.Pattern[str]] = {
    kind: re.compile(pattern)
    for kind, pattern in {
        "N_HEADER": r"(?:Game )?Hand #(?P<hand_id>[0-9]+) - "
        r"(?:(?P<tour_name>.*?)Tournament #(?P<tour_id>[0-9]+) - )?"
        r"(?P<game>[^(]*?) ?\((?P<limit>[A-Za-z -]+)\) - "
        r"(?:(?P<level>Level [IVXLC0-9]+) \((?P<l_small>[0-9.,]+)/(?P<l_big>[0-9.,]+)\)"
        rf"|(?P<small>{_AMT})/(?P<big>{_AMT})) ?- "
        r"(?P<y>[0-9]{4})/(?P<mo>[0-9]{1,2})/(?P<d>[0-9]{1,2}) "
        r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2})(?::(?P<s>[0-9]{2}))?(?: (?P<zone>[A-Z]{1,5}))?\s*$",
        "N_TABLE": r"(?P<table>.+?)(?: (?P<max>[0-9]+)-max)?(?P<play> \(Play Money\))?"
        r" Seat #(?P<button>[0-9]+) is the button\s*$",
        "N_SEAT": rf"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>{_AMT})\)"
        r"(?P<out> is sitting out)?\s*$",
        "N_FOLD": r"(?P<player>.+?) folds\s*$",
        "N_CHECK": r"(?P<player>.+?) checks\s*$",
        "N_CALL": rf"(?P<player>.+?) calls (?P<amount>{_AMT}){_ALL_IN}\s*$",
        "N_RAISE": rf"(?P<player>.+?) (?P<verb>raises|caps|cap) (?P<by>{_AMT})"
        rf"(?: to (?P<to>{_AMT}))?{_ALL_IN}\s*$",
        "N_BET": rf"(?P<player>.+?) bets (?P<amount>{_AMT}){_ALL_IN}\s*$",
        "N_POST": r"(?P<player>.+?) (?:posts "
        r"(?:(?P<kind>the small blind|the big blind|ante|dead|a straddle|straddle) ?)?"
        rf"|(?P<straddle>straddle) )(?P<amount>{_AMT}){_ALL_IN}\s*$",
        "N_COLLECTED": rf"(?P<player>.+?) collected (?P<amount>{_AMT}) from "
        r"(?P<pot>main pot|side pot|pot)(?: (?P<number>[0-9]+))?\s*$",
        "N_SHOWS": r"(?P<player>.+?) shows \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?\s*$",
        "N_MUCKS": r"(?P<player>.+?) mucks hand(?: \[(?P<cards>[^\]]*)\])?\s*$",
        "N_NO_SHOW": r"(?P<player>.+?) does not show\s*$",
        "N_STATUS": r"(?P<player>.+?) (?P<status>is sitting out|sits out|has returned"
        r"|is disconnected|is connected|has timed out|leaves the table|joins the table)\s*$",
        "N_MARKER": r"\*\*\* (?P<name>HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|RUN IT TWICE)"
        r"(?: (?P<board>[0-9]))? \*\*\*(?P<cards>(?: \[[^\]]*\])*)\s*$",
        "N_DEALT": r"Dealt to (?P<player>.+?) \[(?P<cards>[^\]]*)\]\s*$",
        "N_UNCALLED": rf"Uncalled bet \((?P<amount>{_AMT})\) returned to (?P<player>.+?)\s*$",
        "N_POT": r"Main pot.*$",
        "N_TOTAL_POT": rf"Total pot (?P<total>{_AMT})(?P<parts>(?: \| [^|]*)*)\s*$",
        "N_BOARD": r"Board(?: (?P<board>[0-9]))? \[(?P<cards>[^\]]*)\]\s*$",
        # Seat 4: Player0 (big blind) showed [..] and won $199.00 with HI - ... | LO - [..]
        "N_SUMMARY_SEAT": r"Seat (?P<seat>[0-9]+): (?P<player>.+?)"
        r"(?P<positions>(?: \((?:button|small blind|big blind)\))*) (?:"
        r"folded (?P<folded_on>on the [A-Za-z-]+)(?P<didnt_bet> and did not bet)?"
        r"|(?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\](?: and (?P<result>.*?))?"
        r"|did not show and (?P<walk>.*?)"
        r"|(?P<bare>(?:won|collected|lost)\b.*?)"
        r"|(?P<sitting_out>is sitting out)"
        r"|(?P<other>.*?))\s*$",
        # the old layout
        "O_STARTED": r"Game started at: (?P<y>[0-9]{4})/(?P<mo>[0-9]{1,2})/(?P<d>[0-9]{1,2}) "
        r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{1,2}):(?P<s>[0-9]{1,2})\s*$",
        "O_GAME_ID": rf"Game ID: (?P<hand_id>[0-9]+) (?P<small>{_PLAIN})/(?P<big>{_PLAIN})"
        r"(?: (?P<table>.*?))? \((?P<game>[^()]+)\)\s*$",
        "O_BUTTON": r"Seat (?P<button>[0-9]+) is the button\s*$",
        "O_SEAT": rf"Seat (?P<seat>[0-9]+): (?P<player>.+?) \((?P<stack>{_PLAIN})\)\.\s*$",
        "O_PLAY_LINE": r"Player (?P<player>.+?) (?:"
        r"(?P<verb>has small blind|has big blind|posts|ante|straddle|calls|bets|raises|allin|caps"
        rf"|cap) \((?P<amount>{_PLAIN})\)"
        r"|(?P<word>folds|checks|allin|received a card\.|mucks cards|wait BB|sitting out"
        r"|is timed out\.|is disconnected and ALL IN\.|is disconnected\.|is connected\.|sits out"
        r"|has returned|joins the table|leaves the table)"
        r"|received card: \[(?P<card>[^\]]*)\])\s*$",
        "O_MARKER": r"\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*:(?P<cards>(?: \[[^\]]*\])*)\s*$",
        "O_UNCALLED": rf"Uncalled bet \((?P<amount>{_PLAIN})\) returned to (?P<player>.+?)\s*$",
        "O_POT": rf"Pot: (?P<total>{_PLAIN})\.(?: Rake (?P<rake>{_PLAIN}))?"
        r"(?P<fees>(?:\. [A-Za-z ]+ [0-9][0-9,]*(?:\.[0-9]+)?)*)\s*$",
        "O_BOARD": r"Board: \[(?P<cards>[^\]]*)\]\s*$",
        "O_SUMMARY_PLAYER": r"(?P<star>\*)?Player (?P<player>.+?) (?:"
        r"(?P<not_shown>does not show cards)"
        r"|mucks \(does not show cards\)"
        r"|mucks \(does not show: \[(?P<mucked>[^\]]*)\]\)"
        r"|shows: (?P<description>.*?) \[(?P<cards>[^\]]*)\](?P<low> Low hand \([^)]*\))?)"
        rf" ?\.? ?Bets: (?P<bets>{_PLAIN})\. Collects: (?P<collects>{_PLAIN})\. "
        rf"(?:Wins|Loses): (?P<net>{_PLAIN})\.\s*$",
        "O_ENDED": r"Game ended at: .*$",
        "N_SUMMARY_MARKER": r"\*\*\* SUMMARY \*\*\*\s*$",
        "O_SUMMARY_MARKER": r"------ Summary ------\s*$",
        "O_AFTER": r".*$",
    }.items()
}
_NAME_KINDS = (
    "N_FOLD",
    "N_CHECK",
    "N_CALL",
    "N_RAISE",
    "N_BET",
    "N_POST",
    "N_COLLECTED",
    "N_SHOWS",
    "N_MUCKS",
    "N_NO_SHOW",
    "N_STATUS",
)
_BLOCKS: dict[str, tuple[str | tuple[str, ...], ...]] = {
    "N_SEATS": ("N_SEAT",),
    "N_PLAY": (_NAME_KINDS, "N_MARKER", "N_DEALT", "N_UNCALLED", "N_POT"),
    "N_SUMMARY_BODY": ("N_SUMMARY_SEAT", "N_TOTAL_POT", "N_BOARD"),
    "O_SEATS": ("O_SEAT",),
    "O_PLAY": ("O_PLAY_LINE", "O_MARKER", "O_UNCALLED"),
    "O_SUMMARY_BODY": ("O_POT", "O_BOARD", "O_SUMMARY_PLAYER"),
}
_SINGLE_LINES = (
    "N_HEADER",
    "N_TABLE",
    "N_SUMMARY_MARKER",
    "O_STARTED",
    "O_GAME_ID",
    "O_BUTTON",
    "O_SUMMARY_MARKER",
    "O_ENDED",
    "O_AFTER",
)
_STREET = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
_N_POST_KIND = {
    "the small blind": ev.PostKind.SMALL_BLIND,
    "the big blind": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
    "dead": ev.PostKind.SMALL_AND_BIG,  # "posts dead $X": both blinds, on coming back
    "a straddle": ev.PostKind.STRADDLE,
    "straddle": ev.PostKind.STRADDLE,
    None: ev.PostKind.BIG_BLIND,  # "posts $X": a new player's big blind, to play at once
}
_N_STATUS = {
    "is sitting out": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,
}
_O_STATUS = {
    "sitting out": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is timed out.": ev.Status.TIMED_OUT,
    # the client's all-in protection: a disconnected player stays in for what he put in
    "is disconnected and ALL IN.": ev.Status.TIMED_OUT,
    "is disconnected.": ev.Status.DISCONNECTED,
    "is connected.": ev.Status.CONNECTED,
    "joins the table": ev.Status.JOINS,
    "leaves the table": ev.Status.LEAVES,
    # "wait BB": he waits for the big blind to come round to him, out of this hand
    "wait BB": ev.Status.SITTING_OUT,
}
# the old layout's chips lines ("caps (253.88)": raises to the table's cap)
_O_VERB = {
    "calls": ev.Verb.CALL,
    "bets": ev.Verb.BET,
    "raises": ev.Verb.RAISE,
    "caps": ev.Verb.RAISE,
    "cap": ev.Verb.RAISE,
    "allin": ev.Verb.ALL_IN,
}
_POSITION = re.compile(r"\((button|small blind|big blind)\)")
_N_RESULT = re.compile(
    rf"(?:(?P<verb>won|collected) (?P<amount>{_AMT})|lost)(?: with (?P<text>.*))?$"
)


class WpnReader:
    """Reads one hand at a time; not thread-safe (one per process)."""

    site_grammar = "wpn"

    def __init__(self) -> None:
        line_methods: dict[str, Callable[[re.Match[str], SourceSpan], None]] = {
            "N_HEADER": self.N_HEADER,
            "N_TABLE": self.N_TABLE,
            "N_SEAT": self.N_SEAT,
            "N_FOLD": self.N_FOLD,
            "N_CHECK": self.N_CHECK,
            "N_CALL": self.N_CALL,
            "N_RAISE": self.N_RAISE,
            "N_BET": self.N_BET,
            "N_POST": self.N_POST,
            "N_COLLECTED": self.N_COLLECTED,
            "N_SHOWS": self.N_SHOWS,
            "N_MUCKS": self.N_MUCKS,
            "N_NO_SHOW": self.N_NO_SHOW,
            "N_STATUS": self.N_STATUS,
            "N_MARKER": self.N_MARKER,
            "N_DEALT": self.N_DEALT,
            "N_UNCALLED": self.N_UNCALLED,
            "N_POT": self.N_POT,
            "N_SUMMARY_MARKER": self.SUMMARY_MARKER,
            "N_TOTAL_POT": self.N_TOTAL_POT,
            "N_BOARD": self.N_BOARD,
            "N_SUMMARY_SEAT": self.N_SUMMARY_SEAT,
            "O_STARTED": self.O_STARTED,
            "O_GAME_ID": self.O_GAME_ID,
            "O_BUTTON": self.O_BUTTON,
            "O_SEAT": self.O_SEAT,
            "O_PLAY_LINE": self.O_PLAY_LINE,
            "O_MARKER": self.O_MARKER,
            "O_UNCALLED": self.O_UNCALLED,
            "O_SUMMARY_MARKER": self.SUMMARY_MARKER,
            "O_POT": self.O_POT,
            "O_BOARD": self.O_BOARD,
            "O_SUMMARY_PLAYER": self.O_SUMMARY_PLAYER,
            "O_ENDED": self.O_ENDED,
            "O_AFTER": self.O_AFTER,
        }
        # each kind: its fields' pattern and its method, found in one lookup a line
        self._readers = {kind: (_FIELDS[kind].match, fn) for kind, fn in line_methods.items()}
        callbacks: dict[str, Callable[[Token], Token]] = {
            name: self._on_single for name in _SINGLE_LINES
        }
        for block in _BLOCKS:
            callbacks[block] = self._on_block
        self._parser: Lark = build_parser(self.site_grammar, callbacks)
        self._classifiers = {
            block: LineClassifier(self._parser, kinds) for block, kinds in _BLOCKS.items()
        }
        self._reset("", 1)

    # ------------------------------------------------------------ driving
    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read."""
        self._reset(raw.file, raw.first_line)
        try:
            try:
                self._parser.parse(raw.text, start="start")
            except UnexpectedInput as err:
                return self._recover_or_raise(raw, err)
            self._finish_dealt()
        except LineError as err:
            raise HandParseError(
                raw.file, err.line, 1, raw.line_text(err.line), err.problem, err.code
            ) from None
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        if not self._summary_started:
            last = SourceSpan(raw.file, raw.first_line + len(raw.lines) - 1, 1)
            return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)
        return ev.Hand(self._start, tuple(self._events))

    def _recover_or_raise(self, raw: RawHand, err: UnexpectedInput) -> ev.Hand:
        line, column = error_place(raw, err)
        last_line = raw.first_line + len(raw.lines) - 1
        # A record cut short before its summary is read up to its last whole line.
        if line >= last_line and not self._summary_started and self._start is not None:
            self._finish_dealt()
            span = SourceSpan(raw.file, line, column)
            return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=span)
        kind = self._mistake(err)
        raise grammar_error(raw, err, line, column, describe_expected, kind) from None

    def _mistake(self, err: UnexpectedInput) -> str:
        """Which known mistake ``err`` resembles (Lark's match_examples), or ""."""
        file = self._file

        def parse(text: str) -> Tree[Token]:
            self._reset(file, 1)
            return self._parser.parse(text, start="start")

        return known_mistake(err, _MISTAKES, parse)

    def _on_single(self, tok: Token) -> Token:
        line = self._offset + (tok.line or 1)
        self._read_line(tok.type, str(tok), line)
        return tok

    def _on_block(self, tok: Token) -> Token:
        """A run of lines: each line's kind by the grammar's line terminals, then its fields."""
        line = self._offset + (tok.line or 1)
        classifier = self._classifiers[tok.type]
        readers, file = self._readers, self._file
        try:
            if classifier.only is not None:
                fields, method = readers[classifier.only]
                for text in tok.split("\n")[:-1]:  # the lexer ends every line with "\n"
                    if text:
                        found = fields(text)
                        if found is None:
                            raise _unknown(line, text)
                        method(found, SourceSpan(file, line))
                    line += 1
            else:
                at = 0
                for kind in classifier.matches(tok):
                    start = kind.start()
                    if start != at:  # blank lines skipped
                        line += tok.count("\n", at, start)
                    at = kind.end()
                    fields, method = readers[kind.lastgroup or ""]
                    found = fields(kind.group())
                    if found is None:
                        raise _unknown(line, kind.group())
                    method(found, SourceSpan(file, line))
                    line += 1
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None
        return tok

    def _read_line(self, kind: str, text: str, line: int) -> None:
        fields, method = self._readers[kind]
        found = fields(text)
        if found is None:
            raise _unknown(line, text)
        try:
            method(found, SourceSpan(self._file, line))
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None

    def _reset(self, file: str, first_line: int) -> None:
        self._file = file
        self._offset = first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._summary_started = False
        self._seats: dict[int, str] = {}
        self._seat_of: dict[str, int] = {}
        self._max_seats = SEAT_LIMIT
        self._header: dict[str, str] = {}
        self._scale = 1
        self._notation: CardNotation = LETTERS
        self._hole_cards_seen = False
        # the old layout: one line per card dealt, gathered into one Dealt per player
        self._dealt: dict[str, tuple[int, ev.Dealt]] = {}
        self._dealt_players: set[str] = set()
        self._old = False  # an old-layout hand whose deal is not yet over
        self._summary_board = 1  # the new layout's summary: the board its seat lines are of
        self._game_span = SourceSpan(file, first_line + 1, 1)  # the old layout's Game ID line
        # a CAP table's cap, and what each player has put in the hand
        self._cap = 0
        self._in_hand: dict[str, int] = {}

    def _money(self, text: str) -> int:
        return to_minor(text, self._scale)

    def _add(self, event: ev.Event) -> None:
        self._events.append(event)

    # ------------------------------------------------------------ the new layout
    def N_HEADER(self, m: re.Match[str], span: SourceSpan) -> None:
        self._header = {k: v for k, v in m.groupdict().items() if v is not None}
        tournament = m["tour_id"] is not None
        self._scale = 1 if tournament else 100
        if m["level"] is not None:
            self._header["small"], self._header["big"] = m["l_small"], m["l_big"]

    def N_TABLE(self, m: re.Match[str], span: SourceSpan) -> None:
        h = self._header
        max_seats = int(m["max"]) if m["max"] else None
        if max_seats is not None and not 1 <= max_seats <= SEAT_LIMIT:
            raise SeatError(f"a table of {max_seats} seats")
        button = int(m["button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._max_seats = max_seats or SEAT_LIMIT
        limit = _LIMITS.get(h.get("limit", ""), ev.Limit.POT)
        game_words = h.get("game", "")
        hi_lo = any(w in game_words for w in ("H/L", "Hi/Lo", "HiLow"))
        hole = 5 if game_words.startswith("5Card") else 6 if game_words.startswith("6Card") else 4
        tournament = "tour_id" in h
        if tournament or m["play"]:
            currency = "chips"
        elif h.get("small", "").startswith("$"):
            currency = "USD"
        else:
            currency = "chips"
        self._scale = 100 if currency == "USD" else 1
        started_at, zone = self._time(h, span)
        header_span = SourceSpan(self._file, self._offset + 1, 1)
        try:
            small, big = self._money(h.get("small", "0")), self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(header_span.line, err) from None
        self._start = ev.HandStarted(
            span=header_span,
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=f"{game_words}({h.get('limit', '')})",
            variant=variant(limit, hi_lo, hole),
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=currency,
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=m["table"],
            max_seats=max_seats,
            button_seat=button,
            tournament_id=h.get("tour_id"),
            buy_in=(h.get("tour_name") or "").strip(" -") or None,
            level=h.get("level"),
            table_span=span,
        )
        self._add(self._start)

    def _time(self, h: dict[str, str], span: SourceSpan) -> tuple[datetime | None, str]:
        if "y" not in h:
            return None, ""
        zone = h.get("zone", "")
        try:
            when = local_time(
                int(h["y"]), int(h["mo"]), int(h["d"]), int(h["h"]), int(h["mi"]),
                int(h.get("s") or 0), zone,
            )  # fmt: skip
        except ValueError as err:
            raise LineError.of(self._offset + 1, err) from None
        return when, zone

    def _seat(self, seat: int, player: str) -> None:
        if not 1 <= seat <= SEAT_LIMIT:
            raise SeatError(f"seat {seat}, which no table has")
        if len(self._seats) >= self._max_seats:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is listed twice ({self._seats[seat]}, {player})")
        if player in self._seat_of:
            raise SeatError(f"{player} sits in two seats")
        self._seats[seat] = player
        self._seat_of[player] = seat

    def N_SEAT(self, m: re.Match[str], span: SourceSpan) -> None:
        seat, player = int(m["seat"]), m["player"]
        self._seat(seat, player)
        out = m["out"] is not None
        self._add(ev.SeatTaken(span, seat, player, self._money(m["stack"]), sitting_out=out))

    def N_FOLD(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.Folded(span, m["player"]))

    def N_CHECK(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.Checked(span, m["player"]))

    # The layout says every all-in ("and is all-in"): a chips line without it is not one.
    def N_CALL(self, m: re.Match[str], span: SourceSpan) -> None:
        all_in = m["all_in"] is not None
        self._add(
            ev.ChipsIn(span, m["player"], ev.Verb.CALL, self._money(m["amount"]), None, all_in)
        )

    def N_BET(self, m: re.Match[str], span: SourceSpan) -> None:
        all_in = m["all_in"] is not None
        self._add(
            ev.ChipsIn(span, m["player"], ev.Verb.BET, self._money(m["amount"]), None, all_in)
        )

    def N_RAISE(self, m: re.Match[str], span: SourceSpan) -> None:
        # "raises $30.00 to $40.00": the chips put in, then the player's total; "caps $X":
        # the chips put in only
        player, all_in = m["player"], m["all_in"] is not None
        to = self._money(m["to"]) if m["to"] is not None else None
        added = self._money(m["by"])
        self._add(ev.ChipsIn(span, player, ev.Verb.RAISE, added, to, all_in))
        if m["verb"] != "raises":  # the cap reached: all-in for the rest of the hand
            self._add(ev.PlayerStatus(span, player, ev.Status.CAPPED, "reached the table's cap"))

    def N_POST(self, m: re.Match[str], span: SourceSpan) -> None:
        kind = ev.PostKind.STRADDLE if m["straddle"] else _N_POST_KIND[m["kind"]]
        all_in = m["all_in"] is not None
        self._add(ev.Posted(span, m["player"], kind, self._money(m["amount"]), all_in))

    def N_COLLECTED(self, m: re.Match[str], span: SourceSpan) -> None:
        # "main pot 1", "main pot 2": the main pot on the first and second board of a run
        # it twice (the board is the section's: ShowdownStarted); "side pot N": side pot N
        pot = int(m["number"] or 1) if m["pot"] == "side pot" else 0
        names = m["pot"] != "pot"
        self._add(ev.Collected(span, m["player"], self._money(m["amount"]), pot, names))

    def N_SHOWS(self, m: re.Match[str], span: SourceSpan) -> None:
        description = m["description"] or ""
        shown = LETTERS.cards(m["cards"])
        self._add(ev.Shown(span, m["player"], shown, description, read_new(description)))

    def N_MUCKS(self, m: re.Match[str], span: SourceSpan) -> None:
        shown = LETTERS.cards(m["cards"]) if m["cards"] else ()
        self._add(ev.Mucked(span, m["player"], shown))

    def N_NO_SHOW(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.NotShown(span, m["player"]))

    def N_STATUS(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.PlayerStatus(span, m["player"], _N_STATUS[m["status"]], m["status"]))

    def N_MARKER(self, m: re.Match[str], span: SourceSpan) -> None:
        name = m["name"]
        board = int(m["board"] or 1)
        if name == "HOLE CARDS":
            self._hole_cards_seen = True
            self._add(ev.StreetDealt(span, ev.Street.PREFLOP, 1, (), ()))
        elif name == "RUN IT TWICE":
            self._add(ev.Note(span, m.group(0).strip()))
        elif name == "SHOW DOWN":
            self._add(ev.ShowdownStarted(span, board))
        else:
            groups = re.findall(r"\[([^\]]*)\]", m["cards"])
            all_cards: tuple[Card, ...] = ()
            for group in groups:
                all_cards += LETTERS.cards(group)
            new = LETTERS.cards(groups[-1]) if groups else ()
            self._add(ev.StreetDealt(span, _STREET[name], board, all_cards, new))

    def N_DEALT(self, m: re.Match[str], span: SourceSpan) -> None:
        shown = LETTERS.cards(m["cards"])
        if not self._hole_cards_seen and len(shown) == 1:
            # a tournament's first hand deals each seat one card for the button before the
            # antes ("Dealt to Hero [4s]"): no hole card of this hand
            self._add(ev.Note(span, m.group(0).strip()))
            return
        self._add(ev.Dealt(span, m["player"], shown))

    def N_UNCALLED(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.UncalledReturned(span, m["player"], self._money(m["amount"])))

    def N_POT(self, m: re.Match[str], span: SourceSpan) -> None:
        # the pot and rake as they stand after a street: the summary's are the ones checked
        self._add(ev.Note(span, m.group(0).strip()))

    def SUMMARY_MARKER(self, m: re.Match[str], span: SourceSpan) -> None:
        self._finish_dealt()
        self._summary_started = True
        self._add(ev.SummaryStarted(span))

    def N_TOTAL_POT(self, m: re.Match[str], span: SourceSpan) -> None:
        rake = None
        fees: list[tuple[str, int]] = []
        for part in m["parts"].split(" | ")[1:]:
            label, _, amount = part.strip().rpartition(" ")
            if label == "Rake":
                rake = self._money(amount)
            elif label:
                fees.append((label, self._money(amount)))
        # WPN's total is what the winners collected: net of the rake and the fees
        total = self._money(m["total"]) + (rake or 0) + sum(a for _, a in fees)
        self._add(ev.SummaryPot(span, total, None, (), rake, tuple(fees)))

    def N_BOARD(self, m: re.Match[str], span: SourceSpan) -> None:
        self._summary_board = board_number(m["board"] or "1")
        self._add(ev.SummaryBoard(span, self._summary_board, LETTERS.cards(m["cards"])))

    def N_SUMMARY_SEAT(self, m: re.Match[str], span: SourceSpan) -> None:
        seat = int(m["seat"])
        player = m["player"]
        positions = tuple(_POSITION.findall(m["positions"]))
        shown: tuple[Card, ...] = ()
        results: tuple[ev.SeatResult, ...] = ()
        folded_on = other = ""
        if m["folded_on"] is not None:
            outcome = ev.SeatOutcome.FOLDED
            folded_on = m["folded_on"]
        elif m["verb"] is not None:
            showed = m["verb"] == "showed"
            outcome = ev.SeatOutcome.SHOWED if showed else ev.SeatOutcome.MUCKED
            shown = LETTERS.cards(m["cards"])
            results = _n_results(m["result"], self._scale)
        elif m["walk"] is not None:  # "did not show and won $9.00": the uncontested winner
            outcome = ev.SeatOutcome.COLLECTED
            results = _n_results(m["walk"], self._scale)
        elif m["bare"] is not None:
            lost = m["bare"].startswith("lost")
            outcome = ev.SeatOutcome.LOST if lost else ev.SeatOutcome.WON
            results = _n_results(m["bare"], self._scale)
        elif m["sitting_out"] is not None:
            outcome = ev.SeatOutcome.SITTING_OUT
        else:
            outcome = ev.SeatOutcome.OTHER
            other = m["other"] or "none"
        if self._summary_board > 1 and results:
            # a run it twice writes each board's seat lines after its "Board N [..]" line;
            # a seat's results are one per board (the first board's is on its first line)
            results = (ev.SeatResult(None),) * (self._summary_board - 1) + results
        didnt_bet = m["didnt_bet"] is not None
        self._add(
            ev.SummarySeat(
                span, seat, player, positions, outcome, folded_on, didnt_bet, shown, results, other
            )
        )

    # ------------------------------------------------------------ the old layout
    def O_STARTED(self, m: re.Match[str], span: SourceSpan) -> None:
        self._header = {k: v for k, v in m.groupdict().items() if v is not None}
        self._notation = TENS
        self._old = True

    def O_GAME_ID(self, m: re.Match[str], span: SourceSpan) -> None:
        self._game_span = span  # the table's line (a blank line may come before it)
        self._header.update(hand_id=m["hand_id"], small=m["small"], big=m["big"])
        self._header.update(game=m["game"], table=(m["table"] or "").strip())
        if " CAP " in f" {self._header['table']} ":
            self._header["cap"] = "yes"

    def O_BUTTON(self, m: re.Match[str], span: SourceSpan) -> None:
        h = self._header
        button = int(m["button"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        game = h.get("game", "")
        hi_lo = "HiLow" in game or "H/L" in game
        hole = 5 if game.startswith("5Card") else 4
        # No limit, no currency in this layout: WPN's Omaha tables of the time were pot
        # limit, in US dollars (fpdb's WinningToFpdb.py reads them so)
        self._scale = 100
        started_at, zone = self._time(h, span)
        header_span = SourceSpan(self._file, self._offset + 1, 1)
        game_span = self._game_span
        try:
            small, big = self._money(h.get("small", "0")), self._money(h.get("big", "0"))
        except (AmountError, ValueError) as err:
            raise LineError.of(game_span.line, err) from None
        if "cap" in h:
            # "The CAP is set at 30bb ... When you've reached the hand CAP, you're considered
            # to be all-in for the remainder of the hand" (yapoker.com, "CAP Tables"): the
            # record's "caps (253.88)" puts Player4 at $300 of a $5/$10 table
            self._cap = 30 * big
        self._start = ev.HandStarted(
            span=header_span,
            site=SITE,
            hand_id=h.get("hand_id", ""),
            game=game,
            variant=variant(ev.Limit.POT, hi_lo, hole),
            limit=ev.Limit.POT,
            hi_lo=hi_lo,
            limit_written=False,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency="USD",
            scale=self._scale,
            started_at=started_at,
            time_zone=zone,
            table_name=h.get("table", ""),
            max_seats=None,
            button_seat=button,
            table_span=game_span,
        )
        self._add(self._start)

    def O_SEAT(self, m: re.Match[str], span: SourceSpan) -> None:
        seat, player = int(m["seat"]), m["player"]
        self._seat(seat, player)
        self._add(ev.SeatTaken(span, seat, player, self._money(m["stack"])))

    def O_PLAY_LINE(self, m: re.Match[str], span: SourceSpan) -> None:
        player = m["player"]
        verb = m["verb"]
        if verb is not None:
            self._old_action(player, verb, self._money(m["amount"]), span)
            return
        word = m["word"]
        if word is None:  # "received card: [8d]"
            self._deal(player, self._notation.cards(m["card"]), span)
        elif word == "received a card.":
            self._deal(player, (), span)
        elif word == "folds":
            self._add(ev.Folded(span, player))
        elif word == "checks":
            self._add(ev.Checked(span, player))
        elif word == "mucks cards":
            self._add(ev.Mucked(span, player))
        elif word == "allin":
            # after "is disconnected and ALL IN.": he stays in for what he has put in
            self._add(ev.Note(span, m.group(0).strip()))
        else:
            self._add(ev.PlayerStatus(span, player, _O_STATUS[word], word))

    def _old_action(self, player: str, verb: str, amount: int, span: SourceSpan) -> None:
        """Every amount of this layout is the chips put in with the action."""
        if verb in ("has small blind", "has big blind", "posts", "ante"):
            if verb == "ante":
                kind = ev.PostKind.ANTE
            elif verb == "has small blind":
                kind = ev.PostKind.SMALL_BLIND
            else:
                # "posts (2)": a player who comes in posts a live blind (his "Bets" in the
                # summary count it; WaitBB.txt): the big blind's kind makes it live
                kind = ev.PostKind.BIG_BLIND
            self._add(ev.Posted(span, player, kind, amount))
            self._count_in(player, amount, span)
            if verb == "has big blind":
                self._limit_from_big_blind(amount)
            return
        if verb == "straddle":
            self._add(ev.Posted(span, player, ev.PostKind.STRADDLE, amount))
        else:
            # "allin (X)" names no call, bet or raise: the replay tells which; the layout
            # says every all-in so, so no other line is one
            verb_of = _O_VERB[verb]
            all_in = verb_of is ev.Verb.ALL_IN
            self._add(ev.ChipsIn(span, player, verb_of, amount, None, all_in))
        self._count_in(player, amount, span)

    def _count_in(self, player: str, amount: int, span: SourceSpan) -> None:
        """On a CAP table, the action that brings a player's chips in the hand to the cap
        makes him all-in for the rest of it."""
        if not self._cap:
            return
        before = self._in_hand.get(player, 0)
        self._in_hand[player] = before + amount
        if before < self._cap <= before + amount:
            self._add(ev.PlayerStatus(span, player, ev.Status.CAPPED, "reached the table's cap"))

    def _limit_from_big_blind(self, big_blind: int) -> None:
        """The old layout names no limit: a big blind of the stakes' first number (40/80
        with blinds 20/40) is a fixed-limit game's, whose stakes are its bets (fpdb's
        WinningToFpdb.py tells them so); else the game is pot limit."""
        start = self._start
        if start is None or start.small_stake == start.big_stake:
            return
        if big_blind != start.small_stake or start.limit is ev.Limit.FIXED:
            return
        fixed = replace(
            start,
            limit=ev.Limit.FIXED,
            variant=variant(ev.Limit.FIXED, start.hi_lo, start.hole_card_count),
        )
        self._events[self._events.index(start)] = fixed
        self._start = fixed

    def _deal(self, player: str, cards: tuple[Card, ...], span: SourceSpan) -> None:
        """One line per card: the player's first line holds the Dealt of them all."""
        found = self._dealt.get(player)
        self._dealt_players.add(player)
        if found is None:
            self._dealt[player] = (len(self._events), ev.Dealt(span, player, cards))
            self._add(self._dealt[player][1])
            return
        at, dealt = found
        joined = ev.Dealt(dealt.span, player, dealt.cards + cards)
        self._dealt[player] = (at, joined)
        self._events[at] = joined

    def _finish_dealt(self) -> None:
        """The old layout's deal is over: a seated player it dealt no card was not in the
        hand (no "received" line: WPN writes one per card for every player dealt in)."""
        if self._old and self._dealt_players:
            for at, event in enumerate(self._events):
                if type(event) is ev.SeatTaken and event.player not in self._dealt_players:
                    self._events[at] = replace(event, out_of_hand=True)
        self._old = False
        self._dealt = {}

    def O_MARKER(self, m: re.Match[str], span: SourceSpan) -> None:
        groups = re.findall(r"\[([^\]]*)\]", m["cards"])
        if not groups:
            # "*** FLOP ***:" with no cards (PLO8 ...201609.no.flop): no flop dealt
            self._add(ev.Garbled(span, m.group(0).strip(), "a flop marker with no cards"))
            return
        all_cards: tuple[Card, ...] = ()
        for group in groups:
            all_cards += self._notation.cards(group)
        new = self._notation.cards(groups[-1])
        self._add(ev.StreetDealt(span, _STREET[m["name"]], 1, all_cards, new))

    def O_UNCALLED(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.UncalledReturned(span, m["player"], self._money(m["amount"])))

    def O_POT(self, m: re.Match[str], span: SourceSpan) -> None:
        rake = self._money(m["rake"]) if m["rake"] is not None else None
        fees: list[tuple[str, int]] = []
        for part in m["fees"].split(". ")[1:]:
            label, _, amount = part.strip().rpartition(" ")
            fees.append((label, self._money(amount)))
        # "Pot: 47. Rake 1": the pot the winners collected, net of the rake and fees
        total = self._money(m["total"]) + (rake or 0) + sum(a for _, a in fees)
        self._add(ev.SummaryPot(span, total, None, (), rake, tuple(fees)))

    def O_BOARD(self, m: re.Match[str], span: SourceSpan) -> None:
        self._add(ev.SummaryBoard(span, 1, self._notation.cards(m["cards"])))

    def O_SUMMARY_PLAYER(self, m: re.Match[str], span: SourceSpan) -> None:
        player = m["player"]
        seat = self._seat_of.get(player, 0)
        collects = self._money(m["collects"])
        bets = self._money(m["bets"])
        shown: tuple[Card, ...] = ()
        description = ""
        if m["cards"] is not None:  # shows: the only place this layout shows a hand
            shown = self._notation.cards(m["cards"])
            description = m["description"] + (m["low"] or "")
            self._add(ev.Shown(span, player, shown, description, read_old(description)))
            outcome = ev.SeatOutcome.SHOWED
        elif m["mucked"] is not None:
            shown = self._notation.cards(m["mucked"])
            outcome = ev.SeatOutcome.MUCKED
        elif collects:
            outcome = ev.SeatOutcome.COLLECTED
        elif m["not_shown"] is not None:
            outcome = ev.SeatOutcome.FOLDED if bets else ev.SeatOutcome.DIDNT_BET
        else:
            outcome = ev.SeatOutcome.MUCKED
        if collects:
            # the winners' amounts are written here only: "Collects: 47."
            self._add(ev.Collected(span, player, collects))
        results = (ev.SeatResult(collects),) if collects else ()
        self._add(
            ev.SummarySeat(
                span, seat, player, (), outcome, didnt_bet=not bets, cards=shown, results=results
            )
        )

    def O_ENDED(self, m: re.Match[str], span: SourceSpan) -> None:
        return

    def O_AFTER(self, m: re.Match[str], span: SourceSpan) -> None:
        # text after "Game ended at": the last bytes of a damaged file (an odd byte of a
        # UTF-16 file decodes as U+FFFD)
        self._add(ev.Garbled(span, m.group(0).strip(), "text after the hand's end"))


_LIMITS = {
    "Pot Limit": ev.Limit.POT,
    "No Limit": ev.Limit.NO,
    "Fixed Limit": ev.Limit.FIXED,
}


def _n_results(text: str | None, scale: int) -> tuple[ev.SeatResult, ...]:
    """``won $199.00 with HI - ...``, ``lost with HI - ...``, ``collected $9.00``."""
    if not text:
        return ()
    found = _N_RESULT.match(text)
    if found is None:
        return (ev.SeatResult(None, text, read_new(text)),)
    words = found["text"] or ""
    won = to_minor(found["amount"], scale) if found["amount"] else None
    return (ev.SeatResult(won, words, read_new(words)),)


def _unknown(line: int, text: str) -> LineError:
    """A line the lexer took whose fields its kind's pattern cannot read (the grammar's
    terminal and the reader's pattern disagree on it)."""
    return LineError(line, f"a line of no known kind: {text.strip()!r}")


_NEW_HEAD = (
    "Hand #1 - Omaha(Pot Limit) - $1.00/$2.00 - 2019/07/18 15:13:01 UTC\n"
    "T 6-max Seat #1 is the button\nSeat 1: a ($200.00)\nSeat 2: b ($200.00)\n"
)
_OLD_HEAD = (
    "Game started at: 2014/3/8 22:22:29\nGame ID: 1 2/4 T (Omaha)\nSeat 1 is the button\n"
    "Seat 1: a (100).\nSeat 2: b (100).\n"
)
_MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, stakes or date)": [
        "Hand #1 - Omaha(Pot Limit) - 2019/07/18 15:13:01 UTC\n",
        "Hand #1 - Omaha Pot Limit ($1/$2) - 2019/07/18 15:13:01 UTC\n",
    ],
    "a line of play the layout does not have": [
        _NEW_HEAD + "*** HOLE CARDS ***\na shoves\n",
        _OLD_HEAD + "Player a shoves (10)\n",
        _OLD_HEAD + "Player a has small blind (2)\nPlayer a shoves (10)\n",
    ],
    "a summary line the layout does not have": [
        _NEW_HEAD + "*** HOLE CARDS ***\na folds\n*** SUMMARY ***\nnothing here\n",
        _OLD_HEAD + "Player a folds\n------ Summary ------\nnothing here\n",
    ],
}
