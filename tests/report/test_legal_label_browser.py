"""What the replayer says is legal at an action (issue 22): a call step was labelled
"LEGAL BET / RAISE TO $10.00..$10.00", though the replay's range at a call is the call's
amount alone (the actions table: min_legal = max_legal = the call). A call says "Legal
call: call $10.00"; a bet or raise whose only legal total is one amount (fixed limit)
shows that amount, not a range of one; other bets and raises their range. Expectations
from the actions table of the same audit."""

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
FILES = ("courchevel_and_fixed_limit.txt", "cash_plo_every_line.txt")


@pytest.fixture(scope="module")
def audited(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[str, Any], pd.DataFrame]:
    root = tmp_path_factory.mktemp("legal")
    hands = root / "hands"
    hands.mkdir()
    for name in FILES:
        shutil.copy(FIXTURES / name, hands / name)
    out = root / "out"
    auditor.audit(hands, out=out)
    tables = auditor.load(out)
    keys = [int(k) for k in tables["hands"]["hand_key"]]
    return report_data(load_run(out), keys, None, 1000, title="legal"), tables["actions"]


def first_step(
    data: dict[str, Any], actions: pd.DataFrame, kind: str, one_amount: bool
) -> tuple[str, int, Any]:
    """A hand key, step and the actions-table row of the first ``kind`` action whose legal
    range is one amount (or a range)."""
    picked = actions[(actions["action"] == kind)
                     & ((actions["min_legal"] == actions["max_legal"]) == one_amount)]
    assert len(picked), f"the fixtures have a {kind} with one_amount={one_amount}"
    row = next(picked.itertuples())
    hand = data["hands"][str(row.hand_key)]
    step = next(i for i, s in enumerate(hand["steps"]) if s["seq"] == row.seq)
    return str(row.hand_key), step, row


def shown(report_page: ReportPage, data: dict[str, Any], key: str, step: int) -> tuple[str, str]:
    page = report_page(data).page
    open_hand(page, key, step)
    expect(page.get_by_test_id("legal-range")).to_be_visible()
    return (page.get_by_test_id("legal-label").inner_text().strip(),
            page.get_by_test_id("legal-range").inner_text().strip())


def test_a_call_says_it_is_a_call(
    report_page: ReportPage, audited: tuple[dict[str, Any], pd.DataFrame]
) -> None:
    data, actions = audited
    key, step, row = first_step(data, actions, "call", one_amount=True)
    label, text = shown(report_page, data, key, step)
    hand = data["hands"][key]
    assert label.lower() == "legal call"
    assert text == f"call {money(int(row.min_legal), hand)}"
    assert ".." not in text and "raise" not in label.lower()


def test_a_bet_of_one_legal_amount_shows_that_amount(
    report_page: ReportPage, audited: tuple[dict[str, Any], pd.DataFrame]
) -> None:
    data, actions = audited
    key, step, row = first_step(data, actions, "bet", one_amount=True)
    label, text = shown(report_page, data, key, step)
    assert label.lower() == "legal bet / raise to"
    assert text == money(int(row.min_legal), data["hands"][key])


def test_a_raise_shows_its_range(
    report_page: ReportPage, audited: tuple[dict[str, Any], pd.DataFrame]
) -> None:
    data, actions = audited
    key, step, row = first_step(data, actions, "raise", one_amount=False)
    label, text = shown(report_page, data, key, step)
    hand = data["hands"][key]
    assert label.lower() == "legal bet / raise to"
    assert text == f"{money(int(row.min_legal), hand)}..{money(int(row.max_legal), hand)}"
