"""The seeds' hi/lo award rules (docs/RULES.md) on short PokerStars-format hands, each
audited end to end: the awards the auditor expects, the amounts the record pays, and no
finding on the correctly written hand.

The hands are cash PLO8 at $0.01/$0.02 (money in cents), three-handed unless said:
alice on the button (seat 1), bob the small blind (seat 2), carol the big blind (seat 3).
Each names, above it, who wins what and why.
"""

from __future__ import annotations

import io
from pathlib import Path

from auditor.api import audit_text
from auditor.findings import Finding
from auditor.pipeline import FileSummary, HandAuditor, HandResult
from auditor.replay.profile import PROFILE_DIR

# player, expected (None: the record's pot is unnamed among several), recorded
Award = tuple[str, int | None, int]
PotKey = tuple[int, int]  # pot index, board


def audit(text: str, rules: str = "auto") -> HandResult:
    """The one hand of ``text``, audited as the ``audit`` command does."""
    results = list(
        HandAuditor(rules).audit_stream(
            io.BytesIO(text.encode("utf-8")), "inline.txt", FileSummary("inline.txt")
        )
    )
    assert len(results) == 1
    return results[0]


def _show(findings: tuple[Finding, ...]) -> str:
    return "\n".join(
        f"  {f.code} line {f.source.line} {f.player!r} expected={f.expected!r} "
        f"recorded={f.recorded!r}: {f.message}"
        for f in findings
    )


def awards(result: HandResult) -> dict[PotKey, set[Award]]:
    """Per (pot, board): each player's award as (player, expected, recorded)."""
    assert result.showdown is not None
    out: dict[PotKey, set[Award]] = {}
    for a in result.showdown.awards:
        out.setdefault((a.pot_index, a.board), set()).add((a.player, a.expected, a.recorded))
    return out


def winners(result: HandResult) -> dict[PotKey, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Per (pot, board): the high winners and the low winners."""
    assert result.showdown is not None
    return {(p.pot_index, p.board): (p.hi_winners, p.lo_winners) for p in result.showdown.pots}


def clean(text: str, rules: str = "auto") -> HandResult:
    result = audit(text, rules)
    assert result.findings == (), f"the hand is not clean:\n{_show(result.findings)}"
    return result


def profile_copy(tmp_path: Path, name: str, old: str, new: str) -> str:
    """The pokerstars profile with one line changed, written to ``tmp_path``."""
    text = (PROFILE_DIR / "pokerstars.toml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ 2-4-5-6-7 beats A-2-4-6-8

# Board 2c 4d 6h Kc Ks. carol: trips Kings and the low 8,6,4,2,A (Ah 8c); alice: a pair of
# Kings and the low 7,6,5,4,2 (5s 7s), which beats it: highest card first, 7 < 8.
# Pot $0.18: the high half ($0.09) to carol, the low half ($0.09) to alice.
SEVEN_LOW = """\
PokerStars Hand #210000000001:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:05:09 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2 in chips)
Seat 3: carol ($2 in chips)
bob: posts small blind $0.01
carol: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.02
bob: calls $0.01
carol: checks
*** FLOP *** [2c 4d 6h]
bob: checks
carol: bets $0.06
alice: calls $0.06
bob: folds
*** TURN *** [2c 4d 6h] [Kc]
carol: checks
alice: checks
*** RIVER *** [2c 4d 6h Kc] [Ks]
carol: checks
alice: checks
*** SHOW DOWN ***
carol: shows [Ah 8c Kd Td] (HI: three of a kind, Kings; LO: 8,6,4,2,A)
alice: shows [5s 7s Qh Jd] (HI: a pair of Kings; LO: 7,6,5,4,2)
carol collected $0.09 from pot
alice collected $0.09 from pot
*** SUMMARY ***
Total pot $0.18 | Rake $0
Board [2c 4d 6h Kc Ks]
Seat 1: alice (button) showed [5s 7s Qh Jd] and won ($0.09) with HI: a pair of Kings; LO: 7,6,5,4,2
Seat 2: bob (small blind) folded on the Flop
Seat 3: carol (big blind) showed [Ah 8c Kd Td] and won ($0.09) with HI: three of a kind, Kings; LO: 8,6,4,2,A
"""  # noqa: E501


def test_seven_low_beats_ace_to_eight_low() -> None:
    result = clean(SEVEN_LOW)
    assert winners(result) == {(0, 1): (("carol",), ("alice",))}
    assert awards(result) == {(0, 1): {("carol", 9, 9), ("alice", 9, 9)}}


def _seven_low_paid_to_the_eight_low() -> HandResult:
    """SEVEN_LOW with the low half paid to the A-2-4-6-8: carol takes the whole pot."""
    text = SEVEN_LOW.replace("alice collected $0.09 from pot\n", "").replace(
        "carol collected $0.09 from pot", "carol collected $0.18 from pot"
    )
    text = text.replace("and won ($0.09) with HI: a pair", "and lost with HI: a pair").replace(
        "and won ($0.09) with HI: three", "and won ($0.18) with HI: three"
    )
    return audit(text)


def test_low_half_paid_to_the_eight_low_is_found() -> None:
    result = _seven_low_paid_to_the_eight_low()
    assert awards(result) == {(0, 1): {("carol", 9, 18), ("alice", 9, 0)}}
    assert [f.code for f in result.findings] in (["AWARD_WRONG"], ["WINNER_WRONG"])


def test_low_half_paid_to_the_eight_low_is_winner_wrong() -> None:
    result = _seven_low_paid_to_the_eight_low()
    assert [(f.code, f.player) for f in result.findings] == [("WINNER_WRONG", "carol")], _show(
        result.findings
    )


# ------------------------------------------------------------------ no low: the high scoops

# Board 2c 5d 7h Kc Qs offers a low, but neither hand makes one: alice has no card below 9,
# carol's A-5 pairs the board's Five (five distinct ranks are needed). alice's trip Kings
# scoop the $0.18.
NO_LOW = """\
PokerStars Hand #210000000002:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:07:12 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2 in chips)
Seat 3: carol ($2 in chips)
bob: posts small blind $0.01
carol: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.02
bob: calls $0.01
carol: checks
*** FLOP *** [2c 5d 7h]
bob: checks
carol: bets $0.06
alice: calls $0.06
bob: folds
*** TURN *** [2c 5d 7h] [Kc]
carol: checks
alice: checks
*** RIVER *** [2c 5d 7h Kc] [Qs]
carol: checks
alice: checks
*** SHOW DOWN ***
carol: shows [As 5h Jc Td] (HI: a pair of Fives)
alice: shows [Ks Kd 9c 9d] (HI: three of a kind, Kings)
alice collected $0.18 from pot
*** SUMMARY ***
Total pot $0.18 | Rake $0
Board [2c 5d 7h Kc Qs]
Seat 1: alice (button) showed [Ks Kd 9c 9d] and won ($0.18) with HI: three of a kind, Kings
Seat 2: bob (small blind) folded on the Flop
Seat 3: carol (big blind) showed [As 5h Jc Td] and lost with HI: a pair of Fives
"""


def test_no_qualifying_low_the_high_scoops() -> None:
    result = clean(NO_LOW)
    assert winners(result) == {(0, 1): (("alice",), ())}
    assert awards(result) == {(0, 1): {("alice", 18, 18)}}


# ------------------------------------------------------------------ one high, two tied lows

# Board 2c 5d 7h Kc Ks. alice: trip Kings, no low; bob and carol: the same A-3 low
# (7,5,3,2,A). Pot $0.12: the high half $0.06 to alice, the low half split, $0.03 each.
QUARTERS = """\
PokerStars Hand #210000000003:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:09:40 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2 in chips)
Seat 3: carol ($2 in chips)
bob: posts small blind $0.01
carol: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.02
bob: calls $0.01
carol: checks
*** FLOP *** [2c 5d 7h]
bob: bets $0.02
carol: calls $0.02
alice: calls $0.02
*** TURN *** [2c 5d 7h] [Kc]
bob: checks
carol: checks
alice: checks
*** RIVER *** [2c 5d 7h Kc] [Ks]
bob: checks
carol: checks
alice: checks
*** SHOW DOWN ***
bob: shows [As 3h Qd Jd] (HI: a pair of Kings; LO: 7,5,3,2,A)
carol: shows [Ad 3c Qh Jh] (HI: a pair of Kings; LO: 7,5,3,2,A)
alice: shows [Kd 9c 9d Tc] (HI: three of a kind, Kings)
alice collected $0.06 from pot
bob collected $0.03 from pot
carol collected $0.03 from pot
*** SUMMARY ***
Total pot $0.12 | Rake $0
Board [2c 5d 7h Kc Ks]
Seat 1: alice (button) showed [Kd 9c 9d Tc] and won ($0.06) with HI: three of a kind, Kings
Seat 2: bob (small blind) showed [As 3h Qd Jd] and won ($0.03) with HI: a pair of Kings; LO: 7,5,3,2,A
Seat 3: carol (big blind) showed [Ad 3c Qh Jh] and won ($0.03) with HI: a pair of Kings; LO: 7,5,3,2,A
"""  # noqa: E501


def test_one_high_and_two_tied_lows_each_low_a_quarter() -> None:
    result = clean(QUARTERS)
    assert winners(result) == {(0, 1): (("alice",), ("bob", "carol"))}
    assert awards(result) == {(0, 1): {("alice", 6, 6), ("bob", 3, 3), ("carol", 3, 3)}}


# ------------------------------------------------------------------ the hi/lo odd chip

# SEVEN_LOW's cards with bob folding before the flop: pot $0.09, odd. The high half takes
# the odd chip: $0.05 to carol's Kings, $0.04 to alice's low.
ODD_HI_LO = """\
PokerStars Hand #210000000004:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:11:02 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2 in chips)
Seat 3: carol ($2 in chips)
bob: posts small blind $0.01
carol: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.02
bob: folds
carol: checks
*** FLOP *** [2c 4d 6h]
carol: bets $0.02
alice: calls $0.02
*** TURN *** [2c 4d 6h] [Kc]
carol: checks
alice: checks
*** RIVER *** [2c 4d 6h Kc] [Ks]
carol: checks
alice: checks
*** SHOW DOWN ***
carol: shows [Ah 8c Kd Td] (HI: three of a kind, Kings; LO: 8,6,4,2,A)
alice: shows [5s 7s Qh Jd] (HI: a pair of Kings; LO: 7,6,5,4,2)
carol collected $0.05 from pot
alice collected $0.04 from pot
*** SUMMARY ***
Total pot $0.09 | Rake $0
Board [2c 4d 6h Kc Ks]
Seat 1: alice (button) showed [5s 7s Qh Jd] and won ($0.04) with HI: a pair of Kings; LO: 7,6,5,4,2
Seat 2: bob (small blind) folded before Flop
Seat 3: carol (big blind) showed [Ah 8c Kd Td] and won ($0.05) with HI: three of a kind, Kings; LO: 8,6,4,2,A
"""  # noqa: E501


def test_odd_chip_of_a_hi_lo_split_goes_to_the_high_half() -> None:
    result = clean(ODD_HI_LO)
    assert winners(result) == {(0, 1): (("carol",), ("alice",))}
    assert awards(result) == {(0, 1): {("carol", 5, 5), ("alice", 4, 4)}}


def test_odd_chip_of_a_hi_lo_split_given_to_the_low_is_wrong() -> None:
    text = (
        ODD_HI_LO.replace("carol collected $0.05", "carol collected $0.04")
        .replace("alice collected $0.04", "alice collected $0.05")
        .replace("won ($0.04) with HI: a pair", "won ($0.05) with HI: a pair")
        .replace("won ($0.05) with HI: three", "won ($0.04) with HI: three")
    )
    result = audit(text)
    assert [f.code for f in result.findings] == ["ODD_CHIP_WRONG"]
    assert awards(result) == {(0, 1): {("carol", 5, 4), ("alice", 4, 5)}}


# ------------------------------------------------------------------ odd chip in a tied half

# Board Qs Jh Tc 7d 2s: no low possible (two low cards). alice and carol both make the
# straight Ten to Ace with A-K and tie; bob folded. Pot $0.05: $0.02 each and the odd
# chip to the first winner clockwise from the button (seat 1): carol (seat 3, bob folded).
# By suit, it goes to alice, whose Ace of spades outranks carol's Ace of hearts.
TIED_ODD_CHIP = """\
PokerStars Hand #210000000005:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:13:27 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2 in chips)
Seat 3: carol ($2 in chips)
bob: posts small blind $0.01
carol: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.02
bob: folds
carol: checks
*** FLOP *** [Qs Jh Tc]
carol: checks
alice: checks
*** TURN *** [Qs Jh Tc] [7d]
carol: checks
alice: checks
*** RIVER *** [Qs Jh Tc 7d] [2s]
carol: checks
alice: checks
*** SHOW DOWN ***
carol: shows [Ah Kd 3c 4c] (HI: a straight, Ten to Ace)
alice: shows [As Kc 3d 4d] (HI: a straight, Ten to Ace)
carol collected $0.03 from pot
alice collected $0.02 from pot
*** SUMMARY ***
Total pot $0.05 | Rake $0
Board [Qs Jh Tc 7d 2s]
Seat 1: alice (button) showed [As Kc 3d 4d] and won ($0.02) with HI: a straight, Ten to Ace
Seat 2: bob (small blind) folded before Flop
Seat 3: carol (big blind) showed [Ah Kd 3c 4c] and won ($0.03) with HI: a straight, Ten to Ace
"""

# The same hand paid by suit: the odd chip to alice.
TIED_ODD_CHIP_BY_SUIT = (
    TIED_ODD_CHIP.replace("carol collected $0.03", "carol collected $0.02")
    .replace("alice collected $0.02", "alice collected $0.03")
    .replace("and won ($0.02) with", "and won (X) with")
    .replace("and won ($0.03) with", "and won ($0.02) with")
    .replace("and won (X) with", "and won ($0.03) with")
)


def test_odd_chip_in_a_tie_to_the_first_winner_left_of_the_button() -> None:
    result = clean(TIED_ODD_CHIP)
    assert winners(result) == {(0, 1): (("carol", "alice"), ())}
    assert awards(result) == {(0, 1): {("carol", 3, 3), ("alice", 2, 2)}}


def test_odd_chip_in_a_tie_by_suit(tmp_path: Path) -> None:
    by_suit = profile_copy(
        tmp_path, "by_suit", 'tie_rule = "left_of_button"', 'tie_rule = "by_suit"'
    )
    result = clean(TIED_ODD_CHIP_BY_SUIT, by_suit)
    assert awards(result) == {(0, 1): {("carol", 2, 2), ("alice", 3, 3)}}
    # and the other rule's record is wrong under this profile, and vice versa
    assert [f.code for f in audit(TIED_ODD_CHIP, by_suit).findings] == ["ODD_CHIP_WRONG"]
    assert [f.code for f in audit(TIED_ODD_CHIP_BY_SUIT).findings] == ["ODD_CHIP_WRONG"]


# ------------------------------------------------------------------ same players, both halves

# Heads-up: alice (button, small blind) and bob (big blind) hold the same ranks and tie
# both halves (a pair of Kings; 8,4,3,2,A). Pot $0.10. Split each half on its own: each
# half $0.05, its odd chip to the first winner left of the button, bob: $0.06 and $0.04.
# Split the whole pot as evenly as possible: $0.05 each.
BOTH_HALVES = """\
PokerStars Hand #210000000006:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:15:51 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2 in chips)
alice: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.01
bob: checks
*** FLOP *** [3c 4d 8h]
bob: bets $0.03
alice: calls $0.03
*** TURN *** [3c 4d 8h] [Ks]
bob: checks
alice: checks
*** RIVER *** [3c 4d 8h Ks] [9s]
bob: checks
alice: checks
*** SHOW DOWN ***
bob: shows [Ah 2h Kd Qc] (HI: a pair of Kings; LO: 8,4,3,2,A)
alice: shows [As 2s Kc Qd] (HI: a pair of Kings; LO: 8,4,3,2,A)
bob collected $0.06 from pot
alice collected $0.04 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Board [3c 4d 8h Ks 9s]
Seat 1: alice (button) (small blind) showed [As 2s Kc Qd] and won ($0.04) with HI: a pair of Kings; LO: 8,4,3,2,A
Seat 2: bob (big blind) showed [Ah 2h Kd Qc] and won ($0.06) with HI: a pair of Kings; LO: 8,4,3,2,A
"""  # noqa: E501

BOTH_HALVES_WHOLE_POT = (
    BOTH_HALVES.replace("bob collected $0.06", "bob collected $0.05")
    .replace("alice collected $0.04", "alice collected $0.05")
    .replace("and won ($0.04) with", "and won ($0.05) with")
    .replace("and won ($0.06) with", "and won ($0.05) with")
)


def test_same_players_both_halves_split_each_half() -> None:
    result = clean(BOTH_HALVES)
    assert winners(result) == {(0, 1): (("bob", "alice"), ("bob", "alice"))}
    assert awards(result) == {(0, 1): {("bob", 6, 6), ("alice", 4, 4)}}
    assert [f.code for f in audit(BOTH_HALVES_WHOLE_POT).findings] == ["ODD_CHIP_WRONG"]


def test_same_players_both_halves_split_whole_pot(tmp_path: Path) -> None:
    whole = profile_copy(
        tmp_path,
        "whole_pot",
        'same_players_both_halves = "split_each_half"',
        'same_players_both_halves = "split_whole_pot"',
    )
    result = clean(BOTH_HALVES_WHOLE_POT, whole)
    assert awards(result) == {(0, 1): {("bob", 5, 5), ("alice", 5, 5)}}
    assert [f.code for f in audit(BOTH_HALVES, whole).findings] == ["ODD_CHIP_WRONG"]


# ------------------------------------------------------------------ side pot with no low

# bob is all-in before the flop for $0.06; alice and carol bet on into a side pot. Board
# 2c 5d 7h Kc Ks: bob's A-3 makes the only low (7,5,3,2,A), carol's trip Kings the best
# high. Main pot $0.18: $0.09 to carol, $0.09 to bob. The side pot's contenders (alice,
# carol) have no low: its $0.20 goes whole to carol's high (pokerkit splits its "low half"
# among them: ORACLES item 7).
SIDE_POT_NO_LOW = """\
PokerStars Hand #210000000007:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:17:33 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($0.06 in chips)
Seat 3: carol ($2 in chips)
bob: posts small blind $0.01
carol: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.02
bob: raises $0.04 to $0.06 and is all-in
carol: calls $0.04
alice: calls $0.04
*** FLOP *** [2c 5d 7h]
carol: bets $0.10
alice: calls $0.10
*** TURN *** [2c 5d 7h] [Kc]
carol: checks
alice: checks
*** RIVER *** [2c 5d 7h Kc] [Ks]
carol: checks
alice: checks
*** SHOW DOWN ***
carol: shows [Kd 9c 9d Tc] (HI: three of a kind, Kings)
alice: shows [Qh Qc Jc Th] (HI: two pair, Kings and Queens)
carol collected $0.20 from side pot
bob: shows [As 3h Qd Jd] (HI: a pair of Kings; LO: 7,5,3,2,A)
carol collected $0.09 from main pot
bob collected $0.09 from main pot
*** SUMMARY ***
Total pot $0.38 Main pot $0.18. Side pot $0.20. | Rake $0
Board [2c 5d 7h Kc Ks]
Seat 1: alice (button) showed [Qh Qc Jc Th] and lost with HI: two pair, Kings and Queens
Seat 2: bob (small blind) showed [As 3h Qd Jd] and won ($0.09) with HI: a pair of Kings; LO: 7,5,3,2,A
Seat 3: carol (big blind) showed [Kd 9c 9d Tc] and won ($0.29) with HI: three of a kind, Kings
"""  # noqa: E501


def test_side_pot_with_no_low_goes_whole_to_its_high() -> None:
    result = clean(SIDE_POT_NO_LOW)
    assert winners(result) == {(0, 1): (("carol",), ("bob",)), (1, 1): (("carol",), ())}
    assert awards(result) == {
        (0, 1): {("carol", 9, 9), ("bob", 9, 9)},
        (1, 1): {("carol", 20, 20)},
    }


def test_side_pot_low_half_paid_to_a_contender_is_wrong() -> None:
    """pokerkit's way (ORACLES item 7): the side pot's low half to alice, who has no low."""
    text = (
        SIDE_POT_NO_LOW.replace(
            "carol collected $0.20 from side pot",
            "carol collected $0.10 from side pot\nalice collected $0.10 from side pot",
        )
        .replace("and lost with HI: two pair", "and won ($0.10) with HI: two pair")
        .replace("won ($0.29) with HI: three", "won ($0.19) with HI: three")
    )
    result = audit(text)
    codes = [f.code for f in result.findings]
    assert codes == ["LOW_NOT_QUALIFIED"], _show(result.findings)
    assert result.findings[0].player == "alice"


# ------------------------------------------------------------------ run it twice

# Heads-up, all in before the flop for $0.50 each; run twice, each board $0.50.
# Board 1 (2c 5d 7h Kc Ks): bob's trip Kings the high ($0.25), alice's 7,5,3,2,A the low
# ($0.25). Board 2 (Qs Jh Th 8s 8c, no low): bob's straight Nine to King scoops ($0.50)
# over alice's two pair.
RUN_TWICE = """\
PokerStars Hand #210000000008:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/03/14 21:19:45 ET
Table 'Awards' 6-max Seat #1 is the button
Seat 1: alice ($0.50 in chips)
Seat 2: bob ($0.50 in chips)
alice: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
alice: raises $0.04 to $0.06
bob: raises $0.12 to $0.18
alice: raises $0.32 to $0.50 and is all-in
bob: calls $0.32 and is all-in
*** FIRST FLOP *** [2c 5d 7h]
*** FIRST TURN *** [2c 5d 7h] [Kc]
*** FIRST RIVER *** [2c 5d 7h Kc] [Ks]
*** SECOND FLOP *** [Qs Jh Th]
*** SECOND TURN *** [Qs Jh Th] [8s]
*** SECOND RIVER *** [Qs Jh Th 8s] [8c]
*** FIRST SHOW DOWN ***
bob: shows [Kd 9c 9d Tc] (HI: three of a kind, Kings)
alice: shows [As 3h Qd Jd] (HI: a pair of Kings; LO: 7,5,3,2,A)
bob collected $0.25 from pot
alice collected $0.25 from pot
*** SECOND SHOW DOWN ***
bob: shows [Kd 9c 9d Tc] (HI: a straight, Nine to King)
alice: shows [As 3h Qd Jd] (HI: two pair, Queens and Jacks)
bob collected $0.50 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Hand was run twice
FIRST Board [2c 5d 7h Kc Ks]
SECOND Board [Qs Jh Th 8s 8c]
Seat 1: alice (button) (small blind) showed [As 3h Qd Jd] and won ($0.25) with HI: a pair of Kings; LO: 7,5,3,2,A, and lost with HI: two pair, Queens and Jacks
Seat 2: bob (big blind) showed [Kd 9c 9d Tc] and won ($0.25) with HI: three of a kind, Kings, and won ($0.50) with HI: a straight, Nine to King
"""  # noqa: E501


def test_run_it_twice_each_board_awards_its_share() -> None:
    result = clean(RUN_TWICE)
    assert winners(result) == {(0, 1): (("bob",), ("alice",)), (0, 2): (("bob",), ())}
    assert awards(result) == {
        (0, 1): {("bob", 25, 25), ("alice", 25, 25)},
        (0, 2): {("bob", 50, 50)},
    }


def test_run_it_twice_second_board_paid_to_the_loser_is_wrong() -> None:
    text = (
        RUN_TWICE.replace("bob collected $0.50 from pot", "alice collected $0.50 from pot")
        .replace(
            "and lost with HI: two pair, Queens and Jacks",
            "and won ($0.50) with HI: two pair, Queens and Jacks",
        )
        .replace("and won ($0.50) with HI: a straight", "and lost with HI: a straight")
    )
    result = audit(text)
    assert [f.code for f in result.findings] == ["WINNER_WRONG"], _show(result.findings)
    assert awards(result)[(0, 2)] == {("bob", 50, 0), ("alice", 0, 50)}


# Bovada_Ignition/PLO/PLO-USD-5-10-201204.new.format.txt #2601409940 (lines 405-442):
# UTG+1 "Posts dead chip $15" (a $5 dead small blind and a live $10), so he puts in $5
# more than the big blind, who calls him down; nobody is all-in.
DEAD_CHIP = """\
Bovada Hand #2601409940 TBL#1090318 OMAHA Pot Limit - 2012-04-24 03:11:02
Seat 1: UTG+1 ($300 in chips)
Seat 2: Dealer ($1,620 in chips)
Seat 3: Small Blind ($4,164.67 in chips)
Seat 4: Big Blind [ME] ($340 in chips)
Seat 5: UTG ($1,876.75 in chips)
Dealer : Set dealer/Bring in spot [2]
Small Blind : Ante/Small Blind $5
Big Blind  [ME] : Big blind/Bring in $10
UTG+1 : Posts dead chip $15
*** HOLE CARDS ***
UTG+1 : Card dealt to a spot [Qc 8d 9c Qh]
Dealer : Card dealt to a spot [Jc 3h 2h 7d]
Small Blind : Card dealt to a spot [8c 2d 6d Jd]
Big Blind  [ME] : Card dealt to a spot [9d 6h Kd Tc]
UTG : Card dealt to a spot [Ah 6s 5c 9s]
UTG : Folds
UTG+1 : Raises $35
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Calls $25
Big Blind  [ME] : Checks
UTG+1 : Checks
Big Blind  [ME] : Checks
UTG+1 : Bets $40
Big Blind  [ME] : Calls $40
Big Blind  [ME] : Checks
UTG+1 : Checks
Big Blind  [ME] : Showdown [Kd Tc 4c Kh 4h] (Two pair)
UTG+1 : Mucks [Qc 8d 9c Qh] (Two pair)
Big Blind  [ME] : Hand result $158
*** SUMMARY ***
Total Pot($160) | Rake ($2)
Board [4c Kh 4h 2c Jh]
Seat 1: UTG+1 [Mucked] [Qc 8d 9c Qh   ]
Seat 2: Dealer Folded on the POCKET CARDS
Seat 3: Small Blind Folded on the POCKET CARDS
Seat 4: Big Blind $158  with Two pair [9d 6h Kd Tc-Kd Tc 4c Kh 4h]
"""


def test_chips_beyond_another_players_make_no_side_pot_where_nobody_is_all_in() -> None:
    """Side pots are closed by all-in players only: the $5 dead chip made a $5 "side
    pot" only UTG+1 could win, and the big blind's $158 was then more than his shares."""
    (result,) = audit_text(DEAD_CHIP)
    assert result.replay is not None
    assert [(p.amount, p.eligible) for p in result.replay.pots] == [
        (16000, ("Seat 1", "Seat 4"))
    ]
    assert [f.code for f in result.findings] == []
