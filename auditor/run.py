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

import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from auditor import __version__, rooms
from auditor.engines import EngineError
from auditor.engines.chunks import (
    CHUNK_HANDS,
    Chunk,
    ChunkResult,
    Rules,
    Segment,
    SegmentResult,
    audit_chunk,
    continuity_job,
)
from auditor.engines.crosshand import CrossHandStore
from auditor.engines.duplicates import DuplicateIndex
from auditor.engines.local import (
    Engine,
    InProcess,
    Pending,
    ProcessPool,
    WorkerLost,
    resolve_workers,
)
from auditor.findings import CATALOGUE, Code, Finding, Severity
from auditor.read.archives import READ_ERRORS, open_input, reopen
from auditor.read.hands import read_hands
from auditor.read.inputs import Input, find_inputs
from auditor.regress.baseline import Baseline
from auditor.regress.seen import CHANGED_LISTED, Changed, SeenHands
from auditor.regress.trail import (
    digest,
    grammar_hashes,
    input_records,
    profile_hashes,
    run_identity,
    write_trail,
)
from auditor.replay.profile import RuleProfile, profile_key, resolve_rules
from auditor.results import FileSummary
from auditor.tables.output import earlier_runs
from auditor.tables.rows import Columns, RowBuilder

if TYPE_CHECKING:
    from auditor.tables.writer import DatasetWriter

_FLUSH_ROWS = 5_000


Placed = tuple[Code, bool, tuple[str, int, int]]
"""A finding taken out of the counts: its code, whether it is a root, its place."""


@dataclass(slots=True)
class RunSummary:
    """What a run read and found."""

    files: list[FileSummary] = field(default_factory=list)
    # root causes by code (what the exit code and --fail-on count), and apart from them
    # the findings that follow from a root of their hand (see auditor.replay.consequences)
    findings_by_code: Counter[Code] = field(default_factory=Counter)
    consequences_by_code: Counter[Code] = field(default_factory=Counter)
    examples: dict[Code, list[Finding]] = field(default_factory=dict)
    # root causes a baseline accepted (auditor.regress.baseline): in the findings table,
    # marked, and not in findings_by_code (nor the exit code); what it says of its entries
    suppressed_by_code: Counter[Code] = field(default_factory=Counter)
    baseline_report: list[str] = field(default_factory=list)
    # --append: the hands an earlier run of out audited (the same site, id and record
    # digest); with --skip-seen (seen_skipped) left out of the rows and counted as
    # skipped. A hand an earlier run holds with another record is a changed record.
    hands_seen: int = 0
    seen_skipped: bool = False
    changed_records: list[Changed] = field(default_factory=list)  # the first CHANGED_LISTED
    changed_total: int = 0
    out: str = ""
    run_id: str = ""  # the run_id column of the rows this run wrote
    elapsed_seconds: float = 0.0  # from the call to the tables committed

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
    def hands_seen_skipped(self) -> int:
        """Hands left out of this run's rows as already audited (--skip-seen)."""
        return self.hands_seen if self.seen_skipped else 0

    @property
    def skipped_games(self) -> Counter[str]:
        games: Counter[str] = Counter()
        for f in self.files:
            games.update(f.skipped_games)
        return games

    def nothing_audited(self) -> str:
        """Why the run audited no Omaha hand ("" when it audited one): a run that checked
        nothing must not pass for a clean one (the command line's exit code 4)."""
        if self.hands_audited:
            return ""
        if self.hands_read:
            if self.hands_seen_skipped:  # nothing new: a green light for no hand at all
                return (
                    f"no new hand: {self.hands_seen_skipped} hand(s) already audited by an "
                    f"earlier run of {self.out} left out (--skip-seen), "
                    f"{self.hands_skipped - self.hands_seen_skipped} of other games, "
                    f"{self.hands_rejected} rejected"
                )
            if not self.hands_rejected:
                games = ", ".join(
                    f"{count} of {game or 'an unknown game'}"
                    for game, count in sorted(self.skipped_games.items())
                )
                return f"only other games: {self.hands_skipped} hand(s) skipped ({games})"
            return (
                f"nothing readable: {self.hands_rejected} hand(s) rejected (see the findings "
                f"table), {self.hands_skipped} of other games"
            )
        unread = [f for f in self.files if f.status != "read" or f.format == "unsupported"]
        if unread:
            return (
                f"nothing readable: {len(unread)} of {len(self.files)} file(s) not read or "
                "in a layout this auditor does not read (see the files table)"
            )
        return f"nothing found: no hand in the inputs ({len(self.files)} file(s) read)"

    def worst_severity(self) -> Severity | None:
        severities = [CATALOGUE[code].severity for code in self.findings_by_code]
        return max(severities) if severities else None

    def note(self, finding: Finding) -> None:
        if finding.caused_by is not None:
            self.consequences_by_code[finding.code] += 1
            return
        self.findings_by_code[finding.code] += 1
        shown = self.examples.setdefault(finding.code, [])
        if len(shown) < 3:
            shown.append(finding)

    def forget_suppressed(self, suppressed: list[Placed]) -> None:
        """Take the findings a baseline accepted (code, root, place) out of the counts
        and the examples; count the roots among them apart."""
        self.forget(suppressed, self.suppressed_by_code)

    def forget(self, found: list[Placed], roots_apart: Counter[Code] | None = None) -> None:
        """Take findings (code, root, place) out of the counts and the examples (those of
        hands left out with --skip-seen; a baseline's, counted in ``roots_apart``)."""
        places = {(code, place) for code, _, place in found}
        for code, root, _ in found:
            counts = self.findings_by_code if root else self.consequences_by_code
            counts[code] -= 1
            if counts[code] <= 0:
                del counts[code]
            if root and roots_apart is not None:
                roots_apart[code] += 1
        for code, shown in list(self.examples.items()):
            kept = [
                f
                for f in shown
                if (code, (f.source.file, f.source.line, f.source.column)) not in places
            ]
            if kept:
                self.examples[code] = kept
            else:
                del self.examples[code]

    def note_in_input_order(
        self, finding: Finding, position: Callable[[Finding], tuple[int, int]]
    ) -> None:
        """Count ``finding``; keep it as an example if it is among the first three of its
        code by ``position`` in the input (cross-hand findings arrive table by table)."""
        if finding.caused_by is not None:
            self.consequences_by_code[finding.code] += 1
            return
        self.findings_by_code[finding.code] += 1
        shown = self.examples.setdefault(finding.code, [])
        shown.append(finding)
        shown.sort(key=position)
        del shown[3:]

    def note_counts(
        self,
        codes: Counter[Code],
        examples: dict[Code, list[Finding]],
        consequences: Counter[Code] | None = None,
    ) -> None:
        """Add findings counted elsewhere (roots, and apart their consequences), with the
        roots' first examples (in order)."""
        self.consequences_by_code.update(consequences or {})
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
    paths: Sequence[str | Input],
    out: Path,
    *,
    overwrite: bool = False,
    append: bool = False,
    rules: str | RuleProfile = "auto",
    workers: int | None = 1,
    engine: str = "local",
    scheduler: str | None = None,
    on_file_done: Callable[[FileSummary, int], None] | None = None,
    on_progress: Callable[[RunProgress], None] | None = None,
    chunk_hands: int = CHUNK_HANDS,
    inputs: Sequence[str] | None = None,
    format: str = rooms.AUTO,
    baseline: Baseline | None = None,
    command: Sequence[str] = (),
    skip_seen: bool = False,
) -> RunSummary:
    """Audit every hand under ``paths`` and write the tables to ``out``.

    ``workers``: processes to use (None: every core; 1: this process only); ``engine``
    "local" or "dask" (``scheduler``: a Dask scheduler address, else a local cluster of
    ``workers`` processes). ``on_file_done(summary, hands)`` is called as each file is
    done, ``on_progress`` as each chunk of ``chunk_hands`` hands is (both in input order).
    ``inputs``: the paths as the user named them, when ``paths`` is their expansion (``out``
    may not be, hold or lie inside one). ``format``: ``auto`` (each file's and each hand's
    room found from its text) or a room's name (:mod:`auditor.rooms`). An ``append``
    counts the hands an earlier run of ``out`` audited (the same site, hand id and record
    digest); ``skip_seen`` leaves them out of this run's rows (counted as skipped).
    Raises :class:`~auditor.engines.EngineError` when the engine cannot be had, and
    :class:`~auditor.rooms.UnknownFormat` for a format no room has."""
    started = time.perf_counter()
    if engine not in ("local", "dask"):
        raise EngineError(f"unknown engine {engine!r} (local or dask)")
    chosen_rooms = rooms.choose(format)  # an unknown name fails before anything is read
    found = _inputs(paths)
    # loaded (and checked) here, before any worker starts; the profile itself goes to the jobs
    chosen = resolve_rules(rules)
    run = _Run(RunSummary(out=str(out)), chosen, on_file_done, on_progress, baseline)
    shown = rules if isinstance(rules, str) else rules.name  # as asked: auto, a name or a path
    grammar = ",".join(room.name for room in chosen_rooms)  # the rooms this run reads
    # the audit trail: what this run read and with what (auditor.regress.trail); the
    # tables carry its digests, never a time (two runs on the same inputs write the same)
    began = datetime.now(UTC)
    read = input_records(found)
    grammars = grammar_hashes(room.reader_kind for room in chosen_rooms)
    profiles = profile_hashes(chosen)
    metadata = {
        "auditor_version": __version__,
        "grammar": grammar,
        "rule_profile": shown,
        "inputs_sha256": digest(read),
        "grammars_sha256": digest(grammars),
        "profiles_sha256": digest(profiles),
    }
    # the run's id: what it reads and how, never a time or a worker count (the options
    # that change no row, --json, --fail-on, --workers, are not in it)
    identity = run_identity(
        inputs=read,
        options={
            "format": format,
            "rules": shown if isinstance(rules, str) else profile_key(rules),
            "baseline": None if baseline is None else baseline.identity(),
            "skip_seen": skip_seen,
        },
        profiles=profiles,
        grammars=grammars,
    )
    named = [p if isinstance(p, str) else p.name for p in (inputs or paths)]
    # pyarrow is imported here, in the writing process only: worker processes import the
    # module that started them (this one, or the command line) and never need it
    from auditor.tables.no_pandas import pandas_kept_out
    from auditor.tables.writer import DatasetWriter

    with (
        # dask's client may want pandas for its own ends; our local engine never does
        pandas_kept_out() if engine == "local" else nullcontext(),
        DatasetWriter(
            out,
            overwrite=overwrite,
            append=append,
            metadata=metadata,
            identity=identity,
            # a linked file may live anywhere; the others lie under a path named
            inputs=[*named, *(f.name for f in found if f.read and os.path.islink(f.name))],
        ) as writer,
        CrossHandStore() as store,
    ):
        run.writer, run.store = writer, store
        run.summary.run_id = writer.run_id
        if writer.append:  # the folder's runs, as they are under the writer's lock
            run.seen = SeenHands.of(writer.out)
            run.summary.seen_skipped = skip_seen
        chunks = _chunks(found, chosen, run, max(1, chunk_hands), format)
        # A run of one chunk (the usual small input) is not worth starting workers for.
        ahead = [c for c in (next(chunks, None), next(chunks, None)) if c is not None]
        with _engine(engine, workers, scheduler, single=len(ahead) < 2) as jobs:
            pending: deque[_InFlight] = deque()
            for chunk, sent in _chain(ahead, chunks):
                pending.append((jobs.submit(audit_chunk, chunk), sent, chunk))
                while len(pending) >= jobs.in_flight:
                    run.take(*_result(pending.popleft()))
            while pending:
                run.take(*_result(pending.popleft()))
            run.cross_hand_checks(jobs)
        run.duplicate_checks()
        run.flush(everything=True)
    summary = run.summary
    summary.forget_suppressed(run.suppressed)
    summary.forget(run.left_out_findings)
    trail = {
        "run_id": writer.run_id,
        "version": __version__,
        "command": list(command),
        "started_at": began.isoformat(timespec="seconds"),
        "ended_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "format": format,
        "rule_profile": shown,
        "profiles": profiles,
        "grammars": grammars,
        "inputs": read,
        "counts": {
            "files": len(summary.files),
            "hands_read": summary.hands_read,
            "hands_audited": summary.hands_audited,
            "hands_skipped": summary.hands_skipped,
            "hands_rejected": summary.hands_rejected,
            "hands_seen": summary.hands_seen,
            "hands_seen_skipped": summary.hands_seen_skipped,
            "changed_records": summary.changed_total,
            "root_findings": {str(c): n for c, n in sorted(summary.findings_by_code.items())},
            "suppressed": {str(c): n for c, n in sorted(summary.suppressed_by_code.items())},
        },
    }
    write_trail(writer.out, trail, earlier_runs(writer.out))
    if baseline is not None:
        run.summary.baseline_report = baseline.report()
    run.summary.elapsed_seconds = time.perf_counter() - started
    return run.summary


def _inputs(paths: Sequence[str | Input]) -> list[Input]:
    """Paths found (each looked at once; a folder reached twice is read once), inputs
    already found (by the command line, which sized them) kept as they are."""
    found: list[Input] = []
    names: list[str] = []
    for path in paths:
        if isinstance(path, Input):
            found += find_inputs(names)
            names = []
            found.append(path)
        else:
            names.append(path)
    return found + find_inputs(names)


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
    keys: list[range] = field(default_factory=list)  # each segment's hand keys


_InFlight = tuple[Pending[ChunkResult], _Sent, Chunk]


def _result(job: _InFlight) -> tuple[ChunkResult, _Sent]:
    done, sent, chunk = job
    try:
        return done.result(), sent
    except WorkerLost as err:  # say where: a hand may be what kills the workers
        first = chunk.segments[0]
        line = first.first_lines[0] if first.first_lines else 1
        raise WorkerLost(f"{err}, on the hands of {first.file} from line {line}") from err


def _chain(
    ahead: list[tuple[Chunk, _Sent]], rest: Iterator[tuple[Chunk, _Sent]]
) -> Iterator[tuple[Chunk, _Sent]]:
    yield from ahead
    yield from rest


class _Builder:
    """A chunk being filled."""

    def __init__(
        self, rules: Rules, format: str, watch: Callable[[Chunk], None] | None = None
    ) -> None:
        self.rules = rules
        self.format = format
        self.segments: list[Segment] = []
        self.sent = _Sent()
        self.hands = 0
        self.next_key = 1  # hand keys: every hand read, in input order, from 1
        self.watch = watch  # sees each chunk as it is sent

    def add(
        self,
        file: int,
        name: str,
        hands: _Hands,
        size: int,
        last: bool,
    ) -> None:
        lines, texts, rooms_of, contexts, cuts = hands
        shared = tuple(contexts) if any(contexts) else ()
        cut = tuple(cuts) if any(line for line, _ in cuts) else ()
        self.segments.append(
            Segment(name, tuple(lines), tuple(texts), self.next_key, tuple(rooms_of), shared, cut)
        )
        self.sent.segments.append((file, size, last))
        self.sent.keys.append(range(self.next_key, self.next_key + len(texts)))
        self.hands += len(texts)
        self.next_key += len(texts)

    def take(self) -> tuple[Chunk, _Sent]:
        done = (Chunk(self.rules, tuple(self.segments), self.format), self.sent)
        if self.watch is not None:
            self.watch(done[0])
        self.segments, self.sent, self.hands = [], _Sent(), 0
        return done


# each hand's first line, text, room, context and cut (as a Segment holds them)
_Hands = tuple[list[int], list[str], list[str], list[str], list[tuple[int, str]]]


def _chunks(
    inputs: list[Input], rules: Rules, run: _Run, size: int, format: str = rooms.AUTO
) -> Iterator[tuple[Chunk, _Sent]]:
    """Every hand of ``inputs`` in chunks of ``size`` (a chunk may span files; every file,
    even one without hands or not read at all, ends with a segment that says so)."""
    building = _Builder(rules, format, run.duplicates.add_chunk)
    chosen = rooms.choose(format)
    index = 0
    for found in inputs:
        for file in open_input(found):
            summary = FileSummary(
                source_file=file.name,
                status=file.status,
                reason=file.reason,
                size_bytes=file.size,
                source_file_bytes=file.raw_name,
            )
            summary.error = file.reason if file.status == "error" else ""
            run.opened(index, summary)
            hands: _Hands = ([], [], [], [], [])
            context: tuple[tuple[str, ...], str] = ((), "")  # the last context, joined
            if file.stream is not None:
                try:
                    for raw in read_hands(file.stream, file.name, summary, chosen):
                        hands[0].append(raw.first_line)
                        hands[1].append("\n".join(raw.lines))
                        hands[2].append(raw.room)
                        if raw.context is not context[0]:  # one string per session
                            context = (raw.context, "\n".join(raw.context))
                        hands[3].append(context[1])
                        hands[4].append((raw.cut_line, raw.cut))
                        if building.hands + len(hands[1]) >= size:
                            building.add(index, file.name, hands, file.step(), False)
                            hands = ([], [], [], [], [])
                            yield building.take()
                except READ_ERRORS as err:  # this file only: the run goes on
                    summary.error = f"{type(err).__name__}: {err}"
            building.add(index, file.name, hands, file.step(), True)
            index += 1
            if building.hands >= size or len(building.segments) >= size:
                yield building.take()
    if building.segments:
        yield building.take()


# ---------------------------------------------------------------- results back, in order


class _Run:
    """The reading process's side of a run: results in, rows written, counts kept."""

    def __init__(
        self,
        summary: RunSummary,
        rules: Rules,
        on_file_done: Callable[[FileSummary, int], None] | None,
        on_progress: Callable[[RunProgress], None] | None,
        baseline: Baseline | None = None,
    ) -> None:
        self.summary = summary
        self.baseline = baseline
        self.suppressed: list[Placed] = []
        # --append: the hands of the folder's earlier runs; the keys of those this run
        # leaves out (--skip-seen) and their findings, to be taken out of the counts
        self.seen: SeenHands | None = None
        self.left_out: set[int] = set()
        self.left_out_findings: list[Placed] = []
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
        self.duplicates = DuplicateIndex()  # hands read twice (auditor.engines.duplicates)

    def opened(self, index: int, summary: FileSummary) -> None:
        self.reading[index] = summary
        name = summary.source_file
        self.file_order["<stdin>" if name == "-" else name] = index

    def _position(self, finding: Finding) -> tuple[int, int]:
        """Where ``finding`` is in the input: its file's place, then its line."""
        return self.file_order.get(finding.source.file, len(self.file_order)), finding.source.line

    def take(self, result: ChunkResult, sent: _Sent) -> None:
        assert self.writer is not None
        left = self._look_up(result.tables["hands"]) if "hands" in result.tables else set()
        for table, columns in result.tables.items():
            self._write(table, columns)
        self.duplicates.note_places(result.tables)  # the copies' sites and tables
        hands = size = 0
        for part, (index, moved, last), keys in zip(
            result.segments, sent.segments, sent.keys, strict=True
        ):
            hands += part.counts.hands_read
            size += moved
            self._segment(self.reading[index], part)
            if left:  # audited, and left out: counted as skipped, never lost
                count = sum(1 for key in left if key in keys)
                self.reading[index].hands_audited -= count
                self.reading[index].hands_skipped += count
            if last:
                self._file_done(self.reading.pop(index))
        self.hands_done += hands
        if self.on_progress is not None:
            self.on_progress(RunProgress(hands, size, self.hands_done, self.files_done))
        self.flush()

    def _look_up(self, hands: Columns) -> set[int]:
        """Count the hands of a batch an earlier run of the folder holds, the same
        record (seen) or another (changed); the keys of those to leave out."""
        left: set[int] = set()
        if self.seen is None:
            return left
        summary = self.summary
        for key, changed in self.seen.look_up(hands):
            if changed is not None:
                summary.changed_total += 1
                if len(summary.changed_records) < CHANGED_LISTED:
                    summary.changed_records.append(changed)
                continue
            summary.hands_seen += 1
            if summary.seen_skipped:
                left.add(key)
        self.left_out |= left
        return left

    def _segment(self, summary: FileSummary, part: SegmentResult) -> None:
        counts = part.counts
        summary.hands_read += counts.hands_read
        summary.hands_audited += counts.hands_audited
        summary.hands_skipped += counts.hands_skipped
        summary.hands_rejected += counts.hands_rejected
        summary.room = summary.room or counts.room
        for name in counts.format.split("+"):
            summary.add_format(name)
        for game, count in counts.skipped_games.items():
            summary.skipped_games[game] = summary.skipped_games.get(game, 0) + count
        self.summary.note_counts(part.codes, part.examples, part.consequences)
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

    def duplicate_checks(self) -> None:
        """HAND_DUPLICATE(_DIFFERS) for each hand read again, once every input is read."""
        try:
            for count, finding in enumerate(self.duplicates.findings(reopen), start=1):
                self.builder.add_finding(finding)
                self.summary.note_in_input_order(finding, self._position)
                if count % 1_000 == 0:
                    self.flush()
        finally:
            self.duplicates.close()

    def _findings(self, found: list[Finding]) -> None:
        for finding in found:
            self.builder.add_finding(finding)
            self.summary.note_in_input_order(finding, self._position)
        self.flush()

    def flush(self, everything: bool = False) -> None:
        assert self.writer is not None
        for table, rows in self.builder.rows.items():
            if rows >= _FLUSH_ROWS or (everything and rows):
                self._write(table, self.builder.take(table))

    def _write(self, table: str, columns: Columns) -> None:
        """Write a batch of rows (the writer adds the run_id column); findings a baseline
        accepts are marked first, and kept to be taken out of the counts."""
        assert self.writer is not None
        if self.left_out and table != "files":
            columns = self._without_left_out(table, columns)
        if table == "findings" and self.baseline is not None:
            for index in self.baseline.suppress(columns):
                place = (
                    columns["source_file"][index],
                    columns["source_line"][index],
                    columns["source_column"][index],
                )
                self.suppressed.append(
                    (Code(columns["code"][index]), bool(columns["root"][index]), place)
                )
        self.writer.write(table, columns)

    def _without_left_out(self, table: str, columns: Columns) -> Columns:
        """The rows of ``columns`` but those of the hands left out (--skip-seen), whose
        findings are noted to be taken out of the counts."""
        left = self.left_out
        keys = columns["hand_key"]
        kept = [at for at, key in enumerate(keys) if key not in left]
        if len(kept) == len(keys):
            return columns
        if table == "findings":
            for at in set(range(len(keys))).difference(kept):
                place = (
                    columns["source_file"][at],
                    columns["source_line"][at],
                    columns["source_column"][at],
                )
                self.left_out_findings.append(
                    (Code(columns["code"][at]), bool(columns["root"][at]), place)
                )
        return {name: [values[at] for at in kept] for name, values in columns.items()}
