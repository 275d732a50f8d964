"""Write the tables as Parquet datasets that appear only when complete.

Everything is written under a hidden folder beside ``out`` and moved into
place at the end, so an interrupted run (even ``kill -9``) never leaves a
dataset that looks whole. Row groups are flushed as they fill: memory does
not grow with the number of hands. What may be written where, the lock on
``out`` and the clean-up of dead runs' staging folders are in ``output``.
"""

from __future__ import annotations

import contextlib
import errno
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

from auditor.tables.errors import AppendError, OutputExistsError
from auditor.tables.output import (
    RUN_FILE,
    OutputLock,
    Owner,
    check_not_input,
    clean_stale_staging,
    earlier_runs,
    foreign_reason,
    make_staging,
    resolve_out,
    retire_staging,
    run_file_text,
)
from auditor.tables.rows import Columns
from auditor.tables.schemas import SCHEMAS, with_levels

__all__ = ["DatasetWriter", "OutputExistsError"]

ROW_GROUP_ROWS = 64_000
ROW_GROUP_BYTES = 2 << 20
"""A row group is written once it holds ROW_GROUP_ROWS rows or this many bytes in memory,
whichever comes first: seven tables' pending rows are what the writing process holds.
(2 MB, not 4: a 1M-hand one-table run, 2 workers, peaked at 320 MB in all with 4 MB, the
cross-hand spill at 4 MB and the duplicates' page cache at 8 MB; 300 MB with all three lower.)"""


def _run_column(run_id: str, rows: int) -> pa.Array:
    return pa.repeat(pa.scalar(run_id, type=SCHEMAS["hands"].field("run_id").type), rows)


class _Mode(Enum):
    NEW = "new"  # out is missing or empty: it appears whole at commit
    REPLACE = "replace"  # out holds an earlier output, replaced at commit
    APPEND = "append"  # out holds earlier runs; this run's part files join them


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
    ) -> None:
        self.out = resolve_out(out)
        check_not_input(self.out, inputs)
        if os.path.lexists(self.out) and not self.out.is_dir():
            raise OutputExistsError(f"{out} exists and is not a folder")
        self.run_id = uuid.uuid4().hex[:12]
        self.out.parent.mkdir(parents=True, exist_ok=True)
        owner = Owner.me(self.run_id)
        self._lock = OutputLock(self.out, owner)
        self._lock.acquire()
        try:
            clean_stale_staging(self.out)
            self._mode = self._choose(overwrite=overwrite, append=append)
            self._staging = make_staging(self.out, owner)
            self._data = self._staging / "data"
            self._data.mkdir()
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
        reason = foreign_reason(self.out)
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
        writer.write_table(pa.concat_tables(self._pending[table]), row_group_size=ROW_GROUP_ROWS)
        self._pending[table] = []
        self._pending_rows[table] = 0
        self._pending_bytes[table] = 0

    def _writer(self, table: str) -> pq.ParquetWriter:
        if table not in self._writers:
            folder = self._data / table
            folder.mkdir()
            self._writers[table] = pq.ParquetWriter(
                folder / f"part-{self.run_id}.parquet", self.schema(table), compression="zstd"
            )
        return self._writers[table]

    def commit(self) -> None:
        """Finish every file and put this run in place: all of it, or none of it."""
        try:
            for table in SCHEMAS:
                self._flush(table)
                self._writer(table)  # an empty table still gets its dataset, with its schema
            for writer in self._writers.values():
                writer.close()
            # Ctrl-C or SIGTERM between the moves would leave the output half moved: the
            # moves take milliseconds, so the signals wait until they are done
            with _signals_held():
                if self._mode is _Mode.APPEND:
                    self._add_parts()
                else:
                    self._put_in_place()
        finally:
            self._clean_up()

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
        (self._data / RUN_FILE).write_text(run_file_text([], self.run_id), encoding="utf-8")
        if self._mode is _Mode.REPLACE and _holds_anything(self.out):
            # looked at again under the lock: the folder may have changed during the run
            reason = foreign_reason(self.out)
            if reason is not None:
                raise OutputExistsError(
                    f"{self.out} changed during the run and no longer looks like an auditor "
                    f"output ({reason}); it was left as it is and this run's tables discarded"
                )
            os.rename(self.out, self._staging / "old")
            # should this fail, clean-up puts the old output back (out is then missing)
            os.rename(self._data, self.out)
            return
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

    def _add_parts(self) -> None:
        """Move this run's part files into the table folders: every target is checked
        first, and a failure part-way moves back the ones already moved."""
        parts = [
            (part, self.out / table / part.name)
            for table in SCHEMAS
            for part in sorted((self._data / table).iterdir())
        ]
        for table in SCHEMAS:
            target = self.out / table
            if os.path.lexists(target) and (target.is_symlink() or not target.is_dir()):
                raise AppendError(
                    f"cannot add this run to {self.out}: its {table} is not a folder; "
                    "nothing was added",
                    rolled_back=True,
                )
        for _, target in parts:
            if os.path.lexists(target):
                raise AppendError(
                    f"cannot add this run to {self.out}: it already holds {target.name}; "
                    "nothing was added",
                    rolled_back=True,
                )
        run_file = self._staging / RUN_FILE
        run_file.write_text(run_file_text(earlier_runs(self.out), self.run_id), encoding="utf-8")
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
            os.replace(run_file, self.out / RUN_FILE)  # the last step: the run is in
        except BaseException as exc:
            stuck = _move_back(moved, created)
            if not isinstance(exc, Exception):
                raise
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
                f"{', '.join(not_in_place) or 'none'} (remove those in place to get the "
                "folder back as it was)",
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
