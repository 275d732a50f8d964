"""Writing the tables never destroys an input or a folder the auditor did not write, two
runs on one --out never silently replace each other, --append is all or nothing, and a
dead run's staging folder is cleaned up by the next run (a live one's is left alone).

Every run that might destroy something works on copies under tmp_path, never on the
worktree."""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from auditor.run import run_audit
from auditor.tables.errors import (
    AppendError,
    OutputExistsError,
    OutputIsInputError,
    OutputLockedError,
)
from auditor.tables.output import RUN_FILE, STAGING_MARKER, Owner, clean_stale_staging
from auditor.tables.schemas import SCHEMAS
from auditor.tables.writer import DatasetWriter
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"
TABLES = list(SCHEMAS)


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # so that any cwd runs this worktree's code
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args, "--workers", "1", "--quiet"],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def hand_histories(folder: Path) -> Path:
    """A copy of the PokerStars fixtures (the runs below may try to destroy their input)."""
    folder.mkdir(parents=True)
    for fixture in ("cash_plo_every_line.txt", "tournament_plo8_side_pots.txt"):
        shutil.copy(FIXTURES / fixture, folder / fixture)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def audit(source: Path, out: Path, *, overwrite: bool = False, append: bool = False) -> None:
    """A run in this process (as the command line runs it, without starting Python)."""
    run_audit([str(source)], out, workers=1, overwrite=overwrite, append=append)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def run_ids(out: Path) -> dict[str, set[str]]:
    """The runs each table holds (its part files; the hands table's rows must agree)."""
    ids = {t: {p.stem.removeprefix("part-") for p in (out / t).glob("part-*")} for t in TABLES}
    assert set(pd.read_parquet(out / "hands", columns=["run_id"]).run_id) == ids["hands"]
    return ids


def tables_holding(out: Path, run_id: str) -> set[str]:
    return {t for t in TABLES if (out / t / f"part-{run_id}.parquet").exists()}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout)


# ---------------------------------------------------------------- 1. inputs and foreign folders


def test_out_that_is_the_input_folder_is_refused_and_the_input_kept(tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    before = snapshot(source)
    line = one_line(cli("audit", str(source), "--out", str(source), "--overwrite"))
    assert "input" in line and "nothing was written" in line
    (tmp_path / "link").symlink_to(source)  # the same folder under another name
    for flags in ({"overwrite": True}, {"append": True}, {}):
        for out in (source, tmp_path / "link"):
            with pytest.raises(OutputIsInputError):
                audit(source, out, **flags)
    assert snapshot(source) == before
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("named", "out"),
    [
        ("in", "in/tables"),  # out inside an input folder
        ("in/a.txt", "in"),  # out holds an input file
        ("in/a.txt", "in/a.txt"),  # out is an input file
    ],
)
def test_out_inside_or_holding_an_input_is_refused(named: str, out: str, tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    shutil.copy(FIXTURES / "cash_plo_every_line.txt", source / "a.txt")
    before = snapshot(source)
    for flags in ({"overwrite": True}, {"append": True}):
        with pytest.raises(OutputIsInputError, match=" the input "):
            audit(tmp_path / named, tmp_path / out, **flags)
    assert snapshot(source) == before
    assert not (source / "tables").exists()
    assert leftovers(tmp_path) == [] and leftovers(source) == []


def test_out_dot_holding_the_inputs_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = hand_histories(tmp_path / "in")
    before = snapshot(source)
    line = one_line(cli("audit", ".", "--out", ".", "--overwrite", cwd=source))
    assert "input" in line
    monkeypatch.chdir(source)
    with pytest.raises(OutputIsInputError):
        run_audit(["cash_plo_every_line.txt"], Path("."), overwrite=True, workers=1)
    assert snapshot(source) == before
    assert leftovers(source) == [] and leftovers(tmp_path) == []


# (a real output with a file someone added is the auditor's still: the file is kept, see
# tests/tables/test_foreign_files_kept.py)
@pytest.mark.parametrize("kind", ["notes", "foreign parquet", "tampered part"])
@pytest.mark.parametrize("flag", ["overwrite", "append"])
def test_folder_the_auditor_did_not_write_is_left_alone(
    kind: str, flag: str, tmp_path: Path
) -> None:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    if kind == "notes":
        out.mkdir()
        (out / "notes.txt").write_text("my notes")
    elif kind == "foreign parquet":  # looks like a table folder, without our schema key
        (out / "hands").mkdir(parents=True)
        pd.DataFrame({"hand_id": ["1"]}).to_parquet(out / "hands" / "part-x.parquet")
    else:  # a real output whose part file someone replaced with a link
        audit(source, out)
        (part,) = (out / "hands").glob("part-*.parquet")
        part.rename(tmp_path / "moved.parquet")
        part.symlink_to(tmp_path / "moved.parquet")
    before = snapshot(out)
    with pytest.raises(OutputExistsError, match="does not look like an auditor output"):
        audit(source, out, **{flag: True})
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_folder_the_auditor_did_not_write_is_refused_in_one_line(tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("my notes")
    line = one_line(cli("audit", str(source), "--out", str(tmp_path / "out"), "--overwrite"))
    assert "does not look like an auditor output" in line and "nothing was written" in line
    assert snapshot(tmp_path / "out") == {"notes.txt": b"my notes"}


def test_overwrite_of_an_earlier_output_works(tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    audit(source, out)
    first = json.loads((out / RUN_FILE).read_text())
    assert first["tool"] == "omaha-auditor" and len(first["runs"]) == 1
    assert run_ids(out)["hands"] == set(first["runs"])
    audit(source, out, overwrite=True)
    second = json.loads((out / RUN_FILE).read_text())["runs"]
    # the identical run again: the same id, its tables kept as they were (test_reproducible)
    assert len(second) == 1 and second == first["runs"]
    assert all(ids == set(second) for ids in run_ids(out).values())
    assert leftovers(tmp_path) == []


def test_output_of_the_version_before_the_run_file_still_counts(tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    audit(source, out)
    (earlier,) = run_ids(out)["hands"]
    (out / RUN_FILE).unlink()  # as written before the run file existed
    audit(source, out, append=True)
    runs = json.loads((out / RUN_FILE).read_text())["runs"]
    assert runs[0] == earlier and len(runs) == 2
    assert all(ids == set(runs) for ids in run_ids(out).values())
    (out / RUN_FILE).unlink()
    audit(source, out, overwrite=True)
    assert len(run_ids(out)["hands"]) == 1


# ---------------------------------------------------------------- 2. one run at a time


def test_second_run_on_the_same_new_out_fails_naming_the_first(tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    first = DatasetWriter(out)
    with pytest.raises(OutputLockedError, match=f"pid {os.getpid()} on "):
        DatasetWriter(out)
    line = one_line(cli("audit", str(source), "--out", str(out)))
    assert f"pid {os.getpid()} on {socket.gethostname()}, run {first.run_id}" in line
    assert not out.exists()  # the second run wrote nothing, and did not commit
    first.commit()
    assert json.loads((out / RUN_FILE).read_text())["runs"] == [first.run_id]
    assert [p.name for p in (out / "hands").iterdir()] == [f"part-{first.run_id}.parquet"]
    assert leftovers(tmp_path) == []  # lock and staging gone
    # once the first is done, the out is free again
    audit(source, out, append=True)


def test_a_new_out_that_appears_during_the_run_is_not_replaced(tmp_path: Path) -> None:
    out = tmp_path / "out"
    writer = DatasetWriter(out)
    out.mkdir()
    (out / "theirs.txt").write_text("made while the run wrote")
    with pytest.raises(OutputExistsError, match="appeared while this run was writing"):
        writer.commit()
    assert snapshot(out) == {"theirs.txt": b"made while the run wrote"}
    assert leftovers(tmp_path) == []


def test_a_run_killed_mid_way_leaves_a_lock_and_staging_the_next_run_takes_over(
    tmp_path: Path,
) -> None:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    killed = (
        "import os, sys; from pathlib import Path; from auditor.tables.writer import "
        "DatasetWriter; DatasetWriter(Path(sys.argv[1])); os.kill(os.getpid(), 9)"
    )
    subprocess.run([sys.executable, "-c", killed, str(out)], cwd=ROOT, check=False)
    left = leftovers(tmp_path)
    assert ".out.lock" in left and any(n.startswith(".out.partial-") for n in left)
    audit(source, out)
    assert leftovers(tmp_path) == []
    assert len(run_ids(out)["hands"]) == 1


# ---------------------------------------------------------------- 3. all-or-nothing --append


def _earlier_output(tmp_path: Path) -> tuple[Path, Path]:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    audit(source, out)
    return source, out


def test_append_to_an_out_with_a_table_folder_replaced_by_a_file(tmp_path: Path) -> None:
    source, out = _earlier_output(tmp_path)
    (earlier,) = run_ids(out)["hands"]
    shutil.rmtree(out / "pots")
    (out / "pots").write_text("not a folder")
    before = snapshot(out)
    line = one_line(cli("audit", str(source), "--out", str(out), "--append"))
    assert "nothing was written" in line
    # the same, found only when the run is done: every target is checked before any move
    writer = DatasetWriter(tmp_path / "out2")
    writer.commit()
    writer = DatasetWriter(tmp_path / "out2", append=True)
    shutil.rmtree(tmp_path / "out2" / "pots")
    (tmp_path / "out2" / "pots").write_text("not a folder")
    with pytest.raises(AppendError, match="nothing was added"):
        writer.commit()
    assert snapshot(out) == before
    assert all(ids == {earlier} for t, ids in run_ids(out).items() if t != "pots")
    assert len(list((tmp_path / "out2" / "hands").iterdir())) == 1
    assert leftovers(tmp_path) == []


def test_append_failing_part_way_moves_back_what_it_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out = _earlier_output(tmp_path)
    before = snapshot(out)
    writer = DatasetWriter(out, append=True)
    rename = os.rename

    def disk_full(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if ".partial-" in str(src) and Path(dst).parent.name == "awards":  # the 5th table
            raise OSError(errno.ENOSPC, "No space left on device")
        rename(src, dst)

    monkeypatch.setattr(os, "rename", disk_full)
    with pytest.raises(AppendError, match="nothing was added") as raised:
        writer.commit()
    monkeypatch.undo()
    assert raised.value.rolled_back
    assert "No space left on device" in str(raised.value)
    assert snapshot(out) == before  # no table holds the new run, the run file is as it was
    assert tables_holding(out, writer.run_id) == set()
    assert leftovers(tmp_path) == []


def test_append_whose_undoing_fails_says_which_parts_are_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out = _earlier_output(tmp_path)
    writer = DatasetWriter(out, append=True)
    rename = os.rename

    def failing(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if ".partial-" in str(src) and Path(dst).parent.name == "awards":
            raise OSError(errno.ENOSPC, "No space left on device")
        if ".partial-" in str(dst) and Path(src).parent.name == "seats":  # moving back
            raise OSError(errno.EIO, "Input/output error")
        rename(src, dst)

    monkeypatch.setattr(os, "rename", failing)
    with pytest.raises(AppendError) as raised:
        writer.commit()
    monkeypatch.undo()
    error = raised.value
    stuck = f"seats/part-{writer.run_id}.parquet"
    assert not error.rolled_back and error.in_place == (stuck,)
    assert set(error.not_in_place) == {f"{t}/part-{writer.run_id}.parquet" for t in TABLES} - {
        stuck
    }
    assert stuck in str(error) and "moving its part files back failed" in str(error)
    assert tables_holding(out, writer.run_id) == {"seats"}  # exactly as said


# ---------------------------------------------------------------- 4. stale staging


def _staging(out: Path, name: str, owner: Owner | None) -> Path:
    folder = out.parent / f".{out.name}.partial-{name}"
    (folder / "data" / "hands").mkdir(parents=True)
    (folder / "data" / "hands" / f"part-{name}.parquet").write_bytes(b"PAR1")
    if owner is not None:
        (folder / STAGING_MARKER).write_text(owner.text())
    return folder


def test_staging_of_a_dead_run_is_removed_a_live_ones_kept(tmp_path: Path) -> None:
    source = hand_histories(tmp_path / "in")
    out = tmp_path / "out"
    me = Owner.me("live")
    host = socket.gethostname()
    dead = _staging(out, "dead", Owner(dead_pid(), host, None, "dead", me.since))
    reused = _staging(out, "reused", Owner(os.getpid(), host, "1", "reused", me.since))
    live = _staging(out, "live", me)
    unmarked = _staging(out, "unmarked", None)  # not provably ours
    gone = dead_pid()
    remote = _staging(out, "remote", Owner(gone, "elsewhere.invalid", None, "remote", me.since))
    # the staging folder of an out named "out.partial-x": its name starts the same way
    other_out = tmp_path / "out.partial-x"
    other = _staging(other_out, "dead2", Owner(gone, host, None, "dead2", me.since))
    audit(source, out)
    assert not dead.exists() and not reused.exists()  # a reused pid is another process
    assert live.exists() and unmarked.exists() and remote.exists() and other.exists()
    assert (live / "data" / "hands" / "part-live.parquet").exists()


def test_an_output_retired_by_a_dead_run_is_put_back(tmp_path: Path) -> None:
    _, out = _earlier_output(tmp_path)
    before = snapshot(out)
    me = Owner.me("x")
    folder = _staging(out, "dead", Owner(dead_pid(), socket.gethostname(), None, "dead", me.since))
    out.rename(folder / "old")  # killed between retiring the old output and the new one's move
    assert clean_stale_staging(out) == [folder]
    assert snapshot(out) == before and not folder.exists()
