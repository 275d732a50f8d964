"""Where the tables may be written, who is writing them, and what a run left behind.

The writer never deletes or replaces a folder unless it can tell the auditor wrote it,
never writes where an input lives, and holds a lock beside ``out`` for the whole run so
that two runs cannot silently replace each other's tables. Its staging folders carry a
marker naming their process, so that a later run can tell a dead run's leftovers (which
it removes) from a live run's work (which it leaves alone).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import shutil
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditor import __version__
from auditor.tables.errors import OutputError, OutputIsInputError, OutputLockedError

RUN_FILE = "_auditor_run.json"
"""Written into every output at commit: what tells a later run the folder is ours."""
STAGING_MARKER = "_auditor_staging.json"
"""Written into every staging folder: the process that owns it."""
TOOL = "omaha-auditor"
SCHEMA_KEY = b"auditor_version"
"""The Parquet schema metadata key every table file the auditor writes carries."""


# ---------------------------------------------------------------- the output and the inputs


def resolve_out(out: Path) -> Path:
    """``out`` as a real absolute path (``.`` and symlinks resolved): the staging folder and
    the lock go beside it, so it needs a parent and a name of its own."""
    real = Path(os.path.realpath(os.path.abspath(out)))
    if not real.name or real.parent == real:
        raise OutputError(f"{out} cannot be an output folder (it has no parent to write beside)")
    return real


def check_not_input(out: Path, inputs: Iterable[str]) -> None:
    """Refuse an ``out`` (already resolved) that is, holds, or lies inside an input."""
    for name in inputs:
        if name == "-":
            continue
        real = Path(os.path.realpath(name))
        if real == out:
            what = "is"
        elif real.is_relative_to(out):
            what = "holds"
        elif out.is_relative_to(real):
            what = "lies inside"
        else:
            continue
        raise OutputIsInputError(
            f"--out {out} {what} the input {name}: the tables must go to a folder apart "
            "from the inputs; nothing was written"
        )


def foreign_reason(out: Path) -> str | None:
    """Why the existing folder ``out`` does not look like the auditor's output, or None.

    The auditor's output holds its run file and table folders holding only part files;
    an output of a version before the run file counts when every part file carries the
    auditor's schema metadata key."""
    from auditor.tables.schemas import SCHEMAS  # pyarrow: the writing process has it

    marked = False
    tables = []
    for entry in sorted(out.iterdir()):
        if entry.name == RUN_FILE and entry.is_file() and not entry.is_symlink():
            if read_run_file(out) is None:
                return f"its {RUN_FILE} is not the auditor's"
            marked = True
        elif entry.name in SCHEMAS and entry.is_dir() and not entry.is_symlink():
            tables.append(entry)
        elif entry.name in SCHEMAS:
            return f"its {entry.name} is not a folder"
        else:
            return f"{entry.name} is not one of the auditor's tables"
    for table in tables:
        for part in sorted(table.iterdir()):
            ours = part.name.startswith("part-") and part.suffix == ".parquet"
            if not ours or not part.is_file() or part.is_symlink():
                return f"{table.name}/{part.name} is not a part file the auditor wrote"
            if not marked and not _carries_schema_key(part):
                return f"{table.name}/{part.name} does not carry the auditor's schema metadata"
    if not marked and not tables:
        return "it holds no table"
    return None


def _carries_schema_key(part: Path) -> bool:
    import pyarrow.parquet as pq

    try:
        metadata = pq.read_schema(part).metadata or {}
    except Exception:  # not Parquet at all: then not ours
        return False
    return SCHEMA_KEY in metadata


def read_run_file(out: Path) -> dict[str, Any] | None:
    try:
        record = json.loads((out / RUN_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("tool") != TOOL:
        return None
    if not isinstance(record.get("runs"), list):
        return None
    return record


def run_file_text(previous_runs: list[str], run_id: str) -> str:
    record = {"tool": TOOL, "version": __version__, "runs": [*previous_runs, run_id]}
    return json.dumps(record, indent=1) + "\n"


def earlier_runs(out: Path) -> list[str]:
    """The run ids already in ``out``: from its run file, else from its part file names."""
    record = read_run_file(out)
    if record is not None:
        return [str(r) for r in record["runs"]]
    found = {p.stem.removeprefix("part-") for p in out.glob("*/part-*.parquet")}
    return sorted(found)


# ---------------------------------------------------------------- processes


@dataclass(frozen=True, slots=True)
class Owner:
    """A process, as written into a lock or staging marker."""

    pid: int
    host: str
    start: str | None  # the kernel's start time of the process: tells a reused pid apart
    run_id: str
    since: str

    @classmethod
    def me(cls, run_id: str) -> Owner:
        started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        return cls(os.getpid(), socket.gethostname(), _start_time(os.getpid()), run_id, started)

    def text(self) -> str:
        fields = {"pid": self.pid, "host": self.host, "start": self.start}
        return json.dumps({**fields, "run_id": self.run_id, "since": self.since}) + "\n"

    @classmethod
    def parse(cls, text: str) -> Owner | None:
        try:
            data = json.loads(text)
            start = data.get("start")
            return cls(
                int(data["pid"]),
                str(data["host"]),
                None if start is None else str(start),
                str(data["run_id"]),
                str(data["since"]),
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def is_dead(self) -> bool:
        """True only when provably gone: its host is this one and its pid is not running
        (or runs another process). A process on another host is taken to be alive."""
        if self.host != socket.gethostname():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            pass  # someone else's process, alive
        start = _start_time(self.pid)
        return self.start is not None and start is not None and start != self.start

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, run {self.run_id}, since {self.since}"


def _start_time(pid: int) -> str | None:
    """Field 22 of /proc/PID/stat (Linux); None where there is no /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()  # the name in parentheses may hold spaces
    return fields[19] if len(fields) > 19 else None


# ---------------------------------------------------------------- the lock


def lock_path(out: Path) -> Path:
    return out.parent / f".{out.name}.lock"


class OutputLock:
    """An exclusive ``flock`` on ``.<out>.lock`` beside ``out``, naming its holder.

    The kernel drops the lock when its process dies (even by ``kill -9``), so a lock file
    left by a dead run is simply taken over. On release the file is removed, and a run
    that locked a file just removed by its holder tries again on the new one."""

    def __init__(self, out: Path, owner: Owner) -> None:
        self.path = lock_path(out)
        self.out = out
        self.owner = owner
        self._fd: int | None = None

    def acquire(self) -> None:
        for _ in range(20):
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = Owner.parse(os.pread(fd, 4096, 0).decode("utf-8", "replace"))
                os.close(fd)
                who = holder.describe() if holder else "a run that is starting"
                raise OutputLockedError(
                    f"{self.out} is being written by another run ({who}); wait for it to "
                    f"end or choose another --out; nothing was written (lock: {self.path})"
                ) from None
            except BaseException:
                os.close(fd)
                raise
            if self._same_file(fd):
                os.ftruncate(fd, 0)
                os.pwrite(fd, self.owner.text().encode(), 0)
                self._fd = fd
                return
            os.close(fd)  # its holder removed it as we opened it: lock the new one
        raise OutputLockedError(f"could not lock {self.path}: other runs keep taking it")

    def _same_file(self, fd: int) -> bool:
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            return False
        held = os.fstat(fd)
        return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)  # while still held: no other run holds this file
        os.close(self._fd)
        self._fd = None


# ---------------------------------------------------------------- staging folders


def staging_prefix(out: Path) -> str:
    return f".{out.name}.partial-"


def make_staging(out: Path, owner: Owner) -> Path:
    """``.<out>.partial-<run>`` beside ``out``, with the marker naming its process."""
    staging = out.parent / f"{staging_prefix(out)}{owner.run_id}"
    staging.mkdir()
    (staging / STAGING_MARKER).write_text(owner.text(), encoding="utf-8")
    return staging


def retire_staging(staging: Path, out: Path, run_id: str) -> bool:
    """Remove a staging folder, first putting back an output it retired (``old``) when
    ``out`` is missing. A retired output is deleted only when ``out`` holds the run that
    replaced it; otherwise the folder is left. True when it was removed."""
    old = staging / "old"
    if old.is_dir() and not old.is_symlink():
        if not os.path.lexists(out):
            os.rename(old, out)
        else:
            record = read_run_file(out)
            if record is None or run_id not in record["runs"]:
                return False
    # the marker goes last: a folder left half removed is still known to be ours
    for entry in staging.iterdir():
        if entry.name == STAGING_MARKER:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()
    shutil.rmtree(staging, ignore_errors=True)
    return not os.path.lexists(staging)


def clean_stale_staging(out: Path) -> list[Path]:
    """Remove the staging folders beside ``out`` whose process is provably dead (only
    folders holding our marker: nothing else is touched). Returns those removed."""
    removed: list[Path] = []
    prefix = staging_prefix(out)
    try:
        beside = sorted(out.parent.iterdir())
    except OSError:
        return removed
    for folder in beside:
        if not folder.name.startswith(prefix) or folder.is_symlink() or not folder.is_dir():
            continue
        try:
            owner = Owner.parse((folder / STAGING_MARKER).read_text(encoding="utf-8"))
        except OSError:
            continue
        # the name must be this out's and the marker's run: ".o.partial-" also begins the
        # staging folders of an out named "o.partial-x", which are not this out's
        if owner is None or folder.name != prefix + owner.run_id or not owner.is_dead():
            continue
        try:
            if retire_staging(folder, out, owner.run_id):
                removed.append(folder)
        except OSError as exc:
            if exc.errno not in (errno.ENOENT, errno.EEXIST, errno.ENOTEMPTY):
                raise
    return removed
