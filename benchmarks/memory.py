"""Peak memory of an audit at 10k, 100k and 1M hands: it must not grow with the input.

The input is built as for benchmarks/throughput.py (corpus and generated Omaha hands,
repeated with unique hand ids), written to a temporary file, and audited in a fresh
process; its peak memory is sampled: the reading process's and all the run's processes'
together (proportional set size, so pages the workers share count once).

Two shapes of input: ``--tables many`` (round by round, tables of their own, as in
benchmarks/throughput.py) and ``--tables one`` (every hand on one table name, as a
fast-fold pool writes a whole day of hands: the cross-hand checks then see one very
large table per site).

    python benchmarks/memory.py [--max 1000000] [--min 0] [--config 2] [--tables many]
                                [--input text|xml]

``--input xml``: one iPoker XML session of that many games (benchmarks/xml_input.py).

``--max`` caps the largest input and ``--min`` the smallest (1M hands take about ten
minutes on two cores); ``--config`` is 1 (one process), 2 (two worker processes) or dask.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.throughput import CONFIGS, base_hands, copies, measure, write_input
from benchmarks.xml_input import session_parts, write_xml_session

SIZES = (10_000, 100_000, 1_000_000)
ONE_TABLE = "Pool"
_TABLE = re.compile(r"^Table '(.*?)'")


def one_table(texts: list[str], hands: int) -> Iterator[str]:
    """``hands`` hands as :func:`~benchmarks.throughput.copies` makes them, every one of
    them on the table :data:`ONE_TABLE`."""
    for text in copies(texts, hands):
        header, _, rest = text.partition("\n")
        table = _TABLE.match(rest)
        if table:
            rest = f"Table '{ONE_TABLE}'" + rest[table.end() :]
        yield f"{header}\n{rest}"


def write_one_table(path: Path, texts: list[str], hands: int) -> int:
    """Write ``hands`` hands on one table name to ``path``; return its size in bytes."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for text in one_table(texts, hands):
            out.write(text)
            out.write("\n\n\n")
    return path.stat().st_size


def _xml(path: Path, texts: list[str], hands: int) -> int:
    return write_xml_session(path, hands)  # the session's own games, not ``texts``


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--max", type=int, default=1_000_000, help="largest input, in hands")
    parser.add_argument("--min", type=int, default=0, help="smallest input, in hands")
    parser.add_argument("--config", default="2", choices=sorted(CONFIGS))
    parser.add_argument("--tables", default="many", choices=("many", "one"))
    parser.add_argument("--input", default="text", choices=("text", "xml"))
    args = parser.parse_args()
    texts = base_hands() if args.input == "text" else session_parts()[1]
    sizes = [n for n in SIZES if args.min <= n <= args.max] or [args.max]
    write: Callable[[Path, list[str], int], int]
    write = write_one_table if args.tables == "one" else write_input
    shape = "on one table name" if args.tables == "one" else "on tables renamed each round"
    if args.input == "xml":
        write, shape = _xml, "as one iPoker XML session (games repeated, unique game codes)"
    print(f"{CONFIGS[args.config]}; input: {len(texts)} distinct Omaha hands, repeated, {shape}")
    for hands in sizes:
        with tempfile.TemporaryDirectory(prefix="auditor-memory-") as folder:
            source = Path(folder) / "hands.txt"
            size = write(source, texts, hands)
            found = measure(args.config, source, Path(folder) / "out")
            out_mb = sum(f.stat().st_size for f in (Path(folder) / "out").rglob("*")) / 1e6
        print(
            f"{hands:>9,} hands ({size / 1e6:,.0f} MB in, {out_mb:,.0f} MB Parquet out): "
            f"peak {found['peak_self_mb']:.0f} MB reading process, "
            f"{found['peak_total_mb']:.0f} MB all processes; "
            f"{found['hands'] / found['seconds']:,.0f} hands/s; "
            f"{found['findings']:,} findings",
            flush=True,
        )


if __name__ == "__main__":
    main()
