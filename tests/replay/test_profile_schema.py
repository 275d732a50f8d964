"""A ``--rules`` file is checked whole against the schema before any hand is read.

Every bad value is reported with its key's path, all at once, as a usage error (exit 2):
no traceback, nothing written, and nothing wrong silently accepted.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from auditor.cli import main
from auditor.replay.profile import (
    PROFILE_DIR,
    SCHEMA,
    ProfileError,
    bundled_profiles,
    load_profile,
)
from auditor.run import run_audit
from tests.corpus import ROOT

SEEDS = (PROFILE_DIR / "seeds.toml").read_text(encoding="utf-8")
FIXTURE = ROOT / "fixtures" / "pokerstars" / "run_it_twice_and_talk.txt"


def edited(tmp_path: Path, *changes: tuple[str, str], name: str = "house.toml") -> Path:
    """seeds.toml with each (old line, new line) replaced (old must be there once)."""
    text = SEEDS
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> tuple[str, ...]:
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    return info.value.problems


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('cap = { default = "0" }', 'cap = "3"', r"rake\.cap: must be a table .*got '3'"),
        ('percent = "0"', "percent = nan", r"rake\.percent: must be a number .*got nan"),
        ('percent = "0"', "percent = inf", r"rake\.percent: must be a number .*got inf"),
        ('percent = "0"', 'percent = "NaN"', r"rake\.percent: must be a number .*got 'NaN'"),
        ('percent = "0"', "percent = 200", r"rake\.percent: must be between 0 and 100, got 200"),
        ('percent = "0"', "percent = -50", r"rake\.percent: must be between 0 and 100, got -50"),
        ('percent = "0"', 'percent = "-5"', r"rake\.percent: must be a number .*got '-5'"),
        ('percent = "0"', "percent = 100.5", r"rake\.percent: must be between .*got 100\.5"),
        (
            'cap = { default = "0" }',
            'cap = { default = "-1" }',
            r"rake\.cap\.default: must be a number .*got '-1'",
        ),
        (
            'cap = { default = "0" }',
            "cap = { default = -1 }",
            r"rake\.cap\.default: must be between 0 and 1000000000, got -1",
        ),
        (
            'cap = { default = "0" }',
            'cap = { "1" = 2, default = 3 }',
            r"rake\.cap\.1: players dealt in must be 2 to 10 or default",
        ),
        (
            'cap = { default = "0" }',
            "cap = { default = { x = 1 } }",
            r"rake\.cap\.default: must be a number .*got a table",
        ),
        ('\nrounding = "down"', '\nrounding = "sideways"', r"rake\.rounding: must be one of down"),
        ('schedule = "none"', "schedule = 1", r"rake\.schedule: must be one of .*got 1"),
        (
            "no_flop_no_drop = true",
            'no_flop_no_drop = "false"',
            r"rake\.no_flop_no_drop: must be true or false .*got 'false'",
        ),
        (
            "bets_per_round = 4",
            "bets_per_round = 4.0",
            r"fixed_limit\.bets_per_round: must be a whole number .*got 4\.0",
        ),
        (
            "bets_per_round = 4",
            "bets_per_round = 1000000000000",
            r"fixed_limit\.bets_per_round: must be between 2 and 100",
        ),
        ('movement = "moving"', "movement = true", r"button\.movement: must be one of moving"),
        ('name = "seeds"', "name = 7", r"name: must be text .*got 7"),
        ('name = "seeds"', 'name = ""', r"name: must not be empty"),
        ('name = "seeds"', 'name = "x"\nnmae = "y"', r"nmae: unknown key"),
        ("no_flop_no_drop = true", "no_flop_no_drop = true\nrake_cap = 3", r"rake\.rake_cap: "),
        ("[timeout]", "[timeouts]\nrule = 1\n[timeout]", r"timeouts: unknown key"),
        ('rule = "all_in_protection"', "", r"timeout\.rule: missing"),
    ],
)
def test_bad_value_names_its_key(tmp_path: Path, old: str, new: str, problem: str) -> None:
    problems = problems_of(edited(tmp_path, (old, new)))
    assert len(problems) == 1, problems
    assert re.fullmatch(problem + ".*", problems[0]), problems


def test_a_section_that_is_not_a_table(tmp_path: Path) -> None:
    text = 'rake = "20%"\n' + SEEDS.replace("[rake]", "[rake_]")
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    problems = problems_of(path)
    assert "rake: must be a table, got '20%'" in problems
    assert any(p.startswith("rake_: unknown key") for p in problems)


def test_every_problem_at_once(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        ('\nrounding = "down"', '\nrounding = "sideways"'),
        ('percent = "0"', "percent = 200"),
        ("no_flop_no_drop = true", 'no_flop_no_drop = "false"'),
        ('movement = "moving"', 'movement = "floating"'),
        ("bets_per_round = 4", 'bets_per_round = "4"'),
    )
    problems = problems_of(path)
    assert [p.split(":")[0] for p in problems] == [
        "button.movement",
        "fixed_limit.bets_per_round",
        "rake.percent",
        "rake.rounding",
        "rake.no_flop_no_drop",
    ]
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    assert str(info.value).startswith(f"{path}: 5 problems:\n  button.movement: ")


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (SEEDS.encode("utf-8").replace(b"house rules", b"house \xff rules"), "not UTF-8"),
        (b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "not valid TOML"),
        (b'name = "broken\n', "not valid TOML"),
        (b"a" * (2 << 20), "larger than"),
    ],
    ids=["not-utf8", "deep-nesting", "broken-toml", "huge"],
)
def test_unreadable_file_is_a_profile_error(tmp_path: Path, content: bytes, says: str) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(content)
    with pytest.raises(ProfileError, match=says):
        load_profile(str(path))


def test_good_amounts_in_any_toml_spelling(tmp_path: Path) -> None:
    for written, percent in [("5", "5"), ("4.5", "4.5"), ('"0.50"', "0.50"), ("0", "0")]:
        path = edited(
            tmp_path,
            ('percent = "0"', f"percent = {written}"),
            ('cap = { default = "0" }', 'cap = { "2" = "0.50", "10" = 4, default = 3.25 }'),
        )
        rake = load_profile(str(path)).rake
        assert rake.percent == Decimal(percent)
        assert rake.cap == {"2": Decimal("0.50"), "10": Decimal(4), "default": Decimal("3.25")}


def test_rake_keys_may_be_left_out(tmp_path: Path) -> None:
    head, _, rest = SEEDS.partition("[rake]")
    _, _, tail = rest.partition("[timeout]")
    path = tmp_path / "norake.toml"
    path.write_text(f"{head}[timeout]{tail}", encoding="utf-8")
    rake = load_profile(str(path)).rake
    assert (rake.schedule, rake.percent, rake.rounding, rake.no_flop_no_drop) == (
        "none",
        Decimal(0),
        "down",
        True,
    )


_TABLE_KEYS = {"rake.cap", "blinds.fixed_limit_small_blinds"}


def _paths(data: dict[str, Any], prefix: str = "") -> set[str]:
    found = set()
    for key, value in data.items():
        # a key whose value is a table (rake.cap, a table of amounts) is one key
        if isinstance(value, dict) and f"{prefix}{key}" not in _TABLE_KEYS:
            found |= _paths(value, f"{prefix}{key}.")
        else:
            found.add(f"{prefix}{key}")
    return found


@pytest.mark.parametrize("name", bundled_profiles())
def test_bundled_profiles_hold_every_key_of_the_schema(name: str) -> None:
    data = tomllib.loads((PROFILE_DIR / f"{name}.toml").read_text(encoding="utf-8"))
    held = _paths(data)
    assert held <= {key.path for key in SCHEMA}
    assert held >= {key.path for key in SCHEMA if not key.optional}


def test_profiles_command_documents_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profiles", "tda"]) == 0
    shown = capsys.readouterr().out
    for key in SCHEMA:
        assert re.search(rf"^#   {re.escape(key.path)}: ", shown, re.MULTILINE), key.path
    assert "one of moving, dead" in shown
    assert tomllib.loads(shown)["name"] == "tda"  # still a profile one can copy


def test_audit_with_a_bad_file_exits_2_before_reading_any_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = edited(
        tmp_path, ('percent = "0"', "percent = nan"), ('cap = { default = "0" }', 'cap = "3"')
    )
    out = tmp_path / "out"
    assert main(["audit", str(FIXTURE), "--out", str(out), "--rules", str(path)]) == 2
    err = capsys.readouterr().err
    assert "rake.percent: must be a number" in err and "rake.cap: must be a table" in err
    assert "Traceback" not in err
    assert not out.exists()
    with pytest.raises(ProfileError):
        run_audit([str(FIXTURE)], out, rules=str(path))
    assert not out.exists()
