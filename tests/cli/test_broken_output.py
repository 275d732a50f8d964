"""Printing never costs the run: with stderr or stdout closed (``2>&-``, ``>&-``), or stdout
a pipe nobody reads, or a terminal that cannot encode a file's name, the tables are
written and the exit code is the findings' one."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tests.corpus import ROOT

STARS = ROOT / "fixtures" / "pokerstars"
ONE_BAD = STARS / "one_bad_hand_in_three.txt"  # a PARSE_ERROR: exit 1
CLEAN = STARS / "run_it_twice_and_talk.txt"  # no error: exit 0


def _in_shell(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m auditor ARGS`` with a shell redirection (closing a stream)."""
    command = shlex.join([sys.executable, "-m", "auditor", *args]) + " " + redirect
    return subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def _written(out: Path, hands: int) -> None:
    files = pq.read_table(out / "files").to_pylist()
    assert sum(r["hands_read"] for r in files) == hands
    for row in files:
        assert row["hands_read"] == (
            row["hands_audited"] + row["hands_skipped"] + row["hands_rejected"]
        )
    assert len(pq.read_table(out / "hands")) > 0


@pytest.mark.parametrize("redirect", ["2>&-", ">&-", ">&- 2>&-"])
@pytest.mark.parametrize(("source", "code", "hands"), [(ONE_BAD, 1, 3), (CLEAN, 0, 1)])
def test_a_closed_stream_costs_nothing(
    redirect: str, source: Path, code: int, hands: int, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    done = _in_shell(redirect, "audit", str(source), "--out", str(out))
    assert done.returncode == code, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    _written(out, hands)
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_a_closed_stderr_with_json_still_prints_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = _in_shell("2>&-", "audit", str(ONE_BAD), "--out", str(out), "--json")
    assert done.returncode == 1
    assert '"hands_read": 3' in done.stdout


def test_stdout_a_pipe_nobody_reads(tmp_path: Path) -> None:
    out = tmp_path / "out"
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write to stdout fails: EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "auditor", "audit", str(ONE_BAD), "--out", str(out)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=300,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1, done.stderr  # the findings' code, not 0 nor 3
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    _written(out, 3)


def test_a_non_ascii_file_name_on_an_ascii_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "hände"
    folder.mkdir()
    source = folder / "Çağla.txt"
    shutil.copyfile(ONE_BAD, source)
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(source), "--out", str(out)],
        capture_output=True,
        cwd=ROOT,
        timeout=300,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr
    shown = done.stdout.decode("ascii")  # the terminal's encoding, kept to
    # the example line names the file, its letters escaped rather than lost
    assert "h\\xe4nde" in shown and "PARSE_ERROR" in shown
    _written(out, 3)
