"""The ``auditor audit`` command, run as a user runs it: in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

from auditor.rooms import REGISTRY
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures"


def run(
    *args: str, stdin: bytes | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        timeout=300,
    )


# the texts the registered rooms' headers start with (each room's own, not the splitter's)
HEADER_STARTS = tuple(start for room in REGISTRY.values() for start in room.header_starts)


def test_bundled_fixtures(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run("audit", "fixtures", "--out", str(out))
    # the fixtures hold one unreadable hand on purpose: an error-level finding, so exit 1
    assert done.returncode == 1, done.stderr
    # every hand of every room's fixture files, as their expected files list them
    # (pinned by tests/parse/test_fixtures.py; an XML session has no header line to count)
    headers = sum(
        len(json.loads(path.read_text(encoding="utf-8"))["hands"])
        for path in (ROOT / "fixtures").rglob("*.expected.json")
    )
    assert headers >= 15
    assert f"hands read {headers}" in done.stdout
    assert "rejected 1" in done.stdout
    files = pd.read_parquet(out / "files")
    assert (
        files.hands_read == files.hands_audited + files.hands_skipped + files.hands_rejected
    ).all()
    assert files.hands_read.sum() == headers
    hands = pd.read_parquet(out / "hands")
    skipped = files.hands_skipped.sum()  # a Hold'em hand in a Poker Now log
    assert len(hands) == headers - 1 - skipped and hands.hand_id.is_unique  # not rejected
    findings = pd.read_parquet(out / "findings")
    assert set(findings.code) == {
        "PARSE_ERROR",
        "HAND_INCOMPLETE",
        "RECORD_GARBLED",
        "CASH_OUT",
        "GAME_MISLABELED",
        "BLINDS_INFERRED",
        "SEAT_NAME_MISMATCH",  # PartyPoker's conventions, read and said
    }
    for table in ("hands", "seats", "actions", "findings", "files"):
        assert list((out / table).glob("*.parquet")), table


def test_exit_0_when_nothing_reaches_fail_on(tmp_path: Path) -> None:
    clean = FIXTURES / "pokerstars" / "run_it_twice_and_talk.txt"
    done = run("audit", str(clean), "--out", str(tmp_path / "o"))
    assert done.returncode == 0, done.stdout + done.stderr
    warned = FIXTURES / "pokerstars" / "cancelled_cash_out_and_cut_short.txt"
    assert run("audit", str(warned), "--out", str(tmp_path / "w")).returncode == 0
    assert (
        run("audit", str(warned), "--out", str(tmp_path / "x"), "--fail-on", "warning").returncode
        == 1
    )


def test_stdin(tmp_path: Path) -> None:
    data = (FIXTURES / "pokerstars" / "tournament_plo8_side_pots.txt").read_bytes()
    done = run("audit", "-", "--out", str(tmp_path / "o"), stdin=data)
    assert done.returncode == 0, done.stderr
    hands = pd.read_parquet(tmp_path / "o" / "hands")
    assert list(hands.source_file) == ["<stdin>"]


def test_usage_and_io_errors_exit_2_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "o"
    missing = run("audit", str(tmp_path / "nope.txt"), "--out", str(out))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    assert not out.exists()
    assert run("audit", "--out", str(out), "--fail-on", "sometimes").returncode == 2
    assert run("audit").returncode == 2  # --out is required
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    refused = run("audit", str(FIXTURES), "--out", str(out))
    assert refused.returncode == 2 and "--overwrite" in refused.stderr
    assert (out / "keep.txt").read_text() == "mine"
    assert list(tmp_path.iterdir()) == [out]


def test_tables_carry_their_schema_and_exact_money(tmp_path: Path) -> None:
    out = tmp_path / "o"
    run("audit", str(FIXTURES / "pokerstars" / "cash_plo_every_line.txt"), "--out", str(out))
    (part,) = (out / "actions").glob("*.parquet")
    schema = pq.read_schema(part)
    assert str(schema.field("amount").type) == "int64"
    assert b"pokerstars" in schema.metadata[b"grammar"].split(b",")  # the rooms the run reads
    actions = pd.read_parquet(out / "actions", dtype_backend="pyarrow")
    raise_row = actions[(actions.player == "eve") & (actions.action == "raise")].iloc[0]
    # "eve: raises $10 to $13.50" with $1 in: she puts in $12.50, to a bet of $13.50
    assert (raise_row.amount, raise_row.to_amount) == (1250, 1350)
    assert (raise_row.min_legal, raise_row.max_legal) == (600, 1600)
    assert actions.groupby("player").amount.sum()["frank"] == 200  # all-in: his $2
    seats = pd.read_parquet(out / "seats")
    assert seats.set_index("player").loc["bob: the [builder]", "starting_stack"] == 5525
