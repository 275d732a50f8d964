"""Peak memory of an audit at 10k, 100k and 1M hands: it must not grow with the input.

The input is built as for benchmarks/throughput.py (corpus and generated Omaha hands,
repeated with unique hand ids and, round by round, tables of their own), written to a
temporary file, and audited in a fresh process; its peak memory is sampled: the
reading process's and all the run's processes' together (proportional set size, so
pages the workers share count once).

    python benchmarks/memory.py [--max 1000000] [--config 2]

``--max`` caps the largest input (1M hands take about ten minutes on two cores);
``--config`` is 1 (one process), 2 (two worker processes) or dask.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.throughput import CONFIGS, base_hands, measure, write_input

SIZES = (10_000, 100_000, 1_000_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--max", type=int, default=1_000_000, help="largest input, in hands")
    parser.add_argument("--config", default="2", choices=sorted(CONFIGS))
    args = parser.parse_args()
    texts = base_hands()
    sizes = [n for n in SIZES if n <= args.max] or [args.max]
    print(f"{CONFIGS[args.config]}; input: {len(texts)} distinct Omaha hands, repeated")
    for hands in sizes:
        with tempfile.TemporaryDirectory(prefix="auditor-memory-") as folder:
            source = Path(folder) / "hands.txt"
            size = write_input(source, texts, hands)
            found = measure(args.config, source, Path(folder) / "out")
            out_mb = sum(f.stat().st_size for f in (Path(folder) / "out").rglob("*")) / 1e6
        print(
            f"{hands:>9,} hands ({size / 1e6:,.0f} MB in, {out_mb:,.0f} MB Parquet out): "
            f"peak {found['peak_self_mb']:.0f} MB reading process, "
            f"{found['peak_total_mb']:.0f} MB all processes; "
            f"{found['hands'] / found['seconds']:,.0f} hands/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
