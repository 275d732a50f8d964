"""One unreadable hand is one PARSE_ERROR at its line; the file goes on."""

from __future__ import annotations

import io
from pathlib import Path

from auditor.pipeline import FileSummary, HandAuditor, Status


def _audit_bytes(data: bytes, name: str = "mem.txt") -> tuple[list[Status], list[str], FileSummary]:
    summary = FileSummary(source_file=name)
    results = list(HandAuditor().audit_stream(io.BytesIO(data), name, summary))
    return (
        [r.status for r in results],
        [f"{f.code}@{f.source.line}" for r in results for f in r.findings],
        summary,
    )


def test_corrupt_hand_in_the_middle_of_a_real_file(corpus: Path) -> None:
    path = corpus / "PokerStars/PLO8/PLO8-6max-USD-0.01-0.02-200911.txt"
    lines = path.read_bytes().decode("utf-8-sig").splitlines(keepends=True)
    headers = [i for i, line in enumerate(lines) if line.startswith("PokerStars Game #")]
    assert len(headers) == 15
    middle = headers[7]
    target = next(i for i in range(middle, headers[8]) if ": calls " in lines[i])
    lines[target] = lines[target].replace(": calls ", ": callz ")
    statuses, findings, summary = _audit_bytes("".join(lines).encode("utf-8"))
    assert summary.hands_read == 15
    assert statuses.count(Status.REJECTED) == 1
    assert statuses.index(Status.REJECTED) == 7
    assert [f for f in findings if f.startswith("PARSE_ERROR")] == [f"PARSE_ERROR@{target + 1}"]


def test_parse_error_says_where_and_what() -> None:
    text = (
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\n"
        "Table 'T' 6-max Seat #1 is the button\n"
        "Seat 1: a ($200 in chips)\n"
        "Seat 2: b ($200 in chips)\n"
        "a: posts small blind $1\n"
        "b: posts big blind $2\n"
        "*** HOLE CARDS ***\n"
        "a: raises $4 two $6\n"
        "*** SUMMARY ***\n"
    )
    summary = FileSummary(source_file="x")
    (result,) = HandAuditor().audit_stream(io.BytesIO(text.encode()), "x.txt", summary)
    (finding,) = result.findings
    assert finding.code == "PARSE_ERROR"
    assert (finding.source.file, finding.source.line) == ("x.txt", 8)
    assert finding.recorded == "a: raises $4 two $6"
    assert "line 8" in finding.message and "expected" in finding.message
    assert summary.hands_rejected == 1


def test_amount_finer_than_the_unit_is_a_parse_error() -> None:
    text = (
        "PokerStars Hand #2:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\n"
        "Table 'T' 6-max Seat #1 is the button\n"
        "Seat 1: a ($200.005 in chips)\n"
    )
    statuses, findings, _ = _audit_bytes(text.encode())
    assert statuses == [Status.REJECTED]
    assert findings == ["PARSE_ERROR@3"]
