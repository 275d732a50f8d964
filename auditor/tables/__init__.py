"""Results as tables: fixed schemas, rows from hand results, atomic Parquet datasets."""
