"""Rows of an audit folder's tables, as the regression commands read them: only the
part files of committed runs (a run cut off while committing, or a file the auditor did
not write, is not read), without pandas."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

# the findings columns the regression commands read (diff, baseline, the CI reports)
FINDING_COLUMNS = (
    "run_id",
    "fingerprint",
    "hand_id",
    "site",
    "table_name",
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
    "source_column",
    "root",
    "caused_by_code",
    "suppressed_by",
)


def committed_rows(out: Path, name: str, columns: Iterable[str]) -> list[dict[str, Any]]:
    """The rows of ``name`` that committed runs of ``out`` wrote (``columns`` only)."""
    import pyarrow.dataset as pads

    from auditor.tables.output import committed_parts
    from auditor.tables.schemas import SCHEMAS

    parts = [str(p) for p in committed_parts(out, name)]
    if not parts:
        return []
    dataset = pads.dataset(parts, format="parquet", schema=SCHEMAS[name])
    rows: list[dict[str, Any]] = dataset.to_table(columns=list(columns)).to_pylist()
    return rows


def committed_batches(
    out: Path, name: str, columns: Iterable[str]
) -> Iterator[dict[str, list[Any]]]:
    """The rows of ``name`` that committed runs of ``out`` wrote, batch by batch, column by
    column (``columns`` only): a large folder's rows are never all in memory at once."""
    import pyarrow.dataset as pads

    from auditor.tables.output import committed_parts
    from auditor.tables.schemas import SCHEMAS

    parts = [str(p) for p in committed_parts(out, name)]
    if not parts:
        return
    dataset = pads.dataset(parts, format="parquet", schema=SCHEMAS[name])
    for batch in dataset.to_batches(columns=list(columns)):
        yield batch.to_pydict()
