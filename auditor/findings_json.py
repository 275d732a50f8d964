"""``auditor audit --json-findings``: every finding of one run, located, for machines.

Read back from the run's findings table rather than kept while the run goes: a run of
millions of hands holds its findings on disk, not in the reading process.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# the JSON key of each findings column listed (where a finding is, and what it says)
_KEYS = {
    "code": "code",
    "severity": "severity",
    "hand_id": "hand_id",
    "source_file": "file",
    "source_line": "line",
    "source_column": "column",
    "street": "street",
    "seq": "seq",
    "player": "player",
    "expected": "expected",
    "recorded": "recorded",
    "message": "message",
    "root": "root",
    "fingerprint": "fingerprint",  # the same finding's in every run (auditor diff, baselines)
    "suppressed_by": "suppressed_by",  # the baseline entry that accepted it, or None
}
_CAUSE = ("caused_by_code", "caused_by_line", "caused_by_seq")


def run_findings(out: Path, run_id: str) -> list[dict[str, Any]]:
    """The findings rows of run ``run_id`` in ``out``, in the table's order, each as
    :data:`_KEYS` names its columns, ``caused_by`` its root's code, line and action (or
    None for a root)."""
    import pyarrow.parquet as pq  # the writing process has it loaded already

    table = pq.read_table(
        out / "findings", columns=[*_KEYS, *_CAUSE], filters=[("run_id", "==", run_id)]
    )
    listed = []
    for row in table.to_pylist():
        cause = None
        if row["caused_by_code"] is not None:
            cause = {
                "code": row["caused_by_code"],
                "line": row["caused_by_line"],
                "seq": row["caused_by_seq"],
            }
        listed.append({**{key: row[column] for column, key in _KEYS.items()}, "caused_by": cause})
    return listed
