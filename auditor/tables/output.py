"""Where the tables may be written, who is writing them, and what a run left behind.

The writer never writes into a folder unless it can tell the auditor wrote it (and
there replaces only its own tables and run file: whatever else is there is kept), never
writes through a link nor where an input lives, and holds a lock beside ``out`` for the whole run so
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
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditor import __version__
from auditor.tables.errors import OutputError, OutputIsInputError, OutputLockedError

RUN_FILE = "_auditor_run.json"
TRAIL_FILE = "run.json"  # the runs' audit trail (auditor.regress.trail)
"""Written into every output at commit: what tells a later run the folder is ours."""
STAGING_MARKER = "_auditor_staging.json"
"""Written into every staging folder: the process that owns it."""
REPLACES_FILE = "_auditor_replaces.json"
"""Written into a staging folder before an --overwrite commits: the part files it replaces
(removed once the run file names the new run; by the next run, should this one die)."""
TOOL = "omaha-auditor"
SCHEMA_KEY = b"auditor_version"
"""The Parquet schema metadata key every table file the auditor writes carries."""

_NO_LINK = os.O_NOFOLLOW | os.O_CLOEXEC
_RUN_FILE_BYTES = 16 << 20  # a run file names runs: far below this


# ---------------------------------------------------------------- files, never through a link


def os_error_text(exc: OSError) -> str:
    """An OSError as words (no errno number, no temporary file's name)."""
    return exc.strerror or str(exc)


def create_new(path: Path) -> int:
    """A new file at ``path``, opened for writing: never an existing file, never through a
    link (a link or anything else there: FileExistsError)."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINK, 0o644)


def write_new(path: Path, text: str) -> None:
    with os.fdopen(create_new(path), "w", encoding="utf-8") as file:
        file.write(text)


def read_regular(path: Path, limit: int) -> bytes | None:
    """The first ``limit`` bytes of ``path`` when it is a regular file (not a link, FIFO,
    device or socket: None, at once, never waiting for a writer); OSError as raised."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NO_LINK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks = []
        while limit > 0 and (chunk := os.read(fd, min(limit, 1 << 20))):
            chunks.append(chunk)
            limit -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def is_plain_file(path: Path) -> bool:
    """A regular file, not a link (to a file or anything else)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def is_plain_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


# ---------------------------------------------------------------- the output and the inputs


def resolve_out(out: Path) -> Path:
    """``out`` as a real absolute path (``.`` and symlinks resolved): the staging folder and
    the lock go beside it, so it needs a parent and a name of its own."""
    if not str(out) or not str(out).strip():
        raise OutputError("the output folder's name is empty: name a folder for the tables")
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


@dataclass(frozen=True, slots=True)
class Survey:
    """What an existing folder holds, as the auditor sees it.

    ``reason``: why it is not the auditor's output (None: it is). ``parts``: the part
    files of its table folders. ``kept``: what the auditor never writes there (a report,
    a notebook, ``.DS_Store``): ignored, never replaced nor deleted."""

    reason: str | None
    parts: tuple[Path, ...]
    kept: tuple[str, ...]

    def kept_line(self) -> str | None:
        """One line saying what was kept, or None when nothing was."""
        if not self.kept:
            return None
        shown = ", ".join(self.kept[:5]) + (", ..." if len(self.kept) > 5 else "")
        return f"kept {len(self.kept)} file(s) the auditor did not write: {shown}"


def _is_part_name(name: str) -> bool:
    return name.startswith("part-") and name.endswith(".parquet")


def survey(out: Path) -> Survey:
    """The existing folder ``out`` looked at (see :class:`Survey`).

    Ours: it holds the auditor's run file, or (an output of a version before the run
    file) table folders whose every part file carries the auditor's schema metadata key.
    What bears the auditor's names must be what the auditor writes there (its run file a
    plain file, its table folders plain folders, their part files plain files): else the
    folder was tampered with, and is not ours to touch."""
    from auditor.tables.schemas import SCHEMAS  # pyarrow: the writing process has it

    marked = False
    tables: list[Path] = []
    kept: list[str] = []
    for entry in sorted(out.iterdir()):
        if entry.name == RUN_FILE:
            if not is_plain_file(entry) or read_run_file(out) is None:
                return Survey(f"its {RUN_FILE} is not the auditor's", (), ())
            marked = True
        elif entry.name == TRAIL_FILE and is_trail_file(entry):
            continue  # the audit trail this folder's runs wrote
        elif entry.name in SCHEMAS:
            if not is_plain_folder(entry):
                return Survey(f"its {entry.name} is not a folder", (), ())
            tables.append(entry)
        else:
            kept.append(entry.name + ("/" if is_plain_folder(entry) else ""))
    parts: list[Path] = []
    for table in tables:
        for part in sorted(table.iterdir()):
            if not _is_part_name(part.name):
                kept.append(f"{table.name}/{part.name}")
            elif not is_plain_file(part):
                reason = f"{table.name}/{part.name} is not a part file the auditor wrote"
                return Survey(reason, (), ())
            elif not marked and not _carries_schema_key(part):
                reason = f"{table.name}/{part.name} does not carry the auditor's schema metadata"
                return Survey(reason, (), ())
            else:
                parts.append(part)
    if not marked and not parts:
        return Survey("it holds neither the auditor's run file nor its tables", (), ())
    return Survey(None, tuple(parts), tuple(kept))


def is_trail_file(path: Path) -> bool:
    """Whether ``path`` is an audit trail the auditor wrote (a plain JSON file naming it)."""
    if not is_plain_file(path):
        return False
    text = read_regular(path, _RUN_FILE_BYTES << 4)
    try:
        record = json.loads(text.decode("utf-8")) if text is not None else None
    except ValueError:
        return False
    return isinstance(record, dict) and record.get("tool") == TOOL


def foreign_reason(out: Path) -> str | None:
    """Why the existing folder ``out`` does not look like the auditor's output, or None."""
    return survey(out).reason


def _carries_schema_key(part: Path) -> bool:
    import pyarrow.parquet as pq

    try:
        metadata = pq.read_schema(part).metadata or {}
    except Exception:  # not Parquet at all: then not ours
        return False
    return SCHEMA_KEY in metadata


def read_run_file(out: Path) -> dict[str, Any] | None:
    try:
        text = read_regular(out / RUN_FILE, _RUN_FILE_BYTES)
        if text is None:
            return None
        record = json.loads(text.decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("tool") != TOOL:
        return None
    if not isinstance(record.get("runs"), list):
        return None
    return record


def run_file_text(previous_runs: list[str], run_id: str | None) -> str:
    runs = [*previous_runs, *([] if run_id is None else [run_id])]
    record = {"tool": TOOL, "version": __version__, "runs": runs}
    return json.dumps(record, indent=1) + "\n"


def _run_of(part: Path) -> str:
    return part.name.removeprefix("part-").removesuffix(".parquet")


def earlier_runs(out: Path) -> list[str]:
    """The run ids committed to ``out``: from its run file, else (a version before the
    run file) from its part file names."""
    from auditor.tables.schemas import SCHEMAS

    record = read_run_file(out)
    if record is not None:
        return [str(r) for r in record["runs"]]
    found = {_run_of(p) for t in SCHEMAS for p in (out / t).glob("part-*.parquet")}
    return sorted(found)


def committed_parts(out: Path, table: str) -> list[Path]:
    """The part files of ``table`` that hold committed runs, oldest run first: the runs
    the run file names (a run cut off while committing is not among them), or every part
    file of a folder written before the run file."""
    folder = out / table
    record = read_run_file(out)
    if record is None:
        return [p for p in sorted(folder.glob("part-*.parquet")) if is_plain_file(p)]
    parts = [folder / f"part-{run}.parquet" for run in record["runs"]]
    return [p for p in parts if is_plain_file(p)]


def drop_uncommitted(out: Path, staging: Path, run_id: str) -> None:
    """Repair ``out`` after the death of run ``run_id`` mid-commit (its staging folder
    ``staging`` is left): its part files go when the run file does not name it; when it
    does, the part files it replaced (an --overwrite) go. Only part files the dead run
    named are removed."""
    from auditor.tables.schemas import SCHEMAS

    if not is_plain_folder(out):
        return
    record = read_run_file(out)
    if record is None or run_id not in record["runs"]:
        doomed = [out / t / f"part-{run_id}.parquet" for t in SCHEMAS]
    else:
        doomed = _replaced(out, staging, {str(r) for r in record["runs"]})
    for part in doomed:
        if is_plain_file(part):
            part.unlink()


def _replaced(out: Path, staging: Path, runs: set[str]) -> list[Path]:
    from auditor.tables.schemas import SCHEMAS

    try:
        text = read_regular(staging / REPLACES_FILE, _RUN_FILE_BYTES)
        listed = json.loads(text.decode("utf-8")) if text is not None else []
    except (OSError, ValueError):
        return []
    doomed = []
    for name in listed if isinstance(listed, list) else []:
        table, _, part = str(name).partition("/")
        ours = table in SCHEMAS and _is_part_name(part) and "/" not in part
        if ours and _run_of(Path(part)) not in runs:
            doomed.append(out / table / part)
    return doomed


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
            fd = self._open()
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

    def rename(self, owner: Owner) -> None:
        """Name another holder (this process, its run id now known) in the held lock."""
        self.owner = owner
        if self._fd is not None:
            os.ftruncate(self._fd, 0)
            os.pwrite(self._fd, owner.text().encode(), 0)

    def _open(self) -> int:
        """The lock file, made or opened: never through a link (a link there could point
        at a user's file, which locking would truncate), never a FIFO or device, never a
        file with another name too (a hard link to a user's file)."""
        flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | _NO_LINK
        try:
            fd = os.open(self.path, flags, 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OutputError(
                    f"the lock {self.path} is a symbolic link: the auditor never writes "
                    "through a link; remove it (nothing was written)"
                ) from None
            raise OutputError(
                f"cannot make the lock {self.path} beside {self.out}: {os_error_text(exc)} "
                "(nothing was written)"
            ) from None
        held = os.fstat(fd)
        if not stat.S_ISREG(held.st_mode) or held.st_nlink > 1:
            os.close(fd)
            what = (
                "has another name too (a hard link)"
                if stat.S_ISREG(held.st_mode)
                else ("is not a regular file")
            )
            raise OutputError(
                f"the lock {self.path} {what}: it is not a lock the auditor made; remove it "
                "(nothing was written)"
            )
        return fd

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
    staging.mkdir(mode=0o700)  # private: nobody else can put a link where we write
    write_new(staging / STAGING_MARKER, owner.text())
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
            text = read_regular(folder / STAGING_MARKER, 4096)
        except OSError:
            continue
        owner = None if text is None else Owner.parse(text.decode("utf-8", "replace"))
        # the name must be this out's and the marker's run: ".o.partial-" also begins the
        # staging folders of an out named "o.partial-x", which are not this out's
        if owner is None or folder.name != prefix + owner.run_id or not owner.is_dead():
            continue
        try:
            drop_uncommitted(out, folder, owner.run_id)
            if retire_staging(folder, out, owner.run_id):
                removed.append(folder)
        except OSError as exc:
            if exc.errno not in (errno.ENOENT, errno.EEXIST, errno.ENOTEMPTY):
                raise
    return removed
