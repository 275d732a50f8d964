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

from auditor import rooms
from auditor.findings import Code, Finding
from auditor.pipeline import HandAuditor, internal_error, rejected
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
from auditor.replay.profile import RuleProfile, profile_key
from auditor.results import FileSummary, HandResult
from auditor.source import SourceSpan
from auditor.tables.columns import COLUMNS
from auditor.tables.rows import Columns, RowBuilder, columns_fit, record_digest

CHUNK_HANDS = 500
"""Hands per chunk: enough to amortise a task's overhead, few enough to spread a file."""

EXAMPLES = 3
"""Findings kept as examples for each code (the summary shows the first)."""

Gap = str
"""The table name of a hand that could not be read: its table's sequence breaks there."""
CrossHand = tuple[str, TableKey, bytes]
"""(rule profile's key, table key, payload) of a replayed hand; the payload is the hand's
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


Rules = str | RuleProfile
"""``auto`` or a loaded profile (a name or path is loaded where a job starts): the profile
itself travels, never a name that a bundled profile could answer to."""


@dataclass(frozen=True, slots=True)
class Segment:
    """Consecutive hands of one input file: each hand's first line and text (lines joined
    by newlines), and the hand key of the first (the others follow it one by one)."""

    file: str
    first_lines: tuple[int, ...]
    texts: tuple[str, ...]
    first_key: int = 1
    rooms: tuple[str, ...] = ()  # each hand's room, as the splitter found it (or none)
    # each hand's context lines joined by newlines ("" for none: RawHand.context); hands
    # of one session share one string, which pickling sends once
    contexts: tuple[str, ...] = ()
    # each hand's (RawHand.cut_line, RawHand.cut) when one of them is not whole (a hand
    # too long, a file cut short inside it); () when every hand is
    cuts: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Chunk:
    rules: Rules
    segments: tuple[Segment, ...]
    format: str = rooms.AUTO  # the run's --format

    @property
    def hands(self) -> int:
        return sum(len(s.texts) for s in self.segments)


@dataclass(slots=True)
class SegmentResult:
    """One segment's counts (no encoding, no stray text: the reading process has those),
    its findings by code with the first few as examples, and its cross-hand items."""

    counts: FileSummary
    codes: Counter[Code] = field(default_factory=Counter)  # root causes
    examples: dict[Code, list[Finding]] = field(default_factory=dict)
    cross: list[CrossHand | Gap] = field(default_factory=list)
    consequences: Counter[Code] = field(default_factory=Counter)

    def note(self, finding: Finding) -> None:
        if finding.caused_by is not None:
            self.consequences[finding.code] += 1
            return
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


def auditor_for(rules: Rules, format: str = rooms.AUTO) -> HandAuditor:
    """This thread's auditor for ``rules``, built on first use (Dask workers may run
    several threads; the parser keeps state while it reads a hand)."""
    auditors: dict[str, HandAuditor] | None = getattr(_local, "auditors", None)
    if auditors is None:
        auditors = _local.auditors = {}
    key = profile_key(rules) if isinstance(rules, RuleProfile) else rules
    key = f"{key}\0{format}"
    if key not in auditors:
        auditors[key] = HandAuditor(rules, format)
    return auditors[key]


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


def _audit_chunk(chunk: Chunk, *, careful: bool = False) -> ChunkResult:
    """``careful``: check each hand's rows against their columns' types as they are built
    (else the chunk's columns are checked at once, and the chunk audited again carefully
    only if a value does not fit: checking hand by hand costs some 2% of a run)."""
    auditor = auditor_for(chunk.rules, chunk.format)
    builder = RowBuilder()
    segments = []
    for segment in chunk.segments:
        done = SegmentResult(FileSummary(source_file=segment.file))
        keys = range(segment.first_key, segment.first_key + len(segment.texts))
        named = segment.rooms or ("",) * len(segment.texts)
        contexts = segment.contexts or ("",) * len(segment.texts)
        cuts = segment.cuts or ((0, ""),) * len(segment.texts)
        for key, first_line, text, room, context, (cut_line, cut) in zip(
            keys, segment.first_lines, segment.texts, named, contexts, cuts, strict=True
        ):
            shared = tuple(context.split("\n")) if context else ()
            lines = tuple(text.split("\n"))
            raw = RawHand(segment.file, first_line, lines, room, context=shared, cut=cut,
                          cut_line=cut_line)  # fmt: skip
            result, cross = _hand_rows(builder, raw, auditor, key, careful, record_digest(text))
            done.counts.count(result)
            for finding in result.findings:
                done.note(finding)
            if result.table_name:
                done.cross.append(result.table_name)  # a rejected hand: a gap in its table
            if cross is not None:
                done.cross.append(cross)
        segments.append(done)
    tables = filled_tables(builder)
    if not careful and not all(columns_fit(name, columns) for name, columns in tables.items()):
        return _audit_chunk(chunk, careful=True)  # find the hands whose values do not fit
    return ChunkResult(tables, tuple(segments))


def _hand_rows(
    builder: RowBuilder, raw: RawHand, auditor: HandAuditor, key: int, careful: bool, digest: str
) -> tuple[HandResult, CrossHand | None]:
    """Add ``result``'s rows to ``builder``, all of them or none, and make its cross-hand
    record. A hand whose rows hold a value its column cannot (AMOUNT_OUT_OF_RANGE) or
    whose rows fail to build (INTERNAL_ERROR) is rejected instead: Arrow would refuse the
    whole chunk for one such row."""
    result = auditor.audit_hand(raw)
    mark = builder.mark()
    try:
        builder.add_result(result, key, digest)
        problem = builder.out_of_range(mark) if careful else ""
        if not problem:
            if result.hand is None or result.replay is None:
                return result, None
            ending = dict(result.replay.ending_stacks) or None
            one = table_hand(result.hand, ending, key, result.index)
            return result, cross_hand(auditor.profile_key(one.table[0]), one)
        result = rejected(
            raw,
            Finding(
                Code.AMOUNT_OUT_OF_RANGE,
                rooms.room_of(raw).hand_id(raw),
                f"the hand adds up to amounts the tables cannot hold exactly: {problem}",
                SourceSpan(raw.file, raw.first_line, 1),
            ),
        )
    except Exception as exc:  # one hand's failure must not stop the run: report it
        result = internal_error(raw, exc)
    builder.roll_back(mark)
    builder.add_result(result, key, digest)
    return result, None


def filled_tables(builder: RowBuilder) -> dict[str, Columns]:
    """What ``builder`` holds, table by table (tables with no rows left out)."""
    return {name: builder.take(name) for name in COLUMNS if builder.rows[name]}


def continuity_job(rules: Rules, hands: list[CrossHand] | TableSlice) -> list[Finding]:
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
        try:
            return list(sequence_findings(sequence, auditor.profile(part.profile)))
        except Exception as exc:  # one table's failure must not stop the run: report it
            return [_cross_hand_error([hand_of(ordered[0], part.table)], exc)]
    tables: dict[tuple[str, TableKey], list[bytes]] = {}
    for profile, key, payload in hands:
        tables.setdefault((profile, key), []).append(payload)
    found: list[Finding] = []
    for (profile, key), payloads in tables.items():
        whole = [hand_of(payload, key) for payload in payloads]
        try:
            found.extend(continuity_findings(whole, auditor.profile(profile)))
        except Exception as exc:  # one table's failure must not stop the run: report it
            found.append(_cross_hand_error(whole, exc))
    return found


def _cross_hand_error(sequence: list[TableHand], exc: Exception) -> Finding:
    """INTERNAL_ERROR for a table whose cross-hand checks failed (a bug), located at its
    first hand; its hands stay audited, without button and stack continuity findings."""
    first = min(sequence, key=lambda hand: (hand.place.file, hand.place.line))
    what = f"{type(exc).__name__}: {exc}"[:300]
    return Finding(
        Code.INTERNAL_ERROR,
        first.hand_id,
        f"the cross-hand checks of table {first.table[1]!r} ({len(sequence)} hands from hand "
        f"{first.hand_id}) failed with {what}; its button and stack continuity are unchecked",
        first.place,
        recorded=type(exc).__name__,
        site=first.site,
        table_name=first.table_name,
    )
