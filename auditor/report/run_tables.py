"""The tables of one run of an audit folder, read for the report (pandas: the report runs
in the reading process, after the run, never in a worker)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

from auditor.tables.output import earlier_runs, is_plain_file, survey
from auditor.tables.schemas import SCHEMAS

_log = logging.getLogger("auditor.report")


class ReportError(Exception):
    """The report cannot be made: said in one line, with the path."""


# the columns the report reads; money and keys stay exact (nullable) integers
_COLUMNS: dict[str, tuple[str, ...]] = {
    "files": (
        "source_file",
        "room",
        "format",
        "hands_read",
        "hands_audited",
        "hands_skipped",
        "hands_rejected",
        "status",
    ),
    "hands": (
        "hand_key",
        "hand_id",
        "site",
        "variant",
        "table_name",
        "started_at",
        "profile",
        "source_file",
        "source_line",
        "findings",
    ),
    "findings": (
        "hand_key",
        "hand_id",
        "code",
        "severity",
        "street",
        "seq",
        "player",
        "expected",
        "recorded",
        "message",
        "source_file",
        "source_line",
        "root",
        "caused_by_code",
        "caused_by_line",
        "site",
        "table_name",
    ),
}


@dataclass(frozen=True)
class RunTables:
    run_id: str
    runs: tuple[str, ...]  # every run the folder holds, oldest first
    files: pd.DataFrame
    hands: pd.DataFrame
    findings: pd.DataFrame


def load_run(out: Path, run: str | None = None) -> RunTables:
    """The report's tables of run ``run`` of ``out`` (default: its latest run)."""
    if not out.is_dir():
        raise ReportError(f"{out}: no such audit folder")
    found = survey(out)
    if found.reason is not None:
        raise ReportError(f"{out}: not an audit folder written by the auditor ({found.reason})")
    kept = found.kept_line()
    if kept is not None:  # a notebook, .DS_Store, a report: not read, left as they are
        _log.warning("%s: %s", out, kept)
    runs = tuple(earlier_runs(out))
    if not runs:
        raise ReportError(f"{out}: holds no run")
    run_id = runs[-1] if run is None else run
    if run_id not in runs:
        raise ReportError(f"{out}: no run {run_id!r} (runs: {', '.join(runs)})")
    frames = {name: _read(out, name, run_id) for name in _COLUMNS}
    return RunTables(run_id, runs, frames["files"], frames["hands"], frames["findings"])


def _read(out: Path, table: str, run_id: str) -> pd.DataFrame:
    part = out / table / f"part-{run_id}.parquet"
    columns = list(_COLUMNS[table])
    try:
        if not is_plain_file(part):  # a run that wrote no row of this table
            raise FileNotFoundError(part)
        read = pq.read_table(part, columns=columns, schema=SCHEMAS[table])
    except FileNotFoundError:
        read = SCHEMAS[table].empty_table().select(columns)
    except Exception as exc:  # pyarrow's errors for a damaged file have no common base
        raise ReportError(f"{part}: cannot be read ({exc})") from exc
    frame: pd.DataFrame = read.to_pandas(types_mapper=pd.ArrowDtype)
    return _plain_categories(frame)


def _plain_categories(frame: pd.DataFrame) -> pd.DataFrame:
    """Dictionary columns as plain strings (the report groups and prints them)."""
    for name, dtype in frame.dtypes.items():
        if isinstance(dtype, pd.ArrowDtype) and str(dtype.pyarrow_dtype).startswith("dictionary"):
            frame[name] = frame[name].astype("string")
    return frame
