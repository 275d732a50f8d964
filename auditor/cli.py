"""The ``auditor`` command line."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from auditor import __version__
from auditor.api import bundled_fixtures
from auditor.engines import EngineError
from auditor.findings import CATALOGUE, Severity
from auditor.pipeline import FileSummary, HandAuditor
from auditor.read.inputs import find_inputs
from auditor.replay.profile import ProfileError, bundled_profiles, load_profile, profile_path
from auditor.replay.show import print_replay
from auditor.run import RunProgress, RunSummary, run_audit
from auditor.tables.errors import OutputExistsError

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="auditor", description=__doc__)
    parser.add_argument("--version", action="version", version=f"auditor {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    audit = commands.add_parser("audit", help="audit hand histories and write Parquet tables")
    audit.add_argument("paths", nargs="*", help="files, folders (recursive) or - for stdin")
    audit.add_argument("--out", required=True, type=Path, help="folder for the tables")
    written = audit.add_mutually_exclusive_group()
    written.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    written.add_argument(
        "--append", action="store_true", help="add this run to an existing --out (run_id column)"
    )
    audit.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: every core)"
    )
    audit.add_argument("--engine", default="local", choices=["local", "dask"])
    audit.add_argument("--scheduler", default=None, help="Dask scheduler address (tcp://...)")
    audit.add_argument("--json", action="store_true", help="print the summary as JSON")
    audit.add_argument(
        "--format", default="auto", choices=["auto", "pokerstars"], help="input format"
    )
    audit.add_argument(
        "--fail-on",
        default="error",
        choices=["info", "warning", "error"],
        help="exit 1 when a finding reaches this severity (default: error)",
    )
    audit.add_argument("--quiet", action="store_true", help="print nothing but errors")
    audit.add_argument(
        "--rules",
        default="auto",
        help="rule profile: a bundled name (seeds, pokerstars, tda), a .toml path, or auto "
        "(the hand's room profile where one is bundled, else seeds)",
    )
    profiles = commands.add_parser("profiles", help="list the bundled rule profiles, or show one")
    profiles.add_argument("name", nargs="?", help="a profile to show in full")
    explain = commands.add_parser("explain", help="what a finding code means, and its rule")
    explain.add_argument("code", help="a finding code, e.g. RAISE_ABOVE_POT")
    explain.epilog = "codes: " + ", ".join(CATALOGUE)
    replay = commands.add_parser("replay", help="show one hand step by step with its findings")
    replay.add_argument("file", help="the hand-history file")
    replay.add_argument("--hand", required=True, help="the hand id")
    replay.add_argument("--rules", default="auto", help="rule profile (as for audit)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader of our output went away (| head): not an error
        sys.stderr.close()
        return EXIT_CLEAN


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    err = Console(stderr=True, soft_wrap=True, markup=False, highlight=False)
    if args.command == "audit":
        return _audit(args, err)
    if args.command == "replay":
        return _replay(args, err)
    if args.command == "profiles":
        return _profiles(args, err)
    if args.command == "explain":
        return _explain(args, err)
    return EXIT_USAGE  # pragma: no cover - argparse requires a command


def _audit(args: argparse.Namespace, err: Console) -> int:
    paths = args.paths or [str(bundled_fixtures())]
    try:
        files = find_inputs(paths)  # each path looked at once: a FIFO is read, not sized
        HandAuditor(args.rules)
    except (FileNotFoundError, ProfileError) as exc:
        err.print(f"auditor: {exc}")
        return EXIT_USAGE
    total_bytes = sum(f.size or 0 for f in files if f.read)
    show_bar = sys.stderr.isatty() and not args.quiet
    try:
        with Progress(
            TextColumn("[bold]auditing"),
            BarColumn(),
            TextColumn("{task.fields[hands]:,} hands  {task.fields[rate]:,.0f} hands/s"),
            TimeElapsedColumn(),
            console=err,
            disable=not show_bar,
            transient=True,
        ) as progress:
            task = progress.add_task("audit", total=total_bytes or None, hands=0, rate=0.0)
            started = time.perf_counter()
            counted = [0]

            def step(done: RunProgress) -> None:
                # fed chunk by chunk from the workers, so one huge file moves the bar too
                counted[0] = done.hands_done
                rate = done.hands_done / max(time.perf_counter() - started, 1e-9)
                progress.update(task, advance=done.bytes, hands=done.hands_done, rate=rate)

            summary = run_audit(
                files,
                args.out,
                overwrite=args.overwrite,
                append=args.append,
                rules=args.rules,
                workers=args.workers,
                engine=args.engine,
                scheduler=args.scheduler,
                on_progress=step,
            )
    except EngineError as exc:  # unknown engine, dask not installed, no scheduler reached
        err.print(f"auditor: {exc}")
        return EXIT_USAGE
    except OutputExistsError as exc:
        err.print(f"auditor: {exc}")
        return EXIT_USAGE
    except OSError as exc:
        err.print(f"auditor: {exc}")
        return EXIT_USAGE
    if args.json:
        print(json.dumps(summary_json(summary), indent=1, sort_keys=True))
    elif not args.quiet:
        _print_summary(summary, Console(soft_wrap=True, markup=False, highlight=False))
    worst = summary.worst_severity()
    fail_on = Severity.parse(args.fail_on)
    return EXIT_FINDINGS if worst is not None and worst >= fail_on else EXIT_CLEAN


def summary_json(summary: RunSummary) -> dict[str, Any]:
    """The run's summary for machines (``--json``)."""
    worst = summary.worst_severity()
    return {
        "files": sum(1 for f in summary.files if f.status != "not read"),
        "files_not_read": sum(1 for f in summary.files if f.status == "not read"),
        "hands_read": summary.hands_read,
        "hands_audited": summary.hands_audited,
        "hands_skipped": summary.hands_skipped,
        "hands_rejected": summary.hands_rejected,
        "files_unsupported": sum(1 for f in summary.files if f.format == "unsupported"),
        "skipped_games": dict(summary.skipped_games),
        "findings": dict(summary.findings_by_code),
        "findings_by_severity": {
            str(sev): sum(
                n for c, n in summary.findings_by_code.items() if CATALOGUE[c].severity is sev
            )
            for sev in Severity
        },
        "worst_severity": str(worst) if worst is not None else None,
        "out": summary.out,
    }


def _profiles(args: argparse.Namespace, err: Console) -> int:
    out = Console(soft_wrap=True, markup=False, highlight=False)
    if args.name is None:
        for name in bundled_profiles():
            out.print(f"{name}: {load_profile(name).description}")
        return EXIT_CLEAN
    try:
        path = profile_path(args.name)
        load_profile(args.name)
    except ProfileError as exc:
        err.print(f"auditor: {exc}", markup=False)
        return EXIT_USAGE
    out.print(path.read_text(encoding="utf-8"))
    return EXIT_CLEAN


def _explain(args: argparse.Namespace, err: Console) -> int:
    info = CATALOGUE.get(args.code.upper())
    if info is None:
        err.print(f"auditor: unknown finding code {args.code!r} (see auditor explain --help)")
        return EXIT_USAGE
    out = Console(soft_wrap=True, markup=False, highlight=False)
    out.print(f"{args.code.upper()} ({info.severity}): the record shows {info.summary}.")
    out.print(f"Rule: {info.rule}")
    return EXIT_CLEAN


def _print_summary(summary: RunSummary, out: Console) -> None:
    """Counts, skipped games, then findings by severity and count with their first examples."""
    out.print(
        f"files {sum(1 for f in summary.files if f.status != 'not read')}  "
        f"hands read {summary.hands_read}  "
        f"Omaha hands audited {summary.hands_audited}  skipped {summary.hands_skipped}  "
        f"rejected (PARSE_ERROR) {summary.hands_rejected}"
    )
    not_read = Counter(
        re.sub(r" \([^)]*\)", "", f.reason) for f in summary.files if f.status == "not read"
    )
    if not_read:
        why = ", ".join(f"{count} {reason}" for reason, count in sorted(not_read.items()))
        out.print(f"  not read: {sum(not_read.values())} file(s): {why} (see the files table)")
    unsupported = [f for f in summary.files if f.format == "unsupported"]
    if unsupported:
        out.print(f"  not read: {len(unsupported)} file(s) in a layout this auditor does not read")
    for game, count in sorted(summary.skipped_games.items()):
        out.print(f"  skipped: {count} hand(s) of {game or 'an unknown game'}")
    if not summary.findings_by_code:
        out.print("no findings")
    else:
        out.print("findings by severity and code:")
        ranked = sorted(
            summary.findings_by_code.items(),
            key=lambda item: (-CATALOGUE[item[0]].severity, -item[1], item[0]),
        )
        for code, count in ranked:
            out.print(f"  {CATALOGUE[code].severity!s:<8} {code:<24} {count:>6}")
            for example in summary.examples[code]:
                out.print(f"      {example.source} hand {example.hand_id}: {example.message}")
    out.print(f"tables written to {summary.out}")


def _replay(args: argparse.Namespace, err: Console) -> int:
    try:
        auditor = HandAuditor(args.rules)
        summary = FileSummary(source_file=args.file)
        for result in auditor.audit_file(args.file, summary):
            if result.hand_id == args.hand:
                print_replay(result, Console(soft_wrap=True, markup=False, highlight=False))
                worst = max((f.severity for f in result.findings), default=None)
                return EXIT_FINDINGS if worst is Severity.ERROR else EXIT_CLEAN
    except (OSError, ProfileError) as exc:
        err.print(f"auditor: {exc}")
        return EXIT_USAGE
    err.print(f"auditor: no hand {args.hand} in {args.file}")
    return EXIT_USAGE
