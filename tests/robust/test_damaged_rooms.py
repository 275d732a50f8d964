"""Hands of the newer rooms damaged by the mutation fuzzer (benchmarks/fuzz.py, 100,000
hands) that crashed their reader or the showdown (INTERNAL_ERROR) before: a stake finer
than a cent or beyond any table, a date or a POSIX time beyond any calendar, a turn
dealt twice, a summary of board 2,453,159,596 (the reader padded a tuple to it: 24 GB,
and the kernel killed the run). Each is now what the record is: rejected at its line
(PARSE_ERROR, or AMOUNT_OUT_OF_RANGE), or audited."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status

DAMAGED = sorted((Path(__file__).parent / "damaged").glob("*.txt"))


@pytest.mark.parametrize("path", DAMAGED, ids=[p.stem for p in DAMAGED])
def test_a_damaged_hand_costs_itself_not_a_crash(path: Path) -> None:
    (result,) = HandAuditor().audit_file(str(path), FileSummary(source_file=path.name))
    codes = [f.code for f in result.findings]
    assert "INTERNAL_ERROR" not in codes
    if path.stem.startswith("888poker"):  # the turn dealt twice: read, and flagged
        assert result.status is Status.AUDITED and codes
    else:
        assert result.status is Status.REJECTED  # one finding: the line it cannot read
        assert codes in (["PARSE_ERROR"], ["AMOUNT_OUT_OF_RANGE"])
        assert result.findings[0].source.line >= 1


def test_every_room_that_crashed_has_its_case() -> None:
    rooms = {p.stem.rsplit("-", 1)[0] for p in DAMAGED}
    crashed = {"party", "merge", "microgaming", "bossmedia", "phh", "888poker", "fulltilt"}
    assert rooms == crashed
