"""A run's findings for CI tools: JUnit XML (GitLab, Jenkins and GitHub test reporters:
a test case per audited file, a failure per root finding that reaches --fail-on) and
SARIF 2.1.0 (GitHub code scanning: each finding a result on its file's line and column,
its fingerprint as the result's partial fingerprint, a baseline's acceptance as a
suppression).

Both are made from the run's committed findings and files tables, after the run.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from auditor import __version__
from auditor.findings import CATALOGUE, Code, Severity
from auditor.regress.rows import FINDING_COLUMNS, committed_rows

TOOL = "omaha-auditor"
_INFO_URI = "https://github.com/omaha-auditor/omaha-auditor"
_FILE_COLUMNS = ("run_id", "source_file", "format", "status", "reason", "hands_read")
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _runs_rows(out: Path, run_id: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    findings = [
        r for r in committed_rows(out, "findings", FINDING_COLUMNS) if r["run_id"] == run_id
    ]
    files = [r for r in committed_rows(out, "files", _FILE_COLUMNS) if r["run_id"] == run_id]
    return findings, files


def _where(row: dict[str, Any]) -> str:
    hand = f" hand {row['hand_id']}" if row["hand_id"] else ""
    return f"{row['source_file']}:{row['source_line']}:{row['source_column']}{hand}"


def junit_xml(out: Path, run_id: str, fail_on: Severity) -> bytes:
    """The run as JUnit XML: one test suite, a test case per input file (its room as the
    class name); each root finding at or above ``fail_on`` not accepted by a baseline is
    a failure of its file's case, the others are listed in its system-out."""
    findings, files = _runs_rows(out, run_id)
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in findings:
        by_file[row["source_file"]].append(row)
    suite = ET.Element("testsuite", name=TOOL)
    failed = 0
    for file in files:
        name = file["source_file"]
        case = ET.SubElement(suite, "testcase", name=name, classname=file["format"] or "unread")
        if file["status"] != "read":
            ET.SubElement(case, "skipped", message=file["reason"] or file["status"])
        noted = []
        for row in sorted(by_file.get(name, []), key=lambda r: (r["source_line"], r["code"])):
            severity = Severity.parse(row["severity"])
            if row["root"] and severity >= fail_on and row["suppressed_by"] is None:
                failure = ET.SubElement(
                    case, "failure", message=f"{row['code']}: {row['message']}", type=row["code"]
                )
                failure.text = (
                    f"{_where(row)}\nexpected: {row['expected']}\nrecorded: {row['recorded']}"
                )
                failed += 1
            else:
                why = (
                    "accepted: " + row["suppressed_by"]
                    if row["suppressed_by"]
                    else (
                        "follows from " + row["caused_by_code"]
                        if not row["root"]
                        else str(severity)
                    )
                )
                noted.append(f"{_where(row)} {row['code']} ({why}): {row['message']}")
        if noted:
            ET.SubElement(case, "system-out").text = "\n".join(noted)
    suite.set("tests", str(len(files)))
    suite.set("failures", str(failed))
    suite.set("errors", "0")
    suite.set("skipped", str(sum(1 for f in files if f["status"] != "read")))
    root = ET.Element("testsuites", name=TOOL, tests=suite.get("tests", "0"), failures=str(failed))
    root.append(suite)
    ET.indent(root)
    text: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return text + b"\n"


def _uri(file: str, base: Path) -> str:
    """A result's file as SARIF wants it: relative to ``base`` (the repository a code
    scanner shows it in) when under it, else an absolute file URI."""
    path = Path(file)
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_uri() if path.is_absolute() or path.exists() else file


def sarif(out: Path, run_id: str, base: Path | None = None) -> dict[str, Any]:
    """The run as a SARIF 2.1.0 log: a rule per finding code, a result per finding (a
    consequence of another as a note, naming its root)."""
    findings, _ = _runs_rows(out, run_id)
    base = base or Path(os.getcwd())
    codes = sorted({row["code"] for row in findings})
    index = {code: n for n, code in enumerate(codes)}
    rules = []
    for code in codes:
        info = CATALOGUE[Code(code)]
        rules.append(
            {
                "id": code,
                "shortDescription": {"text": info.summary},
                "fullDescription": {"text": info.rule},
                "defaultConfiguration": {"level": _LEVEL[info.severity]},
                "help": {"text": f"auditor explain {code}: {info.rule}"},
            }
        )
    results = []
    for row in findings:
        severity = Severity.parse(row["severity"])
        result: dict[str, Any] = {
            "ruleId": row["code"],
            "ruleIndex": index[row["code"]],
            "level": _LEVEL[severity] if row["root"] else "note",
            "message": {"text": _message(row)},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(row["source_file"], base)},
                        "region": {
                            "startLine": max(1, int(row["source_line"])),
                            "startColumn": max(1, int(row["source_column"])),
                        },
                    }
                }
            ],
            "partialFingerprints": {"omahaAuditorFinding/v1": row["fingerprint"]},
            "properties": {
                "hand_id": row["hand_id"],
                "site": row["site"],
                "table_name": row["table_name"],
                "root": bool(row["root"]),
            },
        }
        if row["suppressed_by"]:
            result["suppressions"] = [{"kind": "external", "justification": row["suppressed_by"]}]
        results.append(result)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL,
                        "version": __version__,
                        "informationUri": _INFO_URI,
                        "rules": rules,
                    }
                },
                "automationDetails": {"id": f"{TOOL}/{run_id}"},
                "results": results,
            }
        ],
    }


def _message(row: dict[str, Any]) -> str:
    words = [row["message"]]
    if row["hand_id"]:
        words.append(f"(hand {row['hand_id']}")
        words[-1] += f", {row['street']})" if row["street"] else ")"
    if row["expected"] or row["recorded"]:
        words.append(f"expected {row['expected']!r}, recorded {row['recorded']!r}")
    if not row["root"]:
        words.append(f"follows from {row['caused_by_code']}")
    return " ".join(words)


def write_new(path: Path, data: bytes, overwrite: bool) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed over it);
    an existing file is replaced only with ``overwrite``."""
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path}: exists (--overwrite to replace it)")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


def write_reports(
    out: Path,
    run_id: str,
    fail_on: Severity,
    junit: Path | None,
    sarif_path: Path | None,
    overwrite: bool,
) -> Sequence[Path]:
    """Write the asked reports of a finished run; the paths written."""
    written = []
    if junit is not None:
        write_new(junit, junit_xml(out, run_id, fail_on), overwrite)
        written.append(junit)
    if sarif_path is not None:
        text = json.dumps(sarif(out, run_id), indent=1) + "\n"
        write_new(sarif_path, text.encode("utf-8"), overwrite)
        written.append(sarif_path)
    return written
