"""The library: audit files into tables, audit a text in memory, load tables back.

>>> import auditor
>>> text = open(auditor.bundled_fixtures() / "pokerstars" / "run_it_twice_and_talk.txt").read()
>>> (hand,) = auditor.audit_text(text)
>>> hand.hand_id, hand.status.value, [f.code for f in hand.findings]
('200000000003', 'audited', [])
>>> [(a.board, a.player, a.expected) for a in hand.showdown.awards if a.expected]
[(1, 'villain', 14850), (2, 'hero', 14850)]
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, HandResult
from auditor.run import RunSummary, run_audit

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa


def _nullable_types() -> Callable[[pa.DataType], Any]:
    """pandas' nullable dtype for each Arrow type that has one."""
    import pandas as pd
    import pyarrow as pa

    mapping = {
        pa.int8(): pd.Int8Dtype(),
        pa.int16(): pd.Int16Dtype(),
        pa.int32(): pd.Int32Dtype(),
        pa.int64(): pd.Int64Dtype(),
        pa.bool_(): pd.BooleanDtype(),
        pa.string(): pd.StringDtype(),
    }
    return mapping.get


def bundled_fixtures() -> Path:
    """``auditor/fixtures`` in an installed wheel, else ``fixtures/`` of the checkout."""
    here = Path(__file__).resolve().parent
    packaged = here / "fixtures"
    return packaged if packaged.is_dir() else here.parent / "fixtures"


def audit(
    paths: str | Path | Sequence[str | Path],
    *,
    out: str | Path,
    rules: str = "auto",
    overwrite: bool = False,
    append: bool = False,
    workers: int | None = 1,
    format: str = "auto",
    skip_seen: bool = False,
) -> RunSummary:
    """Audit files or folders and write the tables under ``out``; the run's summary.

    ``rules``: a bundled profile name, a ``.toml`` path, or ``auto`` (the room's own).
    ``format``: ``auto`` (each hand's room found from its text) or a room's name.
    ``append``: add the run to ``out``, counting the hands an earlier run of it audited
    (``summary.hands_seen``); ``skip_seen`` leaves those out of the new run's rows.
    """
    names = [str(paths)] if isinstance(paths, str | Path) else [str(p) for p in paths]
    if skip_seen and not append:
        raise ValueError("skip_seen leaves out the hands an earlier run audited: append too")
    if isinstance(out, str) and not out.strip():  # Path("") would be the current folder
        from auditor.tables.errors import OutputError

        raise OutputError("out is empty: name a folder for the tables")
    return run_audit(
        names,
        Path(out),
        overwrite=overwrite,
        append=append,
        rules=rules,
        workers=workers,
        format=format,
        skip_seen=skip_seen,
    )


def audit_text(
    text: str, *, rules: str = "auto", name: str = "<text>", format: str = "auto"
) -> list[HandResult]:
    """Audit every hand of ``text`` in memory: one :class:`HandResult` per hand, nested by
    step: ``hand.events`` (what was read), ``replay`` (actions, pots, stacks),
    ``showdown`` (pots and awards as settled) and ``findings`` (all of them).

    >>> from auditor.api import bundled_fixtures
    >>> text = (bundled_fixtures() / "pokerstars" / "cash_plo_every_line.txt").read_text()
    >>> (r,) = audit_text(text)
    >>> r.status, r.hand_id, len(r.hand.events) > 20
    (<Status.AUDITED: 'audited'>, '200000000001', True)
    >>> [(a.player, a.action) for a in r.replay.actions][4:6]
    [('Ann Lee', 'raise'), ('bob: the [builder]', 'call')]
    >>> [(p.pot_index, p.amount) for p in r.showdown.pots]
    [(0, 850), (1, 10100)]
    """
    auditor = HandAuditor(rules, format)
    summary = FileSummary(source_file=name)
    return list(auditor.audit_stream(io.BytesIO(text.encode("utf-8")), name, summary))


def load(out: str | Path) -> dict[str, pd.DataFrame]:
    """The tables of an audit as pandas DataFrames: exact nullable integers for money,
    categories for the dictionary columns.

    >>> import tempfile, auditor
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = auditor.audit(auditor.bundled_fixtures(), out=f"{tmp}/out")
    ...     tables = auditor.load(f"{tmp}/out")
    >>> sorted(tables)
    ['actions', 'awards', 'files', 'findings', 'hands', 'pots', 'seats']
    >>> str(tables["actions"].amount.dtype), str(tables["findings"].code.dtype)
    ('Int64', 'category')
    >>> list(tables["findings"].severity.cat.categories)  # ordered: severity >= "warning"
    ['info', 'warning', 'error']
    """
    # pyarrow and pandas are imported here, not with the module: worker processes import
    # the command line (and so this module) and never need them: some 90 MB each.
    import pandas as pd
    import pyarrow.dataset as pads

    from auditor.tables.columns import LEVELS
    from auditor.tables.output import committed_parts
    from auditor.tables.schemas import SCHEMAS

    folder = Path(out)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: no such audit folder")
    types = _nullable_types()
    tables: dict[str, pd.DataFrame] = {}
    for name, schema in SCHEMAS.items():
        # the committed runs' part files only: not a run cut off while committing, nor a
        # file the auditor did not write (a notebook, .DS_Store) in a table's folder
        parts = [str(p) for p in committed_parts(folder, name)]
        dataset = pads.dataset(parts, format="parquet", schema=schema)
        tables[name] = dataset.to_table().to_pandas(types_mapper=types)
    for (name, column), levels in LEVELS.items():
        # ordered by the levels, whatever a file's dictionary holds (an empty table's
        # holds none; a run before the order was written, its values as they came)
        ordered = pd.CategoricalDtype(list(levels), ordered=True)
        tables[name][column] = tables[name][column].astype(object).astype(ordered)
    return tables
