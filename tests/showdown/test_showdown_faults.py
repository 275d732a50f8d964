"""Fault injection for the showdown codes: clean real hands, one showdown fault edited into
each, and the finding that must show (the style of tests/replay/test_fault_injection.py).

Each case takes a PokerStars hand of the corpus that audits with no finding at all, edits
ONE fault into its text (:mod:`tests.replay.faults`; a payout edit also edits the summary's
won amounts so that the record stays consistent with itself) and checks:

1. the unmutated hand yields no finding (under the case's profile);
2. the fault's code is reported exactly once, at the line of the fault, for the right
   player with the right expected/recorded values;
3. the codes reported are exactly the fault's code plus those listed as following from it.

An award is judged at the pot's first "collected" line (where the record starts paying that
pot), a description at the line that writes it, the showdown order at the first hand shown,
the rake at the summary's pot line.

The hands are PokerStars hands (its profile, "pokerstars", applies: the river's aggressor
shows first). RAKE_WRONG cases run under a copy of it with a percentage schedule (5%,
rounded down, capped at $0.50 heads-up and $3 otherwise), which the real hands used keep.
"""

from __future__ import annotations

import pytest

from auditor.replay.profile import PROFILE_DIR
from tests.replay.fault_cases import (
    Case,
    Source,
    audit,
    case,
    case_params,
    check_case,
    codes_with_fewer_than_three,
    show,
)
from tests.replay.faults import Fault

# ------------------------------------------------------------------ sources


def _micro(hand_id: str) -> Source:
    return Source(
        "PokerStars/PLO8/PLO8-6max-USD-0.01-0.02-200911.txt", hand_id, f"PLO8-micro-{hand_id}"
    )


def _ko(hand_id: str) -> Source:
    return Source(
        "PokerStars/NLO8/NLO8-USD-STT-201109.Knockout.sample.txt", hand_id, f"NLO8-KO-{hand_id}"
    )


def _sidepots(hand_id: str) -> Source:
    return Source(
        "PokerStars/PLO/PLO-FR-USD-0.01-0.02-201006.sidepots.txt", hand_id, f"PLO-FR-{hand_id}"
    )


ZOOM = Source("PokerStars/PLO/ZoomHand.txt", "132630000000", "ZoomHand")
SHOWDOWN = Source("PokerStars/PLO/OmahaShowdown.txt", "109665973281", "OmahaShowdown")
PLO = Source("PokerStars/PLO/PotLimitOmaha.txt", "109663597247", "PotLimitOmaha")
SPLIT_KO = Source(
    "PokerStars/PLO/PLO-9max-USD-MTT-USD-200-50-15-201209.split.ko.txt",
    "85723676180",
    "PLO-split-ko",
)
PLO8 = Source("PokerStars/PLO8/PotLimitOmahaHiLo.txt", "109677324649", "PotLimitOmahaHiLo")
MUCKS = Source("PokerStars/PLO8/MucksHand.txt", "86008517721", "MucksHand")
NLHL = Source("PokerStars/NLO8/NoLimitOmahaHiLo.txt", "109680525613", "NoLimitOmahaHiLo")
PLO5 = Source("PokerStars/PLO5/5-Card-PLO-6max-USD-3.00-6.00-201303.txt", "96318916658", "PLO5-3-6")

RAKE_PROFILE = """\
[rake]
schedule = "percent"
percent = "5"
rounding = "down"
cap = { "2" = "0.50", default = "3" }
no_flop_no_drop = true
"""


# ------------------------------------------------------------------ cases


# engine problems that show as a finding at the wrong line or under the wrong code
MISPLACED: tuple[str, ...] = ()

# fmt: off
CASES: list[Case] = [
    # -------------------------------------------------------------- WINNER_WRONG
    # the whole pot paid to the hand that lost, the summary's won/lost lines to match
    case("WINNER_WRONG", ZOOM, "pot-to-the-two-pair",
         lambda f: f.change(32, "Player6", "Player4")
                    .change(39, "lost", "won ($42.98)")
                    .change(41, "won ($42.98)", "lost"),
         player="Player4", expected="Player6 42.98", recorded="Player4 42.98"),
    case("WINNER_WRONG", SHOWDOWN, "pot-to-the-trips",
         lambda f: f.change(26, "MajinVeta", "Dracospinner")
                    .change(30, "won ($215.96)", "lost")
                    .change(31, "lost", "won ($215.96)"),
         player="Dracospinner", expected="MajinVeta 215.96", recorded="Dracospinner 215.96"),
    case("WINNER_WRONG", _ko("68173435202"), "pot-to-the-pair",
         lambda f: f.change(39, "VORON1976511", "APTEM-89")
                    .change(45, "lost", "won (570)")
                    .change(49, "won (570)", "lost"),
         player="APTEM-89", expected="VORON1976511 570", recorded="APTEM-89 570"),
    case("WINNER_WRONG", _micro("35875356253"), "pot-to-the-ace-high",
         lambda f: f.change(25, "Hero", "supermeXXX")
                    .change(30, "lost", "won ($0.12)")
                    .change(31, "won ($0.12)", "lost"),
         player="supermeXXX", expected="Hero 0.12", recorded="supermeXXX 0.12"),
    case("WINNER_WRONG", _ko("68173332012"), "pot-to-kings-and-deuces",
         lambda f: f.change(44, "Hero", "Lord Minge")
                    .change(55, "lost", "won (250)")
                    .change(57, "won (250)", "lost"),
         player="Lord Minge", expected="Hero 250", recorded="Lord Minge 250"),

    # the low half paid to a worse low (7,6,5,2,A for 7,5,4,3,2)
    case("WINNER_WRONG", _micro("35875219121"), "low-half-to-a-worse-low",
         lambda f: f.change(38, "EricSteph261", "UnderMeSensi")
                    .change(42, "won ($0.12)", "lost")
                    .change(43, "lost", "won ($0.12)").at(37),
         player="UnderMeSensi", expected="Hero 0.12, EricSteph261 0.12",
         recorded="Hero 0.12, UnderMeSensi 0.12"),
    # the low half paid to the high hand, which has no low: the whole pot to APTEM-89
    case("WINNER_WRONG", _ko("68173182547"), "low-half-to-the-high-hand",
         lambda f: f.change_amount(46, "260", "520")
                    .delete(47, was="StaKuGorPS collected 260 from pot")
                    .change_amount(51, "(260)", "(520)")
                    .change(57, "won (260)", "lost").at(46),
         player="APTEM-89"),

    # -------------------------------------------------------------- AWARD_WRONG
    # a winner paid the wrong amount, the pot's total the same
    case("AWARD_WRONG", _ko("68174580765"), "high-half-100-short",
         lambda f: f.change_amount(32, "938", "838")
                    .change_amount(34, "468", "568")
                    .change_amount(39, "(468)", "(568)")
                    .change_amount(41, "(1407)", "(1307)"),
         player="Hero", expected="Hero 1407, barlowdog1 468",
         recorded="Hero 1307, barlowdog1 568"),
    case("AWARD_WRONG", NLHL, "high-half-a-dollar-short",
         lambda f: f.change_amount(42, "$9.55", "$8.55")
                    .change_amount(43, "$4.78", "$5.78")
                    .change_amount(49, "($4.78)", "($5.78)")
                    .change_amount(51, "($14.32)", "($13.32)").at(42),
         player="Mindster", expected="Mindster 14.32, Aphily8 4.78",
         recorded="Mindster 13.32, Aphily8 5.78"),
    case("AWARD_WRONG", PLO8, "low-half-short",
         lambda f: f.change_amount(24, "$0.39", "$0.45")
                    .change_amount(25, "$0.38", "$0.32")
                    .change_amount(29, "($0.38)", "($0.32)")
                    .change_amount(30, "($0.39)", "($0.45)"),
         player="NeiLutzn", expected="NeiLutzn 0.39, SGS62 0.38",
         recorded="NeiLutzn 0.45, SGS62 0.32"),
    case("AWARD_WRONG", _ko("68173182547"), "high-paid-more",
         lambda f: f.change_amount(46, "260", "300")
                    .change_amount(47, "260", "220")
                    .change_amount(52, "(260)", "(300)")
                    .change_amount(58, "(260)", "(220)").at(46),
         player="APTEM-89", expected="APTEM-89 260, StaKuGorPS 260",
         recorded="APTEM-89 300, StaKuGorPS 220"),
    case("AWARD_WRONG", SPLIT_KO, "tie-split-unevenly",
         lambda f: f.change_amount(45, "7505", "8005")
                    .change_amount(46, "7505", "7005")
                    .change_amount(56, "(7505)", "(8005)")
                    .change_amount(59, "(7505)", "(7005)").at(45),
         player="Player4", expected="Player4 7505, Player6 7505",
         recorded="Player4 8005, Player6 7005"),

    # -------------------------------------------------------------- ODD_CHIP_WRONG
    # a tied low half with an odd chip: it goes to the first winner clockwise from the
    # button; the record gives it to the other
    case("ODD_CHIP_WRONG", _ko("68174580765"), "tied-low-odd-chip-to-the-button",
         lambda f: f.change_amount(33, "469", "468")
                    .change_amount(34, "468", "469")
                    .change_amount(39, "(468)", "(469)")
                    .change_amount(41, "(1407)", "(1406)").at(32),
         player="Hero", expected="Hero 1407, barlowdog1 468",
         recorded="Hero 1406, barlowdog1 469"),
    case("ODD_CHIP_WRONG", _ko("68174850011"), "tied-low-odd-chip-to-the-button",
         lambda f: f.change_amount(24, "957", "956")
                    .change_amount(25, "956", "957")
                    .change_amount(29, "(956)", "(957)")
                    .change_amount(31, "(2870)", "(2869)").at(23),
         player="Hero", expected="Hero 2870, APTEM-89 956",
         recorded="Hero 2869, APTEM-89 957"),
    case("ODD_CHIP_WRONG", _micro("35875034981"), "tied-low-odd-chip-to-the-high",
         lambda f: f.change_amount(30, "$0.10", "$0.09")
                    .change_amount(31, "$0.09", "$0.10")
                    .change_amount(35, "($0.10)", "($0.09)")
                    .change_amount(36, "($0.29)", "($0.30)").at(29),
         player="supermeXXX", expected="supermeXXX 0.29, UnderMeSensi 0.10",
         recorded="supermeXXX 0.30, UnderMeSensi 0.09"),
    case("ODD_CHIP_WRONG", NLHL, "tied-low-odd-chip-to-the-high",
         lambda f: f.change_amount(43, "$4.78", "$4.77")
                    .change_amount(44, "$4.77", "$4.78")
                    .change_amount(49, "($4.78)", "($4.77)")
                    .change_amount(51, "($14.32)", "($14.33)").at(42),
         player="Mindster", expected="Mindster 14.32, Aphily8 4.78",
         recorded="Mindster 14.33, Aphily8 4.77"),
    # the odd chip of a hi/lo split given to the low half
    case("ODD_CHIP_WRONG", PLO8, "hi-lo-odd-chip-to-the-low",
         lambda f: f.change_amount(24, "$0.39", "$0.38")
                    .change_amount(25, "$0.38", "$0.39")
                    .change_amount(29, "($0.38)", "($0.39)")
                    .change_amount(30, "($0.39)", "($0.38)"),
         player="NeiLutzn", expected="NeiLutzn 0.39, SGS62 0.38",
         recorded="NeiLutzn 0.38, SGS62 0.39"),

    # -------------------------------------------------------------- LOW_NOT_QUALIFIED
    # no low qualifies (the room even says so): half the pot paid to the other hand as if
    # it were a low
    case("LOW_NOT_QUALIFIED", _micro("35875356253"), "half-to-an-ace-high",
         lambda f: f.change_amount(25, "$0.12", "$0.06")
                    .replace_line(26, "supermeXXX collected $0.06 from pot",
                                  was="No low hand qualified")
                    .change(30, "lost", "won ($0.06)")
                    .change_amount(31, "($0.12)", "($0.06)"),
         player="supermeXXX", expected="Hero 0.12", recorded="Hero 0.06, supermeXXX 0.06"),
    case("LOW_NOT_QUALIFIED", _ko("68173435202"), "half-to-a-pair",
         lambda f: f.change_amount(39, "570", "285")
                    .replace_line(40, "APTEM-89 collected 285 from pot",
                                  was="No low hand qualified")
                    .change(45, "lost", "won (285)")
                    .change_amount(49, "(570)", "(285)"),
         player="APTEM-89", expected="VORON1976511 570",
         recorded="VORON1976511 285, APTEM-89 285"),
    case("LOW_NOT_QUALIFIED", _ko("68173332012"), "half-to-kings-and-deuces",
         lambda f: f.change_amount(44, "250", "125")
                    .replace_line(45, "Lord Minge collected 125 from pot",
                                  was="No low hand qualified")
                    .change(55, "lost", "won (125)")
                    .change_amount(57, "(250)", "(125)"),
         player="Lord Minge", expected="Hero 250", recorded="Hero 125, Lord Minge 125"),
    # the board offers a low (2-7-8, 2-3-7), but the hand paid is counterfeited: its A-2
    # (A-2-3) pairs the board's Deuce (Deuce and Trey)
    case("LOW_NOT_QUALIFIED", _ko("68174619918"), "half-to-a-counterfeited-ace-deuce",
         lambda f: f.change_amount(22, "3776", "1888")
                    .replace_line(23, "barlowdog1 collected 1888 from pot",
                                  was="No low hand qualified")
                    .change_amount(29, "(3776)", "(1888)")
                    .change(30, "lost", "won (1888)"),
         player="barlowdog1", expected="APTEM-89 3776",
         recorded="APTEM-89 1888, barlowdog1 1888"),
    case("LOW_NOT_QUALIFIED", _ko("68174793999"), "half-to-a-counterfeited-ace-deuce-trey",
         lambda f: f.change_amount(20, "4528", "2264")
                    .replace_line(21, "Hero collected 2264 from pot",
                                  was="No low hand qualified")
                    .change_amount(25, "(4528)", "(2264)")
                    .change(27, "lost", "won (2264)"),
         player="Hero", expected="APTEM-89 4528", recorded="APTEM-89 2264, Hero 2264"),

    # -------------------------------------------------------------- HAND_DESCRIPTION_WRONG
    # a shows line's wording changed (the summary's left as it was)
    case("HAND_DESCRIPTION_WRONG", ZOOM, "shows-straight-to-the-queen",
         lambda f: f.change(31, "Seven to Jack", "Eight to Queen"),
         player="Player6", expected="a straight, Seven to Jack",
         recorded="a straight, Eight to Queen"),
    case("HAND_DESCRIPTION_WRONG", PLO5, "shows-a-pair-of-kings",
         lambda f: f.change(34, "a pair of Jacks", "a pair of Kings"),
         player="Player0", expected="a pair of Jacks", recorded="a pair of Kings"),
    case("HAND_DESCRIPTION_WRONG", _ko("68173182547"), "shows-trips-as-a-full-house",
         lambda f: f.change(44, "three of a kind, Fours", "a full house, Fours full of Kings"),
         player="APTEM-89", expected="three of a kind, Fours",
         recorded="a full house, Fours full of Kings"),
    # a summary line's wording changed
    case("HAND_DESCRIPTION_WRONG", SHOWDOWN, "summary-trips-of-sevens",
         lambda f: f.change(31, "three of a kind, Threes", "three of a kind, Sevens"),
         player="Dracospinner", expected="three of a kind, Threes",
         recorded="three of a kind, Sevens"),
    case("HAND_DESCRIPTION_WRONG", SPLIT_KO, "summary-straight-to-the-ace",
         lambda f: f.change(54, "Nine to King", "Ten to Ace"),
         player="Player2", expected="a straight, Nine to King",
         recorded="a straight, Ten to Ace"),
    # a wrong LO
    case("HAND_DESCRIPTION_WRONG", _ko("68174850011"), "shows-a-wheelish-low",
         lambda f: f.change(22, "LO: 7,6,5,3,2", "LO: 7,5,3,2,A"),
         player="APTEM-89", expected="7,6,5,3,2", recorded="7,5,3,2,A"),
    case("HAND_DESCRIPTION_WRONG", _micro("35875034981"), "summary-low-without-the-ace",
         lambda f: f.change(35, "LO: 6,5,4,2,A", "LO: 7,6,5,4,2"),
         player="UnderMeSensi", expected="6,5,4,2,A", recorded="7,6,5,4,2"),
    case("HAND_DESCRIPTION_WRONG", _micro("35875356253"), "shows-a-low-with-no-low",
         lambda f: f.change(23, "(HI: high card Ace)", "(HI: high card Ace; LO: 8,7,6,3,A)"),
         player="supermeXXX", expected="no low", recorded="8,7,6,3,A"),

    # -------------------------------------------------------------- SHOWDOWN_ORDER
    # two show lines swapped, no all-in; PokerStars: the river's aggressor shows first,
    # with none the first player left of the button
    case("SHOWDOWN_ORDER", ZOOM, "river-checked-button-side-shows-second",
         lambda f: f.swap(30, 31),
         player="Player6", expected="Player4, Player6", recorded="Player6, Player4"),
    case("SHOWDOWN_ORDER", PLO8, "river-bettor-shows-second",
         lambda f: f.swap(22, 23),
         player="SGS62", expected="NeiLutzn, SGS62", recorded="SGS62, NeiLutzn"),
    case("SHOWDOWN_ORDER", NLHL, "river-bettor-shows-second",
         lambda f: f.swap(40, 41),
         player="Aphily8", expected="Mindster, Aphily8", recorded="Aphily8, Mindster"),
    case("SHOWDOWN_ORDER", _ko("68173842857"), "river-bettor-shows-second",
         lambda f: f.swap(38, 39),
         player="Hero", expected="VORON1976511, Hero, APTEM-89",
         recorded="Hero, VORON1976511, APTEM-89"),
    case("SHOWDOWN_ORDER", _micro("35875219121"), "four-shown-first-two-swapped",
         lambda f: f.swap(33, 34),
         player="supermeXXX", expected="UnderMeSensi, supermeXXX, Hero, EricSteph261",
         recorded="supermeXXX, UnderMeSensi, Hero, EricSteph261"),
    # the first two show in order, the next two do not: the fault is where the order
    # breaks (line 35), not at the first hand shown
    case("SHOWDOWN_ORDER", _micro("35875219121"), "four-shown-last-two-swapped",
         lambda f: f.swap(35, 36),
         player="EricSteph261", expected="UnderMeSensi, supermeXXX, Hero, EricSteph261",
         recorded="UnderMeSensi, supermeXXX, EricSteph261, Hero"),

    # -------------------------------------------------------------- RAKE_WRONG
    # rake above the heads-up cap ($0.50), the winner paid that much less
    case("RAKE_WRONG", SHOWDOWN, "heads-up-rake-above-cap",
         lambda f: f.change_amount(28, "$0.50", "$0.60")
                    .change_amount(26, "$215.96", "$215.86")
                    .change_amount(30, "($215.96)", "($215.86)"),
         expected="0.50", recorded="0.60", rules="rake"),
    case("RAKE_WRONG", PLO5, "heads-up-rake-above-cap",
         lambda f: f.change_amount(37, "$0.50", "$1")
                    .change_amount(35, "$1916.50", "$1916")
                    .change_amount(39, "($1916.50)", "($1916)"),
         expected="0.50", recorded="1.00", rules="rake"),
    # 5% of $0.72 is $0.036: $0.03 rounded down, not $0.04
    case("RAKE_WRONG", PLO, "rake-rounded-up",
         lambda f: f.change_amount(20, "$0.03", "$0.04")
                    .change_amount(17, "$0.69", "$0.68")
                    .change_amount(23, "($0.69)", "($0.68)"),
         expected="0.03", recorded="0.04", rules="rake"),
    # 5% of $1.75 is $0.0875: $0.08, not $0.05
    case("RAKE_WRONG", MUCKS, "rake-short",
         lambda f: f.change_amount(35, "$0.08", "$0.05")
                    .change_amount(32, "$1.67", "$1.70")
                    .change_amount(41, "($1.67)", "($1.70)"),
         expected="0.08", recorded="0.05", rules="rake"),
]
# fmt: on

# Real hands that keep the rake profile's schedule as they are.
RAKE_KEPT = [
    SHOWDOWN,  # heads-up, capped at $0.50
    PLO5,  # heads-up, capped at $0.50
    PLO,  # $0.72 -> $0.03
    MUCKS,  # $1.75 -> $0.08
    _sidepots("14311270221"),  # $0.32 -> $0.01
    _sidepots("22865231671"),  # $3.70 -> $0.18
    _sidepots("60920749213"),  # $2.54 -> $0.12
]


# ------------------------------------------------------------------ the audit


@pytest.fixture(scope="module")
def rake_profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The pokerstars profile with a percentage rake schedule, as a user's own file."""
    text = (PROFILE_DIR / "pokerstars.toml").read_text(encoding="utf-8")
    head, _, rest = text.partition("[rake]")
    _, _, tail = rest.partition("[timeout]")
    path = tmp_path_factory.mktemp("profiles") / "stars_rake.toml"
    path.write_text(
        head.replace('name = "pokerstars"', 'name = "stars-rake"')
        + RAKE_PROFILE
        + "\n[timeout]"
        + tail,
        encoding="utf-8",
    )
    return str(path)


@pytest.mark.parametrize("fault_case", case_params(CASES, MISPLACED))
def test_fault_is_found_at_its_line(fault_case: Case, rake_profile: str) -> None:
    check_case(fault_case, rake_profile if fault_case.rules == "rake" else None)


@pytest.mark.parametrize("source", RAKE_KEPT, ids=lambda s: s.name)
def test_rake_that_keeps_the_schedule_is_clean(source: Source, rake_profile: str) -> None:
    result = audit(source.text(), source.path, rake_profile)
    assert result.findings == (), show(result.findings)


def test_real_rake_that_breaks_the_schedule(rake_profile: str) -> None:
    """ZoomHand as recorded: $2.02 of a $45 pot, where 5% is $2.25 (its room took 4.5%)."""
    result = audit(ZOOM.text(), ZOOM.path, rake_profile)
    assert [(f.code, f.source.line, f.expected, f.recorded) for f in result.findings] == [
        ("RAKE_WRONG", 34, "2.25", "2.02")
    ], show(result.findings)


def test_showdown_order_depends_on_the_profile() -> None:
    """35875034981: supermeXXX bet the flop, the turn and river were checked. PokerStars'
    order (the river's aggressor, else left of the button) has UnderMeSensi show first, as
    he did; the seeds' (the last aggressor of the last street with a bet) has supermeXXX."""
    source = _micro("35875034981")
    text = source.text()
    assert audit(text, source.path).findings == ()
    seeds = audit(text, source.path, "seeds").findings
    assert [(f.code, f.source.line, f.expected) for f in seeds] == [
        ("SHOWDOWN_ORDER", 27, "supermeXXX, UnderMeSensi")
    ], show(seeds)
    swapped = Fault.of(text).swap(27, 28).text
    assert audit(swapped, source.path, "seeds").findings == ()


def test_every_code_has_three_cases_that_pass() -> None:
    wanted = {
        "WINNER_WRONG", "AWARD_WRONG", "ODD_CHIP_WRONG", "LOW_NOT_QUALIFIED",
        "HAND_DESCRIPTION_WRONG", "SHOWDOWN_ORDER", "RAKE_WRONG",
    }  # fmt: skip
    assert codes_with_fewer_than_three(CASES, wanted) == {}, "codes with fewer than three hands"


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
