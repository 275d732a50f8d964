"""The hands kept for the cross-hand checks, grouped so that memory stays flat.

Button and stack continuity need each table's hands in playing order, and only once
every input has been read. One hand's facts take a few hundred bytes pickled (a few KB
as objects), so a million hands do not stay in memory: they are put in buckets by table
(every hand of a table in the same bucket) and the buckets go to temporary files once
they hold :data:`SPILL_BYTES`. At the end the buckets are read back one at a time,
streamed from their files:

- a table of at most a batch's worth of hands (:data:`BATCH_HANDS`) is kept whole, and
  whole tables go out in batches that the workers check independently;
- a larger table (a fast-fold pool keeps one table name for a whole day) is put in
  playing order by an external sort (:class:`_ExternalSort`: sorted runs of
  :data:`SORT_RUN` hands on disk, merged back) and goes out in slices of its order, each
  with the hand just before it (:class:`~auditor.engines.chunks.TableSlice`). Duplicate
  hand ids are found the same way, by a sort of (hand id, arrival) pairs: the first hand
  given with an id is kept, as :func:`~auditor.replay.continuity.table_sequences` does.

What stays in memory is bounded by the spill size, the whole small tables of one
bucket (a 512th of the hands), the sorts' runs and merge buffers, and, in a job, one
batch. The temporary folder names its owner (host and process id, in a file); a run
removes the folders that dead processes of its host left behind.
"""

from __future__ import annotations

import heapq
import os
import pickle
import shutil
import socket
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import IO, Generic, TypeVar

from auditor.engines.chunks import CrossHand, TableSlice, play_key_of
from auditor.replay.continuity import TableKey

BUCKETS = 512
SPILL_BYTES = 2 << 20
BATCH_HANDS = 2_000
SORT_RUN = 4_000
"""Hands of a large table sorted in memory at once (about 3 MB); a larger table is sorted
in runs of this size on disk, merged back."""
FAN_IN = 250
"""Runs merged at once (each open, with a block of 16 records in memory): a million hands
of one table in one merge."""
_ID_RUN = 20_000  # (hand id, arrival) pairs sorted in memory at once
_OVERHEAD = 250  # bytes a kept hand costs beyond its payload (tuples, key strings)
_PREFIX = "auditor-crosshand-"
_OWNER = "owner"  # the file in a spill folder that names its process: host, pid, start


def bucket_of(profile: str, key: TableKey) -> int:
    """The same bucket for the same table in every process and run."""
    return zlib.crc32(repr((profile, key)).encode("utf-8")) % BUCKETS


Batch = list[CrossHand] | TableSlice
"""What a continuity job checks: whole tables, or a slice of one large table."""


class CrossHandStore:
    """Buckets of :data:`~auditor.engines.chunks.CrossHand`, in the order they were added."""

    def __init__(self, spill_bytes: int | None = None) -> None:
        remove_dead_spills()
        self._spill_bytes = SPILL_BYTES if spill_bytes is None else spill_bytes
        self._buckets: list[list[CrossHand]] = [[] for _ in range(BUCKETS)]
        self._held = 0
        self._folder: Path | None = None
        self._spilled: set[int] = set()
        self.hands = 0

    def add(self, item: CrossHand) -> None:
        profile, key, payload = item
        self._buckets[bucket_of(profile, key)].append(item)
        self._held += len(payload) + _OVERHEAD
        self.hands += 1
        if self._held >= self._spill_bytes:
            self._spill()

    @property
    def spilled(self) -> bool:
        return bool(self._spilled)

    def folder(self) -> Path:
        """The run's temporary folder, made on first use with its owner file."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-"))
            (self._folder / _OWNER).write_text(_owner_line(os.getpid()) + "\n", "utf-8")
        return self._folder

    def _spill(self) -> None:
        folder = self.folder()
        for index, items in enumerate(self._buckets):
            if items:
                with open(folder / f"{index}.pickle", "ab") as spill:
                    pickle.dump(items, spill, protocol=pickle.HIGHEST_PROTOCOL)
                self._spilled.add(index)
                self._buckets[index] = []
        self._held = 0

    def _bucket(self, index: int) -> Iterator[CrossHand]:
        """The bucket's hands in the order added, read back a spill at a time (its file
        is removed afterwards)."""
        if index in self._spilled and self._folder is not None:
            path = self._folder / f"{index}.pickle"
            with open(path, "rb") as spill:
                while True:
                    try:
                        items: list[CrossHand] = pickle.load(spill)
                    except EOFError:
                        break
                    yield from items
            path.unlink(missing_ok=True)
            self._spilled.discard(index)
        items, self._buckets[index] = self._buckets[index], []
        yield from items

    def batches(self, hands: int | None = None) -> Iterator[Batch]:
        """Every hand, bucket after bucket: tables of at most ``hands`` hands whole, in
        batches of about ``hands`` hands (each table's hands in the order they were added);
        a larger table in slices of ``hands`` hands of its playing order, duplicates
        dropped, each with the hand before it. The store is empty afterwards."""
        hands = BATCH_HANDS if hands is None else hands
        batch: list[CrossHand] = []
        for index in range(BUCKETS):
            small: dict[tuple[str, TableKey], list[CrossHand]] = {}
            large: dict[tuple[str, TableKey], _LargeTable] = {}
            sorting_held = 0  # hands the large tables' sorts hold in memory, together
            for item in self._bucket(index):
                table = (item[0], item[1])
                sorting = large.get(table)
                if sorting is None:
                    kept = small.setdefault(table, [])
                    kept.append(item)
                    if len(kept) <= hands:
                        continue
                    sorting = large[table] = _LargeTable(self)
                    for one in small.pop(table):
                        sorting.add(one[2])
                    sorting_held += len(kept)
                else:
                    sorting.add(item[2])
                    sorting_held += 1
                if sorting_held >= SORT_RUN:  # several large tables in one bucket
                    for each in large.values():
                        each.flush()
                    sorting_held = 0
            for whole in small.values():
                if batch and len(batch) + len(whole) > hands:
                    yield batch
                    batch = []
                batch.extend(whole)
            del small
            for (profile, key), sorting in large.items():
                yield from sorting.slices(profile, key, hands)
        if batch:
            yield batch
        self._held = 0
        self.hands = 0

    def close(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
        self._spilled.clear()

    def __enter__(self) -> CrossHandStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


# ---------------------------------------------------------------- large tables

_OrderRecord = tuple[bool, datetime, int, str, int, bytes]  # play key, arrival, payload
_IdRecord = tuple[str, int]  # hand id, arrival


class _LargeTable:
    """One table's hands, sorted into playing order with bounded memory."""

    def __init__(self, store: CrossHandStore) -> None:
        self._order: _ExternalSort[_OrderRecord] = _ExternalSort(store, SORT_RUN, 16)
        self._ids: _ExternalSort[_IdRecord] = _ExternalSort(store, _ID_RUN, 256)
        self._count = 0

    def add(self, payload: bytes) -> None:
        started_late, started_at, ordinal, hand_id = play_key_of(payload)
        arrival = self._count
        self._order.add((started_late, started_at, ordinal, hand_id, arrival, payload))
        self._ids.add((hand_id, arrival))
        self._count += 1

    def flush(self) -> None:
        """Put the hands held in memory in a sorted run on disk."""
        self._order.flush()

    def slices(self, profile: str, table: TableKey, hands: int) -> Iterator[TableSlice]:
        later = self._later_duplicates()
        before: bytes | None = None
        part: list[bytes] = []
        for record in self._order.merged():
            arrival = record[4]
            if later[arrival >> 3] & (1 << (arrival & 7)):
                continue
            part.append(record[5])
            if len(part) >= hands:
                yield TableSlice(profile, table, before, tuple(part))
                before, part = part[-1], []
        if part:
            yield TableSlice(profile, table, before, tuple(part))

    def _later_duplicates(self) -> bytearray:
        """A bit per hand, by arrival: set for a hand whose id came earlier."""
        later = bytearray((self._count + 7) // 8)
        last: str | None = None
        for hand_id, arrival in self._ids.merged():
            if hand_id == last:
                later[arrival >> 3] |= 1 << (arrival & 7)
            last = hand_id
        return later


R = TypeVar("R", bound=tuple[object, ...])  # compared whole: no two are equal


class _ExternalSort(Generic[R]):
    """Records (tuples, no two equal) put in order with at most ``run`` of them in memory:
    each full run is sorted and appended to a file, in pickled blocks of ``block``
    records; the runs are merged back, :data:`FAN_IN` at a time."""

    def __init__(self, store: CrossHandStore, run: int, block: int) -> None:
        self._store = store
        self._run = run
        self._block = block
        self._buffer: list[R] = []
        self._path: Path | None = None
        self._runs: list[tuple[int, int]] = []  # (offset, blocks) of each run in the file

    def add(self, record: R) -> None:
        self._buffer.append(record)
        if len(self._buffer) >= self._run:
            self.flush()

    def flush(self) -> None:
        """Sort the records held and append them to the file as a run."""
        if not self._buffer:
            return
        self._buffer.sort()
        if self._path is None:
            self._path = self._new_file()
        with open(self._path, "ab") as out:
            self._runs.append(self._write(out, self._buffer))
        self._buffer = []

    def _new_file(self) -> Path:
        handle, name = tempfile.mkstemp(suffix=".sort", dir=self._store.folder())
        os.close(handle)
        return Path(name)

    def _write(self, out: IO[bytes], records: Iterable[R]) -> tuple[int, int]:
        start, blocks = out.tell(), 0
        block: list[R] = []
        for record in records:
            block.append(record)
            if len(block) >= self._block:
                pickle.dump(block, out, protocol=pickle.HIGHEST_PROTOCOL)
                blocks, block = blocks + 1, []
        if block:
            pickle.dump(block, out, protocol=pickle.HIGHEST_PROTOCOL)
            blocks += 1
        return start, blocks

    def merged(self) -> Iterator[R]:
        """Every record, in order (the sort is empty afterwards, its file removed)."""
        if self._path is None:  # it all fits in memory
            records, self._buffer = sorted(self._buffer), []
            yield from records
            return
        self.flush()
        path, runs = self._path, self._runs
        self._path, self._runs = None, []
        while len(runs) > FAN_IN:  # merged down into fewer, longer runs first
            fewer = self._new_file()
            with open(fewer, "ab") as out:
                runs = [
                    self._write(out, heapq.merge(*(_read(path, run) for run in group)))
                    for group in _groups(runs, FAN_IN)
                ]
            path.unlink(missing_ok=True)
            path = fewer
        try:
            yield from heapq.merge(*(_read(path, run) for run in runs))
        finally:
            path.unlink(missing_ok=True)


def _read(path: Path, run: tuple[int, int]) -> Iterator[R]:
    offset, blocks = run
    with open(path, "rb") as source:
        source.seek(offset)
        for _ in range(blocks):
            block: list[R] = pickle.load(source)
            yield from block


def _groups(runs: list[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    for start in range(0, len(runs), size):
        yield runs[start : start + size]


# ---------------------------------------------------------------- folders left behind


def remove_dead_spills(temp: Path | None = None) -> list[Path]:
    """Remove the spill folders under ``temp`` (the system's temporary folder) whose owner
    file names a process of this host that is gone (a run killed before it could clean
    up); return them. Folders without an owner file, or of another host, stay."""
    base = Path(tempfile.gettempdir()) if temp is None else temp
    removed = []
    try:
        folders = [entry for entry in base.iterdir() if entry.name.startswith(_PREFIX)]
    except OSError:
        return []
    for folder in folders:
        try:
            owner = (folder / _OWNER).read_text("utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if _owner_is_dead(owner):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _owner_line(pid: int) -> str:
    """``host pid start``; start is the process's start time (Linux), to tell a process
    from a later one that got the same id."""
    return f"{socket.gethostname()} {pid} {_start_time(pid) or '-'}"


def _owner_is_dead(owner: str) -> bool:
    parts = owner.split(" ")
    if len(parts) != 3 or not parts[1].isdecimal() or parts[0] != socket.gethostname():
        return False
    pid = int(parts[1])
    if not _alive(pid):
        return True
    started = _start_time(pid)
    return parts[2] != "-" and started is not None and started != parts[2]


def _alive(pid: int) -> bool:
    if os.name != "posix":  # os.kill would end the process there: keep the folder
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, say
        return True
    return True


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (Linux's /proc), or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else None
