"""Jobs run in this process, or in a pool of worker processes on this machine."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

_log = logging.getLogger(__name__)


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


class WorkerLost(Exception):
    """Worker processes died (killed, out of memory, a crash) twice under the same job."""


class ProcessPool(Engine):
    """``workers`` processes started from a fork server that has imported the auditor once,
    so a worker starts in milliseconds and no thread of this process is forked.

    A worker that dies breaks the whole pool (every job in it fails): the pool is replaced
    and each unfinished job runs once more on the new one. Workers exit by themselves
    when this process is gone, even after ``kill -9``."""

    def __init__(self, workers: int) -> None:
        methods = multiprocessing.get_all_start_methods()
        self._context = multiprocessing.get_context(
            "forkserver" if "forkserver" in methods else "spawn"
        )
        if "forkserver" in methods:
            self._context.set_forkserver_preload(["auditor.engines.chunks"])
        self.workers = workers
        self.in_flight = 2 * workers
        # Workers are the fork server's children, so they cannot watch their parent: each
        # holds the reading end of this pipe and reads end-of-file when this process (the
        # only holder of the writing end) is gone.
        self._lifeline, self._held = self._context.Pipe(duplex=False)
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=self._context,
            initializer=_worker_started,
            initargs=(self._lifeline,),
        )

    def submit(self, fn: Callable[..., T], *args: Any) -> Pending[T]:
        return _Job(self, fn, args)

    def _start(self, fn: Callable[..., T], args: tuple[Any, ...]) -> _Attempt[T]:
        pool = self._pool
        try:
            return pool.submit(fn, *args), pool
        except BrokenProcessPool:  # broken before this job's turn: it never ran
            self._replace(pool)
            return self._pool.submit(fn, *args), self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A fresh pool instead of ``broken`` (once: its other jobs find it replaced)."""
        if broken is not self._pool:
            return
        _log.warning(
            "a worker process died (killed, or out of memory?): "
            "its unfinished jobs run again on new workers"
        )
        broken.shutdown(wait=True, cancel_futures=True)
        self._pool = self._new_pool()

    def close(self, failed: bool) -> None:
        if failed:
            # Interrupted or failing: stop the jobs now rather than let them finish. Cut
            # the lifeline first: a worker still starting when Ctrl-C came is not yet among
            # the pool's processes, and one left alive would hold the pool's pipes open
            # and hang its shutdown.
            self._held.close()
            processes = list((self._pool._processes or {}).values())
            for process in processes:
                process.terminate()
            for process in processes:
                process.join(5)
                if process.exitcode is None:
                    process.kill()
                    process.join()
            # A worker ended while it wrote its result leaves half a message in the results
            # pipe, and the pool's manager thread would wait for the rest for ever (this
            # process holds the pipe's writing end too, so no end of file comes): with the
            # workers gone, closing that end lets it read end of file and wind up the pool
            # as broken. (Seen once in 25 runs stopped by SIGTERM under load.)
            self._pool._result_queue._writer.close()  # type: ignore[attr-defined]
        self._pool.shutdown(wait=True, cancel_futures=failed)
        if not self._held.closed:
            self._held.close()
        self._lifeline.close()


_Attempt = tuple[Future[T], ProcessPoolExecutor]


class _Job(Generic[T]):
    """A job in the pool, run once more if its worker (or any worker) died under it."""

    __slots__ = ("_args", "_attempt", "_engine", "_fn", "_tries")

    def __init__(self, engine: ProcessPool, fn: Callable[..., T], args: tuple[Any, ...]) -> None:
        self._engine, self._fn, self._args = engine, fn, args
        self._attempt = engine._start(fn, args)
        self._tries = 1

    def result(self) -> T:
        while True:
            future, pool = self._attempt
            try:
                return future.result()
            except BrokenProcessPool as err:
                if self._tries >= _TRIES:
                    raise WorkerLost(
                        "worker processes died again after a restart "
                        "(killed, out of memory, or a crash in a worker)"
                    ) from err
                self._engine._replace(pool)
                self._attempt = self._engine._start(self._fn, self._args)
                self._tries += 1


_TRIES = 2


def _worker_started(lifeline: Connection) -> None:
    """In each worker: Ctrl-C is the main process's to handle (it stops the workers), and
    a thread ends the worker when the main process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(lifeline,), daemon=True).start()


def _exit_with_parent(lifeline: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()  # nothing is ever sent: this returns at end of file
    os._exit(1)


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def resolve_workers(workers: int | None) -> int:
    """``None``: every core; more than the cores: the cores (with a note; more processes
    than cores only cost memory). Fewer than one is an error."""
    cores = available_cores()
    if workers is None:
        return cores
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if workers > cores:
        _log.warning(
            "--workers %d is more than the %d cores this process may run on: using %d",
            workers,
            cores,
            cores,
        )
        return cores
    return workers
