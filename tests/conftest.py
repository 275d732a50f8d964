"""Shared fixtures, and the one line that says what a plain clone skipped and why."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.corpus import NO_CHROMIUM, NO_CORPUS, require_corpus, under_ci


@pytest.fixture(scope="session")
def corpus() -> Path:
    return require_corpus()


_EMPTY = "no input to run on (a parameter list over ../shared/corpus, empty without it)"
_CORPUS_REASONS = (NO_CORPUS, _EMPTY)


def _why(report: pytest.TestReport) -> str:
    """A skip's reason, in the words the summary groups by."""
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    reason = reason.removeprefix("Skipped: ")
    if reason.startswith(NO_CORPUS):
        return NO_CORPUS
    if reason.startswith(NO_CHROMIUM) or "playwright" in reason:
        return NO_CHROMIUM
    if reason.startswith("got empty parameter set"):
        return _EMPTY
    return reason


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: how many tests skipped, for which reasons (a plain clone has no
    ../shared/corpus and maybe no Chromium; the README says what they add)."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if hasattr(r, "longrepr")]
    if not skipped:
        return
    reasons = Counter(_why(report) for report in skipped)
    parts = [f"{count} {why}" for why, count in reasons.most_common()]
    terminalreporter.write_line(f"skipped {len(skipped)}: " + "; ".join(parts))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under CI a test skipped for want of the corpus fails the run: CI has it beside the
    checkout, so such a skip is a test that silently ran on nothing."""
    if not under_ci():
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    stats = getattr(reporter, "stats", {})
    lost = [r for r in stats.get("skipped", []) if _why(r) in _CORPUS_REASONS]
    if lost:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        if reporter is not None:
            reporter.write_line(
                f"CI: {len(lost)} test(s) skipped for want of ../shared/corpus, which CI has: "
                + ", ".join(r.nodeid for r in lost[:5])
            )
