"""Fault injection on PartyPoker hands: the operators of ``test_fault_injection.py`` (one
fault edited into a clean hand, its finding at the right line, exactly once, no stray
finding), on PartyPoker's real hands of the corpus and its fixtures, in its own wording:
raises written as the chips added ("raises [$30 USD]"), amounts in brackets, "is all-In",
no "uncalled bet" line (the winner's "wins" holds it), "wins Lo (...)" for the low half,
and the 2026 layout's "raises X to Y" and summary of balances.

The hands audit under the ``party`` profile (``--rules auto``): the seeds' rules with a
river-aggressor showdown order and a 5% rake (auditor/profiles/party.toml).
"""

from __future__ import annotations

import pytest

from tests.replay.fault_cases import Case, Source, case, case_params, check_case

# ------------------------------------------------------------------ sources

HEADS_UP = Source("PartyPoker/PLO/HeadsUp.txt", "13550803036", "HeadsUp")
SIX_MAX = Source("PartyPoker/PLO/6 Max.txt", "13550493674", "6Max")
DEEP = Source("PartyPoker/PLO/PLO-2max-USD-25-50-201710.deep.txt", "16537340703", "deep")
LIMIT8 = Source(
    "PartyPoker/FLO8/LO8-USD-20-40.201201.limit3format.txt", "11354414824", "FLO8-20-40"
)
HILO_SD = Source("PartyPoker/PLO8/OmahaHiLoShowdown.txt", "13551390421", "PLO8-showdown")
HILO_TRNY = Source(
    "PartyPoker/PLO8/PLO8-10max-USD-20-2-201310.chat.fix.txt", "13387439135", "PLO8-trny"
)
PLO8 = Source("PartyPoker/PLO8/PotLimitOmahaHiLo.txt", "13550515602", "PLO8")
OLD_2005 = Source("PartyPoker/PLO/Sites_Party_PLO.t.RAW.txt", "2981408939", "PLO-2005")
NEW_2026 = Source(
    "PartyPoker/PLO/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt",
    "1784559729098bywbird3xlj",
    "PLO-2026",
)
FX_LIMIT = Source(
    "fixtures/party/fixed_limit_hilo_and_side_pots.txt", "300000000001", "fixture-FLO8"
)
FX_SIDE = Source(
    "fixtures/party/fixed_limit_hilo_and_side_pots.txt", "300000000002", "fixture-PLO"
)
FX_2026 = Source(
    "fixtures/party/layout_2026_summary_and_all_in.txt", "1790000000001abcdefghijk", "fx-2026"
)

# fmt: off
CASES: list[Case] = [
    # -------------------------------------------------------------- BLIND_WRONG
    # the button's small blind short; his raise adds as much more, so his bet stays 2
    case("BLIND_WRONG", HEADS_UP, "small-blind-short",
         lambda f: f.change_amount(8, "$0.50", "$0.40").change_amount(11, "$1.50", "$1.60"),
         player="pexiM", expected="0.50", recorded="0.40"),
    # $20/$40 limit: the small blind is $10 (half the small bet), not $15
    case("BLIND_WRONG", LIMIT8, "limit-small-blind-not-half-bet",
         lambda f: f.change_amount(11, "$10", "$15").change_amount(15, "$30", "$25"),
         player="Player1", expected="10.00", recorded="15.00"),
    case("BLIND_WRONG", HILO_TRNY, "big-blind-short",
         lambda f: f.change_amount(19, "40", "30").change_amount(31, "40", "50"),
         player="Player6", expected="40", recorded="30"),

    # -------------------------------------------------------------- OUT_OF_TURN
    case("OUT_OF_TURN", HEADS_UP, "flop-checks-swapped",
         lambda f: f.swap(14, 15),
         player="pexiM", expected="lunaemma", recorded="pexiM"),
    case("OUT_OF_TURN", HILO_SD, "river-checks-swapped",
         lambda f: f.swap(20, 21),
         player="Spuel2", expected="DrunkSon88", recorded="Spuel2"),
    case("OUT_OF_TURN", NEW_2026, "turn-bet-before-its-turn",
         lambda f: f.swap(18, 19),
         player="Hero", expected="Player1", recorded="Hero"),

    # -------------------------------------------------------------- ILLEGAL_CHECK
    case("ILLEGAL_CHECK", HEADS_UP, "checks-a-raise-then-calls",
         lambda f: f.insert(12, "lunaemma checks"),
         player="lunaemma", expected="call 1.00, raise or fold", recorded="check"),
    case("ILLEGAL_CHECK", HILO_TRNY, "checks-a-bet-then-calls",
         lambda f: f.insert(38, "Player6 checks"),
         player="Player6", expected="call 160, raise or fold", recorded="check"),

    # -------------------------------------------------------------- CALL_WRONG
    # an over-call: chips added beyond the bet. The room writes no uncalled-bet line (its
    # "wins" holds the return), so the replay gives back the part nobody matched where the
    # round ends: the call alone is wrong
    case("CALL_WRONG", HILO_TRNY, "small-blind-calls-the-whole-raise",
         lambda f: f.change_amount(29, "60", "80"),
         player="Player5", expected="60", recorded="80"),
    case("CALL_WRONG", LIMIT8, "flop-call-double",
         lambda f: f.change_amount(22, "$20", "$40"),
         player="Player0", expected="20.00", recorded="40.00"),
    # an under-call: the caller still owes 0.10 when the river comes (STREET_EARLY: the
    # room writes no return, so no line ends the round), and the river's $1.10 bet, a pot
    # bet of the pot as written, is above the pot; with no total pot line, the payout as
    # written is more than the chips the short call put in
    case("CALL_WRONG", PLO8, "turn-call-short",
         lambda f: f.change_amount(20, "$0.38", "$0.28"),
         "STREET_EARLY", "RAISE_ABOVE_POT", "CHIPS_NOT_CONSERVED",
         player="dimatlt633", expected="0.38", recorded="0.28"),

    # -------------------------------------------------------------- CAP_EXCEEDED
    # $20/$40 heads-up, capped before the flop at $80 (four bets): a fifth, then called
    case("CAP_EXCEEDED", LIMIT8, "preflop-fifth-bet",
         lambda f: f.insert(18, "Player0 raises [$40 USD]")
                    .change(19, "Player0", "Player1")
                    .change_amount(29, "$239", "$279"),
         player="Player0", expected="call or fold", recorded="raise to 100.00"),
    # $2/$4, capped at $8 before the flop; Hero raises once more instead of calling
    case("CAP_EXCEEDED", FX_LIMIT, "preflop-fifth-bet",
         lambda f: f.replace_line(26, "Hero raises [$4 USD]", was="Hero calls [$2 USD]")
                    .insert(27, "Alice calls [$2 USD]")
                    .insert(28, "Carol calls [$2 USD]")
                    .change_amount(51, "$26", "$29")
                    .change_amount(52, "($26", "($29"),
         player="Hero", expected="call or fold", recorded="raise to 10.00"),

    # -------------------------------------------------------------- BET_SIZE_WRONG
    # $20/$40 limit: the turn bet is the big bet, $40, not $30
    case("BET_SIZE_WRONG", LIMIT8, "turn-bet-30-of-40",
         lambda f: f.change_amount(25, "$40", "$30").change_amount(28, "$239", "$229"),
         player="Player1", expected="40.00", recorded="30.00"),
    # $2/$4 limit: the turn bet is the big bet, $4, not $2 (the halves $2 less each)
    case("BET_SIZE_WRONG", FX_LIMIT, "turn-bet-small-bet",
         lambda f: f.change_amount(36, "$4", "$2")
                    .change_amount(37, "$4", "$2")
                    .change_amount(49, "$26", "$24")
                    .change_amount(50, "($26", "($24"),
         player="Hero", expected="4.00", recorded="2.00"),

    # -------------------------------------------------------------- RAISE_TOO_SMALL
    # a re-raise of less than the last raise: to 200 over a raise from 50 to 150
    case("RAISE_TOO_SMALL", DEEP, "preflop-reraise-below-min",
         lambda f: f.change_amount(17, "$400", "$150")
                    .change_amount(18, "$300", "$50")
                    .change_amount(26, "$899", "$400")
                    .change_amount(29, "$899", "$400")
                    .change_amount(35, "$2,697", "$1,199"),
         player="Player1", expected="at least 250.00", recorded="200.00"),
    case("RAISE_TOO_SMALL", HEADS_UP, "preflop-raise-below-min",
         lambda f: f.change_amount(11, "$1.50", "$1.40")
                    .change_amount(12, "$1", "$0.90")
                    .change_amount(24, "$7.60", "$7.41"),
         player="pexiM", expected="at least 2.00", recorded="1.90"),

    # -------------------------------------------------------------- RAISE_ABOVE_POT
    # bets and raises of exactly the pot (clean), one cent more
    case("RAISE_ABOVE_POT", HEADS_UP, "preflop-pot-raise-plus-a-cent",
         # the pot is then 10.02: the winner's 7.60 becomes 10.02 less the 0.50 rake (the
         # implied rake is checked against Party's 5%, auditor/showdown/rake.py)
         lambda f: f.change_amount(11, "$1.50", "$2.51").change_amount(12, "$1", "$2.01")
                    .change_amount(24, "$7.60", "$9.52"),
         player="pexiM", expected="at most 3.00", recorded="3.01"),
    case("RAISE_ABOVE_POT", SIX_MAX, "turn-pot-bet-plus-a-cent",
         lambda f: f.change_amount(20, "$7.13", "$7.51").change_amount(23, "$14.26", "$14.64"),
         player="FlotFyr31aar", expected="at most 7.50", recorded="7.51"),
    case("RAISE_ABOVE_POT", DEEP, "preflop-pot-reraise-plus-a-dollar",
         lambda f: f.change_amount(17, "$400", "$401")
                    .change_amount(18, "$300", "$301")
                    .change_amount(35, "$2,697", "$2,699"),
         player="Player1", expected="at most 450.00", recorded="451.00"),
    case("RAISE_ABOVE_POT", FX_SIDE, "flop-pot-raise-plus-a-cent",
         lambda f: f.change_amount(27, "$48", "$48.01").change_amount(35, "$12", "$12.01"),
         player="Ben", expected="at most 48.00", recorded="48.01"),
    case("RAISE_ABOVE_POT", FX_2026, "flop-pot-bet-plus-a-cent",
         lambda f: f.change_amount(17, "3.75", "3.76").change_amount(18, "3.75", "3.76")
                    .change_amount(26, "$10.69", "$10.71")
                    .change_amount(28, "$15.69", "$15.71"),
         player="Ben", expected="at most 3.75", recorded="3.76"),

    # -------------------------------------------------------------- STACK_EXCEEDED
    # the seat line gives a player less than he then puts in
    case("STACK_EXCEEDED", HEADS_UP, "river-call-beyond-stack",
         lambda f: f.change_amount(7, "$100", "$3.90").at(21),
         player="pexiM", expected="at most 1.90", recorded="2.00"),
    # "is all-In [$13.55]": all-in for more than the seat's stack left
    case("STACK_EXCEEDED", OLD_2005, "all-in-beyond-stack",
         lambda f: f.change_amount(11, "$18.50", "$18.40").at(42),
         player="BrainerdBun", expected="at most 13.45", recorded="13.55"),

    # -------------------------------------------------------------- STREET_EARLY
    # an action line deleted: the next street comes while a player is still to act
    case("STREET_EARLY", HILO_SD, "flop-before-big-blind-option",
         lambda f: f.delete(12, was="DrunkSon88 checks"),
         player="DrunkSon88", expected="DrunkSon88 to act", recorded="flop"),
    case("STREET_EARLY", HEADS_UP, "turn-before-last-check",
         lambda f: f.delete(15, was="pexiM checks"),
         player="pexiM", expected="pexiM to act", recorded="turn"),
    case("STREET_EARLY", FX_2026, "river-before-last-check",
         lambda f: f.delete(21, was="Ben checks"),
         player="Ben", expected="Ben to act", recorded="river"),

    # -------------------------------------------------------------- CARD_DUPLICATE
    # a board card in a hand shown after it: found where it is seen the second time
    case("CARD_DUPLICATE", HEADS_UP, "river-card-in-shown-hand",
         lambda f: f.duplicate_card(22, "Kc", replacing="3d"),
         expected="Kc once"),
    case("CARD_DUPLICATE", HILO_TRNY, "flop-card-in-shown-hand",
         lambda f: f.duplicate_card(48, "Ks", replacing="Ts"),
         expected="Ks once"),
    # a hole card dealt that the board shows later: found at the board line
    case("CARD_DUPLICATE", LIMIT8, "hole-card-dealt-on-the-flop",
         lambda f: f.duplicate_card(14, "Kd", replacing="7d").at(19),
         expected="Kd once"),
    case("CARD_DUPLICATE", NEW_2026, "hole-card-in-the-summary-board",
         lambda f: f.duplicate_card(12, "6s", replacing="7s", also=(31,)).at(23),
         expected="6s once"),

    # -------------------------------------------------------------- CARD_INVALID
    case("CARD_INVALID", HEADS_UP, "shown-card-Zz",
         lambda f: f.change(22, "9c", "Zz"),
         recorded="Zz"),
    case("CARD_INVALID", LIMIT8, "board-card-1x",
         lambda f: f.change(19, "Kd", "1x"),
         recorded="1x"),

    # -------------------------------------------------------------- pot split wrongly
    # the hi/lo halves of $0.19: the odd cent goes to the high half, not to the low
    case("ODD_CHIP_WRONG", HILO_SD, "odd-cent-to-the-low-half",
         lambda f: f.change_amount(25, "$0.10", "$0.09").change_amount(26, "$0.09", "$0.10"),
         player="Spuel2"),
    # a dollar moved from the low half to the high half
    case("AWARD_WRONG", FX_LIMIT, "high-half-paid-a-dollar-more",
         lambda f: f.change_amount(49, "$26", "$27").change_amount(50, "($26", "($25"),
         player="Alice", expected="Alice 26.00, Hero 26.00", recorded="Alice 27.00, Hero 25.00"),
    # the whole pot to the high hand: the low half is not paid
    case("WINNER_WRONG", HILO_TRNY, "low-half-to-the-high-hand",
         lambda f: f.change_amount(49, "640", "1,280").delete(50, was=(
             "Player2 wins Lo (640 chips) from the main pot with 6,5,3,2,A.")),
         player="Player6", expected="Player6 640, Player2 640",
         recorded="Player6 1280, Player2 0"),
    # the main pot paid to the loser of the showdown
    case("WINNER_WRONG", OLD_2005, "main-pot-to-the-loser",
         lambda f: f.change(48, "BrainerdBun", "PRAISEJESUS"),
         player="PRAISEJESUS"),

    # -------------------------------------------------------------- HAND_INCOMPLETE
    case("HAND_INCOMPLETE", HEADS_UP, "cut-before-the-showdown",
         lambda f: f.cut(21),
         expected="*** SUMMARY ***", recorded="end of record"),
    case("HAND_INCOMPLETE", LIMIT8, "cut-inside-an-action",
         lambda f: f.cut(24, partial="Player1 be"),
         expected="*** SUMMARY ***", recorded="end of record"),
    case("HAND_INCOMPLETE", NEW_2026, "cut-before-the-summary",
         lambda f: f.cut(25),
         expected="*** SUMMARY ***", recorded="end of record"),
]
# fmt: on


@pytest.mark.parametrize("fault_case", case_params(CASES))
def test_fault_is_found_at_its_line(fault_case: Case) -> None:
    check_case(fault_case)


def test_the_operators_of_the_stars_suite_are_covered() -> None:
    """Wrong pot-limit maximum, a fifth bet in a capped round, a card repeated, a wrong call,
    a pot split wrongly: each on at least two PartyPoker hands."""
    split = ("AWARD_WRONG", "ODD_CHIP_WRONG", "WINNER_WRONG")
    hands: dict[str, set[str]] = {}
    for c in CASES:
        key = "pot split wrongly" if c.code in split else c.code
        hands.setdefault(key, set()).add(c.source.hand_id)
    wanted = (
        "RAISE_ABOVE_POT", "CAP_EXCEEDED", "CARD_DUPLICATE", "CALL_WRONG", "pot split wrongly"
    )  # fmt: skip
    assert {key: len(hands.get(key, ())) for key in wanted if len(hands.get(key, ())) < 2} == {}


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
