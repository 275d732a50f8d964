"""Write the tables as Parquet datasets that appear only when complete.

Everything is written under a hidden folder beside ``out`` and moved into
place at the end, so an interrupted run (even ``kill -9``) never leaves a
dataset that looks whole. Row groups are flushed as they fill: memory does
not grow with the number of hands.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from pathlib import Path
from types import TracebackType
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.tables.errors import OutputExistsError
from auditor.tables.rows import Columns
from auditor.tables.schemas import SCHEMAS

__all__ = ["DatasetWriter", "OutputExistsError"]

ROW_GROUP_ROWS = 64_000
ROW_GROUP_BYTES = 4 << 20
"""A row group is written once it holds ROW_GROUP_ROWS rows or this many bytes in memory,
whichever comes first: seven tables' pending rows are what the writing process holds."""


def _run_column(run_id: str, rows: int) -> pa.Array:
    return pa.repeat(pa.scalar(run_id, type=SCHEMAS["hands"].field("run_id").type), rows)


class DatasetWriter:
    """One dataset folder per table: ``out/<table>/part-<run>.parquet``."""

    def __init__(
        self,
        out: Path,
        *,
        overwrite: bool = False,
        append: bool = False,
        metadata: dict[str, str] | None = None,
    ) -> None:
        self.out = out
        self.overwrite = overwrite
        self.append = append and out.exists()
        if out.exists() and not out.is_dir():
            raise OutputExistsError(f"{out} exists and is not a folder")
        if out.exists() and any(out.iterdir()) and not (overwrite or append):
            raise OutputExistsError(
                f"{out} already exists and is not empty (use --overwrite or --append)"
            )
        self.run_id = uuid.uuid4().hex[:12]
        self._staging = out.parent / f".{out.name}.partial-{self.run_id}"
        self._staging.mkdir(parents=True)
        self._metadata = {k.encode(): v.encode() for k, v in (metadata or {}).items()}
        self._writers: dict[str, pq.ParquetWriter] = {}
        self._pending: dict[str, list[pa.Table]] = {t: [] for t in SCHEMAS}
        self._pending_rows = dict.fromkeys(SCHEMAS, 0)
        self._pending_bytes = dict.fromkeys(SCHEMAS, 0)

    def schema(self, table: str) -> pa.Schema:
        return SCHEMAS[table].with_metadata(self._metadata)

    def write(self, table: str, columns: Columns) -> None:
        """Add rows (given column by column); flush a row group when enough are pending."""
        rows = len(next(iter(columns.values()), []))
        columns = {**columns, "run_id": _run_column(self.run_id, rows)}
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
            folder = self._staging / table
            folder.mkdir()
            self._writers[table] = pq.ParquetWriter(
                folder / f"part-{self.run_id}.parquet", self.schema(table), compression="zstd"
            )
        return self._writers[table]

    def commit(self) -> None:
        """Finish every file and move the datasets into place."""
        for table in SCHEMAS:
            self._flush(table)
            self._writer(table)  # an empty table still gets its dataset, with its schema
        for writer in self._writers.values():
            writer.close()
        if self.append:
            # add this run's files beside the earlier runs', each table folder in turn
            for table in SCHEMAS:
                (self.out / table).mkdir(exist_ok=True)
                for part in (self._staging / table).iterdir():
                    os.replace(part, self.out / table / part.name)
            shutil.rmtree(self._staging, ignore_errors=True)
        elif self.out.exists():
            retired = self.out.parent / f".{self.out.name}.old-{self.run_id}"
            os.replace(self.out, retired)
            os.replace(self._staging, self.out)
            shutil.rmtree(retired, ignore_errors=True)
        else:
            os.replace(self._staging, self.out)

    def abort(self) -> None:
        for writer in self._writers.values():
            # cleaning up after a failure that is already being reported
            with contextlib.suppress(Exception):
                writer.close()
        shutil.rmtree(self._staging, ignore_errors=True)

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
