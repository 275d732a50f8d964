"""Issue 26, item 6: two runs on the same inputs and options write byte-identical Parquet
files, whatever the number of workers or the engine (Dask included): the run's id is made
of what it reads and how (never a time), row order and row groups are fixed, and no
wall-clock value is in a table (run.json has the times). Re-running the identical run
into the same folder: ``--overwrite`` keeps its tables as they are (checked byte for
byte) and its one record; ``--append`` adds a run named by the runs it joins too."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.run import run_audit
from tests.regress.conftest import FIXTURES

TABLES = ("hands", "seats", "actions", "pots", "awards", "findings", "files")


def table_bytes(out: Path) -> dict[str, bytes]:
    """Every table file of ``out`` (one run: one part file per table), by its path."""
    found = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.glob("*/part-*.parquet"))}
    assert sorted({name.split("/")[0] for name in found}) == sorted(TABLES)
    return found


def test_one_worker_and_two_write_the_same_bytes(tmp_path: Path) -> None:
    one = run_audit([str(FIXTURES / "pokerstars")], tmp_path / "one")
    two = run_audit([str(FIXTURES / "pokerstars")], tmp_path / "two", workers=2, chunk_hands=1)
    assert one.run_id == two.run_id
    assert table_bytes(tmp_path / "one") == table_bytes(tmp_path / "two")


def test_another_option_is_another_run(tmp_path: Path) -> None:
    one = run_audit([str(FIXTURES / "pokerstars")], tmp_path / "one")
    seeds = run_audit([str(FIXTURES / "pokerstars")], tmp_path / "two", rules="seeds")
    assert one.run_id != seeds.run_id


def test_the_identical_run_again_into_the_same_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = run_audit([str(FIXTURES / "pokerstars")], out)
    before = table_bytes(out)
    again = run_audit([str(FIXTURES / "pokerstars")], out, overwrite=True)
    assert again.run_id == first.run_id and table_bytes(out) == before
    trail = json.loads((out / "run.json").read_text("utf-8"))["runs"]
    assert [r["run_id"] for r in trail] == [first.run_id]  # one record, the latest
    added = run_audit([str(FIXTURES / "pokerstars")], out, append=True)
    assert added.run_id not in (first.run_id, "")
    runs = json.loads((out / "_auditor_run.json").read_text("utf-8"))["runs"]
    assert runs == [first.run_id, added.run_id]


def test_an_overwrite_never_replaces_the_same_runs_tables_that_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    source = str(FIXTURES / "pokerstars" / "cash_plo_every_line.txt")
    run_audit([source], out)
    (hands,) = (out / "hands").glob("part-*.parquet")
    hands.write_bytes(hands.read_bytes() + b"changed")  # not what the run writes
    before = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert main(["audit", source, "--out", str(out), "--overwrite", "--quiet"]) == 2
    assert "whose hands table differs from this run's" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == before


@pytest.mark.slow  # three runs of every bundled fixture, one on a Dask cluster: ~60 s
def test_every_fixture_one_worker_two_workers_and_dask_give_the_same_bytes(
    tmp_path: Path,
) -> None:
    fixtures = [str(FIXTURES)]
    one = run_audit(fixtures, tmp_path / "one", workers=1)
    two = run_audit(fixtures, tmp_path / "two", workers=2, chunk_hands=7)
    assert one.run_id == two.run_id
    expected = table_bytes(tmp_path / "one")
    assert table_bytes(tmp_path / "two") == expected
    if importlib.util.find_spec("distributed") is None:
        pytest.skip("dask.distributed is not installed: the Dask engine's run is not compared")
    dask = run_audit(fixtures, tmp_path / "dask", workers=2, engine="dask", chunk_hands=7)
    assert dask.run_id == one.run_id
    assert table_bytes(tmp_path / "dask") == expected
