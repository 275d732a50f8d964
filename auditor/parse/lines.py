"""The line kinds most text rooms write alike, read from fields of standard names.

A room whose grammar names a line kind's fields as below gets that kind's line method
from :class:`CommonLines` (it mixes it into its :class:`~auditor.parse.text_reader.FieldsReader`)
and writes only the kinds that are truly its own; a room that means something else by a
kind writes its own method of that name, which wins. The fields:

- the player of a line of play: ``who``;
- FOLD, CHECK, NO_SHOW: ``who`` only;
- CALL, BET, RAISE (ev.ChipsIn: the engine decides what the chips were): ``call_amount``
  (the chips put in with the action) and/or ``call_to`` (the player's total bet in the
  round after it), ``call_all_in`` where the layout says all-in; likewise ``bet_*`` and
  ``raise_*``;
- POST: ``post_kind`` (a key of the reader's ``POSTS``), ``post_amount``, ``post_all_in``;
- SHOWS: ``shows_cards``, ``shows_words`` (the reader's :meth:`~CommonLines._claim` reads
  them); MUCKS: ``mucks_cards``;
- DEALT: ``dealt_who``, ``dealt_cards``;
- SEAT: ``seat_number``, ``seat_who``, ``seat_stack``, ``seat_out`` (sitting out);
- BUTTON: ``button_seat``;
- UNCALLED: ``uncalled_who``, ``uncalled_amount``;
- STREET: ``street_name`` (a key of the reader's ``STREETS``), ``street_cards``;
- SUMMARY_MARKER (no fields: the summary begins, ``_summary`` is set); TOTAL_POT:
  ``pot_total``, ``pot_rake``; BOARD: ``board_cards``.

Amounts are read at the hand's ``_scale`` (100 unless the room sets it: cents), cards in
the two-letter notation ("Ah Td"), unless the room says otherwise (``_money``, ``_cards``).

A field the grammar does not name is not written by the room (an all-in flag of a layout
that never writes one is None: the replay tells it from the stack).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

from auditor import events as ev
from auditor.cards import LETTERS, Card
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.money import to_minor
from auditor.parse.facts import SEAT_LIMIT, SeatError
from auditor.parse.text_reader import take_seat
from auditor.read.split import RawHand
from auditor.source import SourceSpan

Fields = re.Match[str]


def flag(f: Fields, name: str) -> bool | None:
    """Whether the line writes the flag ``name``; None where the layout has no such field."""
    return f[name] is not None if name in f.re.groupindex else None


def field(f: Fields, name: str) -> str | None:
    """The field ``name`` as written, or None (not written, or no such field)."""
    return f[name] if name in f.re.groupindex else None


def table_size(text: str | None) -> int | None:
    """A table's size ("6-max"), checked; None where the record does not say."""
    if text is None:
        return None
    size = int(text)
    if not 1 <= size <= SEAT_LIMIT:
        raise SeatError(f"a table of {size} seats")
    return size


class CommonLines:
    """Line methods read from standard field names (the module's list), and the per-hand
    state they keep; mixed into a room's FieldsReader before it."""

    # (no grammar may name a terminal POSTS or STREETS: the driver would take these maps
    # for its line methods)
    POSTS: ClassVar[Mapping[str, ev.PostKind]] = {}  # a post's words to its kind
    STREETS: ClassVar[Mapping[str, ev.Street]] = {}  # a street's name to the street

    _file: str
    _offset: int
    _events: list[ev.Event]
    _seats: dict[int, str]
    _board: tuple[Card, ...]
    _button: int | None
    _scale: int  # an amount's minor units: 100 for cents
    _summary: bool  # the summary has begun

    def _begin_reading(self, raw: RawHand) -> None:
        """The state every hand starts with; a room's ``_reset`` calls it, then adds its own."""
        self._file = raw.file
        self._offset = raw.first_line - 1
        self._events = []
        self._seats = {}
        self._board = ()
        self._button = None
        self._scale = 100
        self._summary = False

    # ------------------------------------------------------------ what a room says
    def _money(self, text: str) -> int:
        """An amount as written (a currency symbol, thousands separators), in the hand's
        minor units."""
        return to_minor(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        """Cards as written."""
        return LETTERS.cards(text)

    def _claim(self, words: str) -> Claim:
        """What a shown hand's words say it is (none unless the room reads them)."""
        return NO_CLAIM

    # ------------------------------------------------------------ seats and the button
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["seat_number"]), f["seat_who"]
        take_seat(self._seats, seat, player)
        stack = self._money(f["seat_stack"])
        out = flag(f, "seat_out") or False
        self._events.append(ev.SeatTaken(span, seat, player, stack, out))

    def BUTTON(self, f: Fields, span: SourceSpan) -> None:
        button = int(f["button_seat"])
        if not 1 <= button <= SEAT_LIMIT:
            raise SeatError(f"the button on seat {button}, which no table has")
        self._button = button

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind, amount = self.POSTS[f["post_kind"]], self._money(f["post_amount"])
        self._events.append(
            ev.Posted(span, f["who"], kind, amount, flag(f, "post_all_in") or False)
        )

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, f["dealt_who"], self._cards(f["dealt_cards"])))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["who"]))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["who"]))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        self._chips_in(f, span, ev.Verb.CALL, "call_amount", "call_to", "call_all_in")

    def BET(self, f: Fields, span: SourceSpan) -> None:
        self._chips_in(f, span, ev.Verb.BET, "bet_amount", "bet_to", "bet_all_in")

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        self._chips_in(f, span, ev.Verb.RAISE, "raise_amount", "raise_to", "raise_all_in")

    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        """A line that puts chips in, as it states them (the fields named)."""
        added_text, to_text = field(f, added), field(f, to)
        self._events.append(
            ev.ChipsIn(
                span,
                f["who"],
                verb,
                None if added_text is None else self._money(added_text),
                None if to_text is None else self._money(to_text),
                flag(f, all_in),
            )
        )

    def UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["uncalled_amount"])
        self._events.append(ev.UncalledReturned(span, f["uncalled_who"], amount))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        self._street(span, self.STREETS[f["street_name"]], field(f, "street_cards") or "")

    def _street(self, span: SourceSpan, street: ev.Street, cards: str) -> None:
        """A street dealt, its new cards as written (none for the hole cards' street)."""
        if street is ev.Street.PREFLOP:
            self._events.append(ev.StreetDealt(span, street, 1, (), ()))
            return
        new = self._cards(cards)
        self._board += new
        self._events.append(ev.StreetDealt(span, street, 1, self._board, new))

    # ------------------------------------------------------------ the showdown
    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        words = (field(f, "shows_words") or "").strip()
        cards = self._cards(f["shows_cards"])
        self._events.append(ev.Shown(span, f["who"], cards, words, self._claim(words)))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        cards = field(f, "mucks_cards")
        self._events.append(ev.Mucked(span, f["who"], self._cards(cards) if cards else ()))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["who"]))

    # ------------------------------------------------------------ the summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def TOTAL_POT(self, f: Fields, span: SourceSpan) -> None:
        written = field(f, "pot_rake")
        rake = self._money(written) if written else None
        self._events.append(ev.SummaryPot(span, self._money(f["pot_total"]), None, (), rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, self._cards(f["board_cards"])))
