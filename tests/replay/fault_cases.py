"""What the fault-injection tests share: a clean hand's source, a case (one fault and
what the audit must report for it), and the check that runs a case.

A case takes a hand that audits clean, injects one fault with :class:`Fault`, and
requires the finding at the fault's line, with its player, expected and recorded
values where the case names them. A finding reported twice, or codes beyond the ones
the case allows, raise :class:`StrayFinding`: cases where the engine still does that
are marked xfail with the reason.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from auditor.findings import Finding, Severity
from auditor.pipeline import FileSummary, HandAuditor, HandResult
from tests.corpus import CORPUS, ROOT, require_corpus
from tests.replay.faults import Fault, hand_text


class StrayFinding(AssertionError):
    """The findings are not the expected set: an extra code, a code reported twice, or
    one missing. (An engine problem the xfail cases name.)"""


@dataclass(frozen=True, slots=True)
class Source:
    """A clean hand: its file (under the corpus, or ``fixtures/...`` in the checkout)."""

    path: str
    hand_id: str
    name: str  # short, for the test id

    @property
    def file(self) -> Path:
        return ROOT / self.path if self.path.startswith("fixtures/") else CORPUS / self.path

    @property
    def in_corpus(self) -> bool:
        return not self.path.startswith("fixtures/")

    def text(self) -> str:
        if self.in_corpus:
            require_corpus(self.file)
        return hand_text(self.file, self.hand_id)


@dataclass(frozen=True, slots=True)
class Case:
    """One fault in one hand, and what the audit must report."""

    code: str
    source: Source
    what: str  # the fault, in a few words (the test id)
    inject: Callable[[Fault], Fault]
    also: frozenset[str] = frozenset()  # codes that follow from the fault
    player: str | None = None
    expected: str | None = None
    recorded: str | None = None
    rules: str = "auto"  # "auto" (the room's profile), a bundled name, or a test's own
    engine: str = ""  # set: the engine disagrees with docs/RULES.md here (xfail), and why

    @property
    def id(self) -> str:
        return f"{self.code}-{self.source.name}-{self.what}"


def case(
    code: str,
    source: Source,
    what: str,
    inject: Callable[[Fault], Fault],
    *also: str,
    player: str | None = None,
    expected: str | None = None,
    recorded: str | None = None,
    rules: str = "auto",
    engine: str = "",
) -> Case:
    return Case(
        code, source, what, inject, frozenset(also), player, expected, recorded, rules, engine
    )


@cache
def _auditor(rules: str) -> HandAuditor:
    return HandAuditor(rules)


def audit(text: str, name: str, rules: str = "auto") -> HandResult:
    """The one hand of ``text``, read and replayed as the ``audit`` command does."""
    results = list(
        _auditor(rules).audit_stream(
            io.BytesIO(text.encode("utf-8")), name, FileSummary(source_file=name)
        )
    )
    assert len(results) == 1, f"{len(results)} hands read"
    return results[0]


def show(findings: Iterable[Finding]) -> str:
    return "\n".join(
        f"  {f.code} line {f.source.line} player={f.player!r} expected={f.expected!r} "
        f"recorded={f.recorded!r}: {f.message}"
        for f in findings
    )


def case_params(cases: Iterable[Case], misplaced: Iterable[str] = ()) -> list[object]:
    """Each case as a test parameter; an engine problem is a strict xfail (a finding at
    the wrong line, named in ``misplaced``, fails the line assertion instead)."""
    misplaced = set(misplaced)
    params: list[object] = []
    for c in cases:
        raises = AssertionError if c.engine in misplaced else StrayFinding
        marks = [pytest.mark.xfail(strict=True, raises=raises, reason=c.engine)] if c.engine else []
        params.append(pytest.param(c, id=c.id, marks=marks))
    return params


def check_case(c: Case, rules: str | None = None) -> None:
    """Run case ``c`` (under ``rules`` when given, else the case's own)."""
    rules = c.rules if rules is None else rules
    original = c.source.text()
    clean = audit(original, c.source.path, rules)
    assert clean.findings == (), f"the unmutated hand is not clean:\n{show(clean.findings)}"

    fault = c.inject(Fault.of(original))
    found = audit(fault.text, c.source.path, rules).findings
    report = f"fault at line {fault.line}: {fault[fault.line]!r}\n{show(found)}"

    mine = [f for f in found if f.code == c.code]
    assert any(f.source.line == fault.line for f in mine), f"no {c.code} there\n{report}"
    at_line = next(f for f in mine if f.source.line == fault.line)
    if c.player is not None:
        assert at_line.player == c.player, report
    if c.expected is not None:
        assert at_line.expected == c.expected, report
    if c.recorded is not None:
        assert at_line.recorded == c.recorded, report

    # one seeded defect, one root: it is counted, and what follows from it names it
    assert at_line.is_root, f"the seeded {c.code} is marked as a consequence\n{report}"
    if not c.also:
        roots = [f for f in found if f.is_root and f.severity is Severity.ERROR]
        wanted = [at_line] if at_line.severity is Severity.ERROR else []
        assert roots == wanted, f"one seeded fault, {len(roots)} root errors\n{report}"
    if len(mine) != 1:
        raise StrayFinding(f"{c.code} reported {len(mine)} times for one fault\n{report}")
    codes = {f.code for f in found}
    if codes != {c.code} | c.also:
        raise StrayFinding(f"codes {sorted(codes)}, expected {sorted({c.code} | c.also)}\n{report}")


def codes_with_fewer_than_three(cases: Iterable[Case], wanted: Iterable[str]) -> dict[str, int]:
    """The codes of ``wanted`` that fewer than three different passing hands show."""
    passing: dict[str, set[str]] = {}
    for c in cases:
        if not c.engine:
            passing.setdefault(c.code, set()).add(c.source.hand_id)
    return {code: len(passing.get(code, ())) for code in wanted if len(passing.get(code, ())) < 3}
