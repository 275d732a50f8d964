"""Keep pandas out of the writing process while a run writes its tables.

pyarrow imports pandas the first time it converts a Python list (it looks for pandas
objects and pandas' missing-value markers in what it is given); a run gives it none, and
pandas costs the writing process 41 MB: 145 MB instead of 186 MB peak for 100,000 hands
on one table, 226 MB instead of 269 MB with both workers
(``python benchmarks/memory.py --min 100000 --max 100000 --tables one``). While a run
writes, ``import pandas`` fails in this process unless pandas is already imported; pyarrow
then goes on without it, and imports it when pandas is asked for by name (``to_pandas``,
``Table.from_pandas``), as :mod:`auditor.api` does after a run.
"""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.machinery import ModuleSpec
from types import ModuleType


class _NoPandas(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname == "pandas":
            raise ImportError("pandas is kept out of an audit's writing process")
        return None


@contextmanager
def pandas_kept_out() -> Iterator[None]:
    """While inside, ``import pandas`` fails here (unless pandas is already imported)."""
    if "pandas" in sys.modules:
        yield
        return
    finder = _NoPandas()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
