"""Mutation fuzzing at scale: N damaged real hands through a whole audit.

The hands are the real PokerStars-layout hands of the corpus and the fixtures, each
damaged at random (tests/robust/mutate.py: lines duplicated, deleted, swapped, cut,
bytes flipped, numbers inflated, dates broken) from ``--seed``. The audit runs in this
process (one worker) into a temporary folder. Prints hands/s, the counts, the findings
by code, every INTERNAL_ERROR (a bug the per-hand guard caught) grouped by message, and
the traceback of any exception that escaped; exits 1 if an exception escaped, a count
does not hold or an INTERNAL_ERROR was raised, else 0.

    python benchmarks/fuzz.py [--hands 100000] [--seed 1] [--per-file 5000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.robust.mutate import fuzz

_HAND = re.compile(r"hand [0-9A-Za-z()]+( ?no id\))?")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-file", type=int, default=5_000, help="hands per input file")
    parser.add_argument("--keep", help="write the inputs and tables here (kept)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        try:
            run = fuzz(args.hands, args.seed, folder, per_file=args.per_file)
        except Exception:
            traceback.print_exc()
            print("FAILED: an exception escaped the audit")
            return 1
    print(f"hands written        {run.hands_written}")
    print(f"hand headers seen    {run.headers}")
    print(f"hands read           {run.hands_read}")
    print(f"  audited            {run.audited}")
    print(f"  skipped            {run.skipped}")
    print(f"  rejected           {run.rejected}")
    rate = run.hands_read / run.seconds
    print(f"audit time           {run.seconds:.1f} s  ({rate:,.0f} hands/s)")
    print("findings by code:")
    for code, count in run.findings.most_common():
        print(f"  {code:<24} {count}")
    failed = False
    for problem in run.problems():
        print(f"COUNT DOES NOT HOLD: {problem}")
        failed = True
    if run.internal_errors:
        failed = True
        print(f"INTERNAL_ERROR: {len(run.internal_errors)} hand(s) (bugs), by message:")
        by_kind = Counter(_HAND.sub("hand ...", message) for message in run.internal_errors)
        for message, count in by_kind.most_common():
            print(f"  {count:>6}  {message}")
    print("FAILED" if failed else "OK: no exception, every hand counted, no INTERNAL_ERROR")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
