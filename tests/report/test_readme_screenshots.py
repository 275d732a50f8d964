"""The README's screenshots of the report: made from the README's own commands on the
bundled fixtures, at desktop size, and kept as test artifacts (AUDITOR_ARTIFACTS).
``AUDITOR_UPDATE_SCREENSHOTS=1`` also copies them over the README's images."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import auditor
from auditor.cli import main
from tests.corpus import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SHOTS = ROOT / "tests" / "report" / "screenshots"
README_TEXT = (ROOT / "README.md").read_text(encoding="utf-8")
HAND = "200000000001"  # the README's --hand


def test_readme_shows_the_screenshots_it_has() -> None:
    shown = re.findall(r"!\[[^\]]*\]\((tests/report/screenshots/[^)]+)\)", README_TEXT)
    assert {Path(p).name for p in shown} == {"summary.png", "replayer.png"}
    for path in shown:
        assert (ROOT / path).stat().st_size > 10_000, path  # a picture, not a placeholder


@pytest.mark.slow
@pytest.mark.browser
def test_readme_screenshots(browser: Browser, artifacts: Path, tmp_path: Path) -> None:
    out, html = tmp_path / "audit-2014-01", tmp_path / "audit-2014-01.html"
    assert main(["audit", str(auditor.bundled_fixtures()), "--out", str(out), "--quiet"]) == 1
    assert main(["report", str(out), "--html", str(html), "--hand", HAND]) == 0
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(html.as_uri())
    page.wait_for_selector("html[data-ready=true]", state="attached")
    # the findings by code and the charts: what the page is for, above the fold
    page.get_by_test_id("summary-codes").scroll_into_view_if_needed()
    page.evaluate(
        "document.querySelector('[data-testid=summary-codes]').scrollIntoView({block: 'start'})"
    )
    page.screenshot(path=artifacts / "summary.png")
    key = auditor.load(out)["hands"].query(f"hand_id == '{HAND}'")["hand_key"].iloc[0]
    # the step of the hand's first raise: the table mid-hand, a legal range to read
    step = page.evaluate(
        "key => JSON.parse(document.getElementById('report-data').textContent)"
        ".hands[key].steps.findIndex(s => s.action === 'raise')",
        str(key),
    )
    assert step > 0
    page.evaluate(f"location.hash = '#hand={key}&step={step}'")
    page.get_by_test_id("legal-range").wait_for()
    assert ".." in page.get_by_test_id("legal-range").inner_text()
    page.screenshot(path=artifacts / "replayer.png")
    context.close()
    if os.environ.get("AUDITOR_UPDATE_SCREENSHOTS") == "1":
        SHOTS.mkdir(exist_ok=True)
        for name in ("summary.png", "replayer.png"):
            shutil.copyfile(artifacts / name, SHOTS / name)
