"""Room names as the charts print them (issue 22): a name matplotlib would read as
mathtext (``$\\frac{1}{$``) is drawn as written, not a crash (exit 3); a name too long for
the chart is cut with an ellipsis, its whole name in the label's tooltip, and no layout
warning printed. The names come from real hands: an OHH fixture's ``site_name`` edited."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "ohh" / "ohh_storage_format_plo_and_hilo_side_pot.txt"
MATH = "$\\frac{1}{$"
LONG = (
    "The Extraordinarily Long Named Poker Room Of The Northern Hemisphere"
    " International Network Edition"
)


def hands_named(path: Path, *sites: str) -> None:
    """The fixture's hands, each at site ``sites[i]``, each with a total pot 1 too high
    (a POT_WRONG: a finding, so that the room is in the findings-by-room chart)."""
    docs = [json.loads(text) for text in FIXTURE.read_text(encoding="utf-8").split("\n\n")]
    for doc, site in zip(docs, sites, strict=True):
        doc["ohh"]["site_name"] = site
        doc["ohh"]["pots"][0]["amount"] = float(doc["ohh"]["pots"][0]["amount"]) + 1
    path.write_text("\n\n".join(json.dumps(doc) for doc in docs) + "\n", encoding="utf-8")


def audit_with_report(tmp_path: Path, *sites: str) -> tuple[subprocess.CompletedProcess[str], str]:
    source = tmp_path / "hands.ohh"
    hands_named(source, *sites)
    page = tmp_path / "report.html"
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(source), "--out", str(tmp_path / "out"),
         "--html", str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    return done, page.read_text(encoding="utf-8") if page.exists() else ""


def rooms_chart(page: str) -> str:
    """The findings-by-room chart's SVG, from the data the page carries."""
    found = re.search(r'<script id="report-data" type="application/json">(.*?)</script>',
                      page, re.DOTALL)
    assert found is not None
    chart: str = json.loads(found.group(1))["charts"]["rooms"]
    return chart


def test_a_room_named_like_mathtext_is_drawn_as_written(tmp_path: Path) -> None:
    done, page = audit_with_report(tmp_path, MATH, "PokerNet")
    assert done.returncode == 1, done.stdout + done.stderr  # POT_WRONG: findings, no bug
    assert done.stderr == ""
    chart = rooms_chart(page)
    assert html.escape(MATH, quote=False) in chart  # the text as written, not typeset


def test_a_long_room_name_is_cut_with_its_whole_name_in_a_tooltip(tmp_path: Path) -> None:
    done, page = audit_with_report(tmp_path, LONG, MATH + " " + LONG)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr == ""  # no "constrained_layout not applied" warning
    chart = rooms_chart(page)
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", chart)
    cut = [label for label in labels if label.endswith("\u2026")]
    assert len(cut) == 2 and all(len(label) < len(LONG) for label in cut)
    assert LONG not in labels
    titles = [html.unescape(t) for t in re.findall(r"<title>([^<]*)</title>", chart)]
    assert sorted(titles) == sorted([LONG, MATH + " " + LONG])
