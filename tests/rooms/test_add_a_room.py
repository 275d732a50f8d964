"""A room added from outside the package, as the README's "Add a room" says: a grammar
whose line terminals name their fields, a FieldsReader with one method per line terminal
(chips lines as ChipsIn: the replay tells call, bet or raise), and a Room registered. Its
hands are then read, replayed and settled like a bundled room's."""

# ruff: noqa: E501  (a grammar line is one terminal, whole)

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

import pytest

from auditor import events as ev
from auditor.api import audit_text
from auditor.cards import LETTERS, Card
from auditor.findings import Code
from auditor.parse.text_reader import Fields, FieldsReader
from auditor.pipeline import Status
from auditor.read.split import RawHand
from auditor.rooms import REGISTRY, Group, Reader, Room, Written
from auditor.source import SourceSpan

GRAMMAR = r"""
start: HEADER SEATS PLAY END
SEATS: SEAT+
PLAY: (POST | ACTION | STREET | SHOWS | WINS)+
HEADER: /Tiny hand #(?P<head_id>[0-9]+): PLO (?P<head_small>[0-9]+)\/(?P<head_big>[0-9]+), button seat (?P<head_button>[0-9]+)\n/
SEAT: /Seat (?P<seat_number>[0-9]+): (?P<seat_who>[A-Za-z]+) \((?P<seat_stack>[0-9]+)\)\n/
POST: /(?P<post_who>[A-Za-z]+) posts (?P<post_kind>small|big) (?P<post_amount>[0-9]+)\n/
ACTION: /(?P<act_who>[A-Za-z]+) (?P<act_verb>folds|checks|calls|bets|raises to)( (?P<act_amount>[0-9]+))?\n/
STREET: /(?P<street_name>Flop|Turn|River) (?P<street_cards>[2-9TJQKA][cdhs]( [2-9TJQKA][cdhs])*)\n/
SHOWS: /(?P<shows_who>[A-Za-z]+) shows (?P<shows_cards>[2-9TJQKA][cdhs]( [2-9TJQKA][cdhs])*)\n/
WINS: /(?P<wins_who>[A-Za-z]+) wins (?P<wins_amount>[0-9]+)\n/
END: /End of hand\n/
"""

_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
_VERBS = {"calls": ev.Verb.CALL, "bets": ev.Verb.BET, "raises to": ev.Verb.RAISE}


class TinyReader(FieldsReader):
    def __init__(self, grammar: Path) -> None:
        self._wire(grammar, ("HEADER", "END"), {"SEATS": ("SEAT",), "PLAY": _PLAY})

    def _reset(self, raw: RawHand) -> None:
        self._file, self._offset = raw.file, raw.first_line - 1
        self._events: list[ev.Event] = []
        self._start: ev.HandStarted | None = None
        self._board: tuple[Card, ...] = ()
        self._ended = False

    def _open(self) -> bool:
        return self._start is not None and not self._ended

    def _hand(self, raw: RawHand) -> ev.Hand:
        assert self._start is not None
        return ev.Hand(self._start, tuple(self._events), truncated=not self._ended)

    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self._start = ev.HandStarted(
            span, "Tiny", f["head_id"], "PLO", "PLO", ev.Limit.POT, False, 4,
            int(f["head_small"]), int(f["head_big"]), "chips", 1, None, "", "Tiny 1", 6,
            int(f["head_button"]),
        )  # fmt: skip
        self._events.append(self._start)

    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat = ev.SeatTaken(span, int(f["seat_number"]), f["seat_who"], int(f["seat_stack"]))
        self._events.append(seat)

    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind = ev.PostKind.SMALL_BLIND if f["post_kind"] == "small" else ev.PostKind.BIG_BLIND
        self._events.append(ev.Posted(span, f["post_who"], kind, int(f["post_amount"])))

    def ACTION(self, f: Fields, span: SourceSpan) -> None:
        who, verb = f["act_who"], f["act_verb"]
        if verb == "folds":
            self._events.append(ev.Folded(span, who))
        elif verb == "checks":
            self._events.append(ev.Checked(span, who))
        elif verb == "raises to":  # the bet's total, as the line says
            self._events.append(ev.ChipsIn(span, who, ev.Verb.RAISE, to=int(f["act_amount"])))
        else:  # the chips put in
            self._events.append(ev.ChipsIn(span, who, _VERBS[verb], int(f["act_amount"])))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        new = LETTERS.cards(f["street_cards"])
        self._board = (*self._board, *new)
        self._events.append(ev.StreetDealt(span, _STREETS[f["street_name"]], 1, self._board, new))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        cards = LETTERS.cards(f["shows_cards"])
        self._events.append(ev.Shown(span, f["shows_who"], cards, ""))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Collected(span, f["wins_who"], int(f["wins_amount"])))

    def END(self, f: Fields, span: SourceSpan) -> None:
        self._ended = True


_PLAY = ("POST", "ACTION", "STREET", "SHOWS", "WINS")


class TinyRoom(Room):
    name: ClassVar[str] = "tiny"
    reads: ClassVar[str] = "a made-up room of a test"
    games: ClassVar[tuple[str, ...]] = ("PLO",)
    default_profile: ClassVar[str] = "seeds"
    reader_kind: ClassVar[str] = "a grammar written by the test"
    sites: ClassVar[tuple[str, ...]] = ("Tiny",)
    header_starts = ("Tiny hand #",)
    # declarations: the header's shape (is_header, sniff), where the game is written
    # (game; is_omaha: "Omaha" in it), and where the table is
    header_pattern = "Tiny hand #[0-9]+: "
    game_in = Written(0, lambda header: "Omaha" if ": PLO " in header else "")
    table_in = Written(0, Group(re.compile(r"Tiny hand #(?P<id>[0-9]+)"), "id"))
    grammar: ClassVar[Path]

    def reader(self) -> Reader:  # a reader made from a file: more than a declaration
        return TinyReader(self.grammar)


HAND = """Tiny hand #7: PLO 1/2, button seat 1
Seat 1: Ann (100)
Seat 2: Bob (100)
Ann posts small 1
Bob posts big 2
Ann raises to 6
Bob calls 4
Flop 2c 7d 9h
Bob checks
Ann bets 12
Bob calls 12
Turn Ks
Bob checks
Ann checks
River 3s
Bob checks
Ann checks
Ann shows Ac Ad Qs Js
Bob shows 8c 8d 4s 5s
Ann wins 36
End of hand
"""


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    grammar = tmp_path / "tiny.lark"
    grammar.write_text(GRAMMAR, encoding="utf-8")
    monkeypatch.setattr(TinyRoom, "grammar", grammar, raising=False)
    monkeypatch.setitem(REGISTRY, TinyRoom.name, TinyRoom())


def test_a_room_added_from_a_test_is_read_replayed_and_settled(tiny: None) -> None:
    (result,) = audit_text(HAND)
    assert result.status is Status.AUDITED and result.format == "tiny"
    assert result.findings == ()
    assert result.replay is not None and result.showdown is not None
    # the replay told the chips lines: a raise to 6, a call of 4, a bet of 12 and its call
    told = [(a.player, a.action) for a in result.replay.actions if not a.action.startswith("post")]
    assert told[:4] == [("Ann", "raise"), ("Bob", "call"), ("Bob", "check"), ("Ann", "bet")]
    assert [(p.pot_index, p.amount) for p in result.showdown.pots] == [(0, 36)]


def test_a_wrong_award_in_the_added_room_is_found_on_its_line(tiny: None) -> None:
    (result,) = audit_text(HAND.replace("Ann wins 36", "Bob wins 36"))
    codes = {finding.code for finding in result.findings}
    assert Code.AWARD_WRONG in codes or Code.WINNER_WRONG in codes, result.findings


def test_a_line_the_added_grammar_lacks_is_a_parse_error_at_it(tiny: None) -> None:
    (result,) = audit_text(HAND.replace("Bob checks\nAnn bets 12", "Bob dances\nAnn bets 12"))
    assert result.status is Status.REJECTED
    (error,) = result.findings
    assert error.code is Code.PARSE_ERROR and error.source.line == 9


def test_the_added_rooms_declarations_sniff_split_and_name_its_hands(tiny: None) -> None:
    room = REGISTRY["tiny"]
    assert room.sniff("a note\n\ufeffTiny hand #3: PLO 1/2\n") and not room.sniff("Tiny hand #x")
    assert room.is_header("Tiny hand #7: PLO 1/2") and not room.is_header(" Tiny hand #7: ")
    raw = RawHand("f.txt", 1, tuple(HAND.splitlines()), "tiny")
    assert (room.game(raw), room.is_omaha(room.game(raw)), room.table_name(raw)) == (
        "Omaha",
        True,
        "7",
    )
    stud = RawHand("f.txt", 1, ("Tiny hand #8: Stud 1/2",), "tiny")
    assert room.game(stud) == "" and not room.is_omaha(room.game(stud))
    (result,) = audit_text(HAND.replace(": PLO ", ": Stud "))
    assert result.status is Status.SKIPPED
