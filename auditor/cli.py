"""The ``auditor`` command line."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import re
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from auditor import __version__, rooms
from auditor.api import bundled_fixtures
from auditor.asked_hands import split_asked
from auditor.engines import EngineError
from auditor.engines.local import WorkerLost
from auditor.findings import CATALOGUE, Code, Finding, Severity
from auditor.findings_json import run_findings
from auditor.pipeline import HandAuditor
from auditor.read.inputs import find_inputs
from auditor.regress.baseline import BaselineError, baseline_command
from auditor.regress.baseline import load as load_baseline
from auditor.regress.ci_reports import write_reports
from auditor.regress.diff import add_arguments as add_diff_arguments
from auditor.regress.diff import diff_command
from auditor.regress.trail import verify as verify_trail
from auditor.replay.profile import (
    ProfileError,
    bundled_profiles,
    describe_schema,
    load_profile,
    profile_path,
)
from auditor.replay.show import print_replay
from auditor.results import FileSummary, HandResult, Status
from auditor.run import RunProgress, RunSummary, run_audit
from auditor.suggest import did_you_mean
from auditor.tables.dictionary import add_arguments as add_columns_arguments
from auditor.tables.dictionary import columns_command
from auditor.tables.errors import OutputError
from auditor.terminal import forgiving_output, printable

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL, EXIT_EMPTY = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 128 + signal.SIGINT  # 130, as a shell reports a job stopped by Ctrl-C
EXIT_TERMINATED = 128 + signal.SIGTERM  # 143

EXIT_CODES = """exit codes:
  0    no finding reaches --fail-on
  1    a finding reaches --fail-on
  2    usage or I/O error: nothing written
  3    internal error (a bug, or worker processes that keep dying): nothing written;
       the traceback goes to a file (with --debug or AUDITOR_DEBUG=1, to stderr).
       Also when the run completed but some hand's audit failed unforeseen
       (INTERNAL_ERROR findings): the tables are written, those hands rejected
  4    no Omaha hand audited (nothing found, only other games, or nothing readable):
       the tables are written, stderr says why; --allow-empty exits as for findings
  130  interrupted (Ctrl-C): nothing written, workers stopped
  143  terminated (SIGTERM): as for Ctrl-C"""


class Terminated(BaseException):
    """SIGTERM, raised in the main thread: the run cleans up as after Ctrl-C (a
    BaseException, like KeyboardInterrupt, so that no ``except Exception`` stops it)."""


# --help shows this, not the module docstring (its reST markup reads badly on a terminal)
_DESCRIPTION = (
    "Replays Omaha hand histories under the rules, reports every place where the record "
    "and the rules disagree, and writes what it read and found as Parquet tables."
)


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="auditor", description=_DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"auditor {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    audit = commands.add_parser(
        "audit",
        help="audit hand histories and write Parquet tables",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    audit.add_argument(
        "paths",
        nargs="*",
        help="files, folders (recursive) or - for stdin; at least one (e.g. the bundled "
        "fixtures/ folder: hands the package ships, with faults on purpose)",
    )
    audit.add_argument("--out", required=True, type=_output_path, help="folder for the tables")
    written = audit.add_mutually_exclusive_group()
    written.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    written.add_argument(
        "--append", action="store_true", help="add this run to an existing --out (run_id column)"
    )
    audit.add_argument(
        "--skip-seen",
        action="store_true",
        help="with --append: leave out of this run's rows the hands an earlier run of --out "
        "audited (the same room, hand id and record SHA-256), counted as skipped",
    )
    audit.add_argument(
        "--workers",
        type=_workers,
        default=None,
        help="worker processes (default and most: every core)",
    )
    audit.add_argument("--engine", default="local", choices=["local", "dask"])
    audit.add_argument("--scheduler", default=None, help="Dask scheduler address (tcp://...)")
    audit.add_argument("--json", action="store_true", help="print the summary as JSON")
    audit.add_argument(
        "--junit",
        type=_output_path,
        default=None,
        metavar="FILE",
        help="also write the run as JUnit XML: a test case per input file, a failure per "
        "root finding that reaches --fail-on (CI test reporters)",
    )
    audit.add_argument(
        "--sarif",
        type=_output_path,
        default=None,
        metavar="FILE",
        help="also write the findings as SARIF 2.1.0, each on its file's line and column "
        "(GitHub code scanning)",
    )
    audit.add_argument(
        "--baseline",
        type=Path,
        default=None,
        metavar="FILE",
        help="a TOML of accepted findings ([[accept]] entries: code, room, table, hand_id, "
        "fingerprint, reason, expires): kept in the findings table, marked suppressed_by, "
        "and not counted by --fail-on; stale and expired entries are reported",
    )
    audit.add_argument(
        "--json-findings",
        action="store_true",
        help="--json, with every finding of the run located (finding_list: file, line, "
        "column, hand, street, action, expected, recorded, root); apart from --json "
        "because a large run's findings would swamp its summary",
    )
    audit.add_argument(
        "--allow-empty",
        action="store_true",
        help="a run that audits no Omaha hand is not an error (default: exit 4)",
    )
    format_help = (
        "the room whose layout the inputs are in (default auto: each file's and each "
        "hand's room found from its text; see `auditor formats`)"
    )
    formats = [rooms.AUTO, *rooms.names()]
    audit.add_argument(
        "--format", default=rooms.AUTO, choices=formats, type=_one_of(formats), help=format_help
    )
    audit.add_argument(
        "--fail-on",
        default="error",
        choices=[str(s) for s in Severity],
        type=_one_of([str(s) for s in Severity]),
        help="exit 1 when a finding reaches this severity (default: error)",
    )
    audit.add_argument("--quiet", action="store_true", help="print nothing but errors and warnings")
    audit.add_argument(
        "--rules",
        default="auto",
        help=f"rule profile: a bundled name ({', '.join(bundled_profiles())}), a .toml path, "
        "or auto "
        "(the hand's room profile where one is bundled, else seeds)",
    )
    html_help = "also write the HTML report (summary, charts, flagged hands replayed) to this file"
    audit.add_argument("--html", type=_output_path, default=None, help=html_help)
    hand_help = "a hand id to replay in the HTML report besides the flagged ones (repeatable)"
    audit.add_argument("--hand", action="append", default=[], help=hand_help)
    report = commands.add_parser(
        "report", help="write the HTML report of an audit folder (one self-contained file)"
    )
    report.add_argument("out", type=Path, help="an audit's --out folder")
    report.add_argument("--html", type=_output_path, required=True, help="the report file to write")
    report.add_argument("--hand", action="append", default=[], help=hand_help)
    report.add_argument("--run", default=None, help="the run to report (default: the latest)")
    report.add_argument(
        "--rules",
        default=None,
        help="the rule profile to replay the hands under (default: the one each hand was "
        "audited under, as the hands table names it)",
    )
    report.add_argument(
        "--max-hands",
        type=_workers,
        default=500,
        help="flagged hands replayed on the page, worst first (default 500)",
    )
    profiles = commands.add_parser("profiles", help="list the bundled rule profiles, or show one")
    profiles.add_argument("name", nargs="?", help="a profile to show in full")
    commands.add_parser("formats", help="list the rooms (input formats) the auditor reads")
    explain = commands.add_parser("explain", help="what a finding code means, and its rule")
    explain.add_argument("code", help="a finding code, e.g. RAISE_ABOVE_POT")
    explain.epilog = "codes: " + ", ".join(CATALOGUE)
    add_columns_arguments(
        commands.add_parser("columns", help="every table's columns: type, unit and meaning")
    )
    add_diff_arguments(
        commands.add_parser(
            "diff",
            help="the findings two runs differ by: new, gone, changed (exit 1: a new one "
            "reaches --fail-on)",
        ),
        [str(s) for s in Severity],
    )
    baseline = commands.add_parser(
        "baseline",
        help="print a baseline accepting the root findings of an audit folder's last run "
        "(for audit --baseline)",
    )
    baseline.add_argument("out", type=Path, help="the audit's output folder")
    verify = commands.add_parser(
        "verify",
        help="hash the inputs an audit folder's runs recorded again: exit 0 if every one is "
        "unchanged, 1 if one changed or is missing",
    )
    verify.add_argument("out", type=Path, help="the audit's output folder")
    replay = commands.add_parser("replay", help="show one hand step by step with its findings")
    replay.add_argument("file", help="the hand-history file")
    replay.add_argument(
        "--hand", default=None, help="the hand id (needed only when the file holds several)"
    )
    replay.add_argument("--rules", default="auto", help="rule profile (as for audit)")
    replay.add_argument(
        "--format", default=rooms.AUTO, choices=formats, type=_one_of(formats), help=format_help
    )
    debug_help = "on an internal error, print the traceback (also AUDITOR_DEBUG=1)"
    parser.add_argument("--debug", action="store_true", help=debug_help)
    others = (
        commands.choices["formats"],
        commands.choices["columns"],
        commands.choices["diff"],
        baseline,
    )
    for command in (audit, report, profiles, explain, replay, *others):
        # SUPPRESS: not given after the command, the one before it (or False) stands
        command.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help=debug_help
        )
    return parser


def _one_of(choices: Sequence[str]) -> Callable[[str], str]:
    """An argument type for ``choices`` whose error guesses the one meant (argparse's own
    check, after it, still lists them all in --help)."""

    def chosen(text: str) -> str:
        if text not in choices:
            guess = did_you_mean(text, choices)
            raise argparse.ArgumentTypeError(
                # argparse's own words, with the guess
                f"invalid choice: {text!r}{guess} (choose from {', '.join(map(repr, choices))})"
            )
        return text

    return chosen


def _output_path(text: str) -> Path:
    """A path to write to; an empty one would be the current folder (Path("") is ".")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: name the file or folder to write")
    return Path(text)


def _workers(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {count}")
    return count


def main(argv: Sequence[str] | None = None) -> int:
    """The command; returns its exit code (see :data:`EXIT_CODES`)."""
    debug = os.environ.get("AUDITOR_DEBUG", "") not in ("", "0")
    with forgiving_output(), _signals_raise(), _warnings_to_stderr():
        try:
            args = _parser().parse_args(argv)
            # the command line as given, for the audit trail (out/run.json)
            args.command_line = ["auditor", *(sys.argv[1:] if argv is None else argv)]
            debug = debug or args.debug
            return _main(args)
        except BrokenPipeError:  # the reader of our output went away (| head): not an error
            sys.stderr.close()
            return EXIT_CLEAN
        except (KeyboardInterrupt, Terminated) as stop:
            _say("auditor: interrupted")
            return _stopped_code(stop)
        except Exception as exc:  # a bug: say so in one line, never exit as for findings
            return _internal_error(exc, debug)


def _say(line: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr closed or gone
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _stopped_code(stop: BaseException) -> int:
    return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED


def _internal_error(exc: Exception, debug: bool) -> int:
    """One line on stderr; the traceback in a file (or, with ``debug``, on stderr)."""
    first = next(iter(str(exc).splitlines()), "")
    line = f"auditor: internal error: {type(exc).__name__}: {first}"
    report = (
        f"auditor {__version__}, Python {sys.version.split()[0]}, argv {sys.argv!r}\n"
        + "".join(traceback.format_exception(exc))
    )
    if debug:
        _say(report.rstrip("\n"))
        _say(line)
        return EXIT_INTERNAL
    try:
        fd, name = tempfile.mkstemp(prefix="auditor-traceback-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(report)
        where = f"traceback in {name}"
    except OSError:
        where = "run again with --debug for the traceback"
    _say(f"{line} ({where})")
    return EXIT_INTERNAL


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """Ctrl-C and SIGTERM raise in the main thread, so that the staging folder, the
    cross-hand spill and the workers are cleaned up on the way out; a second signal
    during that ends the process at once. Signals the caller ignores stay ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    watched = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    before = {signum: signal.getsignal(signum) for signum in watched}

    def stop(signum: int, frame: FrameType | None) -> None:
        for one in watched:
            if before[one] == watched[one]:
                signal.signal(one, signal.SIG_DFL)
        raise KeyboardInterrupt if signum == signal.SIGINT else Terminated

    for signum, default in watched.items():
        if before[signum] == default:
            signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


class _Warnings(logging.Handler):
    """The auditor's warnings (workers capped, a worker lost) as ``auditor: ...`` lines,
    written to whatever ``sys.stderr`` is then (the progress bar's, while it shows)."""

    def emit(self, record: logging.LogRecord) -> None:
        _say(f"auditor: {record.getMessage()}")


@contextlib.contextmanager
def _warnings_to_stderr() -> Iterator[None]:
    logger = logging.getLogger("auditor")
    handler, propagate = _Warnings(logging.WARNING), logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def _main(args: argparse.Namespace) -> int:
    err = Console(stderr=True, soft_wrap=True, markup=False, highlight=False)
    if args.command == "audit":
        return _audit(args, err)
    if args.command == "replay":
        return _replay(args, err)
    if args.command == "report":
        return _report(args, err)
    if args.command == "profiles":
        return _profiles(args, err)
    if args.command == "explain":
        return _explain(args, err)
    if args.command == "formats":
        return _formats()
    if args.command == "columns":
        sys.stdout.write(columns_command(args))
        return EXIT_CLEAN
    if args.command == "verify":
        try:
            same, lines = verify_trail(args.out)
        except OSError as exc:
            err.print(printable(f"auditor verify: {_shown(exc)}"))
            return EXIT_USAGE
        sys.stdout.write("".join(printable(line) + "\n" for line in lines))
        return EXIT_CLEAN if same else EXIT_FINDINGS
    if args.command == "baseline":
        try:
            sys.stdout.write(baseline_command(args.out))
        except (BaselineError, OSError) as exc:
            err.print(printable(f"auditor baseline: {exc}"))
            return EXIT_USAGE
        return EXIT_CLEAN
    if args.command == "diff":
        code, shown, problem = diff_command(args)
        sys.stdout.write(shown)
        if problem:
            err.print(printable(problem.rstrip("\n")))
        return code
    return EXIT_USAGE  # pragma: no cover - argparse requires a command


def _audit(args: argparse.Namespace, err: Console) -> int:
    if not args.paths:  # never a silent audit of something the user did not name
        err.print(printable(_no_paths(args.out)))
        return EXIT_USAGE
    paths = args.paths
    if args.skip_seen and not args.append:
        err.print("auditor: --skip-seen leaves out the hands an earlier run audited: give --append")
        return EXIT_USAGE
    if args.hand and args.html is None:
        err.print("auditor: --hand names hands to replay in the report: give --html too")
        return EXIT_USAGE
    if args.html is not None:  # refused before the run, not after an hour of it
        from auditor.report.build import check_target
        from auditor.report.run_tables import ReportError

        try:
            check_target(args.html, args.out)
        except ReportError as exc:
            err.print(f"auditor: {_shown(exc)}")
            return EXIT_USAGE
    try:
        accepted = load_baseline(args.baseline) if args.baseline is not None else None
    except BaselineError as exc:
        err.print(printable(f"auditor: {exc}"))
        return EXIT_USAGE
    for report in (args.junit, args.sarif):  # refused before the run, not after it
        if report is not None and report.exists() and not args.overwrite:
            err.print(printable(f"auditor: {report}: exists (--overwrite to replace it)"))
            return EXIT_USAGE
    try:
        files = find_inputs(paths)  # each path looked at once: a FIFO is read, not sized
        HandAuditor(args.rules, args.format)
        total_bytes = sum(f.size or 0 for f in files if f.read)
    except (OSError, ProfileError) as exc:
        err.print(f"auditor: {_shown(exc)}")
        return EXIT_USAGE
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
                inputs=paths,
                format=args.format,
                baseline=accepted,
                command=args.command_line,
                skip_seen=args.skip_seen,
            )
    except EngineError as exc:  # unknown engine, dask not installed, no scheduler reached
        err.print(f"auditor: {_shown(exc)}")
        return EXIT_USAGE
    except OutputError as exc:  # refused, locked, or an append undone
        err.print(f"auditor: {_shown(exc)}")
        return EXIT_USAGE
    except OSError as exc:
        err.print(f"auditor: {_shown(exc)}")
        return EXIT_USAGE
    except WorkerLost as exc:  # the writer has removed its staging folder on the way out
        err.print(f"auditor: {exc}; nothing written")
        return EXIT_INTERNAL
    except (KeyboardInterrupt, Terminated) as stop:
        # a signal held until the tables were in place carries a note saying where
        written = getattr(stop, "__notes__", None) or ["nothing written"]
        err.print(f"auditor: interrupted; {written[0]}")
        return _stopped_code(stop)
    for line in summary.baseline_report:  # stale or expired entries: the file wants a look
        err.print(printable(f"auditor: {line}"))
    try:
        write_reports(
            args.out, summary.run_id, Severity.parse(args.fail_on), args.junit, args.sarif,
            args.overwrite,
        )  # fmt: skip
    except OSError as exc:
        err.print(f"auditor: {_shown(exc)} (the tables are written)")
        return EXIT_USAGE
    if args.json or args.json_findings:
        shown = summary_json(summary)
        if args.json_findings:
            shown["finding_list"] = run_findings(args.out, summary.run_id)
        print(json.dumps(shown, indent=1, sort_keys=True))
    elif not args.quiet:
        _print_summary(summary, Console(soft_wrap=True, markup=False, highlight=False))
    if args.html is not None:
        # --json: stdout is the summary's JSON alone
        quiet = args.quiet or args.json or args.json_findings
        hands, not_audited = split_asked(args.out, summary.run_id, args.hand)
        for line in not_audited:  # known only now: said, and the report made without them
            err.print(printable(f"auditor: {line}"))
        made = _report_of(args.out, args.html, hands, None, None, 500, err, quiet)
        if made is None:
            return EXIT_USAGE
    if summary.findings_by_code.get(Code.INTERNAL_ERROR):
        # a bug met on some hands: a CI job must not take it for the record's findings
        return EXIT_INTERNAL
    empty = summary.nothing_audited()
    if empty and not args.allow_empty:  # a run that checked nothing is no green light
        err.print(
            printable(
                f"auditor: no Omaha hand audited: {empty}; exit 4 "
                "(--allow-empty to accept such a run)"
            )
        )
        return EXIT_EMPTY
    worst = summary.worst_severity()
    fail_on = Severity.parse(args.fail_on)
    return EXIT_FINDINGS if worst is not None and worst >= fail_on else EXIT_CLEAN


def _no_paths(out: Path) -> str:
    """The usage error of ``audit`` with no path, with the bundled fixtures as the example."""
    bundled = bundled_fixtures()
    here = Path("fixtures")
    named = "fixtures" if here.is_dir() and here.resolve() == bundled.resolve() else str(bundled)
    return (
        "auditor: audit: name the files or folders to audit (or - for stdin), e.g. the "
        f"bundled fixtures/ folder: auditor audit {named} --out {out}"
    )


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
        # findings that follow from a root finding of their hand: listed in the tables,
        # not counted above nor by the exit code
        "consequences": dict(summary.consequences_by_code),
        "consequences_total": sum(summary.consequences_by_code.values()),
        "root_causes_total": sum(summary.findings_by_code.values()),
        # root findings a baseline accepted (--baseline): in the tables, not counted above
        "suppressed": dict(summary.suppressed_by_code),
        "baseline_report": list(summary.baseline_report),
        # --append: hands an earlier run of out audited (the same room, hand id and record
        # SHA-256); with --skip-seen left out of the rows and counted in hands_skipped
        "hands_seen": summary.hands_seen,
        "hands_seen_skipped": summary.hands_seen_skipped,
        # the same room and hand id as an earlier run's hand, another record: not seen
        "changed_records_total": summary.changed_total,
        "changed_records": [c.as_json() for c in summary.changed_records],
        "out": summary.out,
        "run_id": summary.run_id,
        "elapsed_seconds": round(summary.elapsed_seconds, 3),
        # why no Omaha hand was audited (exit 4 unless --allow-empty), else null
        "nothing_audited": summary.nothing_audited() or None,
    }


def seen_lines(summary: RunSummary) -> list[str]:
    """What an --append says of the hands an earlier run of its folder holds."""
    lines = []
    if summary.hands_seen:
        left = " (left out of this run's rows: --skip-seen)" if summary.seen_skipped else ""
        lines.append(
            f"  {summary.hands_seen} hand(s) already audited by an earlier run of "
            f"{summary.out}{left}"
        )
    if summary.changed_total:
        lines.append(
            f"  {summary.changed_total} changed record(s): the room and hand id of a hand an "
            "earlier run audited, another record (audited as new; --json lists them)"
        )
        for changed in summary.changed_records[:3]:
            lines.append(
                f"      {changed.source_file}:{changed.source_line} hand {changed.hand_id} "
                f"({changed.site})"
            )
    return lines


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
        err.print(f"auditor: {_shown(exc)}", markup=False)
        return EXIT_USAGE
    out.print(printable(path.read_text(encoding="utf-8"), keep="\n\t"))
    # the schema's own words, as TOML comments (the output stays a profile one can copy)
    out.print("\n# Every key, checked when a profile is loaded:")
    for line in describe_schema():
        out.print(f"#   {line}")
    return EXIT_CLEAN


def _formats() -> int:
    out = Console(soft_wrap=True, markup=False, highlight=False)
    for name, reads, games, profile in rooms.described():
        shown = f"; games {games}" if games else ""
        out.print(f"{name}: {reads}{shown} (rule profile under --rules auto: {profile})")
    return EXIT_CLEAN


def _explain(args: argparse.Namespace, err: Console) -> int:
    try:
        code = Code(args.code.upper())
    except ValueError:
        shown = printable(repr(args.code) + did_you_mean(args.code.upper(), CATALOGUE))
        err.print(f"auditor: unknown finding code {shown} (see auditor explain --help)")
        return EXIT_USAGE
    info = CATALOGUE[code]
    out = Console(soft_wrap=True, markup=False, highlight=False)
    out.print(f"{code} ({info.severity}): the record shows {info.summary}.")
    out.print(f"Rule: {info.rule}")
    return EXIT_CLEAN


def _print_summary(summary: RunSummary, out: Console) -> None:
    """Counts, skipped games, then findings by severity and count with their first examples."""
    out.print(
        f"files {sum(1 for f in summary.files if f.status != 'not read')}  "
        f"hands read {summary.hands_read}  "
        f"Omaha hands audited {summary.hands_audited}  skipped {summary.hands_skipped}  "
        f"rejected {summary.hands_rejected}"
    )
    not_read = Counter(
        re.sub(r" \(.*\)", "", f.reason) for f in summary.files if f.status == "not read"
    )
    if not_read:
        why = ", ".join(f"{count} {reason}" for reason, count in sorted(not_read.items()))
        out.print(f"  not read: {sum(not_read.values())} file(s): {why} (see the files table)")
    unsupported = [f for f in summary.files if f.format == "unsupported"]
    if unsupported:
        out.print(f"  not read: {len(unsupported)} file(s) in a layout this auditor does not read")
    for game, count in sorted(summary.skipped_games.items()):
        out.print(f"  skipped: {count} hand(s) of {printable(game) or 'an unknown game'}")
    for line in seen_lines(summary):
        out.print(printable(line))
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
                # names and messages come from the input: shown, never obeyed
                out.print(f"      {printable(_example_line(example))}")
    followed = sum(summary.consequences_by_code.values())
    if followed:
        codes = ", ".join(
            f"{code} {count}" for code, count in sorted(summary.consequences_by_code.items())
        )
        out.print(
            f"  and {followed} finding(s) that follow from one above, counted once as their "
            f"root ({codes}; caused_by in the findings table)"
        )
    out.print(f"tables written to {printable(summary.out)}")


def _shown(exc: BaseException) -> str:
    """An error for the terminal: the control characters of a file name in it made visible."""
    return printable(str(exc), keep="\n")


def _example_line(finding: Finding) -> str:
    """Where a finding is and what it says; a finding about a whole file names no hand."""
    where = f"{finding.source} hand {finding.hand_id}" if finding.hand_id else str(finding.source)
    return f"{where}: {finding.message}"


def _report(args: argparse.Namespace, err: Console) -> int:
    made = _report_of(
        args.out, args.html, args.hand, args.run, args.rules, args.max_hands, err, False
    )
    return EXIT_USAGE if made is None else EXIT_CLEAN


def _report_of(
    out: Path,
    html: Path,
    hands: list[str],
    run: str | None,
    rules: str | None,
    max_hands: int,
    err: Console,
    quiet: bool,
) -> Any:
    """Write the report; say where (on stdout, unless ``quiet``), or why not (None)."""
    # imported here: pandas and matplotlib are for the report only, never for a worker
    from auditor.report.build import build_report
    from auditor.report.run_tables import ReportError

    try:
        made = build_report(out, html, hands=hands, run=run, rules=rules, max_hands=max_hands)
    except (ReportError, ProfileError, OSError) as exc:
        err.print(f"auditor: {_shown(exc)}")
        return None
    more = ""
    if made.hands_not_replayed:
        more = f" ({made.hands_not_replayed} flagged hand(s) not replayed: listed with why)"
    if quiet:
        return made
    Console(soft_wrap=True, markup=False, highlight=False).print(
        printable(
            f"report written to {made.path} ({made.size_bytes / 1e6:.1f} MB): "
            f"{made.hands_replayed} hand(s) replayed{more}, "
            f"{made.findings_shown} of {made.findings_total} finding(s)"
        )
    )
    return made


def _replay(args: argparse.Namespace, err: Console) -> int:
    try:
        auditor = HandAuditor(args.rules, args.format)
        summary = FileSummary(source_file=args.file)
        chosen: HandResult | None = None
        ids: list[str] = []
        for result in auditor.audit_file(args.file, summary):
            ids.append(result.hand_id)
            if args.hand is None or result.hand_id == args.hand:
                chosen = result
                if args.hand is not None:
                    break
    except (OSError, ProfileError) as exc:
        err.print(f"auditor: {_shown(exc)}")
        return EXIT_USAGE
    if args.hand is None and len(ids) > 1:
        shown = ", ".join(ids[:10]) + (", ..." if len(ids) > 10 else "")
        told = f"auditor: {args.file} holds {len(ids)} hands ({shown}): name one with --hand"
        err.print(printable(told))
        return EXIT_USAGE
    if chosen is None:
        which = f"hand {args.hand}" if args.hand is not None else "hand"
        err.print(printable(f"auditor: no {which} in {args.file}"))
        return EXIT_USAGE
    if chosen.status is not Status.AUDITED:
        err.print(printable(_not_replayed(chosen)))
        bug = any(f.code is Code.INTERNAL_ERROR for f in chosen.findings)
        return EXIT_INTERNAL if bug else EXIT_EMPTY  # as a run that audited no Omaha hand
    print_replay(chosen, Console(soft_wrap=True, markup=False, highlight=False))
    worst = max((f.severity for f in chosen.findings if f.is_root), default=None)
    return EXIT_FINDINGS if worst is Severity.ERROR else EXIT_CLEAN


def _not_replayed(result: HandResult) -> str:
    """Why a hand read was not replayed: another game, or a record that cannot be read."""
    where = f"hand {result.hand_id or '(no id)'} of {result.file} (line {result.first_line})"
    if result.status is Status.SKIPPED:
        game = result.game or "an unknown game"
        return f"auditor: {where} was skipped, not replayed: its game is {game!r}, not Omaha"
    said = "; ".join(
        f"{f.code} at {f.source}: {f.message}"
        + (f" (the line reads {f.recorded!r})" if f.recorded else "")
        for f in result.findings
    )
    return f"auditor: {where} was rejected, not replayed: {said}"
