"""The report's data from an audit's tables: the summary agrees with the tables, the
flagged hands are found again in their files and give the audit's own findings, and a
hand that cannot be found again is said, not lost."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import auditor
from auditor.findings import CATALOGUE, Code
from auditor.report.build import wanted_hands
from auditor.report.charts import charts
from auditor.report.reread import Wanted, reread
from auditor.report.run_tables import ReportError, RunTables, load_run
from auditor.report.summary import findings_list, flagged_keys, summary

FIXTURES = auditor.bundled_fixtures()


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, RunTables]:
    # a copy of the fixtures: one test changes a file under them
    root = tmp_path_factory.mktemp("report")
    hands = root / "fixtures"
    shutil.copytree(FIXTURES, hands)
    out = root / "out"
    auditor.audit(hands, out=out)
    return hands, load_run(out)


def test_summary_counts_are_the_tables(audited: tuple[Path, RunTables]) -> None:
    _, run = audited
    told = summary(run)
    files = run.files
    assert told["hands_read"] == int(files["hands_read"].sum()) > 0
    assert told["hands_read"] == (
        told["hands_audited"] + told["hands_skipped"] + told["hands_rejected"]
    )
    assert told["files"] + told["files_not_read"] == len(files)
    assert sum(r["hands"] for r in told["rooms"]) == told["hands_read"]
    assert sum(p["hands"] for p in told["profiles"]) == len(run.hands)
    codes = Counter(run.findings["code"].astype(str))
    assert {c["code"]: c["count"] for c in told["codes"]} == codes
    for row in told["codes"]:
        info = CATALOGUE[Code(row["code"])]
        assert row["severity"] == str(info.severity) and row["rule"] == info.rule
    assert sum(s["count"] for s in told["severities"]) == len(run.findings)
    # findings of a hand are counted by its room and day; a file's finding has neither; a
    # rejected hand's has its room (it has no hands row, so no day)
    with_hand = int(run.findings["hand_key"].isin(run.hands["hand_key"]).sum())
    rejected = run.findings["site"].fillna("").ne("") & ~run.findings["hand_key"].isin(
        run.hands["hand_key"]
    )
    assert sum(r["count"] for r in told["by_room"]) == with_hand + int(rejected.sum())
    assert sum(d["count"] for d in told["by_day"]) == with_hand
    assert sum(h["count"] for h in told["by_hour"]) == with_hand


def test_findings_worst_first_and_capped(audited: tuple[Path, RunTables]) -> None:
    _, run = audited
    rows = findings_list(run, set(), cap=10_000)
    assert len(rows) == len(run.findings)
    ranks = [{"error": 3, "warning": 2, "info": 1}[r["severity"]] for r in rows]
    assert ranks == sorted(ranks, reverse=True)
    assert len(findings_list(run, set(), cap=3)) == 3
    keys = flagged_keys(run)
    assert set(keys) == set(run.findings["hand_key"].dropna().astype(int))
    first = rows[0]
    assert first["hand_key"] == keys[0] and first["replayed"] is False


def test_flagged_hands_found_again_with_their_findings(audited: tuple[Path, RunTables]) -> None:
    _, run = audited
    wanted = wanted_hands(run, flagged_keys(run))
    assert wanted  # the fixtures hold faults on purpose
    again = reread(wanted)
    assert again.missing == {}
    for one in wanted:
        result = again.results[one.hand_key]
        assert result.hand_id == one.hand_id and result.first_line == one.source_line
        table = run.findings[run.findings["hand_key"] == one.hand_key]
        expected = Counter(zip(table["code"].astype(str), table["source_line"], strict=True))
        found = Counter((str(f.code), f.source.line) for f in result.findings)
        # the run's cross-hand checks add findings a hand's own audit does not make
        assert not found - expected, one


def test_a_hand_not_found_again_is_said(audited: tuple[Path, RunTables]) -> None:
    hands, run = audited
    wanted = wanted_hands(run, flagged_keys(run))
    gone = Wanted(10**9, "123", str(hands / "no-such-file.txt"), 1, "seeds")
    moved = Wanted(10**9 + 1, "999999", wanted[0].source_file, wanted[0].source_line, "seeds")
    again = reread([gone, moved, wanted[0]])
    assert "cannot be read again" in again.missing[gone.hand_key]
    assert "no longer holds hand 999999" in again.missing[moved.hand_key]
    assert wanted[0].hand_key in again.results


def test_charts_are_inline_svg_that_share_a_page(audited: tuple[Path, RunTables]) -> None:
    _, run = audited
    made = charts(summary(run))
    assert set(made) == {"codes", "rooms", "days"}
    ids: list[str] = []
    for svg in made.values():
        assert svg.startswith("<svg ") and svg.rstrip().endswith("</svg>")
        assert "<script" not in svg and 'href="http' not in svg and "<metadata" not in svg
        assert not re.search(r'<svg[^>]* width="', svg)  # scales with the page
        ids += re.findall(r' id="([^"]+)"', svg)
    assert len(ids) == len(set(ids))  # three charts on one page: no id twice
    # every code counted is drawn by name
    for row in summary(run)["codes"]:
        assert f">{row['code']}<" in made["codes"] or row["code"] in made["codes"]


def test_no_chart_for_an_empty_series() -> None:
    told: dict[str, Any] = {"codes": [], "by_room": [], "by_day": []}
    assert charts(told) == {}


def test_not_an_audit_folder(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="no such audit folder"):
        load_run(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ReportError):
        load_run(tmp_path)


def test_an_unknown_run_is_named(audited: tuple[Path, RunTables]) -> None:
    hands, run = audited
    out = hands.parent / "out"
    with pytest.raises(ReportError, match=f"runs: {run.run_id}"):
        load_run(out, "nope")
