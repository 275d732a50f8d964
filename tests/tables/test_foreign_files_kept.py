"""Files the auditor never writes in an audit folder it wrote (its own --html report, a
notebook, .DS_Store) are ignored and kept: --append, --overwrite and ``auditor report``
go on, say so in one line, and replace only the auditor's own tables and run file. A
folder with no marker of the auditor's is still refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import auditor
from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"
NOTEBOOK = b'{"cells": [], "nbformat": 4}\n'


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def audit(out: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return cli("audit", str(FIXTURE), "--out", str(out), "--workers", "1", "--quiet", *flags)


def runs(out: Path) -> set[str]:
    return set(auditor.load(out)["hands"].run_id)


def test_append_to_a_folder_holding_its_own_html_report(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = audit(out, "--html", str(out / "report.html"))
    assert done.returncode in (0, 1), done.stderr
    (first,) = runs(out)
    done = audit(out, "--append")
    assert done.returncode in (0, 1), done.stderr
    assert "kept 1 file(s) the auditor did not write: report.html" in done.stderr
    assert len(runs(out)) == 2 and first in runs(out)
    assert (out / "report.html").is_file()


@pytest.mark.parametrize("flag", ["--overwrite", "--append"])
def test_a_stray_file_is_kept_by_a_run_that_says_so(flag: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    # another run than the next one (another profile): the identical run's tables stay
    assert audit(out, "--rules", "seeds").returncode in (0, 1)
    (first,) = runs(out)
    (out / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    (out / "analysis.ipynb").write_bytes(NOTEBOOK)
    (out / "hands" / "mine.csv").write_bytes(b"a,b\n")
    done = audit(out, flag)
    assert done.returncode in (0, 1), done.stderr
    kept = [line for line in done.stderr.splitlines() if "kept" in line]
    assert len(kept) == 1, done.stderr
    assert "kept 3 file(s) the auditor did not write" in kept[0]
    assert ".DS_Store" in kept[0] and "analysis.ipynb" in kept[0] and "hands/mine.csv" in kept[0]
    assert (out / ".DS_Store").read_bytes() == b"\0\0\0\1Bud1"
    assert (out / "analysis.ipynb").read_bytes() == NOTEBOOK
    assert (out / "hands" / "mine.csv").read_bytes() == b"a,b\n"
    now = runs(out)  # the loader reads the tables, not the files beside them
    assert first not in now if flag == "--overwrite" else first in now
    parts = {p.name for p in (out / "hands").iterdir()}
    assert parts == {f"part-{r}.parquet" for r in now} | {"mine.csv"}


def test_report_of_a_folder_holding_a_stray_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert audit(out).returncode in (0, 1)
    (out / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    done = cli("report", str(out), "--html", str(tmp_path / "r.html"))
    assert done.returncode == 0, done.stderr
    assert "kept 1 file(s) the auditor did not write: .DS_Store" in done.stderr
    assert (tmp_path / "r.html").is_file()
    assert (out / ".DS_Store").read_bytes() == b"\0\0\0\1Bud1"


@pytest.mark.parametrize("flag", ["--overwrite", "--append"])
def test_a_folder_with_no_marker_of_ours_is_still_refused(flag: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "analysis.ipynb").write_bytes(NOTEBOOK)
    (out / "hands").mkdir()  # a table's name, but nothing of ours in it
    done = audit(out, flag)
    assert done.returncode == 2, done.stderr
    assert "does not look like an auditor output" in done.stderr
    assert sorted(p.name for p in out.rglob("*")) == ["analysis.ipynb", "hands"]
