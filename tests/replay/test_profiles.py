"""Rule profiles: each key the replay engine uses, under both (or all) of its settings.

Every test replays a short PokerStars-format hand, written inline, that is legal under
one setting of one key and yields the expected finding under the other. Variants of the
seeds' profile are written to ``tmp_path`` with exactly one key changed.

Keys used only by the showdown/award stage (``showdown.order``, ``odd_chips.*``,
``rake.*``) are not yet used by the engine and are not tested here.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from auditor.findings import Code
from auditor.pipeline import FileSummary, HandAuditor, HandResult, Status
from auditor.replay.continuity import continuity_findings, table_hand
from auditor.replay.profile import (
    PROFILE_DIR,
    ProfileError,
    RuleProfile,
    bundled_profiles,
    load_profile,
    profile_for_site,
)

SEEDS_TOML = PROFILE_DIR / "seeds.toml"

# -------------------- helpers


def _toml_value(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return f'"{value}"'


def variant(tmp_path: Path, section: str, key: str, value: str | int | bool) -> str:
    """The path of a copy of seeds.toml with ``[section] key`` set to ``value``."""
    lines = SEEDS_TOML.read_text(encoding="utf-8").splitlines()
    current = ""
    replaced = 0
    out = []
    for line in lines:
        header = re.fullmatch(r"\[(\w+)\]", line.strip())
        if header:
            current = header.group(1)
        elif current == section and re.match(rf"{key}\s*=", line):
            line = f"{key} = {_toml_value(value)}"
            replaced += 1
        elif current == "" and line.startswith("name ="):
            line = f'name = "seeds-{section}-{key}"'
        out.append(line)
    assert replaced == 1, f"[{section}] {key} not found in seeds.toml"
    # a neutral file name, so that an error message naming the key is not the path's doing
    path = tmp_path / f"house{len(list(tmp_path.glob('*.toml')))}.toml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


def audit(text: str, rules: str) -> list[HandResult]:
    name = "inline.txt"
    results = list(
        HandAuditor(rules).audit_stream(io.BytesIO(text.encode()), name, FileSummary(name))
    )
    assert results, "no hand read"
    for result in results:
        assert result.status is Status.AUDITED, result.findings
    return results


def codes(text: str, rules: str) -> list[str]:
    """The finding codes of the one hand in ``text`` audited under ``rules``."""
    (result,) = audit(text, rules)
    return sorted(f.code for f in result.findings)


# -------------------- bundled profiles


@pytest.mark.parametrize("name", ["seeds", "pokerstars", "tda"])
def test_bundled_profiles_load(name: str) -> None:
    profile = load_profile(name)
    assert isinstance(profile, RuleProfile)
    assert profile.name == name
    assert profile.description


def test_bundled_profiles_listed() -> None:
    from auditor.rooms import REGISTRY

    listed = bundled_profiles()
    assert listed == sorted(listed) and {"ggpoker", "pokerstars", "seeds", "tda"} <= set(listed)
    assert {room.default_profile for room in REGISTRY.values()} <= set(listed)  # each room's


def test_bundled_profiles_differ_where_documented() -> None:
    seeds, stars, tda = (load_profile(n) for n in ("seeds", "pokerstars", "tda"))
    assert (seeds.timeout_rule, stars.timeout_rule, tda.timeout_rule) == (
        "all_in_protection",
        "check_or_fold",
        "check_or_fold",
    )
    assert (seeds.button_movement, tda.button_movement) == ("moving", "dead")
    assert (seeds.cap_heads_up, tda.cap_heads_up) == ("never", "when_heads_up")
    assert (seeds.short_all_in_reopens, tda.short_all_in_reopens) == ("full_raise", "half_bet")
    assert seeds.fixed_limit_small_blind_rounding == "down"
    assert seeds.bets_per_round == 4
    assert seeds.heads_up_button_posts_small_blind is True
    assert seeds.preflop_small_blind_counts_as_big is False


def test_profile_from_a_path(tmp_path: Path) -> None:
    profile = load_profile(variant(tmp_path, "fixed_limit", "bets_per_round", 5))
    assert profile.name == "seeds-fixed_limit-bets_per_round"
    assert profile.bets_per_round == 5


def test_unknown_profile_name() -> None:
    with pytest.raises(ProfileError, match=r"unknown rule profile 'casino'.*seeds"):
        load_profile("casino")


def test_unknown_profile_fails_before_any_input() -> None:
    with pytest.raises(ProfileError, match="unknown rule profile"):
        HandAuditor("casino")


def test_missing_toml_path(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match=r"no such file: .*absent\.toml"):
        load_profile(str(tmp_path / "absent.toml"))


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("blinds", "fixed_limit_small_blind_rounding", "nearest"),
        ("button", "movement", "floating"),
        ("fixed_limit", "cap_heads_up", "sometimes"),
        ("fixed_limit", "short_all_in_reopens", "third_bet"),
        ("timeout", "rule", "sit_out"),
    ],
)
def test_bad_choice_names_the_key(tmp_path: Path, section: str, key: str, value: str) -> None:
    path = variant(tmp_path, section, key, value)
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    message = str(info.value)
    assert key in message
    assert repr(value) in message


def test_too_few_bets_per_round(tmp_path: Path) -> None:
    too_few = r"fixed_limit\.bets_per_round: must be between 2 and 100, got 1"
    with pytest.raises(ProfileError, match=too_few):
        load_profile(variant(tmp_path, "fixed_limit", "bets_per_round", 1))


def test_missing_key_names_it(tmp_path: Path) -> None:
    text = SEEDS_TOML.read_text(encoding="utf-8")
    path = tmp_path / "no_timeout.toml"
    path.write_text(text.replace('rule = "all_in_protection"', ""), encoding="utf-8")
    with pytest.raises(ProfileError, match=r"timeout\.rule: missing"):
        load_profile(str(path))


def test_invalid_toml(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('name = "broken\n', encoding="utf-8")
    with pytest.raises(ProfileError, match=r"broken\.toml"):
        load_profile(str(path))


def test_string_for_a_boolean_key(tmp_path: Path) -> None:
    path = variant(tmp_path, "blinds", "heads_up_button_posts_small_blind", "false")
    with pytest.raises(ProfileError, match="heads_up_button_posts_small_blind"):
        load_profile(path)


def test_string_for_an_integer_key(tmp_path: Path) -> None:
    path = variant(tmp_path, "fixed_limit", "bets_per_round", "four")
    with pytest.raises(ProfileError, match="bets_per_round"):
        load_profile(path)


def test_profile_for_site() -> None:
    assert profile_for_site("PokerStars", "auto") == "pokerstars"
    assert profile_for_site("GGPoker", "auto") == "ggpoker"
    assert profile_for_site("Full Tilt Poker", "auto") == "fulltilt"
    assert profile_for_site("PartyPoker", "auto") == "party"
    for site in ("Pacific Poker of 1999", ""):  # no room's site
        assert profile_for_site(site, "auto") == "seeds"
    assert profile_for_site("PokerStars", "tda") == "tda"
    assert profile_for_site("GGPoker", "/x/house.toml") == "/x/house.toml"


# -------------------- blinds.fixed_limit_small_blind_rounding

LIMIT_SB_2 = """\
PokerStars Hand #210000000001:  Omaha Limit ($5/$10 USD) - 2014/01/06 17:58:02 ET
Table 'Profiles Limit' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: bob ($250 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $2
cat: posts big blind $5
*** HOLE CARDS ***
ann: calls $5
bob: calls $3
cat: checks
*** FLOP *** [9h Ts 8d]
bob: checks
cat: checks
ann: bets $5
bob: folds
cat: folds
Uncalled bet ($5) returned to ann
ann collected $15 from pot
*** SUMMARY ***
Total pot $15 | Rake $0
Board [9h Ts 8d]
Seat 1: ann (button) collected ($15)
Seat 2: bob (small blind) folded on the Flop
Seat 3: cat (big blind) folded on the Flop
"""

LIMIT_SB_3 = LIMIT_SB_2.replace("posts small blind $2", "posts small blind $3").replace(
    "bob: calls $3", "bob: calls $2"
)


def test_small_blind_rounded_down(tmp_path: Path) -> None:
    assert codes(LIMIT_SB_2, "seeds") == []
    up = variant(tmp_path, "blinds", "fixed_limit_small_blind_rounding", "up")
    (result,) = audit(LIMIT_SB_2, up)
    wrong = list(result.findings)
    assert [f.code for f in wrong] == ["BLIND_WRONG"]
    assert (wrong[0].player, wrong[0].expected, wrong[0].recorded) == ("bob", "3.00", "2.00")


def test_small_blind_rounded_up(tmp_path: Path) -> None:
    up = variant(tmp_path, "blinds", "fixed_limit_small_blind_rounding", "up")
    assert codes(LIMIT_SB_3, up) == []
    (result,) = audit(LIMIT_SB_3, "seeds")
    assert [(f.code, f.expected, f.recorded) for f in result.findings] == [
        ("BLIND_WRONG", "2.00", "3.00")
    ]


# -------------------- blinds.heads_up_button_posts_small_blind

HEADS_UP_BUTTON_SMALL = """\
PokerStars Hand #210000000002:  Omaha Pot Limit ($0.50/$1 USD) - 2020/03/14 21:05:09 ET
Table 'Profiles HU' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 4: bob ($100 in chips)
ann: posts small blind $0.50
bob: posts big blind $1
*** HOLE CARDS ***
ann: calls $0.50
bob: checks
*** FLOP *** [9h Ts 8d]
bob: bets $2
ann: folds
Uncalled bet ($2) returned to bob
bob collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Board [9h Ts 8d]
Seat 1: ann (button) (small blind) folded on the Flop
Seat 4: bob (big blind) collected ($2)
"""

HEADS_UP_BUTTON_BIG = """\
PokerStars Hand #210000000003:  Omaha Pot Limit ($0.50/$1 USD) - 2020/03/14 21:06:10 ET
Table 'Profiles HU' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 4: bob ($100 in chips)
bob: posts small blind $0.50
ann: posts big blind $1
*** HOLE CARDS ***
bob: calls $0.50
ann: checks
*** FLOP *** [9h Ts 8d]
bob: bets $2
ann: folds
Uncalled bet ($2) returned to bob
bob collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Board [9h Ts 8d]
Seat 1: ann (button) (big blind) folded on the Flop
Seat 4: bob (small blind) collected ($2)
"""


def test_heads_up_button_posts_small_blind(tmp_path: Path) -> None:
    assert codes(HEADS_UP_BUTTON_SMALL, "seeds") == []
    off = variant(tmp_path, "blinds", "heads_up_button_posts_small_blind", False)
    found = codes(HEADS_UP_BUTTON_SMALL, off)
    assert found and set(found) == {"BLIND_WRONG"}


def test_heads_up_button_posts_big_blind(tmp_path: Path) -> None:
    off = variant(tmp_path, "blinds", "heads_up_button_posts_small_blind", False)
    assert codes(HEADS_UP_BUTTON_BIG, off) == []
    found = codes(HEADS_UP_BUTTON_BIG, "seeds")
    assert found and set(found) == {"BLIND_WRONG"}


# -------------------- fixed_limit.bets_per_round

FIVE_BETS_THREE_HANDED = """\
PokerStars Hand #210000000004:  Omaha Limit ($5/$10 USD) - 2014/01/06 18:02:11 ET
Table 'Profiles Limit' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: bob ($250 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $2
cat: posts big blind $5
*** HOLE CARDS ***
ann: calls $5
bob: calls $3
cat: checks
*** FLOP *** [9h Ts 8d]
bob: bets $5
cat: raises $5 to $10
ann: raises $5 to $15
bob: raises $5 to $20
cat: raises $5 to $25
ann: calls $10
bob: calls $5
*** TURN *** [9h Ts 8d] [2c]
bob: bets $10
cat: folds
ann: folds
Uncalled bet ($10) returned to bob
bob collected $90 from pot
*** SUMMARY ***
Total pot $90 | Rake $0
Board [9h Ts 8d 2c]
Seat 1: ann (button) folded on the Turn
Seat 2: bob (small blind) collected ($90)
Seat 3: cat (big blind) folded on the Turn
"""

FOUR_BETS_THREE_HANDED = """\
PokerStars Hand #210000000005:  Omaha Limit ($5/$10 USD) - 2014/01/06 18:03:40 ET
Table 'Profiles Limit' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: bob ($250 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $2
cat: posts big blind $5
*** HOLE CARDS ***
ann: calls $5
bob: calls $3
cat: checks
*** FLOP *** [9h Ts 8d]
bob: bets $5
cat: raises $5 to $10
ann: raises $5 to $15
bob: raises $5 to $20
Betting is capped
cat: calls $10
ann: calls $5
*** TURN *** [9h Ts 8d] [2c]
bob: bets $10
cat: folds
ann: folds
Uncalled bet ($10) returned to bob
bob collected $75 from pot
*** SUMMARY ***
Total pot $75 | Rake $0
Board [9h Ts 8d 2c]
Seat 1: ann (button) folded on the Turn
Seat 2: bob (small blind) collected ($75)
Seat 3: cat (big blind) folded on the Turn
"""


def test_four_bets_per_round() -> None:
    (result,) = audit(FIVE_BETS_THREE_HANDED, "seeds")
    capped = [(f.code, f.player, f.street) for f in result.findings]
    assert capped == [("CAP_EXCEEDED", "cat", "flop")]
    assert codes(FOUR_BETS_THREE_HANDED, "seeds") == []


def test_five_bets_per_round(tmp_path: Path) -> None:
    five = variant(tmp_path, "fixed_limit", "bets_per_round", 5)
    assert codes(FIVE_BETS_THREE_HANDED, five) == []
    assert codes(FOUR_BETS_THREE_HANDED, five) == []


def test_preflop_big_blind_is_the_first_bet(tmp_path: Path) -> None:
    """Before the flop the big blind counts: blind + 3 raises caps a 4-bet round."""
    text = """\
PokerStars Hand #210000000006:  Omaha Limit ($5/$10 USD) - 2014/01/06 18:04:40 ET
Table 'Profiles Limit' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: bob ($250 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $2
cat: posts big blind $5
*** HOLE CARDS ***
ann: raises $5 to $10
bob: raises $5 to $15
cat: raises $5 to $20
ann: raises $5 to $25
bob: calls $10
cat: calls $5
*** FLOP *** [9h Ts 8d]
bob: bets $5
cat: folds
ann: folds
Uncalled bet ($5) returned to bob
bob collected $75 from pot
*** SUMMARY ***
Total pot $75 | Rake $0
Board [9h Ts 8d]
Seat 1: ann (button) folded on the Flop
Seat 2: bob (small blind) collected ($75)
Seat 3: cat (big blind) folded on the Flop
"""
    assert codes(text, "seeds") == ["CAP_EXCEEDED"]
    assert codes(text, variant(tmp_path, "fixed_limit", "bets_per_round", 5)) == []


# -------------------- fixed_limit.cap_heads_up

FIVE_BETS_HEADS_UP = """\
PokerStars Hand #210000000007:  Omaha Limit ($5/$10 USD) - 2014/01/06 18:05:40 ET
Table 'Profiles Limit HU' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 4: bob ($250 in chips)
ann: posts small blind $2
bob: posts big blind $5
*** HOLE CARDS ***
ann: calls $3
bob: checks
*** FLOP *** [9h Ts 8d]
bob: bets $5
ann: raises $5 to $10
bob: raises $5 to $15
ann: raises $5 to $20
bob: raises $5 to $25
ann: calls $5
*** TURN *** [9h Ts 8d] [2c]
bob: bets $10
ann: folds
Uncalled bet ($10) returned to bob
bob collected $60 from pot
*** SUMMARY ***
Total pot $60 | Rake $0
Board [9h Ts 8d 2c]
Seat 1: ann (button) (small blind) folded on the Turn
Seat 4: bob (big blind) collected ($60)
"""

FIVE_BETS_BECAME_HEADS_UP = """\
PokerStars Hand #210000000008:  Omaha Limit ($5/$10 USD) - 2014/01/06 18:08:15 ET
Table 'Profiles Limit' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: bob ($250 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $2
cat: posts big blind $5
*** HOLE CARDS ***
ann: calls $5
bob: calls $3
cat: checks
*** FLOP *** [9h Ts 8d]
bob: bets $5
cat: folds
ann: raises $5 to $10
bob: raises $5 to $15
ann: raises $5 to $20
bob: raises $5 to $25
ann: calls $5
*** TURN *** [9h Ts 8d] [2c]
bob: bets $10
ann: folds
Uncalled bet ($10) returned to bob
bob collected $65 from pot
*** SUMMARY ***
Total pot $65 | Rake $0
Board [9h Ts 8d 2c]
Seat 1: ann (button) folded on the Turn
Seat 2: bob (small blind) collected ($65)
Seat 3: cat (big blind) folded on the Flop
"""


@pytest.mark.parametrize(
    ("rule", "began_heads_up", "became_heads_up"),
    [
        ("never", ["CAP_EXCEEDED"], ["CAP_EXCEEDED"]),
        ("when_heads_up", [], []),
        ("if_round_began_heads_up", [], ["CAP_EXCEEDED"]),
    ],
)
def test_cap_heads_up(
    tmp_path: Path, rule: str, began_heads_up: list[str], became_heads_up: list[str]
) -> None:
    profile = variant(tmp_path, "fixed_limit", "cap_heads_up", rule)
    assert codes(FIVE_BETS_HEADS_UP, profile) == began_heads_up
    assert codes(FIVE_BETS_BECAME_HEADS_UP, profile) == became_heads_up


def test_cap_kept_three_handed_whatever_the_heads_up_rule(tmp_path: Path) -> None:
    for rule in ("when_heads_up", "if_round_began_heads_up"):
        profile = variant(tmp_path, "fixed_limit", "cap_heads_up", rule)
        assert codes(FIVE_BETS_THREE_HANDED, profile) == ["CAP_EXCEEDED"]


def test_tda_lifts_the_cap_heads_up() -> None:
    assert codes(FIVE_BETS_HEADS_UP, "tda") == []
    assert codes(FIVE_BETS_HEADS_UP, "pokerstars") == ["CAP_EXCEEDED"]


# -------------------- fixed_limit.short_all_in_reopens

# cat's all-in raise of $3 on a $5 bet is more than half a bet; bob, who opened, then
# re-raises to $15 (the half-bet rule counts cat's $8 as a raise to $10).
SHORT_ALL_IN_THEN_RERAISE = """\
PokerStars Hand #210000000009:  Omaha Limit ($5/$10 USD) - 2014/01/06 18:12:03 ET
Table 'Profiles Limit' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: bob ($250 in chips)
Seat 3: cat ($13 in chips)
bob: posts small blind $2
cat: posts big blind $5
*** HOLE CARDS ***
ann: calls $5
bob: calls $3
cat: checks
*** FLOP *** [9h Ts 8d]
bob: bets $5
cat: raises $3 to $8 and is all-in
ann: calls $8
bob: raises $7 to $15
ann: calls $7
*** TURN *** [9h Ts 8d] [2c]
bob: bets $10
ann: folds
Uncalled bet ($10) returned to bob
*** RIVER *** [9h Ts 8d 2c] [3s]
*** SHOW DOWN ***
bob: shows [Jc Qd 4h 4s] (a straight, Eight to Queen)
cat: shows [Ah Kd 7c 6c] (a straight, Six to Ten)
bob collected $14 from side pot
bob collected $39 from main pot
*** SUMMARY ***
Total pot $53 Main pot $39. Side pot $14. | Rake $0
Board [9h Ts 8d 2c 3s]
Seat 1: ann (button) folded on the Turn
Seat 2: bob (small blind) showed [Jc Qd 4h 4s] and won ($53) with a straight, Eight to Queen
Seat 3: cat (big blind) showed [Ah Kd 7c 6c] and lost with a straight, Six to Ten
"""

# the same, but bob only calls cat's short all-in: legal under both rules
SHORT_ALL_IN_THEN_CALL = (
    SHORT_ALL_IN_THEN_RERAISE.replace("bob: raises $7 to $15\nann: calls $7\n", "bob: calls $3\n")
    .replace("bob collected $14 from side pot\n", "")
    .replace("bob collected $39 from main pot", "bob collected $39 from pot")
    .replace("Total pot $53 Main pot $39. Side pot $14.", "Total pot $39")
    .replace("won ($53)", "won ($39)")
)


def test_short_all_in_full_raise_rule() -> None:
    (result,) = audit(SHORT_ALL_IN_THEN_RERAISE, "seeds")
    found = {f.code: f for f in result.findings}
    assert "RERAISE_NOT_ALLOWED" in found
    assert found[Code.RERAISE_NOT_ALLOWED].player == "bob"
    # nothing else is wrong with the hand but the size of the raise that was not allowed
    assert set(found) <= {"RERAISE_NOT_ALLOWED", "BET_SIZE_WRONG"}
    assert codes(SHORT_ALL_IN_THEN_CALL, "seeds") == []


def test_short_all_in_half_bet_rule(tmp_path: Path) -> None:
    half = variant(tmp_path, "fixed_limit", "short_all_in_reopens", "half_bet")
    assert codes(SHORT_ALL_IN_THEN_RERAISE, half) == []
    assert codes(SHORT_ALL_IN_THEN_CALL, half) == []
    assert codes(SHORT_ALL_IN_THEN_RERAISE, "tda") == []


def test_short_all_in_below_half_a_bet_reopens_under_neither(tmp_path: Path) -> None:
    """An all-in raise of $2 on a $5 bet is less than half a bet: no re-opening."""
    text = (
        SHORT_ALL_IN_THEN_RERAISE.replace("($13 in chips)", "($12 in chips)")
        .replace("raises $3 to $8 and is all-in", "raises $2 to $7 and is all-in")
        .replace("ann: calls $8", "ann: calls $7")
        .replace("bob: raises $7 to $15\nann: calls $7", "bob: raises $8 to $15\nann: calls $8")
        .replace("$14 from side pot", "$16 from side pot")
        .replace("$39 from main pot", "$36 from main pot")
        .replace("Main pot $39. Side pot $14.", "Main pot $36. Side pot $16.")
        .replace("Total pot $53", "Total pot $52")
        .replace("won ($53)", "won ($52)")
    )
    half = variant(tmp_path, "fixed_limit", "short_all_in_reopens", "half_bet")
    for profile in ("seeds", half):
        assert "RERAISE_NOT_ALLOWED" in codes(text, profile)


# -------------------- pot_limit.preflop_small_blind_counts_as_big

PLO_OPEN_TO_8 = """\
PokerStars Hand #210000000010:  Omaha Pot Limit ($1/$2 USD) - 2020/03/14 21:10:00 ET
Table 'Profiles PLO' 6-max Seat #1 is the button
Seat 1: ann ($200 in chips)
Seat 2: bob ($200 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
ann: raises $6 to $8
bob: folds
cat: folds
Uncalled bet ($6) returned to ann
ann collected $5 from pot
*** SUMMARY ***
Total pot $5 | Rake $0
Seat 1: ann (button) collected ($5)
Seat 2: bob (small blind) folded before Flop
Seat 3: cat (big blind) folded before Flop
"""


def test_preflop_pot_counts_the_chips_posted() -> None:
    (result,) = audit(PLO_OPEN_TO_8, "seeds")
    assert [(f.code, f.expected, f.recorded) for f in result.findings] == [
        ("RAISE_ABOVE_POT", "at most 7.00", "8.00")
    ]
    to_7 = PLO_OPEN_TO_8.replace("raises $6 to $8", "raises $5 to $7").replace(
        "Uncalled bet ($6)", "Uncalled bet ($5)"
    )
    assert codes(to_7, "seeds") == []


def test_preflop_small_blind_counts_as_big(tmp_path: Path) -> None:
    big = variant(tmp_path, "pot_limit", "preflop_small_blind_counts_as_big", True)
    assert codes(PLO_OPEN_TO_8, big) == []
    to_9 = PLO_OPEN_TO_8.replace("raises $6 to $8", "raises $7 to $9").replace(
        "Uncalled bet ($6)", "Uncalled bet ($7)"
    )
    (result,) = audit(to_9, big)
    assert [(f.code, f.expected) for f in result.findings] == [("RAISE_ABOVE_POT", "at most 8.00")]


# -------------------- timeout.rule

TIMED_OUT_FOLDS_FACING_BET = """\
PokerStars Hand #210000000011:  Omaha Pot Limit ($1/$2 USD) - 2020/03/14 21:15:00 ET
Table 'Profiles PLO' 6-max Seat #1 is the button
Seat 1: ann ($200 in chips)
Seat 2: bob ($200 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
ann: calls $2
bob: calls $1
cat: checks
*** FLOP *** [9h Ts 8d]
bob: checks
cat: bets $4
ann: folds
bob has timed out
bob: folds
Uncalled bet ($4) returned to cat
cat collected $6 from pot
*** SUMMARY ***
Total pot $6 | Rake $0
Board [9h Ts 8d]
Seat 1: ann (button) folded on the Flop
Seat 2: bob (small blind) folded on the Flop
Seat 3: cat (big blind) collected ($6)
"""

TIMED_OUT_CHECKS = """\
PokerStars Hand #210000000012:  Omaha Pot Limit ($1/$2 USD) - 2020/03/14 21:16:20 ET
Table 'Profiles PLO' 6-max Seat #1 is the button
Seat 1: ann ($200 in chips)
Seat 2: bob ($200 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
ann: calls $2
bob: calls $1
cat: checks
*** FLOP *** [9h Ts 8d]
bob has timed out
bob: checks
cat: bets $4
ann: folds
bob: folds
Uncalled bet ($4) returned to cat
cat collected $6 from pot
*** SUMMARY ***
Total pot $6 | Rake $0
Board [9h Ts 8d]
Seat 1: ann (button) folded on the Flop
Seat 2: bob (small blind) folded on the Flop
Seat 3: cat (big blind) collected ($6)
"""

# ann, on the button, has put nothing in when she times out before the flop
TIMED_OUT_NOTHING_IN = """\
PokerStars Hand #210000000013:  Omaha Pot Limit ($1/$2 USD) - 2020/03/14 21:17:45 ET
Table 'Profiles PLO' 6-max Seat #1 is the button
Seat 1: ann ($200 in chips)
Seat 2: bob ($200 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
ann has timed out
ann: folds
bob: folds
Uncalled bet ($1) returned to cat
cat collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: bob (small blind) folded before Flop
Seat 3: cat (big blind) collected ($2)
"""


def test_timeout_all_in_protection() -> None:
    (result,) = audit(TIMED_OUT_FOLDS_FACING_BET, "seeds")
    assert [(f.code, f.player, f.recorded) for f in result.findings] == [
        ("TIMEOUT_WRONG", "bob", "fold")
    ]
    assert codes(TIMED_OUT_CHECKS, "seeds") == []
    assert codes(TIMED_OUT_NOTHING_IN, "seeds") == []


def test_timeout_check_or_fold(tmp_path: Path) -> None:
    check_or_fold = variant(tmp_path, "timeout", "rule", "check_or_fold")
    assert codes(TIMED_OUT_FOLDS_FACING_BET, check_or_fold) == []
    assert codes(TIMED_OUT_CHECKS, check_or_fold) == []
    assert codes(TIMED_OUT_NOTHING_IN, check_or_fold) == []
    assert codes(TIMED_OUT_FOLDS_FACING_BET, "pokerstars") == []


def test_timeout_check_or_fold_flags_a_fold_when_a_check_is_free(tmp_path: Path) -> None:
    folds_for_free = TIMED_OUT_CHECKS.replace(
        "bob has timed out\nbob: checks\ncat: bets $4\nann: folds\nbob: folds\n",
        "bob has timed out\nbob: folds\ncat: bets $4\nann: folds\n",
    )
    check_or_fold = variant(tmp_path, "timeout", "rule", "check_or_fold")
    (result,) = audit(folds_for_free, check_or_fold)
    assert [(f.code, f.expected, f.recorded) for f in result.findings] == [
        ("TIMEOUT_WRONG", "check", "fold")
    ]
    assert codes(folds_for_free, "seeds") == ["TIMEOUT_WRONG"]


# bob, with $2 in the pot, times out facing cat's bet; the record shows no action of his
# and keeps him in to the showdown (all-in protection: the main pot is his to win)
TIMED_OUT_PROTECTED = """\
PokerStars Hand #210000000014:  Omaha Pot Limit ($1/$2 USD) - 2020/03/14 21:19:00 ET
Table 'Profiles PLO' 6-max Seat #1 is the button
Seat 1: ann ($200 in chips)
Seat 2: bob ($200 in chips)
Seat 3: cat ($200 in chips)
bob: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
ann: calls $2
bob: calls $1
cat: checks
*** FLOP *** [9h Ts 8d]
bob: checks
cat: bets $4
ann: calls $4
bob is disconnected
bob has timed out while disconnected
*** TURN *** [9h Ts 8d] [2c]
cat: checks
ann: checks
*** RIVER *** [9h Ts 8d 2c] [3s]
cat: checks
ann: checks
*** SHOW DOWN ***
cat: shows [Jc Qd 4h 4s] (a straight, Eight to Queen)
ann: shows [Ah Kd 7c 6c] (a straight, Six to Ten)
bob: shows [As Ad 5c 5d] (a pair of Aces)
cat collected $8 from side pot
cat collected $6 from main pot
*** SUMMARY ***
Total pot $14 Main pot $6. Side pot $8. | Rake $0
Board [9h Ts 8d 2c 3s]
Seat 1: ann (button) showed [Ah Kd 7c 6c] and lost with a straight, Six to Ten
Seat 2: bob (small blind) showed [As Ad 5c 5d] and lost with a pair of Aces
Seat 3: cat (big blind) showed [Jc Qd 4h 4s] and won ($14) with a straight, Eight to Queen
"""


def test_timeout_all_in_protection_keeps_him_in_without_acting() -> None:
    assert codes(TIMED_OUT_PROTECTED, "seeds") == []


def test_timeout_check_or_fold_wants_a_fold_on_record(tmp_path: Path) -> None:
    check_or_fold = variant(tmp_path, "timeout", "rule", "check_or_fold")
    assert codes(TIMED_OUT_PROTECTED, check_or_fold) != []


# -------------------- button.movement

BUTTON_HAND_A = """\
PokerStars Hand #210000000020:  Omaha Pot Limit ($0.50/$1 USD) - 2020/03/14 21:20:00 ET
Table 'Profiles Button' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 2: bob ($100 in chips)
Seat 3: cat ($100 in chips)
Seat 4: dan ($100 in chips)
bob: posts small blind $0.50
cat: posts big blind $1
*** HOLE CARDS ***
dan: folds
ann: folds
bob: folds
Uncalled bet ($0.50) returned to cat
cat collected $1 from pot
bob leaves the table
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: bob (small blind) folded before Flop
Seat 3: cat (big blind) collected ($1)
Seat 4: dan folded before Flop (didn't bet)
"""

# bob (seat 2, last hand's small blind) has left: the moving button skips his empty seat
BUTTON_HAND_B_MOVING = """\
PokerStars Hand #210000000021:  Omaha Pot Limit ($0.50/$1 USD) - 2020/03/14 21:21:30 ET
Table 'Profiles Button' 6-max Seat #3 is the button
Seat 1: ann ($100 in chips)
Seat 3: cat ($100.50 in chips)
Seat 4: dan ($100 in chips)
dan: posts small blind $0.50
ann: posts big blind $1
*** HOLE CARDS ***
cat: folds
dan: folds
Uncalled bet ($0.50) returned to ann
ann collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: ann (big blind) collected ($1)
Seat 3: cat (button) folded before Flop (didn't bet)
Seat 4: dan (small blind) folded before Flop
"""

# ... and the dead button goes to his empty seat, so that cat does not skip the big blind
BUTTON_HAND_B_DEAD = """\
PokerStars Hand #210000000021:  Omaha Pot Limit ($0.50/$1 USD) - 2020/03/14 21:21:30 ET
Table 'Profiles Button' 6-max Seat #2 is the button
Seat 1: ann ($100 in chips)
Seat 3: cat ($100.50 in chips)
Seat 4: dan ($100 in chips)
cat: posts small blind $0.50
dan: posts big blind $1
*** HOLE CARDS ***
ann: folds
cat: folds
Uncalled bet ($0.50) returned to dan
dan collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: ann folded before Flop (didn't bet)
Seat 3: cat (small blind) folded before Flop
Seat 4: dan (big blind) collected ($1)
"""


def button_codes(second: str, rules: str) -> list[str]:
    """Cross-hand finding codes for BUTTON_HAND_A then ``second`` under ``rules``."""
    results = audit(BUTTON_HAND_A + "\n\n\n" + second, rules)
    assert len(results) == 2
    tables = []
    for result in results:
        assert result.hand is not None and result.replay is not None
        assert result.findings == ()  # each hand is clean on its own
        tables.append(table_hand(result.hand, dict(result.replay.ending_stacks)))
    return sorted(f.code for f in continuity_findings(tables, load_profile(rules)))


def test_moving_button() -> None:
    assert button_codes(BUTTON_HAND_B_MOVING, "seeds") == []
    assert button_codes(BUTTON_HAND_B_DEAD, "seeds") == ["BUTTON_WRONG"]


def test_dead_button(tmp_path: Path) -> None:
    dead = variant(tmp_path, "button", "movement", "dead")
    assert button_codes(BUTTON_HAND_B_DEAD, dead) == []
    assert button_codes(BUTTON_HAND_B_MOVING, dead) == ["BUTTON_WRONG"]
    assert button_codes(BUTTON_HAND_B_DEAD, "tda") == []


# -------------------- the profile on the result


def test_profile_name_on_the_replay_result(tmp_path: Path) -> None:
    for rules, name in [
        ("seeds", "seeds"),
        ("tda", "tda"),
        ("auto", "pokerstars"),  # a PokerStars hand picks the room's profile
        (variant(tmp_path, "timeout", "rule", "check_or_fold"), "seeds-timeout-rule"),
    ]:
        (result,) = audit(LIMIT_SB_2, rules)
        assert result.replay is not None
        assert result.replay.profile == name
