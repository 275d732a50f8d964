"""Issue 26, item 5: each run records its audit trail in ``OUT/run.json`` (version,
command line, profiles and grammars with their hashes, every input's path, size and
SHA-256, start and end, counts); the tables' Parquet metadata carries the digests and no
time; ``auditor verify OUT`` tells a changed or missing input (exit 1) from unchanged
ones (exit 0); --overwrite keeps only its own record, --append adds one; a user's own
run.json is never replaced."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.cli import main
from auditor.regress.trail import digest
from auditor.run import run_audit
from tests.regress.conftest import FIXTURES

TABLES = ("findings", "pots", "awards", "actions", "seats", "hands", "files")


def _trail(out: Path) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = json.loads((out / "run.json").read_text("utf-8"))["runs"]
    return runs


def test_a_run_records_what_it_read_and_with_what(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["audit", str(inputs), "--out", str(out), "--quiet"]) == 1
    (run,) = _trail(out)
    files = sorted(inputs.iterdir())
    assert [i["path"] for i in run["inputs"]] == [str(f) for f in files]
    for item, file in zip(run["inputs"], files, strict=True):
        assert item["sha256"] == hashlib.sha256(file.read_bytes()).hexdigest()
        assert item["size"] == file.stat().st_size
    assert run["command"] == ["auditor", "audit", str(inputs), "--out", str(out), "--quiet"]
    assert "888poker.toml" not in run["profiles"] and "pokerstars" in run["profiles"]
    assert "pokerstars.lark" in run["grammars"]
    assert run["counts"]["hands_read"] == 4  # two hands in each file
    assert run["started_at"] <= run["ended_at"]
    for table in TABLES:
        meta = pq.read_schema(next((out / table).glob("part-*.parquet"))).metadata
        assert meta[b"inputs_sha256"].decode() == digest(run["inputs"])
        assert not any(b"_at" in key or b"time" in key for key in meta)  # no time in a table


def test_verify_tells_a_changed_byte_and_a_missing_input(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    run_audit([str(inputs)], out)
    assert main(["verify", str(out)]) == 0
    assert capsys.readouterr().out.count(": unchanged") == 2
    party = (
        next(inputs.glob("*party*")) if any(inputs.glob("*party*")) else sorted(inputs.iterdir())[0]
    )
    data = bytearray(party.read_bytes())
    data[10] ^= 1  # one bit of one byte
    party.write_bytes(bytes(data))
    assert main(["verify", str(out)]) == 1
    shown = capsys.readouterr().out
    assert f"{party}: changed" in shown and shown.count(": unchanged") == 1
    party.unlink()
    assert main(["verify", str(out)]) == 1
    assert f"{party}: missing" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "nothing")]) == 2


def test_overwrite_keeps_its_own_record_and_append_adds_one(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = run_audit([str(inputs)], out)
    second = run_audit([str(inputs)], out, append=True)
    assert [r["run_id"] for r in _trail(out)] == [first.run_id, second.run_id]
    assert second.run_id != first.run_id  # the same run appended: named by what it joins
    third = run_audit([str(inputs)], out, overwrite=True)
    assert [r["run_id"] for r in _trail(out)] == [third.run_id]
    assert third.run_id == first.run_id  # the same inputs and options: the same run


def test_a_users_own_run_json_is_never_replaced(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_audit([str(FIXTURES / "pokerstars" / "cash_plo_every_line.txt")], out)
    (out / "run.json").write_text('{"mine": true}\n', encoding="utf-8")
    run_audit([str(FIXTURES / "pokerstars" / "cash_plo_every_line.txt")], out, append=True)
    assert (out / "run.json").read_text(encoding="utf-8") == '{"mine": true}\n'
