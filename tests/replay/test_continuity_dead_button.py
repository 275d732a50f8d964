"""The dead button (Robert's Rules of Poker, section 4, rule 2(b)) as the cross-hand check
applies it, and pairs of hands whose stacks do not show them consecutive."""

from __future__ import annotations

from auditor.replay.continuity import continuity_findings, table_hand, why_not_consecutive
from auditor.replay.profile import load_profile
from tests.replay.test_continuity import FOUR, after, codes, hand, read_hands, table_hands

MOVING = load_profile("seeds")
DEAD = load_profile("tda")
FIVE = [*FOUR, (5, "e", 200)]


def _without_small_blind(text: str, player: str) -> str:
    """The hand as written when no small blind is posted (it was due from a seat left
    empty or a player sitting out)."""
    return text.replace(f"{player}: posts small blind $1\n", "")


def _big_blind_leaves(third_button: int) -> list[str]:
    """Robert's Rules' example "the big blind is eliminated": c (seat 3, big blind of hand 1)
    leaves; in hand 2 the button moves to the small blind b (seat 2), d posts the big blind
    and nobody the small blind; in hand 3 the button moves to the empty seat 3, d and e
    post the blinds."""
    second = [s for s in after(FIVE, b=-1, c=+1) if s[1] != "c"]
    third = after(second, d=+1)
    sb, bb = {3: ("d", "e"), 2: ("d", "e"), 4: ("e", "a")}[third_button]
    return [
        hand(1, 1, FIVE, "b", "c", extra=["c leaves the table"]),
        _without_small_blind(hand(2, 2, second, "x", "d"), "x"),
        hand(3, third_button, third, sb, bb),
    ]


def _judged(texts: list[str], profile_name: str) -> list[tuple[str, str, str, str, str]]:
    hands = [table_hand(h, None) for h in read_hands("".join(texts))]
    return codes(continuity_findings(hands, load_profile(profile_name)))


def test_after_a_hand_without_small_blind_the_dead_button_goes_to_the_seat_it_was_due_from() -> (
    None
):
    assert _judged(_big_blind_leaves(third_button=3), "tda") == []
    # written in front of b, who in effect has the button again: the same order of play
    assert _judged(_big_blind_leaves(third_button=2), "tda") == []
    assert _judged(_big_blind_leaves(third_button=4), "tda") == [
        ("BUTTON_WRONG", "1003", "", "seat 3 or seat 2", "seat 4")
    ]


def test_the_dead_button_written_in_front_of_the_player_who_keeps_it() -> None:
    # b (seat 2, small blind) leaves; the button stays with a on seat 1 (BetOnline's way of
    # writing the dead button on the empty seat 2): no finding under a dead button, a
    # finding under the moving one (it goes on to c)
    second = [s for s in after(FIVE, b=-1, c=+1) if s[1] != "b"]
    texts = [hand(1, 1, FIVE, "b", "c", extra=["b leaves the table"]), hand(2, 1, second, "c", "d")]
    assert _judged(texts, "tda") == []
    assert _judged(texts, "seeds") == [("BUTTON_WRONG", "1002", "", "seat 3", "seat 1")]


def test_the_dead_button_does_not_stay_when_the_small_blind_seat_is_still_played() -> None:
    second = after(FIVE, b=-1, c=+1)
    texts = [hand(1, 1, FIVE, "b", "c"), hand(2, 1, second, "c", "d")]
    assert _judged(texts, "tda") == [("BUTTON_WRONG", "1002", "", "seat 2", "seat 1")]


def test_heads_up_hands_whose_stacks_carry_nothing_over_are_not_compared() -> None:
    # KingsClub's '8 Game Mix' (39969218 then 39969304, 6 minutes apart): b ends hand 1
    # with $1,199 and starts hand 2 with $1,000, a's $601 becomes $1,000 (a rise to whole
    # big blinds, a possible top-up): no stack shows the hands consecutive
    first = hand(1, 6, [(1, "a", 600), (6, "b", 1200)], "b", "a", minute=39)
    second = hand(2, 6, [(1, "a", 1000), (6, "b", 1000)], "b", "a", minute=45)
    a, b = table_hands(first + second)
    assert why_not_consecutive(a, b) == "no stack carried over between the hands"
    assert continuity_findings([a, b], MOVING) == []


def test_heads_up_hands_with_one_stack_carried_are_still_compared() -> None:
    first = hand(1, 6, [(1, "a", 600), (6, "b", 1200)], "b", "a", minute=39)
    second = hand(2, 6, [(1, "a", 601), (6, "b", 1000)], "b", "a", minute=40)
    found = continuity_findings(table_hands(first + second), MOVING)
    assert codes(found) == [
        ("BUTTON_WRONG", "1002", "", "seat 1", "seat 6"),
        ("STACK_CONTINUITY", "1002", "b", "1199.00", "1000.00"),
    ]
