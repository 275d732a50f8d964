"""One core, in process: the audit of each PokerStars-layout corpus hand (parse + replay +
settlement + consequences, no Parquet), against reading and splitting the same hands as
the anchor, both timed in the same run.

For A/B comparisons of a change on a shared, noisy machine, run it under callgrind, which
counts instructions whatever else the machine does, once with ``--runs 1`` and once with
``--runs 3``: half the difference is one pass over the hands.

    python benchmarks/audit_loop.py [--copies 4] [--runs 5]
    valgrind --tool=callgrind python benchmarks/audit_loop.py --copies 1 --runs 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from auditor.pipeline import FileSummary, HandAuditor
from auditor.read.hands import read_hands
from auditor.read.split import RawHand
from tests.corpus import stars_layout_rows


def _read(auditor: HandAuditor) -> list[RawHand]:
    raws: list[RawHand] = []
    for row in stars_layout_rows():
        with open(row.path, "rb") as stream:
            summary = FileSummary(source_file=row.file)
            raws.extend(read_hands(stream, row.file, summary, auditor.rooms))
    return raws


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=4, help="passes over the hands per run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (the median is shown)")
    args = parser.parse_args()
    auditor = HandAuditor("auto")
    if not stars_layout_rows():
        print("the corpus (../shared/corpus) is not beside the checkout", file=sys.stderr)
        return 2
    reading, audit = [], []
    raws: list[RawHand] = []
    for _ in range(args.runs):
        start = time.process_time()
        raws = _read(auditor) * args.copies
        reading.append(time.process_time() - start)
        start = time.process_time()
        for raw in raws:
            auditor.audit_hand(raw)
        audit.append(time.process_time() - start)
    hands = len(raws)
    per_second = hands / statistics.median(audit)
    anchor = hands / statistics.median(reading)
    print(f"audit, one core: {per_second:,.0f} hands per CPU second ({hands} hands a run)")
    print(f"anchor, reading and splitting the same hands: {anchor:,.0f} hands per CPU second")
    print(f"ratio audit / anchor: {per_second / anchor:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
