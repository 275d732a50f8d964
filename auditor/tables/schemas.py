"""The Parquet schema of every output table, from the columns of :mod:`auditor.tables.columns`."""

from __future__ import annotations

import pyarrow as pa

from auditor.tables.columns import TABLES

CATEGORY = pa.dictionary(pa.int32(), pa.string())
MONEY = pa.int64()

ARROW_TYPES: dict[str, pa.DataType] = {
    "string": pa.string(),
    "category": CATEGORY,
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
