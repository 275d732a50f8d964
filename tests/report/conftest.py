"""Browser fixtures for the report page: headless Chromium driven by Playwright.

The browser is found through AUDITOR_CHROMIUM, else chromium / chromium-browser /
google-chrome on PATH (Playwright's own downloads are never used); without it, or without
the playwright package, the browser tests skip and say why. ``report_page(data)`` writes
``render_html(data)`` to a file and opens it, so the same tests run on the hand-typed
sample and on reports built from real audits."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from auditor.report.page import render_html
from tests.corpus import NO_CHROMIUM, under_ci
from tests.report.sample_data import sample_data

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route



@dataclass
class OpenedReport:
    """A report page open in Chromium, with what it did that a test checks."""

    page: Page
    outside: list[str] = field(default_factory=list)  # requests that left the file
    errors: list[str] = field(default_factory=list)  # uncaught script errors


ReportPage = Callable[..., OpenedReport]


def chromium_path() -> str | None:
    """The Chromium to drive: AUDITOR_CHROMIUM, else the first one on PATH."""
    given = os.environ.get("AUDITOR_CHROMIUM")
    if given:
        return given if Path(given).is_file() else shutil.which(given)
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _unavailable(reason: str) -> None:
    """Skip, and say why; under CI (CI=true: .ci/run installs Chromium) fail instead, so
    that a browser that did not install is never a green run that tested nothing."""
    if under_ci():
        pytest.fail(f"CI: {reason}")
    pytest.skip(f"{NO_CHROMIUM}: {reason}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install playwright)")
    executable = chromium_path()
    if executable is None:
        given = os.environ.get("AUDITOR_CHROMIUM")
        _unavailable(f"AUDITOR_CHROMIUM={given} is not a program" if given else
                     "no Chromium found: set AUDITOR_CHROMIUM or install chromium")
        raise AssertionError("unreachable")
    args = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=executable, args=args)
        except Error as error:
            _unavailable(
                f"Chromium at {executable} did not start: {error.message.splitlines()[0]}"
            )
            raise
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def report_data() -> dict[str, Any]:
    """The report the page tests read: AUDITOR_REPORT_DATA (a JSON file of the data
    object, e.g. built from a corpus audit) or the hand-typed sample."""
    given = os.environ.get("AUDITOR_REPORT_DATA")
    if given:
        loaded: dict[str, Any] = json.loads(Path(given).read_text(encoding="utf-8"))
        return loaded
    return sample_data()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: AUDITOR_ARTIFACTS (kept by CI) or a temporary folder."""
    given = os.environ.get("AUDITOR_ARTIFACTS")
    folder = Path(given) if given else tmp_path_factory.mktemp("report-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _local(url: str) -> bool:
    return url.startswith(("file:", "data:", "about:"))


@pytest.fixture
def report_page(browser: Browser, tmp_path: Path) -> Iterator[ReportPage]:
    """``report_page(data, width=1280, height=800, scale=1)``: the page for ``data``,
    opened in a fresh browser context and ready."""
    contexts: list[Any] = []

    def open_page(data: dict[str, Any], width: int = 1280, height: int = 800,
                  scale: float = 1, name: str = "report.html") -> OpenedReport:
        path = tmp_path / name
        path.write_text(render_html(data), encoding="utf-8")
        context = browser.new_context(viewport={"width": width, "height": height},
                                      device_scale_factor=scale)
        contexts.append(context)
        opened = OpenedReport(context.new_page())
        opened.page.on("pageerror", lambda error: opened.errors.append(str(error)))

        def guard(route: Route) -> None:
            # count and block anything that is not the file itself
            if _local(route.request.url):
                route.continue_()
            else:
                opened.outside.append(route.request.url)
                route.abort()

        opened.page.route("**/*", guard)
        opened.page.goto(path.as_uri())
        opened.page.wait_for_selector("html[data-ready=true]", timeout=15_000)
        return opened

    yield open_page
    for context in contexts:
        context.close()
