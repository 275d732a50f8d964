"""Cards a player mucks are still cards the record shows: after "X: mucks hand" the
summary's "Seat 6: X mucked [..]" gives his hand, and those cards belong in the seats
table and in the duplicate-card check like any dealt or shown cards.

The hand is the corpus's PokerStars Hi/Lo knockout hand 68173232304
(PokerStars/NLO8/NLO8-USD-STT-201109.Knockout.sample.txt), as written.
"""

from __future__ import annotations

import io

from auditor.pipeline import FileSummary, HandAuditor, HandResult
from auditor.tables.rows import RowBuilder

HAND = """\
PokerStars Game #68173232304: Tournament #447493868, $1.08+$0.27+$0.15 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2011/09/28 8:43:38 ET
Table '447493868 1' 9-max Seat #2 is the button
Seat 1: tredex (1500 in chips)
Seat 2: APTEM-89 (1600 in chips)
Seat 3: Sooners83 (1480 in chips)
Seat 4: barlowdog1 (1400 in chips)
Seat 5: Jorge44alc (1440 in chips)
Seat 6: VORON1976511 (1500 in chips)
Seat 7: Lord Minge (1480 in chips)
Seat 8: StaKuGorPS (1600 in chips)
Seat 9: Hero (1500 in chips)
Sooners83: posts small blind 10
barlowdog1: posts big blind 20
*** HOLE CARDS ***
Dealt to Hero [7c 9d 6h 4h]
Jorge44alc: folds
VORON1976511: calls 20
Lord Minge: folds
StaKuGorPS: folds
Hero: calls 20
tredex: folds
APTEM-89: raises 40 to 60
Sooners83: folds
barlowdog1: calls 40
VORON1976511: calls 40
Hero: calls 40
*** FLOP *** [Td Tc 9s]
barlowdog1: checks
VORON1976511: bets 40
Hero: folds
APTEM-89: folds
barlowdog1: calls 40
*** TURN *** [Td Tc 9s] [5h]
barlowdog1: checks
VORON1976511: checks
*** RIVER *** [Td Tc 9s 5h] [Qd]
barlowdog1: bets 120
VORON1976511: calls 120
*** SHOW DOWN ***
barlowdog1: shows [Ks Jc Qc 9h] (HI: a straight, Nine to King)
VORON1976511: mucks hand
barlowdog1 collected 570 from pot
No low hand qualified
*** SUMMARY ***
Total pot 570 | Rake 0
Board [Td Tc 9s 5h Qd]
Seat 1: tredex folded before Flop (didn't bet)
Seat 2: APTEM-89 (button) folded on the Flop
Seat 3: Sooners83 (small blind) folded before Flop
Seat 4: barlowdog1 (big blind) showed [Ks Jc Qc 9h] and won (570) with HI: a straight, Nine to King
Seat 5: Jorge44alc folded before Flop (didn't bet)
Seat 6: VORON1976511 mucked [Ac Ad Ts 2s]
Seat 7: Lord Minge folded before Flop (didn't bet)
Seat 8: StaKuGorPS folded before Flop (didn't bet)
Seat 9: Hero folded on the Flop
"""  # noqa: E501
MUCKER = "VORON1976511"


def audit(text: str) -> HandResult:
    (result,) = HandAuditor().audit_stream(
        io.BytesIO(text.encode("utf-8")), "inline.txt", FileSummary("inline.txt")
    )
    return result


def hole_cards(result: HandResult) -> dict[str, str | None]:
    rows = RowBuilder()
    rows.add_result(result)
    seats = rows.take("seats")
    return dict(zip(seats["player"], seats["hole_cards"], strict=True))


def codes(result: HandResult) -> list[str]:
    return [f.code for f in result.findings]


def test_the_summary_mucked_cards_are_the_players_hole_cards() -> None:
    result = audit(HAND)
    assert codes(result) == []
    cards = hole_cards(result)
    assert cards[MUCKER] == "Ac Ad Ts 2s"
    assert cards["barlowdog1"] == "Ks Jc Qc 9h"
    assert cards["Hero"] == "7c 9d 6h 4h"
    assert cards["tredex"] is None  # folded unseen: the record shows nothing


def test_cards_on_the_mucks_line_are_the_players_hole_cards() -> None:
    text = HAND.replace(f"{MUCKER}: mucks hand", f"{MUCKER}: mucks hand [Ac Ad Ts 2s]")
    text = text.replace(f"{MUCKER} mucked [Ac Ad Ts 2s]", f"{MUCKER} mucked")
    result = audit(text)
    assert codes(result) == []
    assert hole_cards(result)[MUCKER] == "Ac Ad Ts 2s"


def test_a_partial_show_does_not_hide_the_whole_hand() -> None:
    # the summary shows the four cards; a line showing one of them must not shrink them
    text = HAND.replace(f"{MUCKER}: mucks hand", f"{MUCKER}: shows [Ac]")
    result = audit(text)
    assert hole_cards(result)[MUCKER] == "Ac Ad Ts 2s"


def test_a_mucked_card_on_the_board_is_a_duplicate() -> None:
    # the summary gives the mucker the river's queen of diamonds
    result = audit(HAND.replace(f"{MUCKER} mucked [Ac Ad Ts 2s]", f"{MUCKER} mucked [Ac Ad Ts Qd]"))
    duplicates = [f for f in result.findings if f.code == "CARD_DUPLICATE"]
    assert len(duplicates) == 1
    assert "Qd" in duplicates[0].message and MUCKER in duplicates[0].recorded
    assert hole_cards(result)[MUCKER] == "Ac Ad Ts Qd"  # as the record writes them


def test_a_mucked_card_in_another_hand_is_a_duplicate() -> None:
    # the winner's king of spades, in the mucker's hand too (the mucks line shows it)
    text = HAND.replace(f"{MUCKER}: mucks hand", f"{MUCKER}: mucks hand [Ac Ad Ks 2s]")
    text = text.replace(f"{MUCKER} mucked [Ac Ad Ts 2s]", f"{MUCKER} mucked")
    result = audit(text)
    duplicates = [f for f in result.findings if f.code == "CARD_DUPLICATE"]
    assert [f.source.line for f in duplicates] == [41]
    assert "barlowdog1" in duplicates[0].recorded and MUCKER in duplicates[0].recorded
