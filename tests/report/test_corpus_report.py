"""The report of a real audit, in Chromium, checked against the audit's Parquet tables.

The corpus is audited with ``auditor audit ... --html`` as a user runs it; the page is
opened, a flagged PokerStars hand and a flagged hi/lo hand are stepped through with the
keyboard, and at each action the amount to call, the legal range and the pot before it
are the actions table's; the stacks at the start and the end are the seats table's, the
pots at the end the pots table's, and each of the hand's findings is highlighted with the
findings table's code and message at the step of its line. Screenshots at desktop and
phone sizes are kept (AUDITOR_ARTIFACTS)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd
import pytest

import auditor
from tests.corpus import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@dataclass(frozen=True)
class Audited:
    html: Path
    tables: dict[str, pd.DataFrame]


@pytest.fixture(scope="module")
def audited(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Audited:
    root = tmp_path_factory.mktemp("corpus-report")
    out, html = root / "out", root / "report.html"
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(corpus), "--out", str(out),
         "--html", str(html)],
        capture_output=True, text=True, cwd=ROOT, timeout=600, check=False,
    )
    assert done.returncode in (0, 1), done.stderr  # 1: findings, as the corpus has
    assert f"report written to {html}" in done.stdout, done.stdout
    return Audited(html, auditor.load(out))


@pytest.fixture
def page(browser: Browser, audited: Audited) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(audited.html.as_uri())
    opened.wait_for_selector("html[data-ready=true]", state="attached", timeout=30_000)
    yield opened
    context.close()
    assert errors == []


def _flagged(tables: dict[str, pd.DataFrame], pick: Any) -> int:
    """The flagged hand of ``pick``'s hands with the most actions: one with play to step."""
    hands = tables["hands"]
    chosen = hands[pick(hands) & hands["hand_key"].isin(tables["findings"]["hand_key"])]
    actions = tables["actions"]["hand_key"].value_counts()
    keys = sorted(chosen["hand_key"], key=lambda k: (-actions.get(k, 0), k))
    assert keys, "no such flagged hand in the corpus"
    return int(keys[0])


def _digits(text: str) -> str:
    """The amount a money text shows, as the integer of minor units (scale 1 or 100)."""
    return re.sub(r"[^0-9]", "", text)


def _known(value: object) -> bool:
    return not (value is None or value is pd.NA or (isinstance(value, float) and value != value))


def _amount(value: Any) -> str:
    return str(int(value))


def _text(page: Page, name: str) -> str:
    return page.get_by_test_id(name).first.inner_text().strip()


def _step_through(page: Page, tables: dict[str, pd.DataFrame], key: int) -> None:
    hands, seats = tables["hands"], tables["seats"]
    hand = hands[hands["hand_key"] == key].iloc[0]
    assert int(hand["unit"]) in (1, 100)  # the digits of a money text are its minor units
    page.evaluate(f"location.hash = '#hand={key}&step=0'")
    page.get_by_test_id("hand-select").wait_for()
    assert page.get_by_test_id("hand-select").input_value() == str(key)
    page.get_by_test_id("step-index").wait_for()
    page.locator("body").focus()
    page.keyboard.press("Home")
    # the start: every seat's stack is the seats table's starting stack
    for row in seats[seats["hand_key"] == key].itertuples():
        seat = page.get_by_test_id(f"seat-{row.seat}")
        assert seat.get_attribute("data-player") == row.player
        stack = page.get_by_test_id(f"seat-stack-{row.seat}").get_attribute("data-amount")
        assert stack == _amount(row.starting_stack), (key, row.player)
    count = int(_text(page, "step-count"))
    actions = tables["actions"]
    by_seq = {int(str(a.seq)): a for a in actions[actions["hand_key"] == key].itertuples()}
    # which action each step is: the page's data says (its numbers are checked here)
    seqs = page.evaluate(
        "key => JSON.parse(document.getElementById('report-data').textContent)"
        ".hands[key].steps.map(s => s.seq ?? null)",
        str(key),
    )
    seen: set[int] = set()
    for step in range(1, count):
        page.keyboard.press("ArrowRight")
        assert _text(page, "step-index") == str(step)
        if seqs[step] is None:
            continue
        action = by_seq[seqs[step]]
        seen.add(int(str(action.seq)))
        legal = _text(page, "legal-range")
        to_call = _text(page, "to-call")
        acted = page.get_by_test_id("step-text").inner_text()
        assert str(action.player) in acted, (key, step, acted)
        if str(action.action).startswith("post"):
            continue  # a blind or ante: no decision to call or raise
        assert _digits(to_call) == _amount(action.to_call), (key, step, acted)
        assert _digits(_text(page, "pot-before")) == _amount(action.pot_before), (key, step)
        if _known(action.min_legal) and action.action in ("bet", "raise"):
            # one legal total (the minimum is the maximum) is shown as that amount alone
            low, _, high = legal.partition("..")
            high = high or low
            assert (_digits(low), _digits(high)) == (
                _amount(action.min_legal), _amount(action.max_legal)), (key, step)
    assert seen == set(by_seq), "every action of the table was stepped on"
    page.keyboard.press("End")
    assert _text(page, "step-index") == str(count - 1)
    # the end: stacks and pots are the tables'
    for row in seats[seats["hand_key"] == key].itertuples():
        if _known(row.ending_stack):
            stack = page.get_by_test_id(f"seat-stack-{row.seat}").get_attribute("data-amount")
            assert stack == _amount(row.ending_stack), (key, row.player)
    pots = tables["pots"]
    for pot in pots[pots["hand_key"] == key].itertuples():
        shown = page.get_by_test_id(f"pot-{pot.pot_index}").get_attribute("data-amount")
        assert shown == _amount(pot.amount), (key, pot.pot_index)


def _findings_highlighted(page: Page, tables: dict[str, pd.DataFrame], key: int) -> None:
    found = tables["findings"]
    for row in found[found["hand_key"] == key].itertuples():
        page.evaluate("location.hash = '#summary'")
        page.get_by_test_id("filter-text").fill(str(row.hand_id))
        # a hand may hold two findings of one code on different lines (a wrong small
        # blind and the big blind it displaced): the row is this finding's by its message
        rows = page.locator(
            f'[data-testid="finding-row"][data-hand-key="{key}"][data-code="{row.code}"]'
        ).filter(has_text=str(row.message))
        rows.first.get_by_test_id("finding-link").click()
        highlight = page.get_by_test_id("finding-highlight")
        highlight.wait_for()
        codes = highlight.get_by_test_id("finding-item").evaluate_all(
            "items => items.map(i => i.dataset.code)"
        )
        assert str(row.code) in codes, (key, row.code)
        messages = highlight.get_by_test_id("finding-message").all_inner_texts()
        assert any(str(row.message) in m for m in messages), (key, row.message)
        assert highlight.get_by_test_id("finding-rule").first.is_visible()
        # the step highlighted is the one of the finding's line
        current = page.locator('[data-testid="action-log"] [aria-current="step"]')
        assert current.count() == 1


def test_a_flagged_pokerstars_hand_is_the_tables(page: Page, audited: Audited) -> None:
    key = _flagged(audited.tables, lambda h: h["site"] == "PokerStars")
    _step_through(page, audited.tables, key)
    _findings_highlighted(page, audited.tables, key)


def test_a_flagged_hi_lo_hand_is_the_tables(page: Page, audited: Audited) -> None:
    findings = audited.tables["findings"]
    on_actions = set(findings[findings["seq"].notna()]["hand_key"])
    key = _flagged(audited.tables, lambda h: h["hi_lo"] & h["hand_key"].isin(on_actions))
    _step_through(page, audited.tables, key)
    _findings_highlighted(page, audited.tables, key)


@pytest.mark.parametrize(("width", "height", "name"), [(1280, 800, "desktop"), (390, 844, "phone")])
def test_screenshots(
    browser: Browser, audited: Audited, artifacts: Path, width: int, height: int, name: str
) -> None:
    key = _flagged(audited.tables, lambda h: h["site"] == "PokerStars")
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(audited.html.as_uri())
    page.wait_for_selector("html[data-ready=true]", state="attached")
    page.screenshot(path=artifacts / f"corpus-summary-{name}.png")
    page.evaluate(f"location.hash = '#hand={key}&step=0'")
    page.keyboard.press("End")
    page.screenshot(path=artifacts / f"corpus-replayer-{name}.png", full_page=True)
    width_used = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width_used <= width  # nothing wider than the screen
