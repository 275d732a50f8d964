"""Which texts name a card is the room's notation, a property of its reader: PokerStars
writes a ten "Th", so "10h" in a PokerStars-layout hand is not a card of its layout and
is reported as CARD_INVALID (the message names the card it would be in another notation),
never accepted silently. A room that writes "10h" gets a reader with that notation.

The hand is the fixture fixtures/pokerstars/cancelled_cash_out_and_cut_short.txt's
cash-out hand (from the corpus's PokerStars 6-card cash-out hand), with one card respelt.
"""

from __future__ import annotations

import io

import pytest

from auditor.cards import DECK, CardNotation
from auditor.pipeline import FileSummary, HandAuditor, HandResult
from auditor.rooms.pokerstars.reader import PokerStarsReader
from auditor.tables.rows import RowBuilder

HAND = """\
PokerStars Hand #200000000008:  6 Card Omaha Pot Limit ($0.05/$0.10 USD) - 2021/11/23 22:30:22 MSK [2021/11/23 14:30:22 ET]
Table 'Fixture Cash Out' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Other ($0.90 in chips)
Hero: posts small blind $0.05
Other: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Js 3s 2d As 4d Kd]
Hero: raises $0.20 to $0.30
Other: raises $0.60 to $0.90 and is all-in
Hero: calls $0.60
*** FLOP *** [7s 7c 2h]
*** TURN *** [7s 7c 2h] [Jd]
*** RIVER *** [7s 7c 2h Jd] [Qh]
*** SHOW DOWN ***
Other: shows [Ac Kc Qc Jc Tc 9c] (two pair, Queens and Jacks)
Hero: shows [Js 3s 2d As 4d Kd] (two pair, Jacks and Sevens)
Other collected $1.75 from pot
*** SUMMARY ***
Total pot $1.80 | Rake $0.05
Board [7s 7c 2h Jd Qh]
Seat 1: Hero (button) (small blind) showed [Js 3s 2d As 4d Kd] and lost with two pair, Jacks and Sevens
Seat 2: Other (big blind) showed [Ac Kc Qc Jc Tc 9c] and won ($1.75) with two pair, Queens and Jacks
"""  # noqa: E501


def audit(text: str) -> HandResult:
    (result,) = HandAuditor().audit_stream(
        io.BytesIO(text.encode("utf-8")), "inline.txt", FileSummary("inline.txt")
    )
    return result


def test_the_hand_as_written_is_clean() -> None:
    assert [f.code for f in audit(HAND).findings] == []


@pytest.mark.parametrize("spelling", ["10c", "tc"])
def test_a_ten_not_written_the_rooms_way_is_not_a_card(spelling: str) -> None:
    # Other's ten of clubs, shown at the showdown and in the summary
    result = audit(HAND.replace("Jc Tc 9c]", f"Jc {spelling} 9c]"))
    invalid = [f for f in result.findings if f.code == "CARD_INVALID"]
    assert [(f.source.line, f.recorded) for f in invalid] == [(16, spelling)]
    assert "'Tc'" in invalid[0].message  # the card it names in another notation
    assert invalid[0].expected == "Tc"
    # the seats table keeps the card as the record writes it
    rows = RowBuilder()
    rows.add_result(result)
    seats = rows.take("seats")
    assert dict(zip(seats["player"], seats["hole_cards"], strict=True))["Other"] == (
        f"Ac Kc Qc Jc {spelling} 9c"
    )


def test_a_board_ten_not_written_the_rooms_way_is_not_a_card() -> None:
    result = audit(HAND.replace("[7s 7c 2h Jd] [Qh]", "[7s 7c 2h Jd] [10h]"))
    invalid = [f for f in result.findings if f.code == "CARD_INVALID"]
    assert [(f.source.line, f.recorded) for f in invalid] == [(14, "10h")]


def test_the_notation_is_the_readers() -> None:
    notation = PokerStarsReader.card_notation
    assert notation.card("Th") is DECK[8 * 4 + 2]  # the ten of hearts
    assert not notation.card("10h").valid
    assert not notation.card("th").valid
    # a room that writes tens as "10" reads them as the same card, and not as "T"
    tens = CardNotation("tens as 10", ten="10")
    assert tens.card("10h") is notation.card("Th")
    assert not tens.card("Th").valid
    assert [c.text for c in tens.cards("10h  Kd")] == ["Th", "Kd"]
    assert all(notation.card(c.text) is c for c in DECK)
