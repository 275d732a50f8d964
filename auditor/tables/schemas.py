"""The Parquet schema of every output table, from the columns of :mod:`auditor.tables.columns`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyarrow as pa

from auditor.tables.columns import LEVELS, TABLES

CATEGORY = pa.dictionary(pa.int32(), pa.string())
ORDERED = pa.dictionary(pa.int32(), pa.string(), ordered=True)
MONEY = pa.int64()

ARROW_TYPES: dict[str, pa.DataType] = {
    "string": pa.string(),
    "category": CATEGORY,
    "ordered": ORDERED,
    "money": MONEY,
    "bool": pa.bool_(),
    "int8": pa.int8(),
    "int16": pa.int16(),
    "int32": pa.int32(),
    "int64": pa.int64(),
    "timestamp_utc": pa.timestamp("s", tz="UTC"),
    "timestamp_local": pa.timestamp("s"),
    "strings": pa.list_(pa.string()),
    "binary": pa.binary(),
}

SCHEMAS: dict[str, pa.Schema] = {
    name: pa.schema([(column, ARROW_TYPES[kind]) for column, kind in columns])
    for name, columns in TABLES.items()
}


def schema_without_run(table: str) -> pa.Schema:
    """A table's schema without its run_id column (rows as a chunk job builds them)."""
    schema = SCHEMAS[table]
    return schema.remove(schema.get_field_index("run_id"))


def with_levels(table: str, columns: Mapping[str, Any]) -> dict[str, Any]:
    """``columns`` (a table's values, column by column) with each ordered column as a
    dictionary array of all its levels in order: built from the values alone, the
    dictionary would follow the order the run met them in."""
    out = dict(columns)
    for (owner, name), levels in LEVELS.items():
        if owner == table and name in out and not isinstance(out[name], pa.Array):
            code = {level: at for at, level in enumerate(levels)}
            indices = pa.array([None if v is None else code[v] for v in out[name]], pa.int32())
            out[name] = pa.DictionaryArray.from_arrays(indices, pa.array(levels), ordered=True)
    return out
