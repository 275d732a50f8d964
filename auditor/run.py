"""One audit run: inputs in, tables and a summary out.

The reading process (this one) splits the inputs into hands, sends them out in chunks
(:mod:`auditor.engines.chunks`) to an engine (this process, worker processes or a Dask
cluster), keeps a bounded number of chunks in flight, and takes the results back in
input order: it writes their rows as row groups fill, adds up the counts, and keeps
each replayed hand's cross-hand facts (spilled to disk past a few MB). When every chunk
is in, the cross-hand checks run on each table's hands, again as jobs. Memory does not
grow with the input, and the results do not depend on the engine or the number of
workers.
"""

from __future__ import annotations

import contextlib
import sys
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Protocol

from auditor import __version__
from auditor.engines import EngineError
from auditor.engines.chunks import (
    CHUNK_HANDS,
    Chunk,
    ChunkResult,
    Segment,
    SegmentResult,
    audit_chunk,
    continuity_job,
)
from auditor.engines.crosshand import CrossHandStore
from auditor.engines.local import Engine, InProcess, Pending, ProcessPool, resolve_workers
from auditor.findings import CATALOGUE, Finding, Severity
from auditor.pipeline import FileSummary, HandAuditor, _stray_finding, expand_paths
from auditor.read.decode import open_text
from auditor.read.split import StrayText, split_hands
from auditor.tables.rows import RowBuilder

if TYPE_CHECKING:
    from auditor.tables.writer import DatasetWriter

_FLUSH_ROWS = 5_000


@dataclass(slots=True)
class RunSummary:
    """What a run read and found."""

    files: list[FileSummary] = field(default_factory=list)
    findings_by_code: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[Finding]] = field(default_factory=dict)
    out: str = ""

    @property
    def hands_read(self) -> int:
        return sum(f.hands_read for f in self.files)

    @property
    def hands_audited(self) -> int:
        return sum(f.hands_audited for f in self.files)

    @property
    def hands_skipped(self) -> int:
        return sum(f.hands_skipped for f in self.files)

    @property
    def hands_rejected(self) -> int:
        return sum(f.hands_rejected for f in self.files)

    @property
    def skipped_games(self) -> Counter[str]:
        games: Counter[str] = Counter()
        for f in self.files:
            games.update(f.skipped_games)
        return games

    def worst_severity(self) -> Severity | None:
        severities = [CATALOGUE[code].severity for code in self.findings_by_code]
        return max(severities) if severities else None

    def note(self, finding: Finding) -> None:
        self.findings_by_code[finding.code] += 1
        shown = self.examples.setdefault(finding.code, [])
        if len(shown) < 3:
            shown.append(finding)

    def note_in_input_order(
        self, finding: Finding, position: Callable[[Finding], tuple[int, int]]
    ) -> None:
        """Count ``finding``; keep it as an example if it is among the first three of its
        code by ``position`` in the input (cross-hand findings arrive table by table)."""
        self.findings_by_code[finding.code] += 1
        shown = self.examples.setdefault(finding.code, [])
        shown.append(finding)
        shown.sort(key=position)
        del shown[3:]

    def note_counts(self, codes: Counter[str], examples: dict[str, list[Finding]]) -> None:
        """Add findings counted elsewhere, with their first examples (in order)."""
        for code, count in codes.items():
            self.findings_by_code[code] += count
            shown = self.examples.setdefault(code, [])
            shown.extend(examples.get(code, [])[: max(0, 3 - len(shown))])


@dataclass(frozen=True, slots=True)
class RunProgress:
    """A step of a run: sent each time a chunk of hands is done, in input order."""

    hands: int  # hands done in this step
    bytes: int  # input bytes they took (approximate within a file; 0 for stdin)
    hands_done: int  # hands done so far in the run
    files_done: int  # input files done so far


def run_audit(
    paths: Sequence[str],
    out: Path,
    *,
    overwrite: bool = False,
    append: bool = False,
    rules: str = "auto",
    workers: int | None = 1,
    engine: str = "local",
    scheduler: str | None = None,
    on_file_done: Callable[[FileSummary, int], None] | None = None,
    on_progress: Callable[[RunProgress], None] | None = None,
    chunk_hands: int = CHUNK_HANDS,
) -> RunSummary:
    """Audit every hand under ``paths`` and write the tables to ``out``.

    ``workers``: processes to use (None: every core; 1: this process only); ``engine``
    "local" or "dask" (``scheduler``: a Dask scheduler address, else a local cluster of
    ``workers`` processes). ``on_file_done(summary, hands)`` is called as each file is
    done, ``on_progress`` as each chunk of ``chunk_hands`` hands is (both in input order).
    Raises :class:`~auditor.engines.EngineError` when the engine cannot be had."""
    if engine not in ("local", "dask"):
        raise EngineError(f"unknown engine {engine!r} (local or dask)")
    files = expand_paths(paths)
    HandAuditor(rules)  # an unknown profile fails here, before any worker starts
    run = _Run(RunSummary(out=str(out)), rules, on_file_done, on_progress)
    metadata = {"auditor_version": __version__, "grammar": "pokerstars", "rule_profile": rules}
    # pyarrow is imported here, in the writing process only: worker processes import the
    # module that started them (this one, or the command line) and never need it
    from auditor.tables.writer import DatasetWriter

    with (
        DatasetWriter(out, overwrite=overwrite, append=append, metadata=metadata) as writer,
        CrossHandStore() as store,
    ):
        run.writer, run.store = writer, store
        chunks = _chunks(files, rules, run, max(1, chunk_hands))
        # A run of one chunk (the usual small input) is not worth starting workers for.
        ahead = [c for c in (next(chunks, None), next(chunks, None)) if c is not None]
        with _engine(engine, workers, scheduler, single=len(ahead) < 2) as jobs:
            pending: deque[tuple[Pending[ChunkResult], _Sent]] = deque()
            for chunk, sent in _chain(ahead, chunks):
                pending.append((jobs.submit(audit_chunk, chunk), sent))
                while len(pending) >= jobs.in_flight:
                    done, sent = pending.popleft()
                    run.take(done.result(), sent)
            while pending:
                done, sent = pending.popleft()
                run.take(done.result(), sent)
            run.cross_hand_checks(jobs)
        run.flush(everything=True)
    return run.summary


def _engine(engine: str, workers: int | None, scheduler: str | None, *, single: bool) -> Engine:
    if engine == "dask":
        from auditor.engines.dask_engine import DaskEngine

        return DaskEngine(scheduler, workers)
    count = resolve_workers(workers)
    return InProcess() if count == 1 or single else ProcessPool(count)


# ---------------------------------------------------------------- reading: hands to chunks


@dataclass(slots=True)
class _Sent:
    """What the reading process remembers of a chunk it sent: for each segment, the
    index of its file, the input bytes it took and whether it ends the file."""

    segments: list[tuple[int, int, bool]] = field(default_factory=list)


def _chain(
    ahead: list[tuple[Chunk, _Sent]], rest: Iterator[tuple[Chunk, _Sent]]
) -> Iterator[tuple[Chunk, _Sent]]:
    yield from ahead
    yield from rest


class _Builder:
    """A chunk being filled."""

    def __init__(self, rules: str) -> None:
        self.rules = rules
        self.segments: list[Segment] = []
        self.sent = _Sent()
        self.hands = 0

    def add(
        self, file: int, name: str, lines: list[int], texts: list[str], size: int, last: bool
    ) -> None:
        self.segments.append(Segment(name, tuple(lines), tuple(texts)))
        self.sent.segments.append((file, size, last))
        self.hands += len(texts)

    def take(self) -> tuple[Chunk, _Sent]:
        done = (Chunk(self.rules, tuple(self.segments)), self.sent)
        self.segments, self.sent, self.hands = [], _Sent(), 0
        return done


def _chunks(files: list[str], rules: str, run: _Run, size: int) -> Iterator[tuple[Chunk, _Sent]]:
    """Every hand of ``files`` in chunks of ``size`` (a chunk may span files; every file,
    even one without hands, ends with a segment that says so)."""
    building = _Builder(rules)
    for index, name in enumerate(files):
        summary = FileSummary(source_file=name)
        run.opened(index, summary)
        try:
            with _open(name) as stream:
                text, summary.encoding = open_text(stream)
                shown = "<stdin>" if name == "-" else name
                position = _Position(stream)
                lines: list[int] = []
                texts: list[str] = []
                for item in split_hands(text, shown):
                    if isinstance(item, StrayText):
                        summary.stray_findings.append(_stray_finding(item))
                        continue
                    lines.append(item.first_line)
                    texts.append("\n".join(item.lines))
                    if building.hands + len(texts) >= size:
                        building.add(index, shown, lines, texts, position.step(), False)
                        lines, texts = [], []
                        yield building.take()
                building.add(index, shown, lines, texts, position.step(), True)
        except OSError as err:
            summary.error = str(err)
            raise
        if building.hands >= size or len(building.segments) >= size:
            yield building.take()
    if building.segments:
        yield building.take()


def _open(name: str) -> contextlib.AbstractContextManager[BinaryIO]:
    if name == "-":
        return contextlib.nullcontext(sys.stdin.buffer)
    return open(name, "rb")


class _Tells(Protocol):
    def tell(self) -> int: ...


class _Position:
    """How far into its file the reader is, in bytes, step by step."""

    def __init__(self, stream: _Tells) -> None:
        self._stream = stream
        self._at = 0

    def step(self) -> int:
        try:
            now = self._stream.tell()
        except OSError:  # a pipe
            return 0
        moved, self._at = now - self._at, now
        return moved


# ---------------------------------------------------------------- results back, in order


class _Run:
    """The reading process's side of a run: results in, rows written, counts kept."""

    def __init__(
        self,
        summary: RunSummary,
        rules: str,
        on_file_done: Callable[[FileSummary, int], None] | None,
        on_progress: Callable[[RunProgress], None] | None,
    ) -> None:
        self.summary = summary
        self.rules = rules
        self.on_file_done = on_file_done
        self.on_progress = on_progress
        self.builder = RowBuilder()  # file rows, stray text and cross-hand findings
        self.writer: DatasetWriter | None = None
        self.store: CrossHandStore | None = None
        self.reading: dict[int, FileSummary] = {}  # files opened, not yet done
        self.file_order: dict[str, int] = {}  # file name -> its place among the inputs
        # A hand that cannot be read leaves a gap in its table's sequence: the hands
        # before and after it are checked as separate runs, never as neighbours.
        self.gaps: dict[str, int] = {}
        self.hands_done = 0
        self.files_done = 0

    def opened(self, index: int, summary: FileSummary) -> None:
        self.reading[index] = summary
        name = summary.source_file
        self.file_order["<stdin>" if name == "-" else name] = index

    def _position(self, finding: Finding) -> tuple[int, int]:
        """Where ``finding`` is in the input: its file's place, then its line."""
        return self.file_order.get(finding.source.file, len(self.file_order)), finding.source.line

    def take(self, result: ChunkResult, sent: _Sent) -> None:
        assert self.writer is not None
        for table, columns in result.tables.items():
            self.writer.write(table, columns)  # the writer adds the run_id column
        hands = size = 0
        for part, (index, moved, last) in zip(result.segments, sent.segments, strict=True):
            hands += part.counts.hands_read
            size += moved
            self._segment(self.reading[index], part)
            if last:
                self._file_done(self.reading.pop(index))
        self.hands_done += hands
        if self.on_progress is not None:
            self.on_progress(RunProgress(hands, size, self.hands_done, self.files_done))
        self.flush()

    def _segment(self, summary: FileSummary, part: SegmentResult) -> None:
        counts = part.counts
        summary.hands_read += counts.hands_read
        summary.hands_audited += counts.hands_audited
        summary.hands_skipped += counts.hands_skipped
        summary.hands_rejected += counts.hands_rejected
        summary.room = summary.room or counts.room
        for game, count in counts.skipped_games.items():
            summary.skipped_games[game] = summary.skipped_games.get(game, 0) + count
        self.summary.note_counts(part.codes, part.examples)
        assert self.store is not None
        for item in part.cross:
            if isinstance(item, str):
                self.gaps[item] = self.gaps.get(item, 0) + 1
                continue
            profile, (site, name, tournament), payload = item
            run = self.gaps.get(name, 0)
            if run:
                item = (profile, (site, f"{name} (after gap {run})", tournament), payload)
            self.store.add(item)

    def _file_done(self, summary: FileSummary) -> None:
        summary.finish()
        for finding in summary.stray_findings:
            self.summary.note(finding)
        self.builder.add_file(summary)
        self.summary.files.append(summary)
        self.files_done += 1
        if self.on_file_done is not None:
            self.on_file_done(summary, summary.hands_read)

    def cross_hand_checks(self, jobs: Engine) -> None:
        """Button and stack continuity, once every hand is in: table by table, a table
        larger than a batch slice by slice of its playing order (see the store)."""
        assert self.store is not None
        pending: deque[Pending[list[Finding]]] = deque()
        for batch in self.store.batches():
            pending.append(jobs.submit(continuity_job, self.rules, batch))
            while len(pending) > jobs.workers:
                self._findings(pending.popleft().result())
        while pending:
            self._findings(pending.popleft().result())

    def _findings(self, found: list[Finding]) -> None:
        for finding in found:
            self.builder.add_finding(finding)
            self.summary.note_in_input_order(finding, self._position)
        self.flush()

    def flush(self, everything: bool = False) -> None:
        assert self.writer is not None
        for table, rows in self.builder.rows.items():
            if rows >= _FLUSH_ROWS or (everything and rows):
                self.writer.write(table, self.builder.take(table))
