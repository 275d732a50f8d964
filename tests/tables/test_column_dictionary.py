"""The column dictionary: every column of every table has a type, a unit and a meaning,
``auditor columns`` prints them, and the README's "Tables and columns" is the same text.

The units are checked against what the tables hold: a $0.50/$1 hand's small blind is 50
with ``unit`` 100, a tournament's blinds are chips with ``unit`` 1, and the times are
whole seconds.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest

import auditor
from auditor.tables import dictionary
from auditor.tables.columns import MEANINGS, TABLES, Unit, unit_of
from auditor.tables.schemas import SCHEMAS
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"


def _columns(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", "columns", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("table", list(SCHEMAS))
def test_every_column_has_a_meaning(table: str) -> None:
    names = [field.name for field in SCHEMAS[table]]
    assert list(MEANINGS[table]) == names
    for name in names:
        assert len(MEANINGS[table][name]) > 10, (table, name)


def test_no_meaning_is_of_a_column_the_tables_lack() -> None:
    assert sorted(MEANINGS) == sorted(SCHEMAS)


@pytest.mark.parametrize("table", list(SCHEMAS))
def test_units_follow_the_arrow_types(table: str) -> None:
    for field, (name, kind) in zip(SCHEMAS[table], TABLES[table], strict=True):
        unit = unit_of(table, name)
        if kind == "money":
            assert unit is Unit.MONEY and field.type == pa.int64(), name
        elif pa.types.is_timestamp(field.type):
            assert unit is Unit.SECONDS and field.type.unit == "s", name
        elif unit is Unit.MONEY:
            pytest.fail(f"{table}.{name} is said to be money but is not a money column")


def test_columns_prints_every_table_and_column() -> None:
    done = _columns()
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    for table, columns in TABLES.items():
        assert f"\n{table}\n" in done.stdout
        for name, _ in columns:
            assert f"  {name} " in done.stdout, (table, name)
    assert done.stdout == dictionary.text()


def test_columns_of_one_table() -> None:
    done = _columns("findings")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("  ")]
    assert [line.split()[0] for line in lines] == [name for name, _ in TABLES["findings"]]
    severity = next(line for line in lines if line.split()[0] == "severity")
    assert "info < warning < error" in severity
    assert "\nhands\n" not in done.stdout


def test_an_unknown_table_is_a_usage_error() -> None:
    done = _columns("handz")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "hands" in done.stderr  # the tables it could be


def test_the_readme_section_is_the_generated_one() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "## Tables and columns" in readme
    start = readme.index(dictionary.BEGIN)
    end = readme.index(dictionary.END) + len(dictionary.END)
    assert readme[start:end] == dictionary.markdown(), (
        "README.md is stale: run python -m auditor.tables.dictionary README.md"
    )
    assert readme[start:end] + "\n" == _columns("--markdown").stdout
    for table, columns in TABLES.items():
        for name, _ in columns:
            assert f"| `{name}` |" in readme[start:end], (table, name)


def test_the_money_unit_is_what_the_tables_hold(tmp_path: Path) -> None:
    """$0.50/$1.00 USD: the small blind is 50 of unit 100; a tournament's: chips, unit 1."""
    auditor.audit(
        [
            str(FIXTURES / "one_bad_hand_in_three.txt"),
            str(FIXTURES / "tournament_plo8_side_pots.txt"),
        ],
        out=tmp_path / "out",
    )
    hands = auditor.load(tmp_path / "out")["hands"]
    cash = hands[hands.hand_id == "200000000010"].iloc[0]
    assert (cash.currency, cash.unit, cash.small_blind, cash.big_blind) == ("USD", 100, 50, 100)
    chips = hands[hands.tournament_id.notna()]
    assert len(chips) and set(chips.unit) == {1} and set(chips.currency) == {"chips"}
    assert "Money (unit: minor units / chips)" in dictionary.text()
    assert isinstance(hands.started_at.dtype, pd.DatetimeTZDtype)
    assert (hands.started_at.dt.microsecond == 0).all()
