"""``audit --html --hand ID``: the hands asked for that the run did not audit, said why.

Known only once the tables are written; a hand that was rejected or not audited costs a
line on stderr, never the report nor the run's exit code (exit 2 means nothing written).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def split_asked(out: Path, run_id: str, asked: Sequence[str]) -> tuple[list[str], list[str]]:
    """The ids of ``asked`` that run ``run_id`` audited (the report replays those), and for
    each other one a line saying why it is not replayed."""
    import pyarrow.parquet as pq  # the writing process has it loaded already

    wanted = list(dict.fromkeys(asked))
    if not wanted:
        return [], []
    mine = [("run_id", "==", run_id), ("hand_id", "in", wanted)]
    audited = set(pq.read_table(out / "hands", columns=["hand_id"], filters=mine)["hand_id"]
                  .to_pylist())  # fmt: skip
    findings = pq.read_table(
        out / "findings",
        columns=["hand_id", "code", "message", "source_file", "source_line"],
        filters=mine,
    ).to_pylist()
    kept, told = [], []
    for hand_id in wanted:
        if hand_id in audited:
            kept.append(hand_id)
            continue
        why = [f for f in findings if f["hand_id"] == hand_id]
        if why:
            said = "; ".join(
                f"{f['code']} at {f['source_file']} line {f['source_line']}: {f['message']}"
                for f in why
            )
            told.append(f"hand {hand_id} was rejected, not replayed in the report: {said}")
        else:
            told.append(
                f"hand {hand_id} is not among the hands audited, not replayed in the report: "
                "skipped as another game, or no such hand in the inputs (see the files table)"
            )
    return kept, told
