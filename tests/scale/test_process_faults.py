"""A run that crashes, is interrupted, loses its main process or a worker: exit codes,
one line on stderr, nothing left behind (staging folder, cross-hand spill, processes).

The runs are real ``auditor audit`` processes (their cross-hand store spilling early, so
that a spill folder exists to be cleaned up) on an input big enough to still be running
when the signal arrives: the fixtures' hands over and over under new hand ids. A worker
that dies is simulated by a chunk job that kills its own process.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil  # type: ignore[import-untyped]
import pyarrow.parquet as pq
import pytest

from auditor.cli import main
from auditor.engines.chunks import Chunk, ChunkResult, audit_chunk
from auditor.engines.local import available_cores, resolve_workers
from tests.corpus import ROOT

HAND = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"
MIXED = [HAND, ROOT / "fixtures" / "pokerstars" / "one_bad_hand_in_three.txt"]
WORKER_DIED_ONCE = "AUDITOR_TEST_WORKER_DIED_ONCE"  # a marker file: the first job dies


def hands_file(path: Path, hands: int) -> Path:
    """``hands`` hands, the fixtures' hands over and over, each with its own hand id:
    one in four cannot be read, the others break the button's moves (findings)."""
    texts = [
        hand.strip()
        for fixture in MIXED
        for hand in re.split(r"\n\s*\n(?=PokerStars Hand)", fixture.read_text(encoding="utf-8"))
    ]
    copies = (
        re.sub(r"Hand #\d+", f"Hand #{300_000_000_000 + i}", texts[i % len(texts)], count=1)
        for i in range(hands)
    )
    path.write_text("\n\n\n".join(copies) + "\n", encoding="utf-8")
    return path


def environment(tmp: Path) -> dict[str, str]:
    """The run's temporary files (the cross-hand spill) under ``tmp``, where a test sees them."""
    tmp.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(tmp), "AUDITOR_DEBUG": ""}


AUDITOR = """
import sys
import auditor.engines.crosshand
from auditor.cli import main
auditor.engines.crosshand.SPILL_BYTES = 64 << 10  # spill within a second of hands
raise SystemExit(main(sys.argv[1:]))
"""


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """``auditor`` (as ``python -m auditor`` runs it, the cross-hand store spilling early)."""
    return subprocess.Popen(
        [sys.executable, "-c", AUDITOR, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell job: Ctrl-C hits them all
    )


def wait_for(ready: Callable[[], bool], run: subprocess.Popen[str], what: str) -> None:
    deadline = time.monotonic() + 60
    while not ready():
        assert run.poll() is None, f"the run ended before {what}: {run.communicate()}"
        assert time.monotonic() < deadline, f"no {what} after 60 s"
        time.sleep(0.05)


def descendants(pid: int) -> list[psutil.Process]:
    try:
        found: list[psutil.Process] = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    return found


def workers_of(pid: int) -> list[psutil.Process]:
    """The pool's workers: started by the fork server (a child of the run), not by the run."""
    return [p for p in descendants(pid) if _parent(p) not in (pid, None)]


def _parent(process: psutil.Process) -> int | None:
    try:
        parent: int = process.ppid()
    except psutil.NoSuchProcess:
        return None
    return parent


def gone(process: psutil.Process) -> bool:
    try:
        running: bool = process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
    return not running


def wait_gone(processes: list[psutil.Process], seconds: float) -> list[psutil.Process]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = [p for p in processes if not gone(p)]
        if not alive:
            return []
        time.sleep(0.1)
    return [p for p in processes if not gone(p)]


def leftovers(tmp_path: Path, spill: Path) -> list[str]:
    staged = [p.name for p in tmp_path.iterdir() if ".partial-" in p.name]
    return staged + [p.name for p in spill.iterdir() if p.name.startswith("auditor-crosshand-")]


@pytest.fixture(scope="module")
def big_input(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hands_file(tmp_path_factory.mktemp("big") / "hands.txt", 20_000)


@pytest.fixture(scope="module")
def mid_input(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hands_file(tmp_path_factory.mktemp("mid") / "hands.txt", 3_000)


# ---------------------------------------------------------------- exit codes


def test_workers_below_one_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for workers in ("0", "-3"):
        with pytest.raises(SystemExit) as exited:
            main(["audit", str(HAND), "--out", str(tmp_path / "out"), "--workers", workers])
        assert exited.value.code == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and "--workers" in lines[0], lines
    assert not (tmp_path / "out").exists()
    with pytest.raises(ValueError, match="at least 1"):
        resolve_workers(0)


def test_workers_above_the_cores_are_capped(caplog: pytest.LogCaptureFixture) -> None:
    cores = available_cores()
    assert resolve_workers(None) == cores
    assert resolve_workers(cores) == cores
    assert resolve_workers(cores + 56) == cores
    assert f"{cores + 56}" in caplog.text and f"{cores}" in caplog.text


def test_audit_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["audit", "--help"])
    shown = capsys.readouterr().out
    for code in ("0 ", "1 ", "2 ", "3 ", "130", "143"):
        assert f"\n  {code}" in shown, code


CRASH = """
import auditor.cli
def crash(*args, **kwargs):
    raise RuntimeError("the replay fell over\\nsecond line")
auditor.cli.run_audit = crash
raise SystemExit(auditor.cli.main(["audit", {hand!r}, "--out", {out!r}]))
"""


@pytest.mark.slow
def test_an_internal_error_exits_3_with_one_line(tmp_path: Path) -> None:
    code = CRASH.format(hand=str(HAND), out=str(tmp_path / "out"))
    env = environment(tmp_path / "tmp")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 3, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("auditor: internal error: RuntimeError: the replay fell over")
    assert "Traceback" not in done.stderr
    written = [p for p in (tmp_path / "tmp").iterdir() if p.name.startswith("auditor-traceback")]
    assert len(written) == 1 and str(written[0]) in lines[0]
    assert "Traceback" in written[0].read_text() and "def crash" not in lines[0]
    assert "in crash" in written[0].read_text()

    shown = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "AUDITOR_DEBUG": "1"},
        capture_output=True,
        text=True,
    )
    assert shown.returncode == 3
    assert "Traceback" in shown.stderr and "in crash" in shown.stderr
    assert shown.stderr.strip().splitlines()[-1].startswith("auditor: internal error:")


# ---------------------------------------------------------------- signals


@pytest.mark.slow
@pytest.mark.parametrize(
    ("signum", "group", "code"),
    [(signal.SIGINT, True, 130), (signal.SIGTERM, False, 143)],
    ids=["ctrl-c", "sigterm"],
)
def test_interrupted_run_cleans_up(
    big_input: Path, tmp_path: Path, signum: int, group: bool, code: int
) -> None:
    spill = tmp_path / "tmp"
    out = tmp_path / "out"
    run = start(["audit", str(big_input), "--out", str(out), "--workers", "2"], environment(spill))
    try:
        # interrupted once hands are being audited and kept for the cross-hand checks
        wait_for(lambda: len(workers_of(run.pid)) == 2, run, "workers")
        wait_for(lambda: any(spill.glob("auditor-crosshand-*")), run, "cross-hand spill")
        assert any(".partial-" in p.name for p in tmp_path.iterdir())
        processes = descendants(run.pid)
        if group:
            os.killpg(run.pid, signum)  # as a terminal sends Ctrl-C: to every process
        else:
            os.kill(run.pid, signum)
        stdout, stderr = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == code, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0] and "nothing written" in lines[0], stderr
    assert stdout == ""
    assert not out.exists()
    assert leftovers(tmp_path, spill) == []
    assert wait_gone(processes, 5) == []


@pytest.mark.slow
def test_workers_exit_when_the_run_is_killed(big_input: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["audit", str(big_input), "--out", str(out), "--workers", "2"]
    run = start(args, environment(tmp_path / "tmp"))
    try:
        wait_for(lambda: len(workers_of(run.pid)) == 2, run, "workers")
        time.sleep(0.5)  # busy on chunks
        processes = descendants(run.pid)
        os.kill(run.pid, signal.SIGKILL)
        run.communicate(timeout=30)
        assert wait_gone(processes, 5) == [], [p.cmdline() for p in processes if not gone(p)]
    finally:
        for process in descendants(run.pid):
            process.kill()


# ---------------------------------------------------------------- a worker lost


def counts(out: Path) -> tuple[int, int]:
    return pq.read_table(out / "hands").num_rows, pq.read_table(out / "findings").num_rows


@pytest.fixture(scope="module")
def clean_counts(mid_input: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[int, int]:
    out = tmp_path_factory.mktemp("clean") / "out"
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(mid_input), "--out", str(out),
         "--workers", "2", "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    hands, findings = counts(out)
    assert hands == 2_250 and findings > 0  # a quarter of the hands cannot be read
    return hands, findings


@pytest.mark.slow
def test_a_killed_worker_is_replaced_and_the_run_completes(
    mid_input: Path, tmp_path: Path, clean_counts: tuple[int, int]
) -> None:
    out = tmp_path / "out"
    run = start(["audit", str(mid_input), "--out", str(out), "--workers", "2", "--quiet"],
                environment(tmp_path / "tmp"))  # fmt: skip
    try:
        wait_for(lambda: len(workers_of(run.pid)) == 2, run, "workers")
        workers_of(run.pid)[0].kill()
        _, stderr = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode in (0, 1), stderr
    assert "worker process died" in stderr, stderr
    assert counts(out) == clean_counts


def dying_chunk(chunk: Chunk) -> ChunkResult:
    """The chunk job, but the first one to run (a marker file says) kills its worker, or
    every one does when no marker file is named."""
    marker = os.environ.get(WORKER_DIED_ONCE)
    if marker is None:
        os.kill(os.getpid(), signal.SIGKILL)
    else:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return audit_chunk(chunk)
        os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable")


DYING = """
import auditor.run
from tests.scale.test_process_faults import dying_chunk
auditor.run.audit_chunk = dying_chunk
from auditor.cli import main
raise SystemExit(main(["audit", {hand!r}, "--out", {out!r}, "--workers", "2", "--quiet"]))
"""


def run_dying(mid_input: Path, out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = DYING.format(hand=str(mid_input), out=str(out))
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


@pytest.mark.slow
def test_a_chunk_whose_worker_dies_once_is_run_again(
    mid_input: Path, tmp_path: Path, clean_counts: tuple[int, int]
) -> None:
    env = {**environment(tmp_path / "tmp"), WORKER_DIED_ONCE: str(tmp_path / "died")}
    done = run_dying(mid_input, tmp_path / "out", env)
    assert (tmp_path / "died").exists()
    assert done.returncode in (0, 1), done.stderr
    assert done.stderr.count("worker process died") == 1, done.stderr
    assert counts(tmp_path / "out") == clean_counts


@pytest.mark.slow
def test_a_chunk_that_keeps_killing_its_worker_exits_3(mid_input: Path, tmp_path: Path) -> None:
    spill = tmp_path / "tmp"
    done = run_dying(mid_input, tmp_path / "out", environment(spill))
    assert done.returncode == 3, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines[-1].startswith("auditor: worker processes died again"), done.stderr
    assert "Traceback" not in done.stderr
    assert str(mid_input) in lines[-1]
    assert not (tmp_path / "out").exists() and leftovers(tmp_path, spill) == []


@pytest.mark.slow
def test_too_many_workers_are_capped_with_a_note(mid_input: Path, tmp_path: Path) -> None:
    cores = available_cores()
    run = start(["audit", str(mid_input), "--out", str(tmp_path / "out"), "--workers", "64",
                 "--quiet"], environment(tmp_path / "tmp"))  # fmt: skip
    most = 0
    while run.poll() is None:
        most = max(most, len(workers_of(run.pid)))
        time.sleep(0.05)
    _, stderr = run.communicate()
    assert run.returncode in (0, 1), stderr
    assert 0 < most <= cores
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "--workers 64" in lines[0] and f"using {cores}" in lines[0], lines


def half_a_result() -> None:
    """A job whose worker ends halfway through writing its result, as one stopped by a
    signal while it sends a big chunk's rows: a message's length, part of the message,
    gone. (The pipe is the pool's, found in the frame of the worker loop calling jobs.)"""
    writer = sys._getframe(1).f_locals["result_queue"]._writer
    os.write(writer.fileno(), (1 << 20).to_bytes(4, "big") + b"x" * 100)
    os._exit(1)


HALF_A_RESULT = """
import time
from auditor.engines.local import ProcessPool
from tests.scale.test_process_faults import half_a_result
pool = ProcessPool(2)
pool.submit(half_a_result)
time.sleep(1)  # the pool's manager thread is reading the half message by now
pool.close(failed=True)  # as when the run is interrupted
print("closed")
"""


def test_a_pool_closes_after_a_worker_died_halfway_through_its_result() -> None:
    # Before the fix the close waited for ever on the pool's manager thread (SIGTERM
    # tests hung once in 25 runs under load, and once in CI).
    done = subprocess.run(
        [sys.executable, "-c", HALF_A_RESULT], cwd=ROOT, capture_output=True, text=True,
        timeout=30,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == "closed\n"
