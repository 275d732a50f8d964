"""PokerStars' all-in Cash Out: a player all-in before the last card takes the value of
his share of the pot, less the room's fee, and the room plays the hand on in his place.

The record writes it as "X cashed out the hand for $A | Cash Out Fee $F": A is what the
player is paid, A + F the value of his share (the fee is 1% of it in every corpus
record: 6.63 + 0.07, 258.65 + 2.61, 56.99 + 0.58, ...). When he would have won, the
summary says he "won ($W) ... (pot not awarded as player cashed out)": the room keeps
the pot; when he loses, the winner collects it as usual. So:

- seats.net credits A, the value less the fee; the pot share W is not his;
- the awards table has a "cash_out" row (recorded A, fee F) and the pot the room kept
  as "not_awarded" rows; the pot still adds up: total = rake + collected + not awarded;
- an info finding CASH_OUT says the hand's money was settled outside the pot, and
  CASH_OUT_WRONG (or CHIPS_NOT_CONSERVED) where the record's numbers do not add up.

The hands are the corpus's PokerStars 6-card cash-out hands (PokerStars/PLO6/), as
written, and variants of them with one number changed.
"""

from __future__ import annotations

import io
from typing import Any

from auditor.findings import CATALOGUE, Code, Severity
from auditor.pipeline import FileSummary, HandAuditor, HandResult
from auditor.tables.rows import RowBuilder

# 6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt: the winner cashed out, two pots
WINNER_CASHED_OUT = """\
PokerStars Hand #231645858339:  6 Card Omaha Pot Limit ($0.05/$0.10 USD) - 2021/11/23 22:30:22 MSK [2021/11/23 14:30:22 ET]
Table 'Aribeda IV' 6-max Seat #3 is the button
Seat 1: Player0 ($49.76 in chips)
Seat 2: Player1 ($6.32 in chips)
Seat 3: Player2 ($17.49 in chips)
Seat 5: Player3 ($1.45 in chips)
Seat 6: Hero ($10 in chips)
Player3: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ac 6s Ts 4d 8d As]
Player0: calls $0.10
Player4 joins the table at seat #4
Player1: folds
Player2: raises $0.35 to $0.45
Player3: raises $1 to $1.45 and is all-in
Hero: raises $3.45 to $4.90
Player0: calls $4.80
Player2: calls $4.45
*** FLOP *** [2s 9h 7d]
Hero: bets $5.10 and is all-in
Player0: calls $5.10
Player2: folds
*** TURN *** [2s 9h 7d] [8s]
*** RIVER *** [2s 9h 7d 8s] [Th]
*** SHOW DOWN ***
Hero: shows [Ac 6s Ts 4d 8d As] (a straight, Six to Ten)
Player0: shows [6c Qd Js Ad Kc 8c] (a straight, Eight to Queen)
Player3: shows [Qs 5h 5s 7c 2d 8h] (two pair, Eights and Sevens)
Player0 cashed out the hand for $6.63 | Cash Out Fee $0.07
*** SUMMARY ***
Total pot $26.35 Main pot $5.55. Side pot $19.68. | Rake $1.12
Board [2s 9h 7d 8s Th]
Seat 1: Player0 showed [6c Qd Js Ad Kc 8c] and won ($25.23) with a straight, Eight to Queen (pot not awarded as player cashed out)
Seat 2: Player1 folded before Flop (didn't bet)
Seat 3: Player2 (button) folded on the Flop
Seat 5: Player3 (small blind) showed [Qs 5h 5s 7c 2d 8h] and lost with two pair, Eights and Sevens
Seat 6: Hero (big blind) showed [Ac 6s Ts 4d 8d As] and lost with a straight, Six to Ten
"""  # noqa: E501

# 6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt: a loser cashed out, the winner collects
LOSER_CASHED_OUT = """\
PokerStars Hand #212598594281:  6 Card Omaha Pot Limit ($1/$2 USD) - 2020/04/23 22:25:53 ET
Table 'Vinifera II' 6-max Seat #3 is the button
Seat 1: Player0 ($193.79 in chips)
Seat 2: Player1 ($326.67 in chips)
Seat 3: Player2 ($200 in chips)
Seat 4: Hero ($200 in chips)
Seat 5: Player3 ($1000.63 in chips)
Seat 6: Player4 ($1278.68 in chips)
Hero: posts small blind $1
Player3: posts big blind $2
*** HOLE CARDS ***
Dealt to Hero [Kd 8s Ks 5h Th Td]
Player4: folds
Player0: raises $5 to $7
Player1: folds
Player2: folds
Hero: raises $16 to $23
Player3: calls $21
Player0: raises $69 to $92
Hero: raises $108 to $200 and is all-in
Player3: raises $108 to $308
Player0: calls $101.79 and is all-in
Uncalled bet ($108) returned to Player3
*** FLOP *** [4d Jd Qh]
*** TURN *** [4d Jd Qh] [Ts]
*** RIVER *** [4d Jd Qh Ts] [2h]
*** SHOW DOWN ***
Hero: shows [Kd 8s Ks 5h Th Td] (three of a kind, Tens)
Player3: shows [2s 6c 8c 7d 9d 4c] (a straight, Eight to Queen)
Player3 collected $12.42 from side pot
Player0: shows [7h Ad 6h 8d 4s Ac] (a pair of Aces)
Player3 collected $578.62 from main pot
Hero cashed out the hand for $258.65 | Cash Out Fee $2.61
*** SUMMARY ***
Total pot $593.79 Main pot $578.62. Side pot $12.42. | Rake $2.75
Board [4d Jd Qh Ts 2h]
Seat 1: Player0 showed [7h Ad 6h 8d 4s Ac] and lost with a pair of Aces
Seat 2: Player1 folded before Flop (didn't bet)
Seat 3: Player2 (button) folded before Flop (didn't bet)
Seat 4: Hero (small blind) showed [Kd 8s Ks 5h Th Td] and lost with three of a kind, Tens (cashed out).
Seat 5: Player3 (big blind) showed [2s 6c 8c 7d 9d 4c] and won ($591.04) with a straight, Eight to Queen
Seat 6: Player4 folded before Flop (didn't bet)
"""  # noqa: E501

# 6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt: both winners cashed out
BOTH_WINNERS_CASHED_OUT = """\
PokerStars Hand #232772509770:  6 Card Omaha Pot Limit ($0.10/$0.25 USD) - 2022/01/03 13:19:43 EET [2022/01/03 6:19:43 ET]
Table 'Benetnasch III' 6-max Seat #6 is the button
Seat 1: Hero ($48.46 in chips)
Seat 3: Player0 ($7.79 in chips)
Seat 4: Player1 ($63.90 in chips)
Seat 6: Player2 ($46.46 in chips)
Hero: posts small blind $0.10
Player0: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Hero [As Ah 2h Kh 8d Qc]
Player1: raises $0.60 to $0.85
Player2: folds
Hero: calls $0.75
Player0: raises $2.55 to $3.40
Player1: raises $7.65 to $11.05
Hero: raises $25.50 to $36.55
Player0: calls $4.39 and is all-in
Player1: raises $27.35 to $63.90 and is all-in
Hero: calls $11.91 and is all-in
Uncalled bet ($15.44) returned to Player1
*** FLOP *** [3c 5d Qh]
*** TURN *** [3c 5d Qh] [7s]
*** RIVER *** [3c 5d Qh 7s] [7h]
*** SHOW DOWN ***
Hero: shows [As Ah 2h Kh 8d Qc] (two pair, Aces and Sevens)
Player1: shows [5h Kc Ad 2d 4s Ac] (two pair, Aces and Sevens)
Player0: shows [Jh 4h 9h Th Kd Td] (two pair, Tens and Sevens)
Hero cashed out the hand for $35.72 | Cash Out Fee $0.36
Player1 cashed out the hand for $57.71 | Cash Out Fee $0.58
*** SUMMARY ***
Total pot $104.71 Main pot $22.38. Side pot $81.33. | Rake $1
Board [3c 5d Qh 7s 7h]
Seat 1: Hero (small blind) showed [As Ah 2h Kh 8d Qc] and won ($51.86) with two pair, Aces and Sevens (pot not awarded as player cashed out)
Seat 3: Player0 (big blind) showed [Jh 4h 9h Th Kd Td] and lost with two pair, Tens and Sevens
Seat 4: Player1 showed [5h Kc Ad 2d 4s Ac] and won ($51.85) with two pair, Aces and Sevens (pot not awarded as player cashed out)
Seat 6: Player2 (button) folded before Flop (didn't bet)
"""  # noqa: E501


def audit(text: str) -> HandResult:
    (result,) = HandAuditor().audit_stream(
        io.BytesIO(text.encode("utf-8")), "inline.txt", FileSummary("inline.txt")
    )
    return result


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def rows(result: HandResult, table: str) -> list[dict[str, Any]]:
    builder = RowBuilder()
    builder.add_result(result)
    columns = builder.take(table)
    names = list(columns)
    return [dict(zip(names, values, strict=True)) for values in zip(*columns.values(), strict=True)]


def nets(result: HandResult) -> dict[str, int]:
    return {r["player"]: r["net"] for r in rows(result, "seats")}


def findings(result: HandResult) -> list[tuple[str, int, str]]:
    return [(f.code, f.source.line, f.player) for f in result.findings]


def test_cash_out_codes_are_catalogued() -> None:
    assert CATALOGUE[Code.CASH_OUT].severity is Severity.INFO
    assert CATALOGUE[Code.CASH_OUT_WRONG].severity is Severity.ERROR
    codes = list(CATALOGUE)  # appended after the codes before them, never reordered
    order = [codes.index(c) for c in (Code.STACK_CONTINUITY, Code.CASH_OUT, Code.CASH_OUT_WRONG)]
    assert order == sorted(order)


def test_a_winner_who_cashed_out_is_paid_the_cash_out_not_the_pot() -> None:
    result = audit(WINNER_CASHED_OUT)
    at = line_of(WINNER_CASHED_OUT, "Player0 cashed out")
    assert findings(result) == [("CASH_OUT", at, "Player0")]
    assert "outside the pot" in result.findings[0].message
    # Player0 put in 10.00 and is paid 6.63; the others lose what they put in
    assert nets(result) == {
        "Player0": 663 - 1000,
        "Player1": 0,
        "Player2": -490,
        "Player3": -145,
        "Hero": -1000,
    }
    awards = rows(result, "awards")
    cash_out = [a for a in awards if a["half"] == "cash_out"]
    assert cash_out == [
        {
            "hand_id": "231645858339",
            "pot_index": -1,
            "board": 1,
            "half": "cash_out",
            "player": "Player0",
            "expected": None,
            "recorded": 663,
            "fee": 7,
            "hand_key": None,  # given by a run, in input order; none for a hand alone
        }
    ]
    kept = [a for a in awards if a["half"] == "not_awarded"]
    assert {a["player"] for a in kept} == {"Player0"}
    assert sum(a["recorded"] for a in kept) == 2523  # the pot less the rake, kept by the room
    assert len(awards) == len(cash_out) + len(kept)
    # the pot adds up without the cash-out: total = rake + what the pots paid or kept
    assert 112 + sum(a["recorded"] for a in kept) == 2635
    # and the players' nets are the pot's loss to the rake and the room, plus the cash-out
    assert sum(nets(result).values()) == -112 - 2523 + 663


def test_a_loser_who_cashed_out_is_paid_the_cash_out_and_the_winner_the_pot() -> None:
    result = audit(LOSER_CASHED_OUT)
    assert findings(result) == [("CASH_OUT", line_of(LOSER_CASHED_OUT, "Hero cashed"), "Hero")]
    got = nets(result)
    assert got["Hero"] == 25865 - 20000
    assert got["Player3"] == 59104 - 20000
    assert got["Player0"] == -19379
    awards = rows(result, "awards")
    assert {(a["half"], a["player"], a["recorded"], a["fee"]) for a in awards} == {
        ("scoop", "Player3", 57862, None),
        ("scoop", "Player3", 1242, None),
        ("cash_out", "Hero", 25865, 261),
    }


def test_two_winners_who_cashed_out() -> None:
    result = audit(BOTH_WINNERS_CASHED_OUT)
    assert findings(result) == [
        ("CASH_OUT", line_of(BOTH_WINNERS_CASHED_OUT, "Hero cashed"), "Hero"),
        ("CASH_OUT", line_of(BOTH_WINNERS_CASHED_OUT, "Player1 cashed"), "Player1"),
    ]
    got = nets(result)
    assert (got["Hero"], got["Player1"], got["Player0"]) == (3572 - 4846, 5771 - 4846, -779)
    kept = [a for a in rows(result, "awards") if a["half"] == "not_awarded"]
    assert {a["player"]: a["recorded"] for a in kept} == {"Hero": 5186, "Player1": 5185}


def test_the_fixture_cash_out_hand() -> None:
    # fixtures/pokerstars/cancelled_cash_out_and_cut_short.txt: the loser cashed out
    from tests.parse.test_fixtures import FIXTURES

    text = (FIXTURES / "cancelled_cash_out_and_cut_short.txt").read_text(encoding="utf-8")
    results = HandAuditor().audit_stream(
        io.BytesIO(text.encode("utf-8")), "fixture.txt", FileSummary("fixture.txt")
    )
    (hand,) = [r for r in results if r.hand_id == "200000000008"]
    assert [f.code for f in hand.findings] == ["CASH_OUT"]
    assert nets(hand) == {"Hero": 80 - 90, "Other": 175 - 90}


# ---------------------------------------------------------------- numbers that do not add up
def error_codes(result: HandResult) -> list[str]:
    return [f.code for f in result.findings if f.severity is Severity.ERROR]


def test_a_pot_kept_for_more_than_the_pot_holds_is_not_conserved() -> None:
    text = WINNER_CASHED_OUT.replace("won ($25.23)", "won ($25.00)")
    assert error_codes(audit(text)) == ["CHIPS_NOT_CONSERVED"]


def test_a_pot_not_awarded_without_a_cash_out() -> None:
    text = WINNER_CASHED_OUT.replace(
        "Player0 cashed out the hand for $6.63 | Cash Out Fee $0.07\n", ""
    )
    result = audit(text)
    wrong = [f for f in result.findings if f.code == "CASH_OUT_WRONG"]
    summary_line = line_of(text, "Seat 1: Player0 showed")
    assert [(f.source.line, f.player) for f in wrong] == [(summary_line, "Player0")]
    assert error_codes(result) == ["CASH_OUT_WRONG"]


def test_a_cash_out_worth_more_than_the_pots_the_player_can_win() -> None:
    text = WINNER_CASHED_OUT.replace(
        "for $6.63 | Cash Out Fee $0.07", "for $26.63 | Cash Out Fee $0.27"
    )
    result = audit(text)
    assert error_codes(result) == ["CASH_OUT_WRONG"]
    (wrong,) = [f for f in result.findings if f.code == "CASH_OUT_WRONG"]
    assert (wrong.source.line, wrong.player) == (line_of(text, "Player0 cashed"), "Player0")
    assert wrong.expected == "at most 26.35" and wrong.recorded == "26.90"


def test_cash_outs_together_worth_more_than_the_pots() -> None:
    text = BOTH_WINNERS_CASHED_OUT.replace(
        "for $35.72 | Cash Out Fee $0.36", "for $65.72 | Cash Out Fee $0.66"
    )
    result = audit(text)
    assert error_codes(result) == ["CASH_OUT_WRONG"]
    (wrong,) = [f for f in result.findings if f.code == "CASH_OUT_WRONG"]
    assert wrong.expected == "at most 104.71" and wrong.recorded == "124.67"


def test_a_player_who_cashed_out_and_collected_the_pot_too() -> None:
    text = WINNER_CASHED_OUT.replace(
        "Player0 cashed out",
        "Player0 collected $19.68 from side pot\nPlayer0 collected $5.55 from main pot\n"
        "Player0 cashed out",
    ).replace(" (pot not awarded as player cashed out)", "")
    result = audit(text)
    assert error_codes(result) == ["CASH_OUT_WRONG"]
    (wrong,) = [f for f in result.findings if f.code == "CASH_OUT_WRONG"]
    assert wrong.player == "Player0" and "collected" in wrong.message


def test_a_folded_player_cannot_cash_out() -> None:
    text = WINNER_CASHED_OUT.replace(
        "Player0 cashed out",
        "Player2 cashed out the hand for $1 | Cash Out Fee $0.01\nPlayer0 cashed out",
    )
    result = audit(text)
    assert error_codes(result) == ["CASH_OUT_WRONG"]
    (wrong,) = [f for f in result.findings if f.code == "CASH_OUT_WRONG"]
    assert (wrong.player, wrong.source.line) == ("Player2", line_of(text, "Player2 cashed"))


def test_a_fee_that_is_not_the_rooms() -> None:
    # PokerStars' fee is 1% of the cash-out's value, to the nearest cent (the pokerstars
    # profile's [cash_out] fee_percent): 6.63 + 0.07 is 6.70, whose 1% is 0.067
    text = WINNER_CASHED_OUT.replace("Cash Out Fee $0.07", "Cash Out Fee $0.10")
    result = audit(text)
    assert error_codes(result) == ["CASH_OUT_WRONG"]
    (wrong,) = [f for f in result.findings if f.code == "CASH_OUT_WRONG"]
    assert (wrong.expected, wrong.recorded) == ("0.07", "0.10")
    # a profile with no fee rule does not judge it
    seeds = HandAuditor("seeds").audit_stream(
        io.BytesIO(text.encode("utf-8")), "inline.txt", FileSummary("inline.txt")
    )
    assert [f.code for r in seeds for f in r.findings] == ["CASH_OUT"]


def test_every_corpus_fee_is_the_rooms() -> None:
    for text in (WINNER_CASHED_OUT, LOSER_CASHED_OUT, BOTH_WINNERS_CASHED_OUT):
        assert error_codes(audit(text)) == []
