"""The chunk job: a run of raw hands in, everything the writing process needs out.

The process that reads the inputs splits them into hands and sends them out in
chunks of a few hundred; a chunk may hold the end of one file and the start of the
next (one :class:`Segment` per file). A worker audits each hand with one
:class:`~auditor.pipeline.HandAuditor` per process (the parser is built once) and
returns the rows of every table column by column, each segment's counts and findings
counts, and, in hand order, what the cross-hand checks need: a pickled
:class:`~auditor.replay.continuity.TableHand` per replayed hand (behind its playing-order
key, so that a table can be put in order without unpickling its hands) and the table name
of each rejected hand (a gap in its table). Jobs are plain functions of picklable values,
so the same job runs in this process, in a process pool and on a Dask worker.
"""

from __future__ import annotations

import gc
import io
import pickle
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from auditor.findings import Finding
from auditor.pipeline import FileSummary, HandAuditor
from auditor.read.split import RawHand
from auditor.replay.continuity import (
    PlayKey,
    TableHand,
    TableKey,
    continuity_findings,
    play_order,
    sequence_findings,
    table_hand,
)
from auditor.tables.columns import COLUMNS
from auditor.tables.rows import Columns, RowBuilder

CHUNK_HANDS = 500
"""Hands per chunk: enough to amortise a task's overhead, few enough to spread a file."""

EXAMPLES = 3
"""Findings kept as examples for each code (the summary shows the first)."""

Gap = str
"""The table name of a hand that could not be read: its table's sequence breaks there."""
CrossHand = tuple[str, TableKey, bytes]
"""(rule profile, table key, payload) of a replayed hand; the payload is the hand's
:data:`~auditor.replay.continuity.PlayKey` and its TableHand, pickled one after the other
(:func:`cross_hand`, :func:`play_key_of`, :func:`hand_of`)."""


def cross_hand(profile: str, hand: TableHand) -> CrossHand:
    key = pickle.dumps(play_order(hand), protocol=pickle.HIGHEST_PROTOCOL)
    return profile, hand.table, key + pickle.dumps(hand, protocol=pickle.HIGHEST_PROTOCOL)


def play_key_of(payload: bytes) -> PlayKey:
    """The playing-order key of a payload, without unpickling the hand behind it (pickle
    reads one object and ignores the bytes after it)."""
    key: PlayKey = pickle.loads(payload)
    return key


def hand_of(payload: bytes, table: TableKey) -> TableHand:
    """The hand of a payload, at ``table`` (the table key may have been renamed at a gap)."""
    stream = io.BytesIO(payload)
    pickle.load(stream)  # the key (each pickle by an unpickler of its own: memos differ)
    one: TableHand = pickle.load(stream)
    return one if one.table == table else replace(one, table=table)


@dataclass(frozen=True, slots=True)
class TableSlice:
    """A piece of a table too large to check whole: consecutive hands of its playing order
    (duplicates dropped) and the hand just before them (None at the start), so that every
    pair of neighbours is checked once, in one slice or another."""

    profile: str
    table: TableKey
    before: bytes | None
    hands: tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class Segment:
    """Consecutive hands of one input file: each hand's first line and text (lines joined
    by newlines)."""

    file: str
    first_lines: tuple[int, ...]
    texts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chunk:
    rules: str
    segments: tuple[Segment, ...]

    @property
    def hands(self) -> int:
        return sum(len(s.texts) for s in self.segments)


@dataclass(slots=True)
class SegmentResult:
    """One segment's counts (no encoding, no stray text: the reading process has those),
    its findings by code with the first few as examples, and its cross-hand items."""

    counts: FileSummary
    codes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[Finding]] = field(default_factory=dict)
    cross: list[CrossHand | Gap] = field(default_factory=list)

    def note(self, finding: Finding) -> None:
        self.codes[finding.code] += 1
        shown = self.examples.setdefault(finding.code, [])
        if len(shown) < EXAMPLES:
            shown.append(finding)


@dataclass(frozen=True, slots=True)
class ChunkResult:
    # rows of each table, column by column, without the run_id column: plain lists, so
    # that a worker needs no pyarrow (the writing process makes Arrow of them)
    tables: dict[str, Columns]
    segments: tuple[SegmentResult, ...]


_local = threading.local()


def auditor_for(rules: str) -> HandAuditor:
    """This thread's auditor for ``rules``, built on first use (Dask workers may run
    several threads; the parser keeps state while it reads a hand)."""
    auditors: dict[str, HandAuditor] | None = getattr(_local, "auditors", None)
    if auditors is None:
        auditors = _local.auditors = {}
    if rules not in auditors:
        auditors[rules] = HandAuditor(rules)
    return auditors[rules]


GC_FIRST_GENERATION = 20_000
"""Allocations between the collector's youngest-generation passes during a chunk."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run with the cyclic collector passing less often, then restore its thresholds.

    A hand makes a few hundred short-lived objects and no cycles that matter, while the
    default (a pass every 700 allocations) keeps walking the chunk's rows: some 5% of
    the run. Memory still stays flat: the rows go out with each chunk."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], GC_FIRST_GENERATION), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def audit_chunk(chunk: Chunk) -> ChunkResult:
    """Audit every hand of ``chunk``."""
    with fewer_collections():
        return _audit_chunk(chunk)


def _audit_chunk(chunk: Chunk) -> ChunkResult:
    auditor = auditor_for(chunk.rules)
    builder = RowBuilder()
    segments = []
    for segment in chunk.segments:
        done = SegmentResult(FileSummary(source_file=segment.file))
        for first_line, text in zip(segment.first_lines, segment.texts, strict=True):
            result = auditor.audit_hand(RawHand(segment.file, first_line, tuple(text.split("\n"))))
            done.counts.count(result)
            builder.add_result(result)
            for finding in result.findings:
                done.note(finding)
            if result.table_name:
                done.cross.append(result.table_name)
            if result.hand is not None and result.replay is not None:
                one = table_hand(result.hand, dict(result.replay.ending_stacks) or None)
                done.cross.append(cross_hand(result.replay.profile, one))
        segments.append(done)
    return ChunkResult(filled_tables(builder), tuple(segments))


def filled_tables(builder: RowBuilder) -> dict[str, Columns]:
    """What ``builder`` holds, table by table (tables with no rows left out)."""
    return {name: builder.take(name) for name in COLUMNS if builder.rows[name]}


def continuity_job(rules: str, hands: list[CrossHand] | TableSlice) -> list[Finding]:
    """The cross-hand findings of ``hands``: whole tables (every hand of each of their
    tables, in any order) or a slice of one table's playing order.

    Whole tables are unpickled one at a time, so a job holds one table's hands at once,
    and no more than a batch's worth (the store slices a larger table); a slice's hands
    are unpickled as its pairs are checked."""
    auditor = auditor_for(rules)
    if isinstance(hands, TableSlice):
        part = hands
        ordered = part.hands if part.before is None else (part.before, *part.hands)
        # unpickled as the pairs are checked: two hands at a time
        sequence = (hand_of(payload, part.table) for payload in ordered)
        return sequence_findings(sequence, auditor.profile(part.profile))
    tables: dict[tuple[str, TableKey], list[bytes]] = {}
    for profile, key, payload in hands:
        tables.setdefault((profile, key), []).append(payload)
    found: list[Finding] = []
    for (profile, key), payloads in tables.items():
        whole = [hand_of(payload, key) for payload in payloads]
        found.extend(continuity_findings(whole, auditor.profile(profile)))
    return found
