"""Same tables whatever runs the audit: this process, worker processes, or a Dask cluster.

Every table's rows (sorted, run_id left out) and the run summary are compared with a
plain serial audit, hand after hand, written here as the reference, for one worker,
two worker processes and a Dask LocalCluster of two worker processes, with chunks small
enough to cut files and to span them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from auditor.engines import EngineError
from auditor.engines.duplicates import Copy, digest, hand_identity, normalised
from auditor.findings import Code, Finding
from auditor.pipeline import FileSummary, HandAuditor, expand_paths
from auditor.read.decode import open_text
from auditor.read.hands import hands_again
from auditor.read.inputs import find_inputs
from auditor.read.split import RawHand, split_hands
from auditor.replay.continuity import TableHand, continuity_findings, table_hand
from auditor.run import RunProgress, RunSummary, run_audit
from auditor.tables.rows import RowBuilder, record_digest
from auditor.tables.schemas import SCHEMAS, schema_without_run
from tests.corpus import CORPUS, ROOT, require_corpus, stars_layout_rows

FIXTURES = ROOT / "fixtures"
Rows = list[str]
Expected = tuple[dict[str, Rows], RunSummary]


def inputs() -> list[str]:
    found = [str(FIXTURES)]
    found += [str(row.path) for row in stars_layout_rows() if row.path.is_file()]
    return found


def reference(paths: list[str]) -> Expected:
    """The audit as one loop over the hands, as run.py did before it had engines; hand
    keys count the hands read, and hands read again are found with every text at hand."""
    summary = RunSummary()
    auditor = HandAuditor("auto")
    builder = RowBuilder()
    tables: dict[str, list[TableHand]] = {}
    gaps: dict[str, int] = {}
    key = 0
    firsts: dict[str, tuple[int, str, int, str]] = {}  # (room, hand id) -> key, place, text
    copies: list[Finding] = []
    for found in find_inputs(paths):
        name = found.name
        file_summary = FileSummary(source_file=name, size_bytes=found.size)
        if not found.read:  # listed, with the reason it is not read
            file_summary.status, file_summary.reason = "not read", found.reason
            raws: list[RawHand] = []
        else:
            with open(name, "rb") as stream:
                raws = [
                    h for h in hands_again(open_text(stream)[0], name) if isinstance(h, RawHand)
                ]
        results = auditor.audit_file(name, file_summary) if found.read else iter(())
        for raw, result in zip(raws, results, strict=True):
            key += 1
            text = "\n".join(raw.lines)
            identity = hand_identity(text, raw.room)
            if identity is not None and identity not in firsts:
                firsts[identity] = (key, name, raw.first_line, text)
            elif identity is not None:
                first_key, first_file, first_line, first_text = firsts[identity]
                copy = Copy(key, raw.hand_id, name, raw.first_line, first_key, first_file,
                            first_line)  # fmt: skip
                same = digest(normalised(text)) == digest(normalised(first_text))
                made = copy.identical() if same else copy.differing(text, first_text)
                start = result.hand.start if result.hand is not None else None
                copies.append(  # where the copy was played: its hand's, as the run notes it
                    replace(
                        made,
                        site=start.site if start else result.site,
                        table_name=start.table_name if start else result.table_name,
                    )
                )
            builder.add_result(result, key, record_digest(text))
            for finding in result.findings:
                summary.note(finding)
            if result.table_name:
                gaps[result.table_name] = gaps.get(result.table_name, 0) + 1
            if result.hand is not None and result.replay is not None:
                one = table_hand(result.hand, dict(result.replay.ending_stacks) or None, key)
                run = gaps.get(result.hand.start.table_name, 0)
                if run:
                    site, table, tournament = one.table
                    one = replace(one, table=(site, f"{table} (after gap {run})", tournament))
                tables.setdefault(result.replay.profile, []).append(one)
        for finding in file_summary.stray_findings:
            summary.note(finding)
        builder.add_file(file_summary)
        summary.files.append(file_summary)
    for profile, hands in tables.items():
        for finding in continuity_findings(hands, auditor.profile(profile)):
            builder.add_finding(finding)
            summary.note(finding)
    for finding in copies:
        builder.add_finding(finding)
        summary.note(finding)
    rows = {t: _sorted(arrow_tables_of(builder, t)) for t in SCHEMAS}
    return rows, summary


def arrow_tables_of(builder: RowBuilder, table: str) -> pa.Table:
    return pa.Table.from_pydict(builder.take(table), schema=schema_without_run(table))


def _sorted(table: pa.Table) -> Rows:
    """Each row as text, sorted: the same rows in any order compare equal."""
    if "run_id" in table.column_names:
        table = table.drop(["run_id"])
    return sorted(repr(tuple(row.values())) for row in table.to_pylist())


def written(out: Path) -> dict[str, Rows]:
    return {t: _sorted(pq.read_table(out / t)) for t in SCHEMAS}


def _summary_facts(summary: RunSummary) -> tuple[Any, ...]:
    files = [
        (f.source_file, f.room, f.encoding, f.hands_read, f.hands_audited, f.hands_rejected,
         f.hands_skipped, f.skipped_games, f.stray_findings)
        for f in summary.files
    ]  # fmt: skip
    examples = {code: [_finding_key(f) for f in shown] for code, shown in summary.examples.items()}
    return files, dict(summary.findings_by_code), examples


def _finding_key(finding: Finding) -> tuple[str, str, str]:
    return finding.code, finding.hand_id, str(finding.source)


@pytest.fixture(scope="module")
def expected() -> Expected:
    return reference(inputs())


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=40,
        ) as local,
    ):
        yield local.scheduler_address


def check(out: Path, summary: RunSummary, expected: Expected) -> None:
    tables, reference_summary = expected
    got = written(out)
    for table in SCHEMAS:
        assert got[table] == tables[table], table
    facts, want_facts = _summary_facts(summary), _summary_facts(reference_summary)
    assert facts[0] == want_facts[0]
    assert facts[1] == want_facts[1]
    # the examples of cross-hand codes come in table order, not file order
    cross = {"BUTTON_WRONG", "STACK_CONTINUITY"}
    assert {c: e for c, e in facts[2].items() if c not in cross} == {
        c: e for c, e in want_facts[2].items() if c not in cross
    }


@pytest.mark.parametrize(
    ("workers", "chunk_hands"),
    [(1, 500), (1, 1), (2, 7), (None, 50)],
    ids=["one-chunk", "one-worker-hand-chunks", "two-workers", "every-core"],
)
def test_local_engine_matches_the_serial_audit(
    tmp_path: Path,
    expected: Expected,
    workers: int | None,
    chunk_hands: int,
) -> None:
    out = tmp_path / "out"
    summary = run_audit(inputs(), out, workers=workers, chunk_hands=chunk_hands)
    assert summary.hands_read > (300 if CORPUS.is_dir() else 90)  # the fixtures' alone, on a clone
    check(out, summary, expected)


@pytest.mark.slow  # a Dask LocalCluster
@pytest.mark.filterwarnings("ignore:The inplace keyword")  # dask's reader, on pandas 3
def test_dask_engine_matches_the_serial_audit(
    tmp_path: Path, expected: Expected, cluster: str
) -> None:
    out = tmp_path / "out"
    summary = run_audit(inputs(), out, engine="dask", scheduler=cluster, chunk_hands=7)
    check(out, summary, expected)
    dd = pytest.importorskip("dask.dataframe")
    hands = dd.read_parquet(out / "hands").compute()
    ids = pq.read_table(out / "hands").column("hand_id").to_pylist()
    assert len(hands) == summary.hands_audited
    assert sorted(hands.hand_id) == sorted(ids)


@pytest.mark.slow  # a Dask LocalCluster
def test_dask_engine_starts_a_local_cluster_without_a_scheduler(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    fixtures = [str(FIXTURES)]
    serial = run_audit(fixtures, tmp_path / "serial")
    summary = run_audit(fixtures, tmp_path / "dask", engine="dask", workers=2, chunk_hands=3)
    assert _summary_facts(summary) == _summary_facts(serial)
    one, two = written(tmp_path / "serial"), written(tmp_path / "dask")
    for table in SCHEMAS:
        assert one[table] == two[table], table


def test_cross_hand_facts_spilled_to_disk_give_the_same_findings(
    tmp_path: Path,
    expected: Expected,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("auditor.engines.crosshand.SPILL_BYTES", 2_000)
    monkeypatch.setattr("auditor.engines.crosshand.BATCH_HANDS", 10)
    out = tmp_path / "out"
    summary = run_audit(inputs(), out, workers=1, chunk_hands=13)
    check(out, summary, expected)


def test_progress_and_file_callbacks_add_up(tmp_path: Path) -> None:
    files = [found.name for found in find_inputs([str(FIXTURES)])]  # read or listed
    steps: list[RunProgress] = []
    done: list[tuple[str, int]] = []
    summary = run_audit(
        [str(FIXTURES)],
        tmp_path / "out",
        workers=2,
        chunk_hands=2,
        on_progress=steps.append,
        on_file_done=lambda f, hands: done.append((f.source_file, hands)),
    )
    assert [name for name, _ in done] == files
    assert [hands for _, hands in done] == [f.hands_read for f in summary.files]
    assert sum(s.hands for s in steps) == summary.hands_read == steps[-1].hands_done
    read = expand_paths([str(FIXTURES)])
    assert sum(s.bytes for s in steps) == sum(Path(f).stat().st_size for f in read)
    assert steps[-1].files_done == len(files)
    assert [s.hands_done for s in steps] == sorted(s.hands_done for s in steps)


def test_unknown_engine_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EngineError):
        run_audit([str(FIXTURES)], tmp_path / "out", engine="spark")
    assert not (tmp_path / "out").exists()


def test_a_rejected_hand_splits_its_table_across_chunks(tmp_path: Path) -> None:
    """The gap after an unreadable hand holds when the hands land in different chunks.

    The file holds a table's hands, one of them made unreadable, then the same hands
    again with one button moved. Past the gap the copies are a run of their own (not
    duplicates of the first hands), so the moved button is found, whatever the chunks."""
    source = CORPUS / "PokerStars" / "PLO8" / "PLO8-6max-USD-0.01-0.02-200911.txt"
    require_corpus(source)
    with open(source, encoding="utf-8-sig") as text:
        hands = [list(h.lines) for h in split_hands(text, "x") if isinstance(h, RawHand)]
    broken = [*hands[4]]
    broken[2] = broken[2].replace(":", "", 1)  # a seat line without its colon
    moved = [*hands[7]]
    button = int(moved[1].split("Seat #")[1].split()[0])
    seats = [int(line.split()[1].rstrip(":")) for line in moved if line.startswith("Seat ")]
    other = next(seat for seat in seats if seat != button)
    moved[1] = moved[1].replace(f"Seat #{button} ", f"Seat #{other} ")
    copies = [*hands[:7], moved, *hands[8:]]
    path = tmp_path / "with_gap.txt"
    path.write_text("\n\n".join("\n".join(h) for h in [*hands, broken, *copies]) + "\n")
    tables, want = reference([str(path)])
    assert want.hands_rejected == 1
    assert want.findings_by_code[Code.BUTTON_WRONG] >= 1
    for chunk_hands in (1, 2, 500):
        out = tmp_path / f"out{chunk_hands}"
        summary = run_audit([str(path)], out, chunk_hands=chunk_hands)
        got = written(out)
        for table in SCHEMAS:
            assert got[table] == tables[table], (chunk_hands, table)
        assert Counter(summary.findings_by_code) == Counter(want.findings_by_code)


def test_cross_hand_examples_are_the_first_in_the_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cross-hand findings come back table by table, in an order set by the store's
    buckets; the summary's examples are still the first ones in the input."""
    require_corpus()
    order = {name: i for i, name in enumerate(expand_paths([str(CORPUS)]))}
    for buckets in (512, 7, 1):
        monkeypatch.setattr("auditor.engines.crosshand.BUCKETS", buckets)
        out = tmp_path / f"out-{buckets}"
        summary = run_audit([str(CORPUS)], out, workers=1)
        rows = pq.read_table(out / "findings").to_pylist()
        places = sorted(
            (order[r["source_file"]], r["source_line"])
            for r in rows
            if r["code"] == "STACK_CONTINUITY"
        )
        shown = [
            (order[f.source.file], f.source.line) for f in summary.examples[Code.STACK_CONTINUITY]
        ]
        assert shown == places[:3]
