"""Issue 26, item 4: ``audit --sarif`` writes SARIF 2.1.0 that validates against the
published schema (OASIS sarif-schema-2.1.0.json, errata 01, kept beside this test), each
finding a result on its file, line and column with its fingerprint; ``--junit`` writes
JUnit XML a JUnit parser reads: a test case per input file, a failure per root finding
that reaches --fail-on (an accepted one is no failure)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pyarrow.parquet as pq
import pytest
from junitparser import Failure, JUnitXml, Skipped

from auditor.cli import main
from tests.regress.conftest import PARTY, TWO_HANDS

SCHEMA = Path(__file__).with_name("sarif-schema-2.1.0.json")


def _findings(out: Path) -> list[dict[str, object]]:
    columns = ["code", "root", "severity", "fingerprint", "source_line", "source_file"]
    rows: list[dict[str, object]] = pq.read_table(out / "findings", columns=columns).to_pylist()
    return rows


def test_the_sarif_validates_and_places_every_finding(inputs: Path, tmp_path: Path) -> None:
    out, report = tmp_path / "out", tmp_path / "audit.sarif"
    assert main(["audit", str(inputs), "--out", str(out), "--quiet", "--sarif", str(report)]) == 1
    log = json.loads(report.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(log)
    (run,) = log["runs"]
    results = run["results"]
    rows = _findings(out)
    assert sorted(r["partialFingerprints"]["omahaAuditorFinding/v1"] for r in results) == sorted(
        str(row["fingerprint"]) for row in rows
    )
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    for result in results:
        assert rules[result["ruleIndex"]] == result["ruleId"]
        place = result["locations"][0]["physicalLocation"]
        assert place["artifactLocation"]["uri"].endswith((TWO_HANDS.name, PARTY.name))
        assert place["region"]["startLine"] >= 1
    levels = {r["ruleId"]: r["level"] for r in results if r["properties"]["root"]}
    assert levels["BLINDS_INFERRED"] == "note" and levels["CHIPS_NOT_CONSERVED"] == "error"


def test_the_junit_file_is_read_by_a_junit_parser(inputs: Path, tmp_path: Path) -> None:
    out, report = tmp_path / "out", tmp_path / "junit.xml"
    assert main(["audit", str(inputs), "--out", str(out), "--quiet", "--junit", str(report)]) == 1
    rows = _findings(out)
    failing = [r for r in rows if r["root"] and r["severity"] == "error"]
    (suite,) = list(JUnitXml.fromfile(str(report)))
    cases = list(suite)
    assert sorted(Path(c.name).name for c in cases) == sorted([TWO_HANDS.name, PARTY.name])
    failures = [result for case in cases for result in case.result if isinstance(result, Failure)]
    assert len(failures) == len(failing) >= 1 and suite.failures == len(failing)
    assert all(str(failure.type) in {str(r["code"]) for r in failing} for failure in failures)
    assert not any(isinstance(r, Skipped) for case in cases for r in case.result)
    # accepted in a baseline: no failure, and the run passes
    accepted = tmp_path / "accepted.toml"
    prints = ", ".join(f'"{r["fingerprint"]}"' for r in failing)
    accepted.write_text(f'[[accept]]\nfingerprint = [{prints}]\nreason = "test"\n', "utf-8")
    command = ["audit", str(inputs), "--out", str(out), "--quiet", "--overwrite"]
    assert main([*command, "--junit", str(report), "--baseline", str(accepted)]) == 0
    (suite,) = list(JUnitXml.fromfile(str(report)))
    assert suite.failures == 0


def test_an_existing_report_file_is_kept_without_overwrite(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "mine.xml"
    report.write_text("a file the auditor did not write", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["audit", str(inputs), "--out", str(out), "--junit", str(report)]) == 2
    assert "exists (--overwrite to replace it)" in capsys.readouterr().err
    assert report.read_text(encoding="utf-8") == "a file the auditor did not write"
    assert not out.exists()
