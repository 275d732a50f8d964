"""PokerStars-layout hands to events: a FieldsReader on ``grammars/pokerstars.lark`` (the
header, table and seats here, the play in :mod:`.play`, the summary in :mod:`.summary`).

- "raises $4 to $6": $4 is the raise over the bet faced, $6 his total (ChipsIn ``to``);
  "calls $X" and "bets $X" give the chips added; the layout always says all-in;
- a header naming 4-card Omaha over 5 or 6 cards dealt to every player (PokerMaster's
  "Omaha Pot Limit" at its "PPP_5Cards_..." tables) is read as the game the cards show,
  and a GameMislabeled event says so on the header's line;
- a record that stops before its summary, or inside its last line, is read up to there
  and marked truncated: it is incomplete, not unreadable.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache, partial
from typing import ClassVar

from lark import Lark
from lark.exceptions import UnexpectedInput
from lark.lexer import PatternRE

from auditor import events as ev
from auditor.money import AmountError
from auditor.parse.facts import (
    CURRENCY_OF_SYMBOL,
    SEAT_LIMIT,
    LineError,
    SeatError,
    local_time,
    variant,
)
from auditor.parse.games import GameWords
from auditor.parse.lines import table_size
from auditor.parse.text_reader import Fields, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.pokerstars.summary import SummaryLines
from auditor.source import SourceSpan

_NOTES = ("TALK", "PLAYER_NOTE", "STATUS", "DEALER_NOTE")  # lines of the play or the summary
_SHOWN = (ev.Shown, ev.Mucked)  # the hands a record shows at the showdown
_WHEN = ("year", "month", "day", "hour", "minute", "second")

_HEAD = (
    "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\n"
    "Table 'T' 6-max Seat #1 is the button\n"
)
_SEATED = _HEAD + "Seat 1: a ($200 in chips)\nSeat 2: b ($200 in chips)\n"


class PokerStarsReader(SummaryLines):
    """Reads one hand at a time; not thread-safe (one per process)."""

    # a line of the play or the summary may always be a note too: not named in errors
    UNSAID = frozenset({"$END", *_NOTES})
    MISTAKES: ClassVar[Mapping[str, list[str]]] = {
        "a header the layout does not have (game, stakes or date)": [
            "PokerStars Hand #1:  Omaha Pot Limit - 2014/02/21 12:45:08 ET\n",
            "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD)\n",
        ],
        "a table line the layout does not have": [_HEAD.partition("Table")[0] + "Table T\n"],
        "a line of play the layout does not have": [_SEATED + "*** HOLE CARDS ***\na: shoves\n"],
        "a summary line the layout does not have": [
            _SEATED + "*** HOLE CARDS ***\na: folds\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
            "nothing here\n",
        ],
    }

    def __init__(self) -> None:
        self._wire("pokerstars")
        _plain_lexer(self._parser)

    # ------------------------------------------------------------ driving
    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._raw = raw
        self._start: ev.HandStarted | None = None
        self._cut_at: SourceSpan | None = None  # where a record cut inside a line stops
        self._max_seats = SEAT_LIMIT  # the table line's N-max, when it has one
        self._header: dict[str, str | None] = {}
        self._scale = 1

    def _open(self) -> bool:
        return bool(self._header) and not self._summary

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """Also a record cut inside its last line ("*** FLOP *** [Js 3d"): read up to its
        last whole line and marked truncated where reading stopped."""
        if super()._cut_short(err):
            return True
        raw = self._raw
        if not (isinstance(err.line, int) and err.line >= len(raw.lines) and self._open()):
            return False
        column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        self._cut_at = SourceSpan(raw.file, raw.first_line + err.line - 1, column)
        return True

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:  # cut inside the table line: the header still tells the game
            self._start = self._hand_started("", None, None, None)
            self._events.insert(0, self._start)
        elif self._cut_at is None:
            self._relabel_by_hole_cards()
        if self._cut_at is not None or not self._summary:
            stop = self._cut_at or last_line(raw)
            return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=stop)
        return ev.Hand(self._start, tuple(self._events))

    def _relabel_by_hole_cards(self) -> None:
        """A 4-card header over 5 or 6 cards dealt to every player: the game the cards show."""
        start = self._start
        assert start is not None
        if start.hole_card_count != 4:
            return
        # the usual hand (4 cards dealt) stops at its first Dealt: this runs for every hand
        hole = next((len(e.cards) for e in self._events if type(e) is ev.Dealt and e.cards), 4)
        if hole not in (5, 6):
            return
        dealt = {len(e.cards) for e in self._events if type(e) is ev.Dealt and e.cards}
        if dealt != {hole} or any(
            len(e.cards) > hole for e in self._events if isinstance(e, _SHOWN)
        ):
            return
        shown = variant(start.limit, start.hi_lo, hole)
        relabeled = replace(start, hole_card_count=hole, variant=shown)
        at = self._events.index(start)
        why = f"{hole} hole cards are dealt"
        self._events[at : at + 1] = [
            relabeled,
            ev.GameMislabeled(start.span, start.game, shown, why),
        ]
        self._start = relabeled

    # ------------------------------------------------------------ header
    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._header = f.groupdict()
        small = f["head_small"]
        if small is None:  # a tournament's level: chips
            self._header.update(currency="chips")
            return
        currency = f["head_currency"]
        if not currency:
            symbol = small[0] if small[:1] in CURRENCY_OF_SYMBOL else ""
            currency = CURRENCY_OF_SYMBOL[symbol] if symbol else "chips"  # chips: play money
        self._scale = 1 if currency == "chips" else 100
        self._header.update(currency=currency)

    def TABLE(self, f: Fields, span: SourceSpan) -> None:
        seats = table_size(f["table_max"])
        self._max_seats = seats or SEAT_LIMIT
        if f["button_seat"]:
            super().BUTTON(f, span)  # the standard field's name: button_seat
        self._start = self._hand_started(f["table_name"], seats, self._button, span)
        self._events.append(self._start)

    def _hand_started(
        self, table: str, max_seats: int | None, button: int | None, table_span: SourceSpan | None
    ) -> ev.HandStarted:
        h = self._header
        game = h["head_game"] or h["head_mixed"] or ""
        limit, hi_lo, hole, game_variant = _game(game)
        if "Courchevel" in game:  # its own code, not a 5-card Omaha's
            game_variant = variant(limit, hi_lo, hole, courchevel=True)
        try:  # the header's facts: a problem with them is the header line's
            y, mo, d, hh, mi, sec = (int(h["head_" + part] or 0) for part in _WHEN)
            started_at = local_time(y, mo, d, hh, mi, sec, h["head_zone"] or "")
            small = self._money(h["head_small"] or h["head_level_small"] or "0")
            big = self._money(h["head_big"] or h["head_level_big"] or "0")
        except (AmountError, ValueError) as err:
            raise LineError.of(self._offset + 1, err) from None
        return ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=h["head_site"] or "",
            hand_id=h["head_id"] or "",
            game=game,
            variant=game_variant,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency=h["currency"] or "chips",
            scale=self._scale,
            started_at=started_at,
            time_zone=h["head_zone"] or "",
            table_name=table,
            max_seats=max_seats,
            button_seat=button,
            tournament_id=h["head_tournament"],
            buy_in=h["head_buy_in"],
            level=h["head_level"],
            table_span=table_span,
        )

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        # A seat numbered beyond the table's size is reported by the replay (converters
        # renumber seats); more players than the table has seats is a record of nothing.
        number, player = int(f["seat_number"]), f["seat_who"]
        if len(self._seats) >= self._max_seats and 1 <= number <= SEAT_LIMIT:
            raise SeatError(f"more seats than the table's {self._max_seats}")
        take_seat(self._seats, number, player)
        after, bounty = f["seat_after"] or "", f["seat_bounty"] or None
        stack = self._money(f["seat_stack"])
        sitting_out, out_of_hand = "sitting out" in after, "out of hand" in after
        self._events.append(
            ev.SeatTaken(span, number, player, stack, sitting_out, out_of_hand, bounty)
        )


def _plain_lexer(parser: Lark) -> None:
    """The lexer only tells which lines go together; the methods read the fields, with
    the terminals' own patterns. A named group costs the regex engine its marks on every
    line of a run, entered or not: the lexer's patterns without them (a conditional's
    group kept) take the same lines, Lark's part of a hand 57% of the instructions
    (valgrind: 982K to 556K a hand). Patched before the first parse builds the lexer's
    scanners; the reader's own patterns (``_single``, ``_runs``) keep their groups."""
    for terminal in parser.terminals:
        pattern = terminal.pattern
        if isinstance(pattern, PatternRE) and "(?P<" in pattern.value:
            kept = set(_CONDITION.findall(pattern.value))
            plain = _GROUP.sub(partial(_ungroup, kept), pattern.value)
            terminal.pattern = PatternRE(plain, pattern.flags, pattern.raw)


def _ungroup(kept: set[str], group: re.Match[str]) -> str:
    return group[0] if group[1] in kept else "(?:"


_GROUP = re.compile(r"\(\?P<(\w+)>")
_CONDITION = re.compile(r"\(\?\((\w+)\)")


_GAMES = GameWords(
    {
        "No Limit": ev.Limit.NO,
        "Pot Limit": ev.Limit.POT,
        "PLO": ev.Limit.POT,
        "NL postflop": ev.Limit.PL_NL,  # GG's "Omaha (NL postflop)": pot limit before the flop
        "PL postflop": ev.Limit.POT,
    },
    ("Hi/Lo", "H/L"),
    hole_cards={"Courchevel": 5, "5 Card": 5, "PLO-5": 5, "6 Card": 6, "PLO-6": 6},
)
_game = lru_cache(maxsize=256)(_GAMES.of)  # a file names a few games, hand after hand
