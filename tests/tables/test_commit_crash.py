"""An --append or --overwrite cut off at any point of its commit (``kill -9``, or SIGTERM)
leaves the output holding exactly its committed runs, as ``auditor.load`` reads it, and
the next run removes what the cut-off run left: the commit point is one rename (the run
file), and a signal that waits for the moves is reported truthfully.

Each run is the real command line in a child process whose ``os.rename``/``os.replace``
(or ``os.unlink``) is made to die or signal itself at the N-th call."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import auditor
from tests.corpus import ROOT

pytestmark = pytest.mark.slow  # some 40 runs of the command line: ~70 s, CI's

FIXTURE = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"
MOVES = 8  # seven part files, then the run file

DRIVER = """
import os, signal, sys
limit, how = int(sys.argv[1]), sys.argv[2]
calls = [0]

def cut(real):
    def call(*args, **kwargs):
        if how == "kill-unlink" and "part-" not in os.path.basename(str(args[0])):
            return real(*args, **kwargs)  # only the removal of a replaced part file
        if calls[0] == limit:
            if how == "term":
                os.kill(os.getpid(), signal.SIGTERM)
            else:
                os._exit(137)  # as kill -9: no clean-up of any kind
        calls[0] += 1
        return real(*args, **kwargs)
    return call

if how == "kill-unlink":
    os.unlink = cut(os.unlink)
else:
    os.rename, os.replace = cut(os.rename), cut(os.replace)
from auditor.cli import main
sys.exit(main(sys.argv[3:]))
"""


def audit(
    out: Path, *flags: str, cut: tuple[int, str] | None = None
) -> subprocess.CompletedProcess[str]:
    args = ["audit", str(FIXTURE), "--out", str(out), "--workers", "1", "--quiet", *flags]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    head = (
        [sys.executable, "-m", "auditor"]
        if cut is None
        else [
            sys.executable,
            "-c",
            DRIVER,
            str(cut[0]),
            cut[1],
        ]
    )
    done = subprocess.run(
        [*head, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def runs_in_file(out: Path) -> list[str]:
    runs: list[str] = json.loads((out / "_auditor_run.json").read_text())["runs"]
    return runs


def loaded_runs(out: Path) -> dict[str, set[str]]:
    """The runs each table holds, as ``auditor.load`` returns them."""
    return {name: set(frame.run_id) for name, frame in auditor.load(out).items() if len(frame)}


def parts_on_disk(out: Path) -> set[str]:
    return {p.stem.removeprefix("part-") for p in out.glob("*/part-*.parquet")}


def beside(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name != out.name)


def first_run(out: Path) -> tuple[str, int]:
    """A run other than the ones that follow it (another rule profile): the identical
    run again is not replaced, its tables being already there (test_reproducible)."""
    done = audit(out, "--rules", "seeds")
    assert done.returncode in (0, 1), done.stderr
    (run,) = runs_in_file(out)
    return run, len(auditor.load(out)["hands"])


@pytest.mark.parametrize("at", range(MOVES))
def test_an_append_killed_at_each_move_leaves_the_committed_runs(at: int, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first, hands = first_run(out)
    done = audit(out, "--append", cut=(at, "kill"))
    assert done.returncode == 137, done.stderr  # it died where asked
    assert runs_in_file(out) == [first]
    assert all(runs == {first} for runs in loaded_runs(out).values())
    assert len(auditor.load(out)["hands"]) == hands
    # the next append removes the dead run's part files and adds its own
    done = audit(out, "--append")
    assert done.returncode in (0, 1), done.stderr
    runs = runs_in_file(out)
    assert runs[0] == first and len(runs) == 2
    assert parts_on_disk(out) == set(runs)
    assert all(found == set(runs) for found in loaded_runs(out).values())
    assert len(auditor.load(out)["hands"]) == 2 * hands
    assert beside(out) == []  # no lock, no staging folder left


@pytest.mark.parametrize("at", [0, MOVES // 2, MOVES - 1])
def test_an_overwrite_killed_at_each_move_leaves_the_old_output(at: int, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first, hands = first_run(out)
    done = audit(out, "--overwrite", cut=(at, "kill"))
    assert done.returncode == 137, done.stderr
    assert runs_in_file(out) == [first]
    assert all(runs == {first} for runs in loaded_runs(out).values())
    assert len(auditor.load(out)["hands"]) == hands
    done = audit(out, "--overwrite")
    assert done.returncode in (0, 1), done.stderr
    (last,) = runs_in_file(out)
    assert last != first and parts_on_disk(out) == {last}
    assert beside(out) == []


def test_an_overwrite_killed_after_its_commit_is_the_new_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first, hands = first_run(out)
    done = audit(out, "--overwrite", cut=(0, "kill-unlink"))  # before the old parts go
    assert done.returncode == 137, done.stderr
    (second,) = runs_in_file(out)
    assert second != first
    assert all(runs == {second} for runs in loaded_runs(out).values())
    assert len(auditor.load(out)["hands"]) == hands
    done = audit(out, "--append")  # the next run removes the replaced part files
    assert done.returncode in (0, 1), done.stderr
    assert parts_on_disk(out) == set(runs_in_file(out)) and first not in parts_on_disk(out)
    assert beside(out) == []


@pytest.mark.parametrize("flag", ["--overwrite", "--append"])
@pytest.mark.parametrize("at", [0, MOVES // 2, MOVES - 1])
def test_sigterm_at_a_move_says_truly_what_was_written(flag: str, at: int, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first, _ = first_run(out)
    done = audit(out, flag, cut=(at, "term"))
    assert done.returncode == 143, done.stderr
    runs = runs_in_file(out)
    assert all(found == set(runs) for found in loaded_runs(out).values())
    assert parts_on_disk(out) == set(runs)
    if "nothing written" in done.stderr:
        assert runs == [first]
    else:  # the signal waited for the moves: the new run is in, and the message says so
        assert f"written to {out}" in done.stderr, done.stderr
        assert len(runs) == (1 if flag == "--overwrite" else 2) and runs[-1] != first
    assert beside(out) == []
