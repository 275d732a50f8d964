"""The replayer's result panel on hands whose money left the table by a cash-out (issue
22): PokerStars hand 200000000008 (a player cashed out before the showdown: the room pays
him outside the pot) showed "POT -$0.75" and "side pot -1"; hand 200000000030 (the pot
not awarded: its winner had cashed out, the room kept it) showed a $109.08 award that
never happened. The pot at the end is what the pots table holds less what the awards
table pays out of it; a cash-out is said as one, paid outside the pot; a share not
awarded is said so. Expectations from the audit's Parquet tables."""

from __future__ import annotations

import shutil
from typing import Any

import pandas as pd
import pytest

pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from playwright.sync_api import expect

import auditor
from auditor.report.build import report_data
from auditor.report.run_tables import load_run
from tests.report.conftest import ReportPage
from tests.report.test_page_browser import money, open_hand

pytestmark = pytest.mark.browser

FIXTURES = auditor.bundled_fixtures() / "pokerstars"
CASH_OUT = "200000000008"  # cancelled_cash_out_and_cut_short.txt
NOT_AWARDED = "200000000030"  # cash_out_pot_not_awarded.txt
PAID_FROM_POTS = {"hi", "lo", "scoop", "pots"}  # the halves paid out of a pot


@pytest.fixture(scope="module")
def audited(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[str, Any], dict[str, pd.DataFrame]]:
    root = tmp_path_factory.mktemp("cash-out")
    hands = root / "hands"
    hands.mkdir()
    for name in ("cancelled_cash_out_and_cut_short.txt", "cash_out_pot_not_awarded.txt"):
        shutil.copy(FIXTURES / name, hands / name)
    out = root / "out"
    auditor.audit(hands, out=out)
    tables = auditor.load(out)
    ids = tables["hands"].set_index("hand_id")["hand_key"]
    keys = [int(ids[CASH_OUT]), int(ids[NOT_AWARDED])]
    return report_data(load_run(out), keys, None, 1000, title="cash outs"), tables


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows, each a dict by column name."""
    return [{str(k): v for k, v in row.items()} for row in frame.to_dict("records")]


def rows(tables: dict[str, pd.DataFrame], table: str, key: str) -> pd.DataFrame:
    found = tables[table]
    return found[found["hand_key"] == int(key)]


def key_of(tables: dict[str, pd.DataFrame], hand_id: str) -> str:
    (key,) = tables["hands"][tables["hands"]["hand_id"] == hand_id]["hand_key"]
    return str(key)


@pytest.mark.parametrize("hand_id", [CASH_OUT, NOT_AWARDED])
def test_the_pot_at_the_end_is_what_the_pots_keep(
    report_page: ReportPage,
    audited: tuple[dict[str, Any], dict[str, pd.DataFrame]],
    hand_id: str,
) -> None:
    data, tables = audited
    key = key_of(tables, hand_id)
    hand = data["hands"][key]
    page = report_page(data).page
    awards = rows(tables, "awards", key)
    paid = awards[awards["half"].isin(PAID_FROM_POTS)]["recorded"].sum()
    kept = int(rows(tables, "pots", key)["amount"].sum() - paid)
    for step in range(len(hand["steps"])):
        open_hand(page, key, step)
        shown = int(page.get_by_test_id("pot-total").get_attribute("data-amount") or "")
        assert shown >= 0, f"step {step}"
    assert shown == kept
    expect(page.get_by_test_id("pot-total")).to_have_text(money(kept, hand))
    (rake,) = rows(tables, "hands", key)["rake"]
    expect(page.get_by_test_id("rake")).to_have_text(money(int(rake), hand))


def test_a_cash_out_is_said_as_one(
    report_page: ReportPage, audited: tuple[dict[str, Any], dict[str, pd.DataFrame]]
) -> None:
    data, tables = audited
    key = key_of(tables, CASH_OUT)
    hand = data["hands"][key]
    page = report_page(data).page
    open_hand(page, key, len(hand["steps"]) - 1)
    said = page.get_by_test_id("awards").locator("li")
    awards = rows(tables, "awards", key)
    expect(said).to_have_count(len(awards))
    texts = [t.strip() for t in said.all_inner_texts()]
    assert not any("side pot -" in t or "-$" in t for t in texts), texts
    for row in records(awards):
        paid = money(int(row["recorded"]), hand)
        line = next(t for t in texts if t.startswith(row["player"]) and paid in t)
        if row["half"] == "cash_out":
            assert "cashed out" in line and "outside the pot" in line, line
            assert money(int(row["fee"]), hand) in line, line
        else:
            assert "main pot" in line and "cashed out" not in line, line


def test_a_pot_not_awarded_is_no_award(
    report_page: ReportPage, audited: tuple[dict[str, Any], dict[str, pd.DataFrame]]
) -> None:
    data, tables = audited
    key = key_of(tables, NOT_AWARDED)
    hand = data["hands"][key]
    page = report_page(data).page
    open_hand(page, key, len(hand["steps"]) - 1)
    texts = [t.strip() for t in page.get_by_test_id("awards").locator("li").all_inner_texts()]
    awards = rows(tables, "awards", key)
    kept = awards[awards["half"] == "not_awarded"]
    assert len(kept) == 1  # the fixture's: Hero won $109.08, the room kept it
    (row,) = records(kept)
    won = money(int(row["recorded"]), hand)
    (line,) = [t for t in texts if won in t]
    assert "not awarded" in line, line
    assert not line.startswith(f"{row['player']} {won}"), line
    expect(page.get_by_test_id("step-text")).to_contain_text("not awarded")
