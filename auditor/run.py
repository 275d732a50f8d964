"""One audit run: inputs in, tables and a summary out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from auditor import __version__
from auditor.findings import CATALOGUE, Finding, Severity
from auditor.pipeline import FileSummary, HandAuditor, HandResult, expand_paths
from auditor.replay.continuity import TableHand, continuity_findings, table_hand
from auditor.tables.rows import RowBuilder
from auditor.tables.writer import DatasetWriter

_FLUSH_ROWS = 20_000


@dataclass(slots=True)
class RunSummary:
    """What a run read and found."""

    files: list[FileSummary] = field(default_factory=list)
    findings_by_code: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[Finding]] = field(default_factory=dict)
    out: str = ""

    @property
    def hands_read(self) -> int:
        return sum(f.hands_read for f in self.files)

    @property
    def hands_audited(self) -> int:
        return sum(f.hands_audited for f in self.files)

    @property
    def hands_skipped(self) -> int:
        return sum(f.hands_skipped for f in self.files)

    @property
    def hands_rejected(self) -> int:
        return sum(f.hands_rejected for f in self.files)

    @property
    def skipped_games(self) -> Counter[str]:
        games: Counter[str] = Counter()
        for f in self.files:
            games.update(f.skipped_games)
        return games

    def worst_severity(self) -> Severity | None:
        severities = [CATALOGUE[code].severity for code in self.findings_by_code]
        return max(severities) if severities else None

    def note(self, finding: Finding) -> None:
        self.findings_by_code[finding.code] += 1
        shown = self.examples.setdefault(finding.code, [])
        if len(shown) < 3:
            shown.append(finding)


def run_audit(
    paths: Sequence[str],
    out: Path,
    *,
    overwrite: bool = False,
    append: bool = False,
    rules: str = "auto",
    workers: int | None = 1,
    engine: str = "local",
    scheduler: str | None = None,
    on_file_done: Callable[[FileSummary, int], None] | None = None,
) -> RunSummary:
    """Audit every hand under ``paths`` and write the tables to ``out``.

    ``workers``: processes to use (None: every core); ``engine`` "local" or "dask"
    (``scheduler``: a Dask scheduler address, else a local cluster)."""
    files = expand_paths(paths)
    summary = RunSummary(out=str(out))
    auditor = HandAuditor(rules)
    builder = RowBuilder()
    metadata = {"auditor_version": __version__, "grammar": "pokerstars", "rule_profile": rules}
    # Cross-hand checks need each table's hands in playing order, which files do not
    # promise: the small per-hand summaries are kept and checked once all are read.
    tables: dict[str, list[TableHand]] = {}
    # A hand that cannot be read leaves a gap in its table's sequence: the hands of a file
    # before and after it are checked as separate runs, never as neighbours.
    gaps: dict[str, int] = {}
    with DatasetWriter(out, overwrite=overwrite, append=append, metadata=metadata) as writer:
        for name in files:
            file_summary = FileSummary(source_file=name)
            hands = 0
            try:
                for result in auditor.audit_file(name, file_summary):
                    hands += 1
                    _collect(result, builder, summary)
                    if result.table_name:
                        gaps[result.table_name] = gaps.get(result.table_name, 0) + 1
                    if result.hand is not None and result.replay is not None:
                        ending = dict(result.replay.ending_stacks) or None
                        one = table_hand(result.hand, ending)
                        run = gaps.get(result.hand.start.table_name, 0)
                        if run:
                            site, name, tournament = one.table
                            one = replace(
                                one, table=(site, f"{name} (after gap {run})", tournament)
                            )
                        tables.setdefault(result.replay.profile, []).append(one)
                    _flush_full(builder, writer)
            except OSError as err:
                file_summary.error = str(err)
                raise
            for finding in file_summary.stray_findings:
                summary.note(finding)
            builder.add_file(file_summary)
            summary.files.append(file_summary)
            if on_file_done is not None:
                on_file_done(file_summary, hands)
        for profile_name, table_hands in tables.items():
            for finding in continuity_findings(table_hands, auditor.profile(profile_name)):
                builder.add_finding(finding)
                summary.note(finding)
        for table in builder.columns:
            writer.write(table, builder.take(table))
    return summary


def _collect(result: HandResult, builder: RowBuilder, summary: RunSummary) -> None:
    builder.add_result(result)
    for finding in result.findings:
        summary.note(finding)


def _flush_full(builder: RowBuilder, writer: DatasetWriter) -> None:
    for table, rows in builder.rows.items():
        if rows >= _FLUSH_ROWS:
            writer.write(table, builder.take(table))
