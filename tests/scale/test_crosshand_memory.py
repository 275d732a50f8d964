"""The cross-hand pass holds a bounded part of a table, however large the table.

A fast-fold pool writes a whole day of hands under one table name. The store gives a
table larger than a batch back in slices of its playing order (each with the hand before
it), sorted on disk, so neither the reading process nor a job holds the whole table; the
findings are the ones the whole-table pass gives. The tables here are simulated: a 6-max
table whose button moves a seat a hand and whose stacks carry over, with faults put in
(a button that skips a seat, a stack that changes between hands), new sessions, hands
without a start time, duplicate hand ids, and the hands given out of order.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import tempfile
import tracemalloc
from dataclasses import replace
from datetime import datetime, timedelta
from itertools import pairwise
from pathlib import Path

import pytest

from auditor.engines.chunks import CrossHand, TableSlice, continuity_job, cross_hand, hand_of
from auditor.engines.crosshand import (
    BUCKETS,
    CrossHandStore,
    bucket_of,
    remove_dead_spills,
)
from auditor.findings import Code, Finding
from auditor.pipeline import HandAuditor
from auditor.replay.continuity import TableHand, TableKey, continuity_findings, table_sequences
from auditor.run import run_audit
from auditor.source import SourceSpan
from tests.corpus import require_corpus
from tests.scale.test_engines import check, inputs, reference

PROFILE = "seeds"
POOL: TableKey = ("PokerStars", "Pool", None)
START = datetime(2026, 3, 1, 9, 0, 0)


def simulated_table(count: int, table: TableKey = POOL, first: int = 10**9) -> list[TableHand]:
    """``count`` hands of a 6-max table in playing order: blinds 50/100, folded to the
    big blind. Every 97th hand the button skips a seat; every 89th hand p3 starts 25
    short of what he ended with; every 500th hand starts a new session 20 minutes on."""
    stacks = {seat: 10_000 for seat in range(1, 7)}
    button, at = 6, START
    hands = []
    for i in range(count):
        number = first + i
        button = button % 6 + 1
        if i % 97 == 50:
            button = button % 6 + 1
        if i % 89 == 40:
            stacks[3] -= 25
        at += timedelta(seconds=40) if i % 500 != 499 else timedelta(minutes=20)
        small = button % 6 + 1
        big = small % 6 + 1
        line = 1 + 20 * i
        ending = {f"p{seat}": stack for seat, stack in stacks.items()}
        ending[f"p{small}"] -= 50
        ending[f"p{big}"] += 50
        hands.append(
            TableHand(
                table=table,
                hand_id=str(number),
                started_at=at,
                ordinal=number,
                button_seat=button,
                seats={seat: (f"p{seat}", stack) for seat, stack in stacks.items()},
                dealt_in=frozenset(f"p{seat}" for seat in stacks),
                maybe_in=frozenset(),
                ending_stacks=ending,
                stack_changes=frozenset(),
                small_blind_seats=(small,),
                place=SourceSpan(f"{table[1]}.txt", line),
                max_seats=6,
                seat_places={f"p{s}": SourceSpan(f"{table[1]}.txt", line + s) for s in stacks},
            )
        )
        stacks = {int(player[1:]): stack for player, stack in ending.items()}
    return hands


def as_given(hands: list[TableHand], seed: int = 7) -> list[TableHand]:
    """``hands`` as files would give them: in files of 300 hands, the files shuffled and
    some written backwards; a few hands without a start time; some hands given twice (a
    copy in another file, and copies with another start time, one of them before its
    original)."""
    rng = random.Random(seed)
    files = [hands[start : start + 300] for start in range(0, len(hands), 300)]
    rng.shuffle(files)
    given: list[TableHand] = []
    for number, part in enumerate(files):
        given.extend(reversed(part) if number % 3 == 1 else part)
    for index in range(13, len(given), 401):
        given[index] = _moved(given[index], None)
    copies = [_copy(hand) for hand in rng.sample(hands, max(1, len(hands) // 50))]
    shifted = [_moved(hand, timedelta(hours=3)) for hand in rng.sample(hands, 3)]
    return [shifted[0], *given, *copies, *shifted[1:]]


def _moved(hand: TableHand, by: timedelta | None) -> TableHand:
    at = None if by is None or hand.started_at is None else hand.started_at + by
    return replace(hand, started_at=at)


def _copy(hand: TableHand) -> TableHand:
    return replace(hand, place=SourceSpan("copy.txt", hand.place.line))


def _key(finding: Finding) -> tuple[str, ...]:
    source = finding.source
    return (finding.code, finding.hand_id, source.file, str(source.line), finding.player,
            finding.expected, finding.recorded, finding.message)  # fmt: skip


def store_findings(
    given: list[TableHand], hands: int, spill_bytes: int = 20_000
) -> tuple[list[Finding], int, list[str]]:
    """The findings of the store's batches; the most hands a job held; the batch kinds."""
    found: list[Finding] = []
    held, kinds = 0, []
    with CrossHandStore(spill_bytes=spill_bytes) as store:
        for hand in given:
            store.add(cross_hand(PROFILE, hand))
        for batch in store.batches(hands):
            if isinstance(batch, TableSlice):
                size = len(batch.hands) + (batch.before is not None)
                kinds.append("slice")
            else:
                size = len(batch)
                kinds.append("whole")
            held = max(held, size)
            found.extend(continuity_job("auto", batch))
    return found, held, kinds


def test_one_large_table_is_checked_in_slices_with_the_whole_table_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # runs of 300 hands on disk, merged 4 at a time: merged down before the last merge;
    # one bucket, so that two large tables share the sorts' memory
    monkeypatch.setattr("auditor.engines.crosshand.SORT_RUN", 300)
    monkeypatch.setattr("auditor.engines.crosshand._ID_RUN", 500)
    monkeypatch.setattr("auditor.engines.crosshand.FAN_IN", 4)
    monkeypatch.setattr("auditor.engines.crosshand.BUCKETS", 1)
    pool = as_given(simulated_table(2_000))
    other = as_given(simulated_table(700, ("PokerStars", "Pool 2", None), 7 * 10**8), seed=3)
    side = [simulated_table(40, ("PokerStars", f"Side {n}", None), 5 * 10**8 + 100 * n)
            for n in range(3)]  # fmt: skip
    mixed = [hand for pair in zip(pool[:700], other[:700], strict=True) for hand in pair]
    given = [*mixed, *side[0], *pool[700:], *side[1], *other[700:], *side[2]]
    want = continuity_findings(given, HandAuditor().profile(PROFILE))
    codes = [f.code for f in want]
    assert codes.count(Code.BUTTON_WRONG) >= 15
    assert codes.count(Code.STACK_CONTINUITY) >= 15
    got, held, kinds = store_findings(given, hands=100)
    assert sorted(map(_key, got)) == sorted(map(_key, want))
    assert held <= 101  # a slice of 100 and the hand before it
    assert kinds.count("slice") >= 20
    assert "whole" in kinds  # the side tables, whole


def test_duplicates_keep_the_first_given_whatever_its_start_time() -> None:
    hands = simulated_table(60)
    late = _moved(hands[30], timedelta(hours=3))  # the same id, given first
    given = [late, *hands, _copy(hands[10])]
    kept = {h.hand_id: h for h in table_sequences(given)[POOL]}
    assert kept[hands[30].hand_id] is late and kept[hands[10].hand_id] is hands[10]
    want = continuity_findings(given, HandAuditor().profile(PROFILE))
    got, _, kinds = store_findings(given, hands=8)
    assert set(kinds) == {"slice"}
    assert sorted(map(_key, got)) == sorted(map(_key, want))


def test_slices_carry_the_hand_before_them() -> None:
    hands = simulated_table(25)
    with CrossHandStore() as store:
        for hand in reversed(hands):
            store.add(cross_hand(PROFILE, hand))
        slices = list(store.batches(hands=10))
    assert all(isinstance(s, TableSlice) for s in slices)
    parts = [s for s in slices if isinstance(s, TableSlice)]
    assert [len(s.hands) for s in parts] == [10, 10, 5]
    order = [hand_of(p, POOL).hand_id for s in parts for p in s.hands]
    assert order == [h.hand_id for h in hands]
    assert parts[0].before is None
    for earlier, later in pairwise(parts):
        assert later.before == earlier.hands[-1]


def test_store_gives_back_small_tables_whole_and_in_order() -> None:
    tables = [simulated_table(40, ("Site", f"table {n}", None), 10**6 * (n + 1)) for n in range(5)]
    items: list[CrossHand] = [
        cross_hand(PROFILE, hand) for number in range(40) for hand in (t[number] for t in tables)
    ]
    with CrossHandStore(spill_bytes=500) as store:
        for item in items:
            store.add(item)
        assert store.spilled
        batches = list(store.batches(hands=90))
    assert all(isinstance(batch, list) and len(batch) <= 90 for batch in batches)
    back = [item for batch in batches if isinstance(batch, list) for item in batch]
    assert sorted(back) == sorted(items)
    for batch in batches:
        assert isinstance(batch, list)
        for _, key, _ in batch:
            whole = [i for i in items if i[1] == key]
            assert [i for i in batch if i[1] == key] == whole  # in the order added
    assert all(0 <= bucket_of(p, k) < BUCKETS for p, k, _ in items)


def _peak_of_batches(count: int) -> int:
    """Peak traced memory while the store gives back a table of ``count`` hands."""
    given = as_given(simulated_table(count))
    with CrossHandStore(spill_bytes=64_000) as store:
        for hand in given:
            store.add(cross_hand(PROFILE, hand))
        del given
        tracemalloc.start()
        try:
            for batch in store.batches(hands=200):
                del batch
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


@pytest.mark.slow
def test_memory_of_the_pass_does_not_grow_with_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # both tables sorted in more runs than are merged at once: what the merge holds is
    # then the same for both
    monkeypatch.setattr("auditor.engines.crosshand.SORT_RUN", 500)
    monkeypatch.setattr("auditor.engines.crosshand._ID_RUN", 1_000)
    monkeypatch.setattr("auditor.engines.crosshand.FAN_IN", 3)
    small, large = _peak_of_batches(2_500), _peak_of_batches(10_000)
    # the whole table in memory would take four times as much for four times the hands
    assert large < 1.3 * small, (small, large)


@pytest.mark.slow
def test_corpus_through_slices_and_merged_runs_matches_the_serial_audit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every table of more than 5 hands in slices, sorted in runs of 4 merged 3 at a time,
    with two workers: the tables and counts of the plain serial audit."""
    require_corpus()  # the fixtures alone hold no table long enough to slice
    monkeypatch.setattr("auditor.engines.crosshand.BATCH_HANDS", 5)
    monkeypatch.setattr("auditor.engines.crosshand.SORT_RUN", 4)
    monkeypatch.setattr("auditor.engines.crosshand._ID_RUN", 4)
    monkeypatch.setattr("auditor.engines.crosshand.FAN_IN", 3)
    monkeypatch.setattr("auditor.engines.crosshand.SPILL_BYTES", 3_000)
    expected = reference(inputs())
    out = tmp_path / "out"
    summary = run_audit(inputs(), out, workers=2, chunk_hands=40)
    check(out, summary, expected)
    assert summary.findings_by_code[Code.STACK_CONTINUITY] > 0


# ---------------------------------------------------------------- folders left behind


def _owner_folder(base: Path, name: str, owner: str | None) -> Path:
    folder = base / f"auditor-crosshand-{name}"
    folder.mkdir()
    (folder / "0.pickle").write_bytes(b"x")
    if owner is not None:
        (folder / "owner").write_text(owner + "\n")
    return folder


def test_spill_folders_of_dead_processes_of_this_host_are_removed(tmp_path: Path) -> None:
    from auditor.engines.crosshand import _owner_line

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    gone = int(done.stdout)
    host = socket.gethostname()
    dead = _owner_folder(tmp_path, "dead", f"{host} {gone} -")
    mine = _owner_folder(tmp_path, "mine", _owner_line(os.getpid()))
    reused = _owner_folder(tmp_path, "reused", f"{host} {os.getpid()} 1")
    elsewhere = _owner_folder(tmp_path, "elsewhere", f"{host}-other {gone} -")
    unmarked = _owner_folder(tmp_path, "unmarked", None)
    other = tmp_path / "something-else"
    other.mkdir()
    removed = remove_dead_spills(tmp_path)
    assert sorted(removed) == sorted([dead, reused])
    assert not dead.exists() and not reused.exists()
    assert mine.exists() and elsewhere.exists() and unmarked.exists() and other.exists()


def test_a_store_names_its_folder_and_clears_dead_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    dead = _owner_folder(tmp_path, "dead", f"{socket.gethostname()} {int(done.stdout)} -")
    with CrossHandStore(spill_bytes=100) as store:
        assert not dead.exists()
        store.add(cross_hand(PROFILE, simulated_table(1)[0]))
        assert store.spilled
        folders = list(tmp_path.glob("auditor-crosshand-*"))
        assert len(folders) == 1
        host, pid, _ = (folders[0] / "owner").read_text().split()
        assert (host, int(pid)) == (socket.gethostname(), os.getpid())
        assert remove_dead_spills(tmp_path) == []  # this process is alive
    assert not folders[0].exists()
