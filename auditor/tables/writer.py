"""Write the tables as Parquet datasets that appear only when complete.

Everything is written under a hidden folder beside ``out`` and moved into
place at the end: a new ``out`` by one rename of the whole folder; an --append
or --overwrite by moving its part files in and then replacing the run file,
which is the commit point (readers go by it, and the next run removes the part
files of a run cut off before it), so an interrupted run (even ``kill -9``)
never leaves a dataset that looks whole. Row groups are flushed as they fill: memory does
not grow with the number of hands. What may be written where, the lock on
``out`` and the clean-up of dead runs' staging folders are in ``output``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import filecmp
import hashlib
import json
import logging
import os
import signal
import threading
import uuid
from collections.abc import Iterable, Iterator
from enum import Enum
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.tables.errors import AppendError, OutputError, OutputExistsError
from auditor.tables.output import (
    REPLACES_FILE,
    RUN_FILE,
    OutputLock,
    Owner,
    Survey,
    check_not_input,
    clean_stale_staging,
    create_new,
    earlier_runs,
    is_plain_folder,
    make_staging,
    os_error_text,
    read_run_file,
    resolve_out,
    retire_staging,
    run_file_text,
    survey,
    write_new,
)
from auditor.tables.rows import Columns
from auditor.tables.schemas import SCHEMAS, with_levels

__all__ = ["DatasetWriter", "OutputExistsError"]

_log = logging.getLogger("auditor.tables")

ROW_GROUP_ROWS = 64_000
ROW_GROUP_BYTES = 2 << 20
"""A row group is written once it holds ROW_GROUP_ROWS rows or this many bytes in memory,
whichever comes first: seven tables' pending rows are what the writing process holds.
(2 MB, not 4: a 1M-hand one-table run, 2 workers, peaked at 320 MB in all with 4 MB, the
cross-hand spill at 4 MB and the duplicates' page cache at 8 MB; 300 MB with all three lower.)"""


def _run_column(run_id: str, rows: int) -> pa.Array:
    return pa.repeat(pa.scalar(run_id, type=SCHEMAS["hands"].field("run_id").type), rows)


def appended_run_id(identity: str, runs: list[str]) -> str:
    """The id of a run added to ``runs``: its rows name the same hands, but what it
    says of them (the hands an earlier run audited) depends on those runs, and the
    identical run appended again must not take its first copy's name.

    >>> appended_run_id("0123abcd", []) == "0123abcd" != appended_run_id("0123abcd", ["x"])
    True
    """
    if not runs:
        return identity
    joined = "\x1f".join([identity, *runs]).encode()
    return hashlib.sha256(joined).hexdigest()[: len(identity)]


class _Mode(Enum):
    NEW = "new"  # out is missing or empty: it appears whole at commit (one rename)
    # out holds earlier runs: this run's part files join them, and the run file, replaced
    # in one rename, commits it; REPLACE then removes the earlier runs' part files
    REPLACE = "replace"
    APPEND = "append"


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back and delivered on leaving. (Not with a signal mask: a
    process-directed signal goes to any thread that does not block it, and Arrow's
    threads do not.) Only the main thread can set handlers; elsewhere nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        arrived.append(signum)

    before = {s: signal.signal(s, hold) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for held, handler in before.items():
            signal.signal(held, handler)
        for signum in arrived:
            signal.raise_signal(signum)


class DatasetWriter:
    """One dataset folder per table, ``out/<table>/part-<run>.parquet``, and the run file
    ``out/_auditor_run.json`` that tells a later run the folder is the auditor's.

    ``inputs`` are the paths read, as named: ``out`` may not be, hold or lie inside one.
    From here to commit or abort the writer holds a lock beside ``out``, so that another
    run on the same ``out`` fails at once instead of replacing this one's tables."""

    def __init__(
        self,
        out: Path,
        *,
        overwrite: bool = False,
        append: bool = False,
        metadata: dict[str, str] | None = None,
        inputs: Iterable[str] = (),
        identity: str | None = None,
    ) -> None:
        self.out = resolve_out(out)
        check_not_input(self.out, inputs)
        if os.path.lexists(self.out) and not self.out.is_dir():
            raise OutputExistsError(f"{out} exists and is not a folder")
        # the run's id: ``identity`` (what the run reads and how, auditor.regress.trail),
        # joined by the runs an --append adds it to, once they are known under the lock
        self.run_id = uuid.uuid4().hex[:16] if identity is None else identity
        self.committed = False  # True once this run is in out (the commit point passed)
        try:
            self.out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(
                f"cannot make the folder {self.out.parent} for --out {out}: "
                f"{os_error_text(exc)} (nothing was written)"
            ) from None
        owner = Owner.me(self.run_id)
        self._lock = OutputLock(self.out, owner)
        self._lock.acquire()
        try:
            clean_stale_staging(self.out)
            self._mode = self._choose(overwrite=overwrite, append=append)
            if self._mode is _Mode.APPEND and identity is not None:
                self.run_id = appended_run_id(identity, earlier_runs(self.out))
                owner = dataclasses.replace(owner, run_id=self.run_id)
                self._lock.rename(owner)
            self._staging = make_staging(self.out, owner)
            self._data = self._staging / "data"
            self._data.mkdir()
        except OSError as exc:
            self._lock.release()
            raise OutputError(
                f"cannot write beside {self.out}: {os_error_text(exc)} (nothing was written)"
            ) from None
        except BaseException:
            self._lock.release()
            raise
        self.overwrite = overwrite
        self.append = self._mode is _Mode.APPEND
        self._metadata = {k.encode(): v.encode() for k, v in (metadata or {}).items()}
        self._writers: dict[str, pq.ParquetWriter] = {}
        self._pending: dict[str, list[pa.Table]] = {t: [] for t in SCHEMAS}
        self._pending_rows = dict.fromkeys(SCHEMAS, 0)
        self._pending_bytes = dict.fromkeys(SCHEMAS, 0)

    def _choose(self, *, overwrite: bool, append: bool) -> _Mode:
        if not _holds_anything(self.out):
            return _Mode.NEW
        reason = survey(self.out).reason
        if reason is not None:
            raise OutputExistsError(
                f"{self.out} already exists and does not look like an auditor output "
                f"({reason}); --overwrite and --append leave such a folder alone: "
                "choose a new or empty folder (nothing was written)"
            )
        if append:
            return _Mode.APPEND
        if overwrite:
            return _Mode.REPLACE
        raise OutputExistsError(
            f"{self.out} already exists and is not empty (use --overwrite or --append); "
            "nothing was written"
        )

    def schema(self, table: str) -> pa.Schema:
        return SCHEMAS[table].with_metadata(self._metadata)

    def write(self, table: str, columns: Columns) -> None:
        """Add rows (given column by column); flush a row group when enough are pending."""
        rows = len(next(iter(columns.values()), []))
        columns = {**with_levels(table, columns), "run_id": _run_column(self.run_id, rows)}
        batch = pa.Table.from_pydict(columns, schema=self.schema(table))
        if batch.num_rows == 0:
            return
        self._pending[table].append(batch)
        self._pending_rows[table] += batch.num_rows
        self._pending_bytes[table] += batch.nbytes
        if (
            self._pending_rows[table] >= ROW_GROUP_ROWS
            or self._pending_bytes[table] >= ROW_GROUP_BYTES
        ):
            self._flush(table)

    def _flush(self, table: str) -> None:
        if not self._pending[table]:
            return
        writer = self._writer(table)
        # one dictionary per column, in the order its values first come: the same bytes
        # whatever the batches were (one chunk of hands or many, one worker or several)
        rows = pa.concat_tables(self._pending[table]).unify_dictionaries().combine_chunks()
        writer.write_table(rows, row_group_size=ROW_GROUP_ROWS)
        self._pending[table] = []
        self._pending_rows[table] = 0
        self._pending_bytes[table] = 0

    def _writer(self, table: str) -> pq.ParquetWriter:
        if table not in self._writers:
            folder = self._data / table
            folder.mkdir()
            path = folder / f"part-{self.run_id}.parquet"
            os.close(create_new(path))  # a new plain file, in our private staging folder
            self._writers[table] = pq.ParquetWriter(path, self.schema(table), compression="zstd")
        return self._writers[table]

    def commit(self) -> None:
        """Finish every file and put this run in place: all of it, or none of it. A signal
        that arrives after the commit point is raised with a note saying where the tables
        are (the command line then says so, not "nothing written")."""
        try:
            try:
                for table in SCHEMAS:
                    self._flush(table)
                    self._writer(table)  # an empty table still gets its dataset, with its schema
                for writer in self._writers.values():
                    writer.close()
                # Ctrl-C or SIGTERM between the moves would leave the output half moved:
                # the moves take milliseconds, so the signals wait until they are done
                with _signals_held():
                    # an earlier output gone during the run: this run is all there is
                    if self._mode is _Mode.NEW or not _holds_anything(self.out):
                        self._put_in_place()
                    else:
                        self._add_parts()
            finally:
                self._clean_up()
        except BaseException as stop:
            if self.committed and not isinstance(stop, Exception):
                stop.add_note(f"the run was complete: its tables were written to {self.out}")
            raise

    def abort(self) -> None:
        self._clean_up()

    def _clean_up(self) -> None:
        for writer in self._writers.values():
            # cleaning up after a failure that is already being reported
            with contextlib.suppress(Exception):
                writer.close()
        self._writers.clear()
        try:
            retire_staging(self._staging, self.out, self.run_id)
        finally:
            self._lock.release()

    def _put_in_place(self) -> None:
        write_new(self._data / RUN_FILE, run_file_text([], self.run_id))
        try:
            # a rename onto a folder that is not empty fails: what appeared is never replaced
            os.rename(self._data, self.out)
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST, errno.ENOTDIR, errno.EISDIR):
                raise
            raise OutputExistsError(
                f"{self.out} appeared while this run was writing; it was left as it is and "
                "this run's tables discarded"
            ) from exc
        self.committed = True

    def _add_parts(self) -> None:
        """Move this run's part files into the table folders of ``out``, then commit it by
        replacing the run file (one rename: readers and later runs go by the run file, so
        a run cut off before it, even by ``kill -9``, is not in the output, and the next
        run removes its part files). An --overwrite then removes the earlier runs' part
        files; what the auditor never writes there is left as it is. Every target is
        checked first, and a failure before the commit moves back what was moved."""
        replace = self._mode is _Mode.REPLACE
        parts = [
            (part, self.out / table / part.name)
            for table in SCHEMAS
            for part in sorted((self._data / table).iterdir())
        ]
        for table in SCHEMAS:
            target = self.out / table
            if os.path.lexists(target) and not is_plain_folder(target):
                raise AppendError(
                    f"cannot add this run to {self.out}: its {table} is not a folder; "
                    "nothing was added",
                    rolled_back=True,
                )
        before = earlier_runs(self.out)
        kept_as_is = self._same_run_kept(parts, replace and self.run_id in before)
        parts = [pair for pair in parts if pair[1] not in kept_as_is]
        found = self._looked_at_again()
        if read_run_file(self.out) is None:
            # a folder of a version before the run file: name its runs first, so that
            # readers never take this run's part files for committed ones
            self._replace_run_file(run_file_text(before, None))
        replaced = (
            [str(p.relative_to(self.out)) for p in found.parts if p not in kept_as_is]
            if replace
            else []
        )
        write_new(self._staging / REPLACES_FILE, json.dumps(replaced) + "\n")
        run_file = self._staging / RUN_FILE
        write_new(run_file, run_file_text([] if replace else before, self.run_id))
        created: list[Path] = []
        moved: list[tuple[Path, Path]] = []
        try:
            for table in SCHEMAS:
                if not os.path.lexists(self.out / table):
                    (self.out / table).mkdir()
                    created.append(self.out / table)
            for part, target in parts:
                os.rename(part, target)
                moved.append((part, target))
            os.replace(run_file, self.out / RUN_FILE)  # the commit point: the run is in
        except BaseException as exc:
            self._undo(exc, moved, created, parts)
            raise
        self.committed = True
        for name in replaced:
            with contextlib.suppress(OSError):  # the next run removes what is left
                (self.out / name).unlink()
        kept = found.kept_line()
        if kept is not None:
            _log.warning("%s: %s", self.out, kept)

    def _same_run_kept(self, parts: list[tuple[Path, Path]], same_run: bool) -> set[Path]:
        """The part files of ``out`` that already are this run's (``same_run``: an
        --overwrite of the run ``out`` holds, the same inputs, options and versions):
        kept as they are when byte for byte this run's. Any other part file of that name
        is not replaced: AppendError, nothing added."""
        kept = set()
        for part, target in parts:
            if not os.path.lexists(target):
                continue
            if same_run and filecmp.cmp(part, target, shallow=False):
                kept.add(target)
                continue
            why = (
                f"it holds run {self.run_id} (the same inputs, options and version), whose "
                f"{target.parent.name} table differs from this run's: the tables were not "
                "reproduced; choose another --out"
                if same_run
                else f"it already holds {target.name}"
            )
            raise AppendError(
                f"cannot add this run to {self.out}: {why}; nothing was added",
                rolled_back=True,
            )
        return kept

    def _looked_at_again(self) -> Survey:
        """``out`` surveyed again under the lock: it may have changed during the run."""
        found = survey(self.out)
        if found.reason is not None:
            raise OutputExistsError(
                f"{self.out} changed during the run and no longer looks like an auditor "
                f"output ({found.reason}); it was left as it is and this run's tables "
                "discarded"
            )
        return found

    def _replace_run_file(self, text: str) -> None:
        staged = self._staging / f"{RUN_FILE}.before"
        write_new(staged, text)
        os.replace(staged, self.out / RUN_FILE)

    def _undo(
        self,
        exc: BaseException,
        moved: list[tuple[Path, Path]],
        created: list[Path],
        parts: list[tuple[Path, Path]],
    ) -> None:
        """Move back what a failed commit moved; raise the AppendError that says how it
        went (a signal or exit is left to propagate as it is)."""
        stuck = _move_back(moved, created)
        if not isinstance(exc, Exception):
            return
        if not stuck:
            raise AppendError(
                f"could not add this run to {self.out} ({exc}); nothing was added "
                f"({len(moved)} part files moved in were moved back)",
                rolled_back=True,
            ) from exc
        names = [str(target.relative_to(self.out)) for _, target in parts]
        in_place = tuple(str(t.relative_to(self.out)) for t in stuck)
        not_in_place = tuple(n for n in names if n not in in_place)
        raise AppendError(
            f"could not add run {self.run_id} to {self.out} ({exc}), and moving its part "
            f"files back failed: in {self.out} are {', '.join(in_place)}; not there are "
            f"{', '.join(not_in_place) or 'none'} (they are not part of the output: its run "
            "file does not name this run; remove those in place to tidy the folder)",
            rolled_back=False,
            in_place=in_place,
            not_in_place=not_in_place,
        ) from exc

    def __enter__(self) -> DatasetWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> Any:
        if exc_type is None:
            self.commit()
        else:
            self.abort()
        return False


def _holds_anything(folder: Path) -> bool:
    return folder.is_dir() and any(folder.iterdir())


def _move_back(moved: list[tuple[Path, Path]], created: list[Path]) -> list[Path]:
    """Undo the moves of an append, newest first; the targets that could not be moved."""
    stuck = []
    for part, target in reversed(moved):
        try:
            os.rename(target, part)
        except OSError:
            stuck.append(target)
    for folder in reversed(created):
        with contextlib.suppress(OSError):
            folder.rmdir()  # only if empty: a stuck part keeps its folder
    return stuck[::-1]
