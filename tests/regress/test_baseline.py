"""Issue 26: ``audit --baseline`` suppresses exactly the findings its entries name (kept
in the findings table, marked, not counted by --fail-on), reports stale and expired
entries, refuses a malformed file naming the entry, and ``auditor baseline OUT`` writes
one that accepts the run it was made from."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.cli import main
from auditor.regress.baseline import BaselineError, load


def _audit(
    inputs: Path, out: Path, *extra: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, dict[str, Any]]:
    code = main(["audit", str(inputs), "--out", str(out), "--json", "--overwrite", *extra])
    return code, json.loads(capsys.readouterr().out)


def _rows(out: Path) -> list[dict[str, Any]]:
    columns = ["code", "site", "hand_id", "root", "severity", "fingerprint", "suppressed_by"]
    rows: list[dict[str, Any]] = pq.read_table(out / "findings", columns=columns).to_pylist()
    return rows


def test_a_baseline_suppresses_exactly_what_it_names(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, before = _audit(inputs, tmp_path / "o1", capsys=capsys)
    rows = _rows(tmp_path / "o1")
    errors = [r for r in rows if r["root"] and r["severity"] == "error"]
    assert code == 1 and errors, before
    blinds = [r for r in rows if r["code"] == "BLINDS_INFERRED"]
    assert len(blinds) == 2
    accepted = tmp_path / "accepted.toml"
    prints = ", ".join(f'"{r["fingerprint"]}"' for r in errors)
    accepted.write_text(
        f'[[accept]]\nfingerprint = [{prints}]\nreason = "the test broke this pot on purpose"\n\n'
        f'[[accept]]\ncode = "BLINDS_INFERRED"\nhand_id = "{blinds[0]["hand_id"]}"\n'
        'reason = "PartyPoker writes no blinds in tournaments"\n',
        encoding="utf-8",
    )
    code, after = _audit(inputs, tmp_path / "o2", "--baseline", str(accepted), capsys=capsys)
    assert code == 0, after  # the errors accepted: nothing left reaches --fail-on error
    marked = {(r["code"], r["hand_id"]): r["suppressed_by"] for r in _rows(tmp_path / "o2")}
    assert len(marked) == len({(r["code"], r["hand_id"]) for r in rows})  # every row kept
    for r in errors:
        assert marked[(r["code"], r["hand_id"])].startswith("accepted.toml#1: the test broke")
    assert marked[("BLINDS_INFERRED", blinds[0]["hand_id"])].startswith("accepted.toml#2: ")
    assert marked[("BLINDS_INFERRED", blinds[1]["hand_id"])] is None  # not named: counted
    assert after["findings"].get("BLINDS_INFERRED") == 1
    assert sum(after["suppressed"].values()) == len(errors) + 1
    assert after["baseline_report"] == []


def test_stale_and_expired_entries_are_reported_and_an_expired_one_accepts_nothing(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    accepted = tmp_path / "accepted.toml"
    accepted.write_text(
        '[[accept]]\ncode = "BLINDS_INFERRED"\nreason = "known"\nexpires = 2020-01-01\n\n'
        '[[accept]]\ncode = "RAISE_ABOVE_POT"\ntable = "Nowhere*"\nreason = "never seen"\n',
        encoding="utf-8",
    )
    _, shown = _audit(inputs, tmp_path / "o", "--baseline", str(accepted), capsys=capsys)
    assert shown["findings"]["BLINDS_INFERRED"] == 2 and shown["suppressed"] == {}
    assert shown["baseline_report"] == [
        "baseline accepted.toml: entry 1 (code=BLINDS_INFERRED) expired on 2020-01-01",
        "baseline accepted.toml: entry 2 (code=RAISE_ABOVE_POT, table=Nowhere*) matched "
        "nothing (stale)",
    ]
    assert all(r["suppressed_by"] is None for r in _rows(tmp_path / "o"))


def test_a_table_pattern_and_a_room_name_what_they_accept(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    accepted = tmp_path / "accepted.toml"
    accepted.write_text(
        '[[accept]]\nroom = "PartyPoker"\ntable = "*"\nreason = "all of this room"\n',
        encoding="utf-8",
    )
    code, shown = _audit(inputs, tmp_path / "o", "--baseline", str(accepted), capsys=capsys)
    assert (
        "BLINDS_INFERRED" not in shown["findings"] and shown["suppressed"]["BLINDS_INFERRED"] == 2
    )
    assert code == 1  # the PokerStars errors are not the room's
    rows = _rows(tmp_path / "o")
    assert {r["site"] for r in rows if r["suppressed_by"]} == {"PartyPoker"}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[[accept]]\ncode = "X"\n', "entry 1: no reason"),
        ('[[accept]]\nreason = "why"\n', "entry 1: names no finding"),
        ('[[accept]]\ncode = "X"\nreason = "r"\ncolour = "red"\n', "unknown key(s) ['colour']"),
        ('[[accept]]\ncode = "X"\nreason = "r"\nexpires = "soon"\n', "expires must be a date"),
        ("[[accept]\n", "not TOML"),
    ],
)
def test_a_malformed_baseline_is_a_usage_error_naming_the_entry(
    text: str, said: str, inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    accepted = tmp_path / "accepted.toml"
    accepted.write_text(text, encoding="utf-8")
    with pytest.raises(BaselineError, match=re.escape(said)):
        load(accepted, dt.date(2026, 1, 1))
    out = tmp_path / "o"
    assert main(["audit", str(inputs), "--out", str(out), "--baseline", str(accepted)]) == 2
    assert said in capsys.readouterr().err and not out.exists()


def test_the_written_baseline_accepts_the_run_it_was_made_from(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = _audit(inputs, tmp_path / "o1", capsys=capsys)
    assert code == 1
    assert main(["baseline", str(tmp_path / "o1")]) == 0
    written = capsys.readouterr().out
    assert "# BLINDS_INFERRED in PartyPoker: 2 finding(s), e.g." in written
    accepted = tmp_path / "accepted.toml"
    accepted.write_text(written, encoding="utf-8")
    code, shown = _audit(inputs, tmp_path / "o2", "--baseline", str(accepted), capsys=capsys)
    assert code == 0 and shown["findings"] == {} and shown["baseline_report"] == []
    assert main(["baseline", str(tmp_path / "nothing")]) == 2
