"""``auditor report`` and ``auditor audit --html`` as a user meets them: the file written
whole, never over a file the auditor did not write, a hand that cannot be read again
listed, and every mistake said in one line with exit 2."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import auditor
from auditor.cli import main
from auditor.report.build import MARK

FIXTURES = auditor.bundled_fixtures()
DATA = re.compile(r'<script id="report-data" type="application/json">(.*?)</script>', re.S)


def _data(html: Path) -> dict[str, Any]:
    found = DATA.search(html.read_text(encoding="utf-8"))
    assert found is not None
    loaded: dict[str, Any] = json.loads(found.group(1))
    return loaded


@pytest.fixture(scope="module")
def audit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("cli")
    hands = root / "hands"
    shutil.copytree(FIXTURES / "pokerstars", hands)
    out = root / "out"
    assert main(["audit", str(hands), "--out", str(out), "--quiet"]) in (0, 1)
    return hands, out


def test_report_written_whole(
    audit: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = audit
    html = tmp_path / "report.html"
    assert main(["report", str(out), "--html", str(html), "--hand", "200000000001"]) == 0
    said = capsys.readouterr().out
    assert f"report written to {html}" in said and "hand(s) replayed" in said
    text = html.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>\n" + MARK)
    assert text.rstrip().endswith("</html>")
    assert not re.search(r"""(src|href)=["']https?:""", text)  # nothing fetched
    data = _data(html)
    tables = auditor.load(out)
    assert data["hands_total"] == len(tables["hands"])
    assert data["findings_total"] == len(tables["findings"])
    asked = tables["hands"][tables["hands"]["hand_id"] == "200000000001"]["hand_key"]
    assert {str(k) for k in asked} <= set(data["hands"])  # asked for, though not flagged
    assert list(tmp_path.iterdir()) == [html]  # no temporary file left beside it


def test_a_file_not_ours_is_never_replaced(
    audit: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = audit
    html = tmp_path / "notes.html"
    html.write_text("<p>my notes</p>", encoding="utf-8")
    assert main(["report", str(out), "--html", str(html)]) == 2
    assert "not a report the auditor wrote" in capsys.readouterr().err
    assert html.read_text(encoding="utf-8") == "<p>my notes</p>"
    # nor by an audit, which refuses before it runs
    fresh = tmp_path / "fresh-out"
    code = main(["audit", str(FIXTURES / "pokerstars"), "--out", str(fresh), "--html", str(html)])
    assert code == 2 and not fresh.exists()


def test_its_own_report_is_replaced(audit: tuple[Path, Path], tmp_path: Path) -> None:
    _, out = audit
    html = tmp_path / "report.html"
    assert main(["report", str(out), "--html", str(html)]) == 0
    first = html.stat().st_mtime_ns
    assert main(["report", str(out), "--html", str(html), "--max-hands", "1"]) == 0
    assert html.stat().st_mtime_ns >= first
    assert len(_data(html)["hands"]) <= 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--hand", "42"], "no hand 42 in run"),
        (["--run", "nope"], "no run 'nope'"),
        (["--rules", "no-such-profile"], "unknown rule profile"),
    ],
)
def test_mistakes_are_one_line(
    audit: tuple[Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    said: str,
) -> None:
    _, out = audit
    html = tmp_path / "r.html"
    assert main(["report", str(out), "--html", str(html), *args]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    assert not html.exists()


def test_not_an_audit_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "nothing"), "--html", str(tmp_path / "r.html")]) == 2
    assert "no such audit folder" in capsys.readouterr().err


def test_hand_needs_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["audit", str(FIXTURES / "pokerstars"), "--out", str(tmp_path / "o"),
                 "--hand", "1"])
    assert code == 2 and "give --html too" in capsys.readouterr().err


def test_a_source_gone_since_the_audit_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = tmp_path / "hands"
    shutil.copytree(FIXTURES / "pokerstars", hands)
    out, html = tmp_path / "out", tmp_path / "r.html"
    main(["audit", str(hands), "--out", str(out), "--quiet"])
    flagged = auditor.load(out)["findings"]
    files = set(flagged["source_file"].astype(str))
    for name in files:
        Path(name).unlink()
    assert main(["report", str(out), "--html", str(html)]) == 0
    said = capsys.readouterr().out
    assert "not replayed" in said
    data = _data(html)
    audited = set(auditor.load(out)["hands"]["hand_key"].astype(int))
    gone = {row["hand_key"] for row in data["not_replayed"] if row["hand_key"] in audited}
    assert gone and not gone & {int(k) for k in data["hands"]}
    assert all(
        "cannot be read again" in row["why"]
        for row in data["not_replayed"]
        if row["hand_key"] in gone
    )
    # their findings are on the page all the same, not linked to a replayer
    rows = [f for f in data["findings"] if f["hand_key"] in gone]
    assert rows and not any(f["replayed"] for f in rows)


def test_audit_html_writes_the_tables_then_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, html = tmp_path / "out", tmp_path / "r.html"
    code = main(["audit", str(FIXTURES / "pokerstars"), "--out", str(out), "--html", str(html)])
    assert code in (0, 1)
    said = capsys.readouterr().out.splitlines()
    assert said[-1].startswith(f"report written to {html}")
    assert any(line.startswith("tables written to") for line in said[:-1])
    assert _data(html)["hands_total"] == len(auditor.load(out)["hands"])
    # --json keeps stdout the JSON alone
    html.unlink()
    main(["audit", str(FIXTURES / "pokerstars"), "--out", str(out), "--overwrite",
          "--html", str(html), "--json"])
    json.loads(capsys.readouterr().out)
    assert html.exists()


def test_an_audit_with_no_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, html = tmp_path / "out", tmp_path / "r.html"
    one = FIXTURES / "pokerstars" / "cash_plo_every_line.txt"
    assert main(["audit", str(one), "--out", str(out), "--quiet"]) == 0
    assert main(["report", str(out), "--html", str(html)]) == 0
    data = _data(html)
    assert data["findings"] == [] and data["hands"] == {} and data["findings_total"] == 0
    assert data["summary"]["hands_audited"] == len(auditor.load(out)["hands"]) > 0
    assert data["charts"] == {}


def test_every_flagged_hand_is_replayed_or_said_why(
    audit: tuple[Path, Path], tmp_path: Path
) -> None:
    """A rejected hand (its record unreadable) has findings but nothing to replay: it is
    listed with the reason, as a hand not found again is, and counted once."""
    _, out = audit
    html = tmp_path / "r.html"
    assert main(["report", str(out), "--html", str(html)]) == 0
    data = _data(html)
    tables = auditor.load(out)
    flagged = set(tables["findings"]["hand_key"].dropna().astype(int))
    replayed = {int(k) for k in data["hands"]}
    said = {row["hand_key"]: row["why"] for row in data["not_replayed"]}
    assert flagged == replayed | set(said) and not replayed & set(said)
    rejected = flagged - set(tables["hands"]["hand_key"].astype(int))
    assert rejected  # the fixtures' one_bad_hand_in_three.txt
    assert all("rejected" in said[key] for key in rejected)
