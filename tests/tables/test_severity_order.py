"""Severity is an ordered category, info < warning < error, read back as one.

``findings[findings.severity >= "warning"]`` keeps warnings and errors, whether the table
comes from ``auditor.load`` or from ``pandas.read_parquet`` of the dataset, whatever
severities a run happened to hold (the order is the severities', not the order the
run met them in), and in a run with no finding at all.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

import auditor
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"
ORDER = ["info", "warning", "error"]


def _folder(folder: Path) -> Path:
    """An info finding read first (a duplicate), then an error and a warning."""
    hands = (FIXTURES / "one_bad_hand_in_three.txt").read_text("utf-8").strip("\n").split("\n\n")
    first = hands[0]
    second = (
        first.replace("#200000000010:", "#200000000011:")
        .replace("6:54:48", "6:55:48")
        .replace("a ($100 in chips)", "a ($99.50 in chips)")
        .replace("b ($100 in chips)", "b ($90 in chips)")
    )
    folder.mkdir()
    (folder / "a.txt").write_text(f"{first}\n\n{first}\n", "utf-8")  # HAND_DUPLICATE, info
    (folder / "b.txt").write_text(f"{second}\n", "utf-8")  # BUTTON_WRONG + STACK_CONTINUITY
    return folder


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("severity")
    auditor.audit([str(_folder(root / "in"))], out=root / "out")
    return root / "out"


def _check(findings: pd.DataFrame) -> None:
    dtype = findings.severity.dtype
    assert isinstance(dtype, pd.CategoricalDtype)
    assert dtype.ordered
    assert list(dtype.categories) == ORDER
    assert set(findings.severity) == set(ORDER)
    kept = findings[findings.severity >= "warning"]
    assert set(kept.severity) == {"warning", "error"}
    assert set(findings[findings.severity > "warning"].code) == {"BUTTON_WRONG"}
    assert findings.severity.max() == "error"
    assert list(findings.sort_values("severity").severity.drop_duplicates()) == ORDER


def test_load_gives_an_ordered_severity(out: Path) -> None:
    _check(auditor.load(out)["findings"])


def test_read_parquet_gives_an_ordered_severity(out: Path) -> None:
    _check(pd.read_parquet(out / "findings"))


def test_the_parquet_schema_says_the_order(out: Path) -> None:
    field = pq.read_schema(next((out / "findings").glob("*.parquet"))).field("severity")
    assert field.type.ordered


def test_a_run_with_no_finding_still_has_the_order(tmp_path: Path) -> None:
    hands = (FIXTURES / "one_bad_hand_in_three.txt").read_text("utf-8").strip("\n").split("\n\n")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "clean.txt").write_text(hands[0] + "\n", "utf-8")
    auditor.audit([str(tmp_path / "in")], out=tmp_path / "out")
    findings = auditor.load(tmp_path / "out")["findings"]
    assert findings.empty
    dtype = findings.severity.dtype
    assert isinstance(dtype, pd.CategoricalDtype) and dtype.ordered
    assert list(dtype.categories) == ORDER
    assert findings[findings.severity >= "warning"].empty
