"""A run killed mid-way leaves nothing that looks like a finished dataset; running it
again with --overwrite gives the tables an uninterrupted run gives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from tests.corpus import ROOT, stars_layout_rows

pytestmark = pytest.mark.slow  # a real run killed with kill -9

TABLES = ("hands", "seats", "actions", "pots", "awards", "findings", "files")


def _big_input(folder: Path) -> Path:
    """The corpus's PokerStars-layout hands, copied enough times to take a while."""
    folder.mkdir()
    rows = stars_layout_rows()
    for copy in range(12):
        for row in rows:
            (folder / f"{copy}-{row.path.name}").write_bytes(row.path.read_bytes())
    return folder


def _frames(out: Path) -> dict[str, pd.DataFrame]:
    frames = {}
    for name in TABLES:
        frame = pd.read_parquet(out / name).drop(columns=["run_id"])
        frame = frame.astype(
            {c: "string" for c in frame.columns if str(frame[c].dtype) == "category"}
        )
        frames[name] = frame.sort_values(list(frame.columns)[:3]).reset_index(drop=True)
    return frames


def test_kill_9_leaves_no_complete_looking_dataset(corpus: Path, tmp_path: Path) -> None:
    source = _big_input(tmp_path / "in")
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "auditor",
        "audit",
        str(source),
        "--out",
        str(out),
        "--workers",
        "1",
        "--quiet",
    ]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(2.0)
    assert run.poll() is None, "the run ended before it could be interrupted"
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    assert not out.exists()  # the datasets appear only when whole
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.partial-")]
    assert len(leftovers) == 1  # the unfinished run's work, hidden beside the target

    again = subprocess.run([*command, "--overwrite"], cwd=ROOT, capture_output=True, timeout=600)
    assert again.returncode in (0, 1), again.stderr
    straight = tmp_path / "straight"
    subprocess.run([*command[:6], str(straight), *command[7:]], cwd=ROOT, check=False, timeout=600)
    first, second = _frames(out), _frames(straight)
    for name in TABLES:
        pd.testing.assert_frame_equal(first[name], second[name], obj=name)
