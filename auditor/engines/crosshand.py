"""The hands kept for the cross-hand checks, grouped so that memory stays flat.

Button and stack continuity need each table's hands together, and only once every
input has been read. One hand's facts take a few hundred bytes pickled (a few KB as
objects), so a million hands do not stay in memory: they are put in buckets by table
(every hand of a table in the same bucket) and the buckets go to temporary files once
they hold :data:`SPILL_BYTES`. At the end the buckets come back one at a time, in
batches of whole tables that the workers check independently. What stays in memory
is bounded by the spill size, one bucket (a 512th of the hands, a few hundred bytes
each) with the batches made of it, and, in the job that checks it, one table's hands.
"""

from __future__ import annotations

import pickle
import shutil
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

from auditor.engines.chunks import CrossHand
from auditor.replay.continuity import TableKey

BUCKETS = 512
SPILL_BYTES = 4 << 20
BATCH_HANDS = 2_000
_OVERHEAD = 250  # bytes a kept hand costs beyond its payload (tuples, key strings)


def bucket_of(profile: str, key: TableKey) -> int:
    """The same bucket for the same table in every process and run."""
    return zlib.crc32(repr((profile, key)).encode("utf-8")) % BUCKETS


class CrossHandStore:
    """Buckets of :data:`~auditor.engines.chunks.CrossHand`, in the order they were added."""

    def __init__(self, spill_bytes: int | None = None) -> None:
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

    def _spill(self) -> None:
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="auditor-crosshand-"))
        for index, items in enumerate(self._buckets):
            if items:
                with open(self._folder / f"{index}.pickle", "ab") as spill:
                    pickle.dump(items, spill, protocol=pickle.HIGHEST_PROTOCOL)
                self._spilled.add(index)
                self._buckets[index] = []
        self._held = 0

    def _bucket(self, index: int) -> list[CrossHand]:
        items: list[CrossHand] = []
        if index in self._spilled and self._folder is not None:
            with open(self._folder / f"{index}.pickle", "rb") as spill:
                while True:
                    try:
                        items.extend(pickle.load(spill))
                    except EOFError:
                        break
        items.extend(self._buckets[index])
        self._buckets[index] = []
        return items

    def batches(self, hands: int | None = None) -> Iterator[list[CrossHand]]:
        """Every hand, in batches of whole tables of about ``hands`` hands (a table larger
        than that is a batch of its own), each table's hands in the order they were
        added. One bucket is in memory at a time; the store is empty afterwards."""
        hands = BATCH_HANDS if hands is None else hands
        batch: list[CrossHand] = []
        for index in range(BUCKETS):
            tables: dict[tuple[str, TableKey], list[CrossHand]] = {}
            for item in self._bucket(index):
                tables.setdefault((item[0], item[1]), []).append(item)
            for table in tables.values():
                if batch and len(batch) + len(table) > hands:
                    yield batch
                    batch = []
                batch.extend(table)
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
