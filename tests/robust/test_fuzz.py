"""Damaged real hands, thousands of them: the audit never fails and every hand is counted.

The hands are the real PokerStars-layout hands of the corpus and the fixtures, damaged
at random with a fixed seed (tests/robust/mutate.py): lines duplicated, deleted, swapped,
cut, bytes flipped, numbers inflated, dates broken. The audit must let no exception out,
read every hand the splitter sees, count each as audited, skipped or rejected, write
tables that load (one hands row per hand audited) and raise no INTERNAL_ERROR (each one
is a bug: an exception the per-hand guard caught).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.robust.mutate import HEADER_DATE, Mutator, damaged_hands, fuzz, source_hands


def _check(count: int, seed: int, folder: Path) -> None:
    run = fuzz(count, seed, folder, per_file=count // 3 + 1)
    assert run.hands_written == count
    assert run.problems() == []
    assert run.internal_errors == []
    # the damage is real: hands are rejected, and others still audited
    assert run.rejected > count // 10
    assert run.audited > count // 10


def test_two_hundred_damaged_hands(tmp_path: Path) -> None:
    _check(200, seed=10, folder=tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_thousands_of_damaged_hands(seed: int, tmp_path: Path) -> None:
    _check(2_500, seed=seed, folder=tmp_path)


def test_the_damage_is_reproducible_and_varied() -> None:
    hands = source_hands()
    assert len(hands) >= 7  # the fixtures' Omaha hands at least
    first = list(damaged_hands(hands, 50, seed=5))
    assert first == list(damaged_hands(hands, 50, seed=5))
    assert first != list(damaged_hands(hands, 50, seed=6))
    # each hand has an id of its own (unless the damage hit it)
    assert len({hand[0].split(b":")[0] for hand in first}) >= 45


def test_each_change_changes_a_hand() -> None:
    mutator = Mutator(7)
    # a hand whose header has a date to break (888's first line is its game number only)
    hand = next(h for h in source_hands() if HEADER_DATE.search(h[0]))
    for change in (
        mutator.duplicate_line,
        mutator.delete_line,
        mutator.flip_bit,
        mutator.inflate_number,
        mutator.huge_number,
        mutator.break_date,
        mutator.duplicate_seat,
    ):
        assert change(list(hand)) != hand, change.__name__
