"""The shared pieces of the Lark text readers (auditor.parse.text_reader)."""

from __future__ import annotations

import pytest

from auditor.cards import LETTERS
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, SeatError
from auditor.parse.text_reader import (
    FieldsReader,
    comma_cards,
    in_words,
    take_seat,
)
from auditor.read.split import RawHand
from auditor.rooms import REGISTRY


def test_take_seat_records_the_player_and_refuses_what_no_table_has() -> None:
    seats: dict[int, str] = {}
    take_seat(seats, 1, "Hero")
    take_seat(seats, 3, "Villain")
    assert seats == {1: "Hero", 3: "Villain"}
    with pytest.raises(SeatError, match=r"seat 3 is listed twice \(Villain, Other\)"):
        take_seat(seats, 3, "Other")
    with pytest.raises(SeatError, match="Hero sits in two seats"):
        take_seat(seats, 4, "Hero")
    with pytest.raises(SeatError, match="seat 0, which no table has"):
        take_seat(seats, 0, "Other")
    with pytest.raises(SeatError, match="which no table has"):
        take_seat(seats, SEAT_LIMIT + 1, "Other")
    take_seat(seats, 0, "Zero", lowest=0)  # a room that numbers its seats from 0
    assert seats[0] == "Zero"


def test_comma_cards_reads_lists_with_or_without_spaces() -> None:
    assert comma_cards(LETTERS, "Tc, Kc, 3s") == LETTERS.cards("Tc Kc 3s")
    assert comma_cards(LETTERS, "3c,5d,Ks,6h") == LETTERS.cards("3c 5d Ks 6h")


def test_in_words_says_what_the_grammar_expected_in_the_rooms_words() -> None:
    words = {"SEATS": "a seat line", "PLAY": "a line of play"}
    assert in_words({"PLAY", "SEATS", "$END"}, "junk", words) == (
        "expected a line of play or a seat line"
    )
    assert in_words({"$END"}, "junk", words) == "this line is not one the grammar knows"
    assert in_words({"PLAY"}, "   ", words) == "the hand ends too early"


_EVERLEAF = (
    "Everleaf Gaming Game #149107406",
    "***** Hand history for game #149107406 *****",
    "Blinds $0.05/$0.10 PL Omaha - 2010/03/02 - 19:35:19",
    "Table Guadalajara",
    "Seat 3 is the button",
    "Total number of players: 2",
    "Seat 3: Hero (  $ 10 USD )",
    "Seat 4: Villain (  $ 10 USD )",
    "Hero: posts small blind [$ 0.05 USD]",
    "Villain: posts big blind [$ 0.10 USD]",
    "** Dealing down cards **",
    "Hero folds",
    "Villain wins $ 0.15 USD from main pot",
)


def test_a_fields_reader_reads_a_whole_record_and_marks_one_cut_short() -> None:
    reader = REGISTRY["everleaf"].reader()
    assert isinstance(reader, FieldsReader)
    hand = reader.read(RawHand("e.txt", 1, _EVERLEAF))
    assert not hand.truncated
    assert hand.start.hand_id == "149107406"
    cut = reader.read(RawHand("e.txt", 1, _EVERLEAF[:-1]))  # no pot won: stops early
    assert cut.truncated
    assert cut.truncated_at is not None and cut.truncated_at.line == len(_EVERLEAF) - 1


def test_a_fields_reader_names_the_line_it_cannot_read_and_what_could_stand_there() -> None:
    reader = REGISTRY["everleaf"].reader()
    damaged = (*_EVERLEAF[:8], "Hero shoves it all", *_EVERLEAF[8:])
    with pytest.raises(HandParseError) as caught:
        reader.read(RawHand("e.txt", 10, damaged))
    err = caught.value
    assert err.line == 10 + 8  # the file's line, from the record's first line
    assert err.text == "Hero shoves it all"
    assert "a line of play" in err.expected
    assert "^" in err.context


def test_the_fields_readers_are_built_on_the_shared_base() -> None:
    for room in ("enet", "entraction", "bovada", "everleaf"):
        assert isinstance(REGISTRY[room].reader(), FieldsReader)
