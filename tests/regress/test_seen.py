"""Issue 26, item 5: ``--append`` reports the hands an earlier run of the folder already
audited (the same room, hand id and record SHA-256, ``hands.record_sha256``), and with
``--skip-seen`` leaves them out of the new run's rows, counted as skipped; a hand whose
room and id an earlier run holds with another record is a changed record, counted and
listed, and audited as new."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.cli import main
from tests.regress.conftest import PARTY, TWO_HANDS, WRONG


@pytest.fixture
def first(tmp_path: Path) -> tuple[Path, Path]:
    """A folder of the two files as the fixtures have them, audited once into ``out``."""
    folder = tmp_path / "in"
    folder.mkdir()
    for file in (TWO_HANDS, PARTY):
        (folder / file.name).write_bytes(file.read_bytes())
    out = tmp_path / "out"
    assert main(["audit", str(folder), "--out", str(out), "--quiet"]) == 0
    return folder, out


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["audit", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _rows(out: Path, table: str, run_id: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = pq.read_table(out / table / f"part-{run_id}.parquet").to_pylist()
    return rows


def test_the_hands_table_carries_each_records_digest(first: tuple[Path, Path]) -> None:
    folder, out = first
    (part,) = (out / "hands").glob("part-*.parquet")
    rows = pq.read_table(part).to_pylist()
    lines = (folder / TWO_HANDS.name).read_text(encoding="utf-8").splitlines()
    one = next(r for r in rows if r["source_file"].endswith(TWO_HANDS.name))
    # the first hand's record: from its first line to the line before the next hand
    end = next(i for i, r in enumerate(lines[1:], 1) if r.startswith("PokerStars Hand #"))
    text = "\n".join(lines[one["source_line"] - 1 : end]).rstrip("\n")
    assert one["record_sha256"] in {
        hashlib.sha256(text.encode()).hexdigest(),
        hashlib.sha256((text + "\n").encode()).hexdigest(),
    }
    assert len({r["record_sha256"] for r in rows}) == len(rows) == 4


def test_append_counts_the_seen_hands_and_lists_a_changed_record(
    first: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = first
    mutated = folder / TWO_HANDS.name
    mutated.write_text(mutated.read_text(encoding="utf-8").replace(*WRONG), encoding="utf-8")
    code, shown = _json(capsys, str(folder), "--out", str(out), "--append")
    assert code == 1  # the changed hand is audited as new: its pot paid short
    assert shown["hands_seen"] == 3 and shown["hands_seen_skipped"] == 0
    assert shown["changed_records_total"] == 1
    (changed,) = shown["changed_records"]
    assert changed["hand_id"] == "200000000040" and changed["site"] == "PokerStars"
    assert changed["source_file"] == str(mutated) and changed["source_line"] == 1
    assert shown["hands_audited"] == 4  # without --skip-seen every hand is in the rows
    assert len(_rows(out, "hands", shown["run_id"])) == 4
    # the text summary says the same
    assert main(["audit", str(folder), "--out", str(out), "--append"]) == 1
    text = capsys.readouterr().out
    assert f"4 hand(s) already audited by an earlier run of {out}" in text
    assert "changed record" not in text  # the second run holds the changed one now


def test_skip_seen_leaves_them_out_counted_as_skipped(
    first: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = first
    mutated = folder / TWO_HANDS.name
    mutated.write_text(mutated.read_text(encoding="utf-8").replace(*WRONG), encoding="utf-8")
    code, shown = _json(capsys, str(folder), "--out", str(out), "--append", "--skip-seen")
    assert code == 1
    assert shown["hands_seen"] == shown["hands_seen_skipped"] == 3
    assert (shown["hands_read"], shown["hands_audited"], shown["hands_skipped"]) == (4, 1, 3)
    assert shown["changed_records_total"] == 1
    # the PartyPoker hands' BLINDS_INFERRED were the earlier run's: not counted again
    assert shown["findings"] == {"CHIPS_NOT_CONSERVED": 1}
    run = shown["run_id"]
    (hand,) = _rows(out, "hands", run)
    assert hand["hand_id"] == "200000000040"
    for table in ("seats", "actions", "pots", "awards", "findings"):
        assert {r["hand_key"] for r in _rows(out, table, run)} <= {hand["hand_key"]}, table
    files = _rows(out, "files", run)
    assert sum(f["hands_skipped"] for f in files) == 3
    assert all(
        f["hands_read"] == f["hands_audited"] + f["hands_skipped"] + f["hands_rejected"]
        for f in files
    )
    trail = json.loads((out / "run.json").read_text("utf-8"))["runs"][-1]["counts"]
    assert (trail["hands_seen"], trail["hands_seen_skipped"], trail["changed_records"]) == (3, 3, 1)


def test_nothing_new_with_skip_seen_is_said_and_exits_4(
    first: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = first
    assert main(["audit", str(folder), "--out", str(out), "--append", "--skip-seen"]) == 4
    err = capsys.readouterr().err
    assert "no new hand: 4 hand(s) already audited by an earlier run" in err
    args = ["audit", str(folder), "--out", str(out), "--append", "--skip-seen", "--allow-empty"]
    assert main([*args, "--quiet"]) == 0


def test_skip_seen_needs_append(
    first: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = first
    assert main(["audit", str(folder), "--out", str(out), "--overwrite", "--skip-seen"]) == 2
    assert "give --append" in capsys.readouterr().err


def test_rows_of_a_version_before_the_digest_are_neither_seen_nor_changed(
    first: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = first
    (part,) = (out / "hands").glob("part-*.parquet")
    older = pq.read_table(part)
    pq.write_table(older.drop_columns(["record_sha256"]), part)  # as an older run wrote it
    code, shown = _json(capsys, str(folder), "--out", str(out), "--append", "--skip-seen")
    assert code == 0
    assert (shown["hands_seen"], shown["changed_records_total"], shown["hands_audited"]) == (
        0,
        0,
        4,
    )
