"""Audit inputs and compare every table with an earlier audit of the same inputs.

A refactor's acceptance check: the tables (findings, pots, awards, actions, seats, hands,
files) are identical before and after, but for the changes a test names. Run it once on
the old code to keep the tables, then on the new code to compare:

    python benchmarks/tables_diff.py audit ../shared/corpus fixtures --out /tmp/before
    PYTHONPATH=. python benchmarks/tables_diff.py audit ../shared/corpus fixtures --out /tmp/after
    python benchmarks/tables_diff.py compare /tmp/before /tmp/after

The audit runs ``python -m auditor audit`` with the ``auditor`` that ``python`` imports
(the editable install, or the checkout first on PYTHONPATH), one worker so that the
hands' keys come in the same order. ``compare`` ignores ``run_id`` and the row order,
and prints, per table, the rows only in one of the two audits.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pandas as pd

TABLES = ("findings", "pots", "awards", "actions", "seats", "hands", "files")
IGNORED = ("run_id",)
_CHECKOUT_FIXTURES = r"/[^\s'\"]*?/fixtures/"


def audit(paths: list[str], out: Path) -> int:
    # absolute paths: the tables name the files, and the two audits may run from two places
    files = [str(Path(path).resolve()) for path in paths]
    command = [sys.executable, "-m", "auditor", "audit", *files, "--out", str(out)]
    command += ["--overwrite", "--workers", "1", "--quiet"]
    done = subprocess.run(command, check=False)
    return 0 if done.returncode in (0, 1) else done.returncode  # 1: findings reach --fail-on


def _rows(folder: Path, table: str) -> pd.DataFrame:
    frame = pd.read_parquet(folder / table)
    frame = frame.drop(columns=[c for c in IGNORED if c in frame.columns])
    # lists and arrays compare as text; None and NaN alike
    text = frame.astype(str)
    # the fixtures as read from two checkouts (main, a worktree) are the same files
    return text.replace(_CHECKOUT_FIXTURES, "fixtures/", regex=True)


def table_diff(before: Path, after: Path, table: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The rows only in ``before`` and those only in ``after`` (a row counted as often as
    it occurs)."""
    old, new = _rows(before, table), _rows(after, table)
    # the columns both have: a column one side added (a new column of the contract) is
    # said apart, by compare, not counted as every row changed
    columns = sorted(set(old.columns) & set(new.columns))
    old, new = old[columns], new[columns]
    if old.empty and new.empty:  # nothing to merge (a room whose hands make no finding)
        return old, new
    old["_n"] = old.groupby(columns, dropna=False).cumcount()
    new["_n"] = new.groupby(columns, dropna=False).cumcount()
    merged = old.merge(new, how="outer", on=[*columns, "_n"], indicator=True)
    only_old = merged[merged["_merge"] == "left_only"].drop(columns=["_merge", "_n"])
    only_new = merged[merged["_merge"] == "right_only"].drop(columns=["_merge", "_n"])
    return only_old, only_new


def compare(before: Path, after: Path, show: int) -> int:
    changed = 0
    for table in TABLES:
        only_old, only_new = table_diff(before, after, table)
        rows = len(pd.read_parquet(before / table, columns=[]))
        gone, came = len(only_old), len(only_new)
        print(f"{table}: {rows} rows before; {gone} only before, {came} only after")
        old_columns = set(pd.read_parquet(before / table).columns)
        new_columns = set(pd.read_parquet(after / table).columns)
        for label, names in (
            ("columns only before", old_columns - new_columns),
            ("columns only after", new_columns - old_columns),
        ):
            if names:
                print(f"  {label}: {', '.join(sorted(names))}")
        for label, frame in (("-", only_old), ("+", only_new)):
            for record in frame.head(show).to_dict("records"):
                print(f"  {label} {record}")
        changed += len(only_old) + len(only_new)
    return 1 if changed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("audit", help="audit the inputs into --out")
    run.add_argument("paths", nargs="+")
    run.add_argument("--out", type=Path, required=True)
    diff = commands.add_parser("compare", help="compare two audits' tables")
    diff.add_argument("before", type=Path)
    diff.add_argument("after", type=Path)
    diff.add_argument("--show", type=int, default=20, help="rows shown per table and side")
    args = parser.parse_args(argv)
    if args.command == "audit":
        return audit(args.paths, args.out)
    return compare(args.before, args.after, args.show)


if __name__ == "__main__":
    sys.exit(main())
