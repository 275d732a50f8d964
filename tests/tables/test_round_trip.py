"""Audit the real corpus to Parquet and read it back: the tables agree with each other,
with the records and with the rules, and pandas, DuckDB and pyarrow read them as they are."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.dataset as pads
import pytest

import auditor
from tests.corpus import stars_layout_rows

TABLES = ("hands", "seats", "actions", "pots", "awards", "findings", "files")


@pytest.fixture(scope="module")
def out(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("corpus") / "out"
    auditor.audit([str(r.path) for r in stars_layout_rows()], out=folder)
    return folder


@pytest.fixture(scope="module")
def tables(out: Path) -> dict[str, pd.DataFrame]:
    return auditor.load(out)


def test_every_hand_read_is_accounted_for(tables: dict[str, pd.DataFrame]) -> None:
    files = tables["files"]
    assert len(files) == len(stars_layout_rows())
    assert (
        files.hands_read == files.hands_audited + files.hands_skipped + files.hands_rejected
    ).all()
    assert files.hands_read.sum() == sum(r.hands for r in stars_layout_rows())
    assert len(tables["hands"]) == files.hands_audited.sum()
    # the same hand can come in two files (the corpus holds two such copies): a hand is
    # one row per file it is read from
    assert not tables["hands"].duplicated(["source_file", "hand_id"]).any()


def test_every_table_row_belongs_to_an_audited_hand(tables: dict[str, pd.DataFrame]) -> None:
    hands = set(tables["hands"].hand_id)
    for name in ("seats", "actions", "pots", "awards"):
        assert set(tables[name].hand_id) <= hands, name
    seated = set(tables["seats"].hand_id)
    cut = set(tables["hands"][tables["hands"].truncated].hand_id)
    assert hands - seated <= cut  # only a record cut inside its table line has no seats


def test_total_pot_is_awards_plus_rake(tables: dict[str, pd.DataFrame]) -> None:
    hands = tables["hands"].drop_duplicates("hand_id").set_index("hand_id")
    hands = hands.fillna({"rake": 0, "fees": 0})
    findings = tables["findings"]
    # hands whose pots the record itself gets wrong are the findings' business
    broken = set(findings[findings.code.isin(["POT_WRONG", "CHIPS_NOT_CONSERVED"])].hand_id)
    # a cash-out is the room's money, not the pot's; a share the room kept is the pot's
    awards = tables["awards"]
    paid = awards[awards.half != "cash_out"].groupby("hand_id").recorded.sum()
    checked = 0
    for key, row in hands.iterrows():
        hand_id = str(key)
        if hand_id in broken or row.truncated or pd.isna(row.total_pot) or hand_id not in paid:
            continue
        duplicates = (tables["hands"].hand_id == hand_id).sum()
        assert row.total_pot * duplicates == paid[hand_id] + (row.rake + row.fees) * duplicates
        checked += 1
    assert checked > 250


def test_actions_within_their_legal_range_unless_a_finding_says_so(
    tables: dict[str, pd.DataFrame],
) -> None:
    actions = tables["actions"]
    findings = tables["findings"]
    flagged = set(zip(findings.hand_id, findings.seq.dropna().astype(int), strict=False))
    sized = actions[actions.action.isin(["bet", "raise"])]
    outside = sized[
        (sized.to_amount > sized.max_legal) | ((sized.to_amount < sized.min_legal) & ~sized.all_in)
    ]
    assert [
        (h, s) for h, s in zip(outside.hand_id, outside.seq, strict=True) if (h, s) not in flagged
    ] == []
    calls = actions[actions.action == "call"]
    assert ((calls.amount == calls.to_call) | calls.all_in).mean() > 0.99
    assert len(sized) > 500


def test_chips_are_exact_integers(tables: dict[str, pd.DataFrame]) -> None:
    assert str(tables["seats"].starting_stack.dtype) == "Int64"
    seats = tables["seats"].dropna(subset=["ending_stack"])
    assert (seats.net == seats.ending_stack - seats.starting_stack).all()


def test_pandas_duckdb_and_pyarrow_read_the_tables_as_written(out: Path) -> None:
    con = duckdb.connect()
    for name in TABLES:
        frame = pd.read_parquet(out / name)
        dataset = pads.dataset(out / name, format="parquet")
        ((count,),) = con.execute(
            f"select count(*) from read_parquet('{out / name}/*.parquet')"
        ).fetchall()
        assert len(frame) == dataset.count_rows() == count, name
    by_room = con.execute(
        f"select h.site, f.code, count(*) as n from read_parquet('{out}/findings/*.parquet') f "
        f"join read_parquet('{out}/hands/*.parquet') h using (hand_id) group by all order by n desc"
    ).fetchall()
    assert ("GGPoker", "HAND_DESCRIPTION_WRONG") in {(r[0], r[1]) for r in by_room}
