"""Fault injection on Full Tilt hands: the operators of test_fault_injection.py (one fault
edited into a clean real hand, found once, at its line, with no stray finding), on hands
of ../shared/corpus/FullTilt read by the Full Tilt room.

Full Tilt's wording changes how a fault is written: a raise gives only its total
("raises to $3"), a return is "Uncalled bet of $2 returned to X", a win "X wins the pot
($3.80)", and the summary's "collected ($3.80)". Money in expected/recorded is as the
engine formats it: ``0.05`` for cents, ``150`` for chips.
"""

from __future__ import annotations

import pytest

from tests.replay.fault_cases import Case, Source, case, case_params, check_case


def _ft(path: str, hand_id: str, name: str) -> Source:
    return Source(f"FullTilt/{path}", hand_id, f"FT-{name}")


def _mixed(hand_id: str, name: str) -> Source:
    return _ft("MIXED/10Game-6max-USD-2.50-5.201104.Sample.txt", hand_id, name)


# pot limit
SHOWDOWN = _ft("PLO/OmahaShowdown.txt", "33727560890", "PLO-Showdown")
PLO = _ft("PLO/PotLimitOmaha.txt", "33728971731", "PLO")
PLO_CHAT = _ft(
    "PLO/PLO-6max-USD-200-400.200612.Observed.Hand.with.chat.txt", "1463159669", "PLO-200"
)
PLO_POT_RAISE = _mixed("29705217611", "PLO-pot-raise")
PLO_TURN = _mixed("29705257982", "PLO-turn-raise")
PLO5 = _ft("PLO5/5-Card-PLO-6max-play-5-10-201305.txt", "32635624005", "PLO5")
PLO6 = _ft("PLO6/6-Card-PLO-6max-USD-0.50-1.00-201307.txt", "32973699160", "PLO6")
HILO = _ft("PLO8/OmahaHiLo.txt", "33729545246", "PLO8")
HILO_SHOWDOWN = _ft("PLO8/OmahaHiLoShowdown.txt", "33730957082", "PLO8-Showdown")
RIT_SIDE = _ft("PLO/PLO-6max-USD-2.00-4.00-201211.RIT.side.pot.txt", "31318697695", "PLO-RIT-side")
# no limit
NLO8 = _ft("NLO8/NoLimitOmahaHiLo.txt", "33729249937", "NLO8")
# fixed limit
LIMIT_HU = _ft("FLO8/Limit5.txt", "33727700367", "FLO8-HU")
LIMIT_CHAT = _ft(
    "FLO8/LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt", "1088791321", "FLO8-200"
)
LIMIT_SNG = _ft("FLO8/LO8-HORSE-2max-SnG-USD-200-200604.txt", "579366587", "FLO8-SnG")
LIMIT_6 = _mixed("29704107511", "FLO8-6max")

POT = ("POT_WRONG", "CHIPS_NOT_CONSERVED")  # a fault that changes the chips put in

# fmt: off
CASES: list[Case] = [
    # -------------------------------------------------------------- BLIND_WRONG
    # "raises to $3" is a total: the raiser's chips follow the blind, nothing else moves
    case("BLIND_WRONG", SHOWDOWN, "small-blind-short",
         lambda f: f.change_amount(4, "$0.50", "$0.40"),
         player="Mr_Turban", expected="0.50", recorded="0.40"),
    case("BLIND_WRONG", LIMIT_HU, "limit-small-blind-too-big",
         lambda f: f.change_amount(4, "$1,000", "$1,500"),
         player="SallyWoo", expected="1000.00", recorded="1500.00"),
    # Full Tilt's profile: half the small bet exactly ($1.25 at $2.50/$5), not $1; the
    # completing call is edited to match, so the chips put in stay the same
    case("BLIND_WRONG", LIMIT_6, "limit-small-blind-rounded-down",
         lambda f: f.change_amount(7, "$1.25", "$1").change_amount(15, "$1.25", "$1.50"),
         player="allie3911", expected="1.25", recorded="1.00"),

    # -------------------------------------------------------------- OUT_OF_TURN
    case("OUT_OF_TURN", SHOWDOWN, "flop-checks-swapped",
         lambda f: f.swap(11, 12),
         player="Mr_Turban", expected="VoitikD", recorded="Mr_Turban"),
    case("OUT_OF_TURN", PLO, "flop-checks-swapped",
         lambda f: f.swap(11, 12),
         player="IOZIOZ", expected="Money Printing", recorded="IOZIOZ"),
    case("OUT_OF_TURN", PLO_CHAT, "flop-checks-swapped",
         lambda f: f.swap(34, 36),
         player="tjalfe", expected="Son-in-Law", recorded="tjalfe"),

    # -------------------------------------------------------------- ILLEGAL_CHECK
    case("ILLEGAL_CHECK", SHOWDOWN, "checks-a-raise-then-calls",
         lambda f: f.insert(9, "VoitikD checks"),
         player="VoitikD", expected="call 2.00, raise or fold", recorded="check"),
    case("ILLEGAL_CHECK", PLO, "checks-instead-of-folding",
         lambda f: f.replace_line(16, "Money Printing checks", was="Money Printing folds"),
         player="Money Printing", expected="call 2.00, raise or fold", recorded="check"),
    case("ILLEGAL_CHECK", LIMIT_HU, "checks-a-bet-then-calls",
         lambda f: f.insert(16, "SallyWoo checks"),
         player="SallyWoo", expected="call 4000.00, raise or fold", recorded="check"),

    # -------------------------------------------------------------- CALL_WRONG
    # an over-call: the part nobody matched is never written back, and the totals leave it
    # out of the pot (an unwritten return, a warning)
    case("CALL_WRONG", PLO6, "calls-more-than-the-raise",
         lambda f: f.change_amount(14, "$6", "$7"),
         "UNCALLED_UNWRITTEN",
         player="Hero", expected="6.00", recorded="7.00"),
    case("CALL_WRONG", LIMIT_HU, "limit-calls-double",
         lambda f: f.change_amount(10, "$2,000", "$4,000"),
         "UNCALLED_UNWRITTEN",
         player="SallyWoo", expected="2000.00", recorded="4000.00"),
    case("CALL_WRONG", LIMIT_CHAT, "big-blind-calls-the-whole-raise",
         lambda f: f.change_amount(22, "$200", "$400"),
         "UNCALLED_UNWRITTEN",
         player="Shoe Lab", expected="200.00", recorded="400.00"),

    # -------------------------------------------------------------- BET_SIZE_WRONG
    # a limit bet of the wrong size that nobody calls, returned whole: nothing else changes
    case("BET_SIZE_WRONG", LIMIT_6, "turn-bet-small-bet",
         lambda f: f.change_amount(25, "$5", "$2.50").change_amount(29, "$5", "$2.50"),
         player="grimyreaper1", expected="5.00", recorded="2.50"),
    case("BET_SIZE_WRONG", LIMIT_SNG, "turn-bet-small-bet",
         lambda f: f.change_amount(17, "80", "40").change_amount(19, "80", "40"),
         player="Hero", expected="80", recorded="40"),

    # -------------------------------------------------------------- CAP_EXCEEDED
    # a fifth bet in a capped round, called, and every total after it to match
    case("CAP_EXCEEDED", LIMIT_HU, "heads-up-preflop-fifth-bet",
         lambda f: f.replace_line(10, "SallyWoo raises to $8,000", was="SallyWoo calls $2,000")
                    .insert(11, "Isildur1 raises to $10,000")
                    .insert(12, "SallyWoo calls $2,000")
                    .change_amount(13, "$12,000", "$20,000")
                    .change_amount(16, "$16,000", "$24,000")
                    .change_amount(19, "$24,000", "$32,000")
                    .change_amount(25, "$16,000", "$20,000")
                    .change_amount(26, "$15,999.50", "$19,999.50")
                    .change_amount(28, "$32,000", "$40,000")
                    .change_amount(31, "$31,999.50", "$39,999.50")
                    .at(11),
         player="Isildur1", expected="call or fold"),
    case("CAP_EXCEEDED", LIMIT_SNG, "heads-up-preflop-fifth-bet",
         lambda f: f.replace_line(11, "Player0 raises to 160", was="Player0 calls 40")
                    .insert(12, "Hero raises to 200")
                    .insert(13, "Player0 calls 40")
                    .change_amount(23, "(320)", "(480)")
                    .change_amount(26, "320", "480")
                    .change_amount(28, "(320)", "(480)")
                    .at(12),
         player="Hero", expected="call or fold", recorded="raise to 200"),
    case("CAP_EXCEEDED", LIMIT_CHAT, "turn-fifth-bet",
         lambda f: f.replace_line(41, "AllenCunningham raises to $1,200",
                                  was="AllenCunningham calls $400")
                    .insert(42, "zbubop raises to $1,600")
                    .insert(43, "AllenCunningham raises to $2,000")
                    .insert(44, "zbubop calls $400")
                    .change_amount(54, "($2,048.50)", "($3,248.50)")
                    .change_amount(55, "($2,048.50)", "($3,248.50)")
                    .change_amount(57, "$4,100", "$6,500")
                    .change_amount(59, "($2,048.50)", "($3,248.50)")
                    .change_amount(60, "($2,048.50)", "($3,248.50)")
                    .at(43),
         player="AllenCunningham", expected="call or fold"),

    # -------------------------------------------------------------- RAISE_TOO_SMALL
    case("RAISE_TOO_SMALL", PLO, "pot-limit-bet-below-big-blind",
         lambda f: f.change_amount(15, "$2", "$0.50").change_amount(17, "$2", "$0.50"),
         player="IOZIOZ", expected="at least 1.00", recorded="0.50"),
    case("RAISE_TOO_SMALL", PLO_TURN, "pot-limit-raise-below-min",
         lambda f: f.change_amount(32, "$26", "$20").change_amount(37, "$13", "$7"),
         player="allie3911", expected="at least 26.00", recorded="20.00"),
    case("RAISE_TOO_SMALL", PLO_POT_RAISE, "pot-limit-raise-below-min",
         lambda f: f.change_amount(27, "$24", "$8").change_amount(32, "$19", "$3"),
         player="Kilij", expected="at least 10.00", recorded="8.00"),

    # -------------------------------------------------------------- RAISE_ABOVE_POT
    # wrong pot-limit maxima: real raises of exactly the pot (clean), one cent more
    case("RAISE_ABOVE_POT", PLO_POT_RAISE, "flop-pot-raise-plus-a-cent",
         lambda f: f.change_amount(27, "$24", "$24.01").change_amount(32, "$19", "$19.01"),
         player="Kilij", expected="at most 24.00", recorded="24.01"),
    case("RAISE_ABOVE_POT", HILO, "preflop-pot-raise-plus-a-cent",
         lambda f: f.change_amount(8, "$0.30", "$0.31").change_amount(10, "$0.60", "$0.59"),
         player="Bauko", expected="at most 0.30", recorded="0.31"),
    case("RAISE_ABOVE_POT", PLO, "turn-bet-over-the-pot",
         lambda f: f.change_amount(15, "$2", "$4.01").change_amount(17, "$2", "$4.01"),
         player="IOZIOZ", expected="at most 4.00", recorded="4.01"),
    case("RAISE_ABOVE_POT", PLO_CHAT, "turn-bet-over-the-pot",
         lambda f: f.change_amount(45, "$3,600", "$4,601").change_amount(50, "$3,600", "$4,601"),
         player="Son-in-Law", expected="at most 4600.00", recorded="4601.00"),

    # -------------------------------------------------------------- RERAISE_NOT_ALLOWED
    # Hero's all-in raise of $25 over a $50 bet is short: Player0 may not raise again
    case("RERAISE_NOT_ALLOWED", PLO6, "raise-after-short-all-in",
         lambda f: f.replace_line(26, "Player0 raises to $108.80, and is all in",
                                  was="Player0 calls $25")
                    .insert(27, "Uncalled bet of $33.80 returned to Player0"),
         player="Player0", expected="call or fold", recorded="raise to 108.80"),

    # -------------------------------------------------------------- STACK_EXCEEDED
    # the seat line gives a player less than he then puts in; the fault shows at the action
    case("STACK_EXCEEDED", PLO6, "all-in-raise-a-cent-over",
         lambda f: f.change_amount(2, "$100", "$99.99").at(25),
         player="Hero", expected="at most 74.99", recorded="75.00"),
    case("STACK_EXCEEDED", PLO5, "all-in-call-beyond-stack",
         lambda f: f.change_amount(2, "1,170", "1,160").at(22),
         player="Hero", expected="at most 560", recorded="570"),
    case("STACK_EXCEEDED", HILO, "all-in-call-a-cent-over",
         lambda f: f.change_amount(2, "$4.96", "$4.95").at(14),
         player="great johnny", expected="at most 2.25", recorded="2.26"),
    case("STACK_EXCEEDED", NLO8, "all-in-raise-a-cent-over",
         lambda f: f.change_amount(3, "$4", "$3.99").at(9),
         player="YOLO SWAGGINS", expected="at most 3.89", recorded="3.90"),

    # -------------------------------------------------------------- STREET_EARLY
    case("STREET_EARLY", SHOWDOWN, "turn-before-the-last-check",
         lambda f: f.delete(12, was="Mr_Turban checks"),
         player="Mr_Turban", expected="Mr_Turban to act", recorded="turn"),
    case("STREET_EARLY", PLO, "turn-before-the-last-check",
         lambda f: f.delete(12, was="IOZIOZ checks"),
         player="IOZIOZ", expected="IOZIOZ to act", recorded="turn"),
    case("STREET_EARLY", LIMIT_6, "flop-before-big-blind-option",
         lambda f: f.delete(16, was="Hero checks"),
         player="Hero", expected="Hero to act", recorded="flop"),
    case("STREET_EARLY", SHOWDOWN, "two-card-flop",
         lambda f: f.change(10, "[Kc Qh Js]", "[Kc Qh]"),
         expected="3", recorded="2"),

    # -------------------------------------------------------------- UNCALLED_WRONG
    case("UNCALLED_WRONG", PLO, "return-short",
         lambda f: f.change_amount(17, "$2", "$1.50"),
         player="IOZIOZ", expected="2.00 to IOZIOZ", recorded="1.50 to IOZIOZ"),
    case("UNCALLED_WRONG", PLO_POT_RAISE, "return-too-much",
         lambda f: f.change_amount(32, "$19", "$20"),
         player="Kilij", expected="19.00 to Kilij", recorded="20.00 to Kilij"),
    case("UNCALLED_WRONG", NLO8, "returned-to-the-folder",
         lambda f: f.change(11, "YOLO SWAGGINS", "great johnny"),
         player="great johnny", expected="3.90 to YOLO SWAGGINS",
         recorded="3.90 to great johnny"),
    # a return line deleted, the totals still leaving it out of the pot: implied, its
    # missing line a warning where the hand ends (the summary)
    case("UNCALLED_UNWRITTEN", PLO_CHAT, "return-deleted",
         lambda f: f.delete(50, was="Uncalled bet of $3,600 returned to Son-in-Law").at(53),
         player="Son-in-Law", expected="3600.00 returned to Son-in-Law",
         recorded="no return line"),

    # -------------------------------------------------------------- POT_WRONG
    case("POT_WRONG", SHOWDOWN, "total-a-cent-more",
         lambda f: f.change_amount(24, "$6", "$6.01"),
         expected="6.00", recorded="6.01"),
    case("POT_WRONG", LIMIT_HU, "total-100-more",
         lambda f: f.change_amount(26, "$32,000", "$32,100"),
         expected="32000.00", recorded="32100.00"),
    case("POT_WRONG", PLO6, "total-10-more",
         lambda f: f.change_amount(32, "$200", "$210"),
         expected="200.00", recorded="210.00"),
    # $1 moved from the main pot to the side pot, the total right (the main pot is
    # written gross: the event's is net of the $3 rake)
    case("POT_WRONG", RIT_SIDE, "main-and-side-pot-moved",
         lambda f: f.change(46, "Main pot $158.20.", "Main pot $157.20.")
                    .change(46, "Side pot $76.35.", "Side pot $77.35."),
         recorded="154.20 / 77.35"),

    # -------------------------------------------------------------- CHIPS_NOT_CONSERVED
    # a win changed (and the summary seat with it): reported at the summary
    case("CHIPS_NOT_CONSERVED", PLO, "collects-a-dime-more",
         lambda f: f.change_amount(19, "($3.80)", "($3.90)")
                    .change_amount(24, "($3.80)", "($3.90)").at(20),
         expected="3.80", recorded="3.90"),
    case("CHIPS_NOT_CONSERVED", SHOWDOWN, "collects-less",
         lambda f: f.change_amount(22, "($5.70)", "($5.60)")
                    .change_amount(26, "($5.70)", "($5.60)").at(23),
         expected="5.70", recorded="5.60"),
    case("CHIPS_NOT_CONSERVED", LIMIT_SNG, "collects-more",
         lambda f: f.change_amount(21, "(320)", "(330)")
                    .change_amount(26, "(320)", "(330)").at(22),
         expected="320", recorded="330"),

    # -------------------------------------------------------------- AWARD_WRONG
    # a pot split wrongly between the high and the low hand (each line and its summary)
    # the odd cent of a split goes to the high half (odd_chips.unit: the cent)
    case("ODD_CHIP_WRONG", HILO, "odd-cent-to-the-low",
         lambda f: f.change_amount(22, "($4.72)", "($4.71)")
                    .change_amount(23, "($4.71)", "($4.72)")
                    .change_amount(27, "($4.71)", "($4.72)")
                    .change_amount(28, "($4.72)", "($4.71)"),
         player="Bauko"),
    case("AWARD_WRONG", HILO_SHOWDOWN, "high-half-too-big",
         # two of the table's $0.05 chips (one would be an odd chip misplaced)
         lambda f: f.change_amount(25, "($61.55)", "($61.65)")
                    .change_amount(26, "($61.55)", "($61.45)")
                    .change_amount(31, "($61.55)", "($61.45)")
                    .change_amount(32, "($61.55)", "($61.65)"),
         player="ReydelMundo"),
    case("AWARD_WRONG", LIMIT_CHAT, "halves-unequal",
         lambda f: f.change_amount(51, "($2,048.50)", "($2,049.50)")
                    .change_amount(52, "($2,048.50)", "($2,047.50)")
                    .change_amount(56, "($2,048.50)", "($2,049.50)")
                    .change_amount(57, "($2,048.50)", "($2,047.50)"),
         player="zbubop"),

    # -------------------------------------------------------------- CARD_INVALID
    case("CARD_INVALID", PLO5, "hole-card-1x",
         lambda f: f.change(9, "6h", "1x"),
         recorded="1x"),
    case("CARD_INVALID", SHOWDOWN, "board-card-Zz",
         lambda f: f.change(10, "Kc", "Zz").change(13, "Kc", "Zz")
                    .change(16, "Kc", "Zz").change(25, "Kc", "Zz"),
         recorded="Zz"),
    case("CARD_INVALID", PLO6, "mucked-card-Zz",
         lambda f: f.change(35, "5d", "Zz"),
         recorded="Zz"),

    # -------------------------------------------------------------- CARD_DUPLICATE
    # a card repeated: a board card in a hand shown after it, found where it is seen twice
    case("CARD_DUPLICATE", SHOWDOWN, "flop-card-in-shown-hand",
         lambda f: f.duplicate_card(20, "Kc", replacing="8d", also=(27,)),
         expected="Kc once"),
    case("CARD_DUPLICATE", PLO6, "river-card-in-mucked-hand",
         lambda f: f.duplicate_card(35, "8c", replacing="5d"),
         expected="8c once"),
    case("CARD_DUPLICATE", LIMIT_CHAT, "flop-card-in-shown-hand",
         lambda f: f.duplicate_card(49, "7h", replacing="7d", also=(57,)),
         expected="7h once"),
    # a hole card dealt that the board shows later: found at the board line
    case("CARD_DUPLICATE", LIMIT_6, "hole-card-dealt-on-the-turn",
         lambda f: f.duplicate_card(11, "4c", replacing="4d").at(23),
         expected="4c once"),

    # -------------------------------------------------------------- HAND_INCOMPLETE
    case("HAND_INCOMPLETE", SHOWDOWN, "cut-before-the-showdown",
         lambda f: f.cut(18),
         expected="*** SUMMARY ***", recorded="end of record"),
    case("HAND_INCOMPLETE", PLO, "cut-inside-an-action",
         lambda f: f.cut(11, partial="IOZIOZ ch"),
         expected="*** SUMMARY ***", recorded="end of record"),
    case("HAND_INCOMPLETE", LIMIT_HU, "cut-before-the-blinds",
         lambda f: f.cut(3),
         expected="*** SUMMARY ***", recorded="end of record"),

    # -------------------------------------------------------------- RECORD_GARBLED
    case("RECORD_GARBLED", SHOWDOWN, "text-after-the-flop",
         lambda f: f.change(10, "Players)", "Players) xx"),
         recorded="*** FLOP *** [Kc Qh Js] (Total Pot: $6, 2 Players) xx"),
    case("RECORD_GARBLED", LIMIT_6, "text-after-hole-cards",
         lambda f: f.replace_line(10, "*** HOLE CARDS *** junk", was="*** HOLE CARDS ***"),
         recorded="*** HOLE CARDS *** junk"),
    case("RECORD_GARBLED", HILO, "river-card-repeated-half",
         lambda f: f.change(19, "[Qc]", "[Qc] Qc]"),
         recorded="*** RIVER *** [Ah 2s 7h Tc] [Qc] Qc] (Total Pot: $9.92, 2 Players, 1 All-In)"),
]
# fmt: on


@pytest.mark.parametrize("fault_case", case_params(CASES))
def test_fault_is_found_at_its_line(fault_case: Case) -> None:
    check_case(fault_case)


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))


def test_every_operator_has_a_full_tilt_case() -> None:
    wanted = {
        "BLIND_WRONG", "OUT_OF_TURN", "ILLEGAL_CHECK", "CALL_WRONG", "BET_SIZE_WRONG",
        "CAP_EXCEEDED", "RAISE_TOO_SMALL", "RAISE_ABOVE_POT", "RERAISE_NOT_ALLOWED",
        "STACK_EXCEEDED", "STREET_EARLY", "UNCALLED_WRONG", "POT_WRONG", "CHIPS_NOT_CONSERVED",
        "AWARD_WRONG", "CARD_INVALID", "CARD_DUPLICATE", "HAND_INCOMPLETE", "RECORD_GARBLED",
    }  # fmt: skip
    assert wanted <= {c.code for c in CASES if not c.engine}
