"""Jobs run on a Dask distributed cluster: one at ``scheduler``, else a local one.

Dask is imported only here, and only when this engine is asked for: an install without
``dask[distributed]`` audits with the local engines. On a cluster, every worker needs
the auditor installed (the same version); a ``--rules FILE.toml`` is read here and sent
with the jobs, so the workers need no copy of it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic

from auditor.engines import EngineError
from auditor.engines.local import Engine, Pending, T, WorkerLost, resolve_workers

CONNECT_TIMEOUT = "30s"


class DaskEngine(Engine):
    def __init__(self, scheduler: str | None, workers: int | None) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError as err:
            raise EngineError(
                "the dask engine needs dask's distributed scheduler: "
                "pip install 'dask[distributed]'"
            ) from err
        self._cluster: Any = None
        try:
            if scheduler:
                self._client: Any = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
            else:
                self._cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=resolve_workers(workers),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                )
                self._client = Client(self._cluster)  # type: ignore[no-untyped-call]
        except OSError as err:
            if self._cluster is not None:
                self._cluster.close()
            where = scheduler or "a local cluster"
            raise EngineError(f"cannot reach the Dask scheduler at {where}: {err}") from err
        threads = sum(self._client.nthreads().values())
        self.workers = max(1, threads)
        self.in_flight = 2 * self.workers

    def submit(self, fn: Callable[..., T], *args: Any) -> Pending[T]:
        return _DaskJob(self._client.submit(fn, *args, pure=False))

    def close(self, failed: bool) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


class _DaskJob(Generic[T]):
    """A Dask future; the scheduler runs a job again when its worker dies, and gives up
    (KilledWorker) after a few tries: that is reported as for the local pool."""

    __slots__ = ("_future",)

    def __init__(self, future: Any) -> None:
        self._future = future

    def result(self) -> T:
        from distributed import KilledWorker

        try:
            done: T = self._future.result()
        except KilledWorker as err:
            raise WorkerLost(
                "Dask workers died each time they ran the same job "
                "(killed, out of memory, or a crash in a worker)"
            ) from err
        return done
