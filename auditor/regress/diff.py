"""``auditor diff OLD NEW``: the findings two runs' tables differ by.

Findings are matched by their fingerprint (:mod:`auditor.regress.fingerprint`): one only
in NEW is new, one only in OLD is gone, one in both whose expected or recorded value
differs is changed. A finding of a hand that only one run read (the inputs changed, not
the findings) is neither new nor gone: such hands are counted apart. The exit code is 1
when a new root finding reaches ``--fail-on``, 0 when none does, 2 when a folder cannot
be read.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auditor.findings import Severity
from auditor.regress.rows import FINDING_COLUMNS, committed_rows


class DiffError(Exception):
    """A folder that holds no audit the diff can read (said, exit 2)."""


@dataclass(frozen=True, slots=True)
class Found:
    """One finding of a run, as its findings table holds it."""

    fingerprint: str
    hand: tuple[str, str]  # (site, hand id); ("", "") for a finding about no hand
    code: str
    severity: Severity
    root: bool
    expected: str
    recorded: str
    place: str  # "file:line:column"

    def as_json(self) -> dict[str, Any]:
        site, hand_id = self.hand
        return {
            "fingerprint": self.fingerprint,
            "site": site,
            "hand_id": hand_id,
            "code": self.code,
            "severity": str(self.severity),
            "root": self.root,
            "expected": self.expected,
            "recorded": self.recorded,
            "place": self.place,
        }


@dataclass(frozen=True, slots=True)
class Changed:
    old: Found
    new: Found


@dataclass(slots=True)
class Diff:
    new: list[Found] = field(default_factory=list)
    gone: list[Found] = field(default_factory=list)
    changed: list[Changed] = field(default_factory=list)
    hands_only_old: int = 0
    hands_only_new: int = 0
    findings_of_hands_in_one_run: int = 0

    def failing(self, fail_on: Severity) -> list[Found]:
        """The new root findings that reach ``fail_on``."""
        return [f for f in self.new if f.root and f.severity >= fail_on]


def read_run(out: Path) -> tuple[list[Found], set[tuple[str, str]]]:
    """A folder's findings and the hands it read (site, hand id)."""
    if not (out / "findings").is_dir() or not (out / "hands").is_dir():
        raise DiffError(f"{out}: no audit's tables here (no findings or hands folder)")
    found: list[Found] = []
    for row in committed_rows(out, "findings", FINDING_COLUMNS):
        if row["fingerprint"] is None:
            raise DiffError(f"{out}: written before findings had fingerprints: audit again")
        hand = (row["site"] or "", row["hand_id"]) if row["hand_id"] else ("", "")
        found.append(
            Found(
                fingerprint=row["fingerprint"],
                hand=hand,
                code=row["code"],
                severity=Severity.parse(row["severity"]),
                root=bool(row["root"]),
                expected=row["expected"] or "",
                recorded=row["recorded"] or "",
                place=f"{row['source_file']}:{row['source_line']}:{row['source_column']}",
            )
        )
    hands = {
        (r["site"] or "", r["hand_id"]) for r in committed_rows(out, "hands", ("site", "hand_id"))
    }
    # a rejected hand has no hands row: its findings name it
    hands |= {f.hand for f in found if f.hand != ("", "")}
    return found, hands


def diff(old: Path, new: Path) -> Diff:
    old_found, old_hands = read_run(old)
    new_found, new_hands = read_run(new)
    result = Diff(
        hands_only_old=len(old_hands - new_hands), hands_only_new=len(new_hands - old_hands)
    )
    both = old_hands & new_hands
    before = {f.fingerprint: f for f in old_found}
    after = {f.fingerprint: f for f in new_found}
    for print_, finding in after.items():
        if finding.hand != ("", "") and finding.hand not in both:
            result.findings_of_hands_in_one_run += 1
        elif print_ not in before:
            result.new.append(finding)
        elif (finding.expected, finding.recorded) != (
            before[print_].expected,
            before[print_].recorded,
        ):
            result.changed.append(Changed(before[print_], finding))
    for print_, finding in before.items():
        if finding.hand != ("", "") and finding.hand not in both:
            result.findings_of_hands_in_one_run += 1
        elif print_ not in after:
            result.gone.append(finding)
    return result


def _by_code_and_room(found: Iterable[Found]) -> dict[str, int]:
    counts = Counter(f"{f.code} ({f.hand[0] or 'no hand'})" for f in found)
    return dict(sorted(counts.items()))


def as_text(result: Diff, fail_on: Severity) -> str:
    lines = [
        f"new {len(result.new)}, gone {len(result.gone)}, changed {len(result.changed)}"
        f" ({len(result.failing(fail_on))} new root finding(s) reach {fail_on})"
    ]
    if result.hands_only_old or result.hands_only_new:
        lines.append(
            f"hands read by one run only: {result.hands_only_old} old, {result.hands_only_new} "
            f"new ({result.findings_of_hands_in_one_run} finding(s) of theirs not compared)"
        )
    for title, found in (("new", result.new), ("gone", result.gone)):
        for key, count in _by_code_and_room(found).items():
            lines.append(f"  {title:<7} {count:>5}  {key}")
    for finding in result.new:
        site, hand_id = finding.hand
        lines.append(f"new: {finding.place} {finding.code} hand {hand_id or '-'} ({site or '-'})")
    for change in result.changed:
        old, new = change.old, change.new
        lines.append(
            f"changed: {new.place} {new.code}: expected {old.expected!r} -> {new.expected!r}, "
            f"recorded {old.recorded!r} -> {new.recorded!r}"
        )
    return "\n".join(lines) + "\n"


def as_json(result: Diff, fail_on: Severity) -> str:
    document = {
        "new": [f.as_json() for f in result.new],
        "gone": [f.as_json() for f in result.gone],
        "changed": [{"old": c.old.as_json(), "new": c.new.as_json()} for c in result.changed],
        "new_by_code_and_room": _by_code_and_room(result.new),
        "gone_by_code_and_room": _by_code_and_room(result.gone),
        "hands_only_old": result.hands_only_old,
        "hands_only_new": result.hands_only_new,
        "findings_of_hands_in_one_run": result.findings_of_hands_in_one_run,
        "fail_on": str(fail_on),
        "failing": len(result.failing(fail_on)),
    }
    return json.dumps(document, indent=2) + "\n"


def add_arguments(parser: argparse.ArgumentParser, severities: list[str]) -> None:
    parser.add_argument("old", type=Path, help="the earlier run's output folder")
    parser.add_argument("new", type=Path, help="the later run's output folder")
    parser.add_argument("--json", action="store_true", help="print the diff as JSON")
    parser.add_argument(
        "--fail-on",
        default="error",
        choices=severities,
        help="exit 1 when a new root finding reaches this severity (default: error)",
    )


def diff_command(args: argparse.Namespace) -> tuple[int, str, str]:
    """``auditor diff``: (exit code, what goes to stdout, what goes to stderr)."""
    fail_on = Severity.parse(args.fail_on)
    try:
        result = diff(args.old, args.new)
    except (DiffError, OSError) as err:
        return 2, "", f"auditor diff: {err}\n"
    shown = as_json(result, fail_on) if args.json else as_text(result, fail_on)
    return (1 if result.failing(fail_on) else 0), shown, ""
