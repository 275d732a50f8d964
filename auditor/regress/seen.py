"""The hands an earlier run of an audit folder already audited, for ``--append``.

A hand is seen when a committed run of the folder wrote a hands row with its site, its
hand id and its record's SHA-256 (``hands.record_sha256``): the same record, audited
before. The same site and hand id with another digest is a changed record: the site
wrote that hand again, differently, and it is reported as such, never taken for one
already audited. Rows of runs written before the digest column have none: their hands
are neither seen nor changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHANGED_LISTED = 1_000
"""Changed records listed by name (``--json``); past it they are only counted."""


@dataclass(frozen=True, slots=True)
class Changed:
    """A hand whose site and id an earlier run holds with another record."""

    site: str
    hand_id: str
    source_file: str
    source_line: int
    record_sha256: str

    def as_json(self) -> dict[str, Any]:
        return {
            "site": self.site,
            "hand_id": self.hand_id,
            "source_file": self.source_file,
            "source_line": self.source_line,
            "record_sha256": self.record_sha256,
        }


class SeenHands:
    """The (site, hand id) -> record digests the committed runs of a folder hold: one
    digest as 32 bytes (the usual case), several as a frozenset of them."""

    def __init__(self, batches: Iterable[dict[str, list[Any]]] = ()) -> None:
        """``batches``: hands rows, column by column (site, hand_id, record_sha256)."""
        self._digests: dict[tuple[str, str], bytes | frozenset[bytes]] = {}
        for batch in batches:
            columns = (batch["site"], batch["hand_id"], batch["record_sha256"])
            for site, hand_id, digest in zip(*columns, strict=True):
                if digest is not None:  # a row of a version before the digest column
                    self._add((site or "", hand_id), bytes.fromhex(digest))

    @classmethod
    def of(cls, out: Path) -> SeenHands:
        """The hands the committed runs of ``out`` wrote."""
        from auditor.regress.rows import committed_batches

        return cls(committed_batches(out, "hands", ("site", "hand_id", "record_sha256")))

    def __len__(self) -> int:
        return len(self._digests)

    def _add(self, key: tuple[str, str], digest: bytes) -> None:
        held = self._digests.get(key)
        if held is None:
            self._digests[key] = digest
        elif isinstance(held, bytes):
            if held != digest:
                self._digests[key] = frozenset((held, digest))
        else:
            self._digests[key] = held | {digest}

    def look_up(self, hands: dict[str, list[Any]]) -> Iterator[tuple[int, Changed | None]]:
        """For each row of a batch of hands rows (column by column) that an earlier run
        knows by its site and id: its hand key and None when it is seen (the same
        record), else the changed record."""
        columns = (
            hands["site"],
            hands["hand_id"],
            hands["record_sha256"],
            hands["hand_key"],
            hands["source_file"],
            hands["source_line"],
        )
        for site, hand_id, digest, key, file, line in zip(*columns, strict=True):
            held = self._digests.get((site or "", hand_id))
            if held is None or digest is None:
                continue
            raw = bytes.fromhex(digest)
            if raw == held or (isinstance(held, frozenset) and raw in held):
                yield key, None
            else:
                yield key, Changed(site or "", hand_id, file, line, digest)
