"""A user's ``--rules`` file reaches every stage, even when its ``name`` is a bundled one.

The cross-hand pass used to look the profile up again by the name the hand's replay
carried: a user file named "seeds" was checked there under the bundled seeds (its
``movement = "dead"`` ignored). The loaded profile itself travels now.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from auditor.findings import Code
from auditor.replay.profile import PROFILE_DIR
from auditor.run import run_audit


def fold_hand(number: int, button: int, seats: Sequence[tuple[int, str, int]]) -> str:
    """A PokerStars hand ($1/$2) that everyone folds to the big blind; stacks in dollars.
    The blinds are the two players after the button's seat (an empty button seat too)."""
    after = [s for s in seats if s[0] > button] + [s for s in seats if s[0] <= button]
    names = [name for _, name, _ in after]
    sb, bb = names[0], names[1]
    lines = [
        f"PokerStars Hand #{1000 + number}:  Omaha Pot Limit ($1/$2 USD) - "
        f"2014/02/21 12:{number:02d}:08 ET",
        f"Table 'T' 6-max Seat #{button} is the button",
        *(f"Seat {seat}: {name} (${stack} in chips)" for seat, name, stack in seats),
        f"{sb}: posts small blind $1",
        f"{bb}: posts big blind $2",
        "*** HOLE CARDS ***",
        *(f"{name}: folds" for name in names[2:] + names[:1]),
        f"Uncalled bet ($1) returned to {bb}",
        f"{bb} collected $2 from pot",
        *(["b leaves the table"] if number == 1 else []),
        "*** SUMMARY ***",
        "Total pot $2 | Rake $0",
        "",
        "",
    ]
    return "\n".join(lines)


def table(tmp_path: Path, second_button: int) -> str:
    """Two hands at one table: b (seat 2, the small blind) leaves after the first. The
    dead button then lands on b's empty seat 2; the moving button goes on to seat 3."""
    five = [(1, "a", 200), (2, "b", 200), (3, "c", 200), (4, "d", 200), (5, "e", 200)]
    second = [(1, "a", 200), (3, "c", 201), (4, "d", 200), (5, "e", 200)]
    path = tmp_path / f"button_{second_button}.txt"
    path.write_text(fold_hand(1, 1, five) + fold_hand(2, second_button, second))
    return str(path)


def user_file(tmp_path: Path, bundled: str, movement: str) -> str:
    """The bundled profile's file, its name unchanged, with ``button.movement`` changed."""
    text = (PROFILE_DIR / f"{bundled}.toml").read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("movement = "))
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, f'movement = "{movement}"'), encoding="utf-8")
    return str(path)


def button_findings(paths: list[str], out: Path, rules: str, workers: int) -> int:
    # one hand a chunk: with two workers, both the hands and the cross-hand pass go
    # through the process pool
    summary = run_audit(paths, out, rules=rules, workers=workers, chunk_hands=1)
    assert summary.hands_audited == 2
    return summary.findings_by_code.get(Code.BUTTON_WRONG, 0)


@pytest.mark.parametrize(
    ("bundled", "movement", "second_button"),
    [
        ("seeds", "dead", 2),  # seeds moves the button: bundled seeds flags seat 2
        ("tda", "moving", 3),  # tda's button is dead: bundled tda flags seat 3
    ],
)
@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_user_file_named_like_a_bundled_profile_rules_the_cross_hand_pass(
    tmp_path: Path, bundled: str, movement: str, second_button: int, workers: int
) -> None:
    hands = [table(tmp_path, second_button)]
    # the bundled profile of that name flags the button: the input tells them apart
    assert button_findings(hands, tmp_path / "bundled", bundled, workers) == 1
    rules = user_file(tmp_path, bundled, movement)
    assert button_findings(hands, tmp_path / "user", rules, workers) == 0


@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_user_file_flags_what_its_own_rule_forbids(tmp_path: Path, workers: int) -> None:
    """The same file also flags the button its rule does not allow: it is really used."""
    rules = user_file(tmp_path, "seeds", "dead")
    assert button_findings([table(tmp_path, 3)], tmp_path / "out", rules, workers) == 1
