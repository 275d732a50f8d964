"""Where the audit of chunks of hands runs: in this process, in worker processes, or on a
Dask cluster. :mod:`auditor.run` drives them all the same way."""

from __future__ import annotations


class EngineError(Exception):
    """An engine cannot be had: an unknown name, dask not installed, no scheduler there."""
