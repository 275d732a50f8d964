"""render_html without a browser: the data comes back whole from the page, no hand text
can close the data's script element, nothing points outside the file, and the assets'
README lists every data-testid the page has."""

from __future__ import annotations

import html
import json
import re
from importlib import resources

from auditor.report.page import render_html
from tests.report.sample_data import sample_data

ASSETS = resources.files("auditor.report").joinpath("assets")
REQUIRED = [  # auditor/report/assets/README.md's list
    "summary-hands-read", "summary-findings", "finding-row", "replayer", "seat-<seat>",
    "seat-stack-<seat>", "seat-bet-<seat>", "seat-cards-<seat>", "button", "pot-total",
    "pot-<i>", "board-<b>", "action-log", "step-index", "step-count", "to-call",
    "legal-range", "finding-highlight", "finding-rule", "btn-start", "btn-back", "btn-play",
    "btn-next", "btn-end", "step-slider", "toggle-cards", "toggle-bb", "hand-select",
]


def embedded(page: str) -> object:
    found = re.search(r'<script id="report-data" type="application/json">(.*?)</script>',
                      page, re.S)
    assert found is not None
    return json.loads(found.group(1))


def test_the_data_comes_back_whole() -> None:
    data = sample_data()
    assert embedded(render_html(data)) == data


def test_hand_text_cannot_close_the_script() -> None:
    data = sample_data()
    attack = "</script><script>alert('x')</script><!-- & \u2028"
    data["findings"][0]["message"] = attack
    data["hands"]["1"]["steps"][3]["text"] = attack
    page = render_html(data)
    assert "alert('x')</script>" not in page
    assert page.count("</script>") == 2  # the data's and the program's, nothing more
    assert embedded(page) == data


def test_the_title_is_escaped() -> None:
    data = sample_data()
    page = render_html(data)
    assert f"<title>{html.escape(data['title'])}</title>" in page
    assert "<out>" not in page.split('<script id="report-data"')[0]


def test_nothing_points_outside_the_file() -> None:
    for name in ("report.html", "report.css", "report.js"):
        text = ASSETS.joinpath(name).read_text(encoding="utf-8")
        outside = r"https?:|//[a-z0-9.-]+\.[a-z]{2,}/|\bsrc=|@import|url\("
        assert re.findall(outside, text) == [], name
    data = sample_data()
    data["charts"] = {}
    page = render_html(data)
    assert re.findall(r"https?://", page) == []


def test_the_readme_lists_every_testid() -> None:
    readme = ASSETS.joinpath("README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`([a-z][a-z0-9-]*(?:<[a-z]+>)?)`", readme))
    page = ASSETS.joinpath("report.html").read_text(encoding="utf-8")
    script = ASSETS.joinpath("report.js").read_text(encoding="utf-8")
    used = set(re.findall(r'data-testid="([a-z0-9-]+)"', page))
    used |= set(re.findall(r'"data-testid": "([a-z0-9-]+)"(?! \+)', script))
    dynamic = {"board-": "board-<b>", "pot-": "pot-<i>", "seat-": "seat-<seat>",
               "seat-bet-": "seat-bet-<seat>", "seat-cards-": "seat-cards-<seat>",
               "seat-stack-": "seat-stack-<seat>", "chart-": "chart-codes"}
    used |= {dynamic[p] for p in re.findall(r'"data-testid": "([a-z-]+-)" \+', script)}
    used |= set(re.findall(r'"(summary-[a-z-]+)"', script))  # the counts' kpi(...) calls
    used |= set(re.findall(r', "(hand-[a-z]+)"\]', script))  # the hand facts
    assert used - listed == set()
    assert set(REQUIRED) - listed == set()
