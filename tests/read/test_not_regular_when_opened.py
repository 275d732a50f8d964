"""A file listed as a regular file and replaced by a FIFO before it is read (issue 22):
opened without blocking, found not to be a regular file, listed with that reason; the
run goes on and never hangs waiting for a writer."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow.parquet as pq

from tests.corpus import ROOT

CLEAN = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"

# the listing, then the swap, then the run: in a process of its own, so that a run that
# blocks on the FIFO fails the test by its timeout instead of hanging the suite
SCRIPT = textwrap.dedent(
    """
    import os, sys
    from auditor.read.inputs import find_inputs
    from auditor.run import run_audit

    folder, out = sys.argv[1], sys.argv[2]
    found = find_inputs([folder])
    swapped = os.path.join(folder, "b_swapped.txt")
    os.remove(swapped)
    os.mkfifo(swapped)
    summary = run_audit(found, out)
    print(summary.hands_read, summary.hands_audited)
    """
)


def test_a_file_replaced_by_a_fifo_after_listing_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a_first.txt", "b_swapped.txt", "c_last.txt"):
        (folder / name).write_bytes(CLEAN.read_bytes())
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(folder), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "2"]
    rows = {r["source_file"]: r for r in pq.read_table(tmp_path / "out" / "files").to_pylist()}
    swapped = rows[str(folder / "b_swapped.txt")]
    assert swapped["status"] == "not read"
    assert "not a regular file" in swapped["reason"] and "FIFO" in swapped["reason"]
    assert swapped["hands_read"] == 0
    assert rows[str(folder / "c_last.txt")]["hands_audited"] == 1
    assert os.path.exists(folder / "b_swapped.txt")  # left as it is


def test_a_fifo_in_a_folder_is_never_opened(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    os.mkfifo(folder / "pipe.txt")
    (folder / "hands.txt").write_bytes(CLEAN.read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(folder), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    rows = {r["source_file"]: r for r in pq.read_table(tmp_path / "out" / "files").to_pylist()}
    assert rows[str(folder / "pipe.txt")]["status"] == "not read"
    assert "FIFO" in rows[str(folder / "pipe.txt")]["reason"]
