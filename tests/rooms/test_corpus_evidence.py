"""Every error finding a corpus test expects on a real record carries its evidence.

A finding on a real record is presumed false until the test expecting it shows one of
(docs/RULES.md, "What a finding promises"; issue 21):

- "(a) ": the record contradicts itself, with the arithmetic written out (the chips put
  in against the chips paid out, the pot the record states against the bets it lists);
- "(b) ": a rule the record breaks, quoted (in double quotes) from the room's published
  rules, the seeds (docs/RULES.md) or a standard rule book, with its source named;
- "(c) ": a consequence: it follows from another finding of the hand, which it names by
  code (the replay marks it with ``caused_by``; it is not counted as an error of its own).

A reviewer checks each in a minute; this test checks that none is left without one.
Warnings and information need no evidence prefix.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from auditor.findings import CATALOGUE, Code, Finding, Severity
from auditor.pipeline import FileSummary, HandAuditor
from tests.corpus import manifest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(
    [
        *(p for p in (ROOT / "tests" / "rooms").glob("*/test_corpus.py")),
        ROOT / "tests" / "replay" / "test_corpus_findings.py",
    ]
)
# a source the (b) quote is taken from: the seeds, a rule book, or the room's own pages
SOURCES = re.compile(
    r"RULES\.md|seeds|Robert's Rules|TDA|WSOP|rules|terms|help|FAQ|support|site|page",
    re.IGNORECASE,
)
ARITHMETIC = re.compile(r"\d[\d.,]*\s*(?:[-+=<>x*/]|!=|≠)\s*[€$£]?\d|\d\s*(?:!=|≠|=)")
# money: its contradiction is a sum, written out; any other: two statements of the record
# (quoted, or named by line) that disagree
MONEY = frozenset(
    {
        "POT_WRONG",
        "CHIPS_NOT_CONSERVED",
        "AWARD_WRONG",
        "UNCALLED_WRONG",
        "CALL_WRONG",
        "RAKE_WRONG",
        "STACK_EXCEEDED",
        "ODD_CHIP_WRONG",
        "CASH_OUT_WRONG",
    }
)
CITED = re.compile(r"'[^']{2,}'|\"[^\"]{2,}\"|\bline \d+")
CONTRAST = re.compile(
    r"\b(?:yet|but|while|differ|disagree|contradict|not|no|never|instead)\b|!=|≠| vs ",
    re.IGNORECASE,
)
QUOTE = re.compile(r"\"[^\"]{10,}\"")

Key = tuple[str, str, str, int]


def _module(path: Path) -> ModuleType:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return importlib.import_module(name)


def _expected(module: ModuleType) -> dict[Key, str]:
    """Every table of expected findings the module keeps: a dict from (file, hand id, code,
    line) to the reason."""
    found: dict[Key, str] = {}
    for value in vars(module).values():
        if not isinstance(value, dict) or not value:
            continue
        key = next(iter(value))
        if isinstance(key, tuple) and len(key) >= 4 and isinstance(key[3], int):
            # (file, hand id, code, line), and any more (Poker Now's message) dropped
            found.update({tuple(k[:4]): reason for k, reason in value.items()})
    return found


def _problem(code: str, reason: str) -> str | None:
    """Why ``reason`` is no evidence for an error finding of ``code``; None when it is."""
    if reason.startswith("(a) "):
        if ARITHMETIC.search(reason):
            return None
        if code in MONEY:
            return "(a) about money without its arithmetic (no 'x + y = z' or 'x != y')"
        if not (CITED.search(reason) and CONTRAST.search(reason)):
            return "(a) without the two statements of the record that disagree"
        return None
    if reason.startswith("(b) "):
        if not QUOTE.search(reason):
            return "(b) without the rule quoted in double quotes"
        if not SOURCES.search(reason.split('"', 1)[0]):
            return "(b) without the rule's source before its quote"
        return None
    if reason.startswith("(c) "):
        named = set(re.findall(r"\b[A-Z][A-Z_]+[A-Z]\b", reason)) & {c.value for c in Code}
        if not named or not re.search(r"\bline \d+", reason):
            return "(c) without the code and the line of the finding it follows from"
        return None
    return "no evidence: the reason starts with neither '(a) ', '(b) ' nor '(c) '"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_expected_error_carries_its_evidence(path: Path) -> None:
    module = _module(path)
    missing = []
    for (file, hand, code, line), reason in sorted(_expected(module).items()):
        if CATALOGUE[Code(code)].severity is not Severity.ERROR:
            continue
        problem = _problem(code, reason)
        if problem is not None:
            missing.append(f"{file} hand {hand} {code} line {line}: {problem}")
    assert missing == []


def test_the_evidence_check_tells_evidence_from_none() -> None:
    assert _problem("POT_WRONG", "(a) chips in 1.00 + 2.00 = 3.00; the pot written is 3.50") is None
    assert _problem("POT_WRONG", "the pot is wrong") is not None
    assert _problem("POT_WRONG", "(a) the pot is wrong") is not None
    assert _problem("POT_WRONG", "(a) 'Total pot 5' but the bets are more") is not None
    assert (
        _problem("STREET_EARLY", "(a) '*** TURN *** []' deals no card, yet the board has 4") is None
    )
    assert _problem("STREET_EARLY", "(a) the turn is early") is not None
    assert (
        _problem(
            "BLIND_WRONG",
            '(b) docs/RULES.md (the seeds): "Small blind left of the button, big blind left of '
            'it": seat 3 posts it',
        )
        is None
    )
    assert _problem("BLIND_WRONG", "(b) the blind is wrong") is not None
    assert _problem("POT_WRONG", "(c) follows from the CALL_WRONG on line 23") is None
    assert _problem("POT_WRONG", "(c) follows from CALL_WRONG") is not None
    assert _problem("POT_WRONG", "(c) follows from the call") is not None


RULES = ROOT / "docs" / "RULES.md"


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_quotation_of_the_rules_is_in_the_rules(path: Path) -> None:
    """A "(b)" entry quoting docs/RULES.md quotes it word for word (the rule book ships
    with the repository, so a reviewer reads the rule where the test says it is)."""
    rules = _words(RULES.read_text(encoding="utf-8"))
    misquoted = []
    for key, reason in sorted(_expected(_module(path)).items()):
        source, _, quoted = reason.partition('"')
        if not reason.startswith("(b) ") or "RULES.md" not in source:
            continue
        quote = quoted.split('"', 1)[0]
        if _words(quote) not in rules:
            misquoted.append(f"{key}: {quote!r}")
    assert misquoted == []


@pytest.fixture(scope="module")
def corpus_findings(corpus: Path) -> dict[Key, list[Finding]]:
    """Every finding of the corpus's hands under their rooms' profiles, by (file, hand id,
    code, line)."""
    auditor = HandAuditor("auto")
    found: dict[Key, list[Finding]] = {}
    for row in manifest():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            for f in result.findings:
                found.setdefault((row.file, result.hand_id, f.code, f.source.line), []).append(f)
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_consequence_is_marked_so_and_a_root_is_counted(
    path: Path, corpus_findings: dict[Key, list[Finding]]
) -> None:
    """What the test says of an error, the audit does: a "(c)" entry follows from its root
    (``caused_by``), an "(a)" or "(b)" entry is a root cause the summary counts."""
    wrong = []
    for key, reason in sorted(_expected(_module(path)).items()):
        if CATALOGUE[Code(key[2])].severity is not Severity.ERROR:
            continue
        got = corpus_findings.get(key)
        if not got:
            continue  # expected under another profile than the room's
        consequence = reason.startswith("(c) ")
        if not any((f.caused_by is not None) == consequence for f in got):
            said = "a consequence" if consequence else "a root cause"
            wrong.append(f"{key}: the test calls it {said}, the audit does not")
    assert wrong == []
