"""Exact tests of the Omaha evaluator: the rule book's examples, each category,
the two-plus-three rule, and a slow independent evaluator on random hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from auditor.cards import DECK, Card, card, cards
from auditor.showdown import (
    Category,
    HighHand,
    describe_high,
    high_description,
    low_description,
    low_ranks,
    omaha_high,
    omaha_low8,
)


def high(hole: str, board: str) -> HighHand:
    return describe_high(omaha_high(cards(hole), cards(board)))


def low(hole: str, board: str) -> tuple[int, ...] | None:
    value = omaha_low8(cards(hole), cards(board))
    return None if value is None else low_ranks(value)


# --- 8-or-better low --------------------------------------------------------------


def test_seven_low_beats_eight_low() -> None:
    board = cards("2c 4d 6h Kc Qd")
    seven = omaha_low8(cards("5s 7s Jh Jd"), board)
    eight = omaha_low8(cards("Ah 8s Jc Ts"), board)
    assert seven is not None and eight is not None
    assert low_ranks(seven) == (7, 6, 5, 4, 2)
    assert low_ranks(eight) == (8, 6, 4, 2, 1)
    assert seven > eight


def test_lows_compare_highest_card_first_then_next() -> None:
    board = cards("Ac 2d 4h 9c Kd")
    a = omaha_low8(cards("6s 5s Jh Js"), board)  # 6,5,4,2,A
    b = omaha_low8(cards("6h 3s Jc Jd"), board)  # 6,4,3,2,A
    c = omaha_low8(cards("7h 3h Qc Qd"), board)  # 7,4,3,2,A
    assert a is not None and b is not None and c is not None
    assert low_ranks(a) == (6, 5, 4, 2, 1)
    assert low_ranks(b) == (6, 4, 3, 2, 1)
    assert b > a > c


def test_wheel_is_the_best_low_and_a_straight() -> None:
    hole, board = "Ac 2d Kh Qs", "3c 4d 5h 9s Ts"
    assert low(hole, board) == (5, 4, 3, 2, 1)
    assert high(hole, board) == HighHand(Category.STRAIGHT, (3,))
    assert high_description(omaha_high(cards(hole), cards(board))) == "a straight, Ace to Five"
    wheel = omaha_low8(cards(hole), cards(board))
    six = omaha_low8(cards("6c 2h Kd Qd"), cards(board))
    assert wheel is not None and six is not None and wheel > six


def test_no_low_with_only_four_distinct_low_ranks() -> None:
    # Hole and board together hold only A, 2, 3, 4: no five distinct low ranks.
    assert low("As 2s 3d 4d", "Ac 2c 3h 9d Td") is None
    # Five low ranks in all, but the board's three lows are the hole's too.
    assert low("2s 3s 9h 9d", "Ac 2d 3h Kc Kd") is None
    # A board with only two low cards never makes a low.
    assert low("3s 4s 5h 6d", "Ac 2d Kh Kc Qd") is None
    # Four low cards in the hand, none to spare on a board of three lows.
    assert low("Ah 2h 3c 4c", "9c 9d 5h 6s 7s") == (7, 6, 5, 2, 1)


def test_low_ignores_pairs_on_the_board_and_in_the_hand() -> None:
    assert low("Ac Ad 2c 2d", "3h 3s 4h 5c 5d") == (5, 4, 3, 2, 1)
    assert low("Ac Ad Kc Kd", "2h 3s 4h 5c 6d") is None  # one ace only may play


def test_low_ignores_straights_and_flushes() -> None:
    # A-2-3-4-5 of one suit is a straight flush for high and still the best low.
    hole, board = "As 2s Kd Kc", "3s 4s 5s Jh Qh"
    assert high(hole, board) == HighHand(Category.STRAIGHT_FLUSH, (3,))
    assert low(hole, board) == (5, 4, 3, 2, 1)


def test_low_description() -> None:
    value = omaha_low8(cards("8c 5d Ah Ks"), cards("8h 4c 4d 2s Jc"))
    assert value is not None
    assert low_description(value) == "8,5,4,2,A"


# --- the exactly-two-plus-three rule ------------------------------------------------


def test_four_suited_hole_cards_and_one_on_board_make_no_flush() -> None:
    assert high("As Ks Qs Js", "2s 7d 8c 9h 3d") == HighHand(Category.HIGH_CARD, (12, 11, 7, 6, 5))


def test_five_hearts_on_board_and_one_in_hand_make_no_flush() -> None:
    assert high("2h 3c 4d 5s", "Ah Kh Qh Jh 9h") == HighHand(Category.HIGH_CARD, (12, 11, 10, 3, 2))
    # Two hearts in the hand do: the royal on the board needs the Jh, so only a flush.
    assert high("Th 2h 3c 4d", "Ah Kh Qh Jh 9h") == HighHand(Category.FLUSH, (12, 11, 10, 8, 0))


def test_quads_on_board_do_not_play_as_quads() -> None:
    assert high("Ac Kd 3h 4s", "9c 9d 9h 9s 2c") == HighHand(Category.THREE_OF_A_KIND, (7, 12, 11))
    assert high("2d 2h Ks Qs", "9c 9d 9h 9s 2c") == HighHand(Category.FULL_HOUSE, (7, 0))


def test_four_board_cards_of_a_straight_need_two_hole_cards() -> None:
    # 9 + 5-6-7-8 would use four board cards; the best is the hand's pair of deuces.
    assert high("9c 2d 2h 2s", "5c 6d 7h 8s Kd") == HighHand(Category.PAIR, (0, 11, 6, 5))
    assert high("9c Td 2h 2s", "5c 6d 7h 8s Kd") == HighHand(Category.STRAIGHT, (8,))


def test_trips_in_hand_play_as_a_pair() -> None:
    assert high("Ks Kd Kh 2c", "Kc 7d 7h 3s 4s") == HighHand(Category.FULL_HOUSE, (11, 5))
    assert high("Ks Kd Kh 2c", "Qc 7d 6h 3s 4s") == HighHand(Category.PAIR, (11, 10, 5, 4))


def test_different_hole_pairs_for_high_and_low() -> None:
    hole, board = "Ac 2d Ks Kd", "Kh 7c 3s 4h Jd"
    assert high(hole, board) == HighHand(Category.THREE_OF_A_KIND, (11, 9, 5))
    assert low(hole, board) == (7, 4, 3, 2, 1)


def test_five_and_six_card_hole_hands() -> None:
    # The fifth card makes the flush with the Ah.
    assert high("Ah Kc 2c 3d 9h", "Qh Jh 4h 5s 6s") == HighHand(Category.FLUSH, (12, 10, 9, 7, 2))
    # Straight flush found with the sixth card; low from two other hole cards.
    hole, board = "2c 3d Kd Qs 8h 9h", "Th Jh 7h 4c 5s"
    assert high(hole, board) == HighHand(Category.STRAIGHT_FLUSH, (9,))
    assert low(hole, board) == (7, 5, 4, 3, 2)
    # Still exactly two: five spades in a six-card hand and two on the board, no flush.
    assert high("As Ks Qs Js Ts 2d", "3s 4s 8c 8d 7h").category is Category.PAIR


def test_three_and_four_card_boards() -> None:
    assert high("Ac Ad 5h 6h", "As 7h 8h") == HighHand(Category.THREE_OF_A_KIND, (12, 6, 5))
    assert high("Ac Kd 5h 6h", "2h 7h 8h 9c") == HighHand(Category.FLUSH, (6, 5, 4, 3, 0))
    assert high("Ac Kd 5h 6h", "4h 7h 8h 9c") == HighHand(Category.STRAIGHT_FLUSH, (6,))
    assert low("Ac 2d Kh Kc", "3s 4d 6c") == (6, 4, 3, 2, 1)
    assert low("Ac 2d Kh Kc", "3s 4d 9c") is None


def test_suits_never_rank() -> None:
    board = cards("Ac 8d 4h 3s Td")
    assert omaha_high(cards("Kc Qd 5s 6s"), board) == omaha_high(cards("Kh Qs 5c 6h"), board)
    assert omaha_low8(cards("2c 7d Js Qs"), board) == omaha_low8(cards("2h 7s Jc Qh"), board)


def test_kickers_decide_and_wheel_is_the_lowest_straight() -> None:
    board = cards("Ac 8d 4h 3s Td")
    assert omaha_high(cards("Ah Kd 2s 2d"), board) > omaha_high(cards("As Qd 2c 2h"), board)
    board = cards("3c 4d 5h 9s Ts")
    wheel = omaha_high(cards("Ac 2d Kh Qs"), board)
    six = omaha_high(cards("6c 2h Kd Qd"), board)
    assert six > wheel > omaha_high(cards("Ts 9c 2s 2c"), cards("Ah Ad 3h 9d Tc"))


@pytest.mark.parametrize(
    ("hole", "board", "expected", "words"),
    [
        (
            "Ac Kd 5h 6h",
            "2h 7d 9c Js Qs",
            HighHand(Category.HIGH_CARD, (12, 11, 10, 9, 7)),
            "high card Ace",
        ),
        (
            "Ac Kd 5h 6h",
            "Ah 7d 9c Js 2s",
            HighHand(Category.PAIR, (12, 11, 9, 7)),
            "a pair of Aces",
        ),
        (
            "9c 5d Jh 2h",
            "9h 5h Kc 3s Qd",
            HighHand(Category.TWO_PAIR, (7, 3, 11)),
            "two pair, Nines and Fives",
        ),
        (
            "7c 7d Jh 2h",
            "7h 5h Kc 3s Qd",
            HighHand(Category.THREE_OF_A_KIND, (5, 11, 10)),
            "three of a kind, Sevens",
        ),
        (
            "Ac 2d Kh Qs",
            "3c 4d 5h 9s Ts",
            HighHand(Category.STRAIGHT, (3,)),
            "a straight, Ace to Five",
        ),
        (
            "9c Td 2h 2s",
            "Jc Qd Kh 8s 3d",
            HighHand(Category.STRAIGHT, (11,)),
            "a straight, Nine to King",
        ),
        (
            "Qc 9c Kh Qs",
            "3c 4c 5h 9s Tc",
            HighHand(Category.FLUSH, (10, 8, 7, 2, 1)),
            "a flush, Queen high",
        ),
        (
            "8c 8d Ah 3s",
            "8h 4c 4d 2s Jc",
            HighHand(Category.FULL_HOUSE, (6, 2)),
            "a full house, Eights full of Fours",
        ),
        (
            "6c 6d Ah 3s",
            "6h 6s 4d 2s Jc",
            HighHand(Category.FOUR_OF_A_KIND, (4, 9)),
            "four of a kind, Sixes",
        ),
        (
            "9d Td 2h 2s",
            "Jd Qd Kd 8s 3d",
            HighHand(Category.STRAIGHT_FLUSH, (11,)),
            "a straight flush, Nine to King",
        ),
        (
            "Ad 2d 2h 2s",
            "3d 4d 5d 8s 3c",
            HighHand(Category.STRAIGHT_FLUSH, (3,)),
            "a straight flush, Ace to Five",
        ),
        (
            "Ad Kd 2h 2s",
            "Jd Qd Td 8s 3c",
            HighHand(Category.STRAIGHT_FLUSH, (12,)),
            "a Royal Flush",
        ),
    ],
)
def test_describe_high_each_category(hole: str, board: str, expected: HighHand, words: str) -> None:
    value = omaha_high(cards(hole), cards(board))
    assert describe_high(value) == expected
    assert high_description(value) == words
    assert expected.category.label == expected.category.name.lower().replace("_", " ")


def test_categories_are_ordered() -> None:
    board = cards("2s 7d 9c Js Qs")
    values = [
        omaha_high(cards(hole), board)
        for hole in (
            "Ac Kd 5h 6h",
            "Ac Qd 5h 6h",
            "Qc 9d 5h 6h",
            "Qc Qd 5h 6h",
            "Tc 8d 5h 6h",
            "As 3s 5h 6h",
        )
    ]
    categories = [describe_high(v).category for v in values]
    assert categories == [
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FLUSH,
    ]
    assert values == sorted(values)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ac Kd 5h", "2h 7d 9c Js"),  # three hole cards are fine: two of them play
        ("Ac", "2h 7d 9c Js Qs"),  # one hole card
        ("Ac Kd 5h 6h", "2h 7d"),  # two board cards
        ("Ac Kd 5h 6h", "2h 7d 9c Js Qs 3c"),  # six board cards
        ("Ac Kd 5h 6h", "Ac 7d 9c Js Qs"),  # a card twice
        ("Ac Kd 5h Xx", "2h 7d 9c Js Qs"),  # a card that does not exist
    ],
)
def test_bad_hands_raise(hole: str, board: str) -> None:
    if hole == "Ac Kd 5h":
        assert omaha_high(cards(hole), cards(board)) > 0
        return
    with pytest.raises(ValueError):
        omaha_high(cards(hole), cards(board))
    with pytest.raises(ValueError):
        omaha_low8(cards(hole), cards(board))


def test_low_ranks_rejects_values_that_are_no_low() -> None:
    with pytest.raises(ValueError):
        low_ranks(0)


# --- a slow, independent evaluator on random hands ------------------------------------


def _slow_five(five: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, defining ranks) of five cards, written the plain way."""
    ranks = sorted((c.rank for c in five), reverse=True)
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in five}) == 1
    straight_top = -1
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if flush and straight_top >= 0:
        return 8, (straight_top,)
    if shape == [4, 1]:
        return 7, tuple(by_count)
    if shape == [3, 2]:
        return 6, tuple(by_count)
    if flush:
        return 5, tuple(ranks)
    if straight_top >= 0:
        return 4, (straight_top,)
    if shape == [3, 1, 1]:
        return 3, tuple(by_count)
    if shape == [2, 2, 1]:
        return 2, tuple(by_count)
    if shape == [2, 1, 1, 1]:
        return 1, tuple(by_count)
    return 0, tuple(ranks)


def _slow_high(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    return max(
        _slow_five(pair + triple)
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    )


def _slow_low(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, ...] | None:
    lows = []
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            ranks = {1 if c.rank == 12 else c.rank + 2 for c in pair + triple}
            if len(ranks) == 5 and max(ranks) <= 8:
                lows.append(tuple(sorted(ranks, reverse=True)))
    return min(lows) if lows else None


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_matches_a_slow_evaluator(hole_size: int) -> None:
    rng = random.Random(20240 + hole_size)
    crowded = [c for c in DECK if c.rank in (0, 1, 2, 3, 7, 12)]  # pairs, trips, wheels
    two_suits = [c for c in DECK if c.suit in (0, 3)]  # flushes
    for n in range(4000):
        deck = (list(DECK), crowded, two_suits)[n % 3]
        dealt = rng.sample(deck, hole_size + 3 + n % 3)
        hole, board = tuple(dealt[:hole_size]), tuple(dealt[hole_size:])
        got = describe_high(omaha_high(hole, board))
        assert (int(got.category), got.ranks) == _slow_high(hole, board), (hole, board)
        value = omaha_low8(hole, board)
        assert (None if value is None else low_ranks(value)) == _slow_low(hole, board)


def test_cards_of_any_spelling_are_the_same() -> None:
    board = cards("Jh Qs 2d 9c 3h")
    assert omaha_high((card("10h"), card("Kd"), card("4c"), card("5c")), board) == omaha_high(
        cards("Th Kd 4c 5c"), board
    )
