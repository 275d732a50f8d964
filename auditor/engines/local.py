"""Jobs run in this process, or in a pool of worker processes on this machine."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Pending(Protocol[T_co]):
    """A job's outcome to come (a concurrent.futures or a Dask future, or one at hand)."""

    def result(self) -> T_co: ...


class Engine:
    """Runs jobs; ``in_flight`` is how many to keep submitted to keep every worker busy."""

    in_flight = 1
    workers = 1

    def submit(self, fn: Callable[..., T], *args: Any) -> Pending[T]:
        raise NotImplementedError

    def close(self, failed: bool) -> None:
        """Release the workers (cancelling what is queued when the run ``failed``)."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close(exc_type is not None)


class _Done(Generic[T]):
    __slots__ = ("_value",)

    def __init__(self, value: T) -> None:
        self._value = value

    def result(self) -> T:
        return self._value


class InProcess(Engine):
    """Each job runs when submitted, here: one worker, no pool (tests, debugging, tiny runs)."""

    def submit(self, fn: Callable[..., T], *args: Any) -> Pending[T]:
        return _Done(fn(*args))


class ProcessPool(Engine):
    """``workers`` processes started from a fork server that has imported the auditor once,
    so a worker starts in milliseconds and no thread of this process is forked."""

    def __init__(self, workers: int) -> None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(["auditor.engines.chunks"])
        self.workers = workers
        self.in_flight = 2 * workers
        self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    def submit(self, fn: Callable[..., T], *args: Any) -> Pending[T]:
        return self._pool.submit(fn, *args)

    def close(self, failed: bool) -> None:
        self._pool.shutdown(wait=True, cancel_futures=failed)


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def resolve_workers(workers: int | None) -> int:
    """``None``: every core; otherwise at least one."""
    return available_cores() if workers is None else max(1, workers)
