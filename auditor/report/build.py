"""``auditor report``: an audit folder's tables -> one self-contained HTML file.

The page carries the summary, the findings (worst first, up to a cap) and the flagged
hands step by step, each read again from its source file and replayed by the audit's own
code (:mod:`auditor.report.reread`, :mod:`auditor.report.steps`); the page says how many
hands and findings the tables hold beyond what it carries.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from auditor import __version__
from auditor.replay.profile import resolve_rules
from auditor.report.charts import charts
from auditor.report.page import render_html
from auditor.report.reread import Reread, Wanted, reread
from auditor.report.run_tables import ReportError, RunTables, load_run
from auditor.report.steps import hand_steps
from auditor.report.summary import findings_list, flagged_keys, summary, table_findings
from auditor.tables.output import os_error_text, read_regular

MAX_HANDS = 500  # flagged hands replayed on the page (each some 10-30 KB of steps)
MAX_FINDINGS = 20_000
# The first bytes of every report the auditor writes: a file at the --html path that
# does not start so is not ours, and is never overwritten.
MARK = "<!-- omaha-auditor report -->"


@dataclass(frozen=True, slots=True)
class ReportMade:
    path: Path
    size_bytes: int
    hands_replayed: int
    hands_not_replayed: int  # flagged or asked for, but rejected or not found again
    findings_shown: int
    findings_total: int


def build_report(
    out: Path,
    html: Path,
    *,
    hands: Sequence[str] = (),
    run: str | None = None,
    rules: str | None = None,
    max_hands: int = MAX_HANDS,
    max_findings: int = MAX_FINDINGS,
) -> ReportMade:
    """Write the report of run ``run`` (default: the latest) of audit folder ``out`` to
    ``html``: the flagged hands (at most ``max_hands``) and the hands whose ids are in
    ``hands`` replayed. ``html`` is replaced only if it is a report the auditor wrote."""
    check_target(html)
    if rules is not None:
        resolve_rules(rules)  # an unknown or broken profile: ProfileError, before any work
    tables = load_run(out, run)
    keys = _chosen(tables, hands, max_hands)
    data = report_data(tables, keys, rules, max_findings, title=out.name)
    _write(html, _marked(render_html(data)))
    return ReportMade(
        html,
        html.stat().st_size,
        len(data["hands"]),
        len(keys) - len(data["hands"]),
        len(data["findings"]),
        data["findings_total"],
    )


def report_data(
    tables: RunTables, keys: Sequence[int], rules: str | None, max_findings: int, title: str
) -> dict[str, Any]:
    """The page's data (the contract the page reads: see assets/README.md)."""
    wanted = wanted_hands(tables, keys)
    again = reread(wanted, rules)
    run_findings = table_findings(tables, {w.hand_key for w in wanted})
    stepped: dict[str, Any] = {}
    for one in wanted:
        result = again.results.get(one.hand_key)
        if result is None:
            continue
        own = Counter((str(f.code), f.source.line, f.message) for f in result.findings)
        more = []
        for finding in run_findings.get(one.hand_key, ()):
            mark = (str(finding.code), finding.source.line, finding.message)
            if own[mark]:
                own[mark] -= 1
            else:  # made by the run's cross-hand checks (continuity, duplicates)
                more.append(finding)
        stepped[str(one.hand_key)] = hand_steps(
            result, one.hand_key, again.profiles[one.hand_key], more
        )
    told = summary(tables)
    return {
        "version": 1,
        "title": f"omaha-auditor report: {title}",
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "auditor_version": __version__,
        "run_id": tables.run_id,
        "summary": told,
        "charts": charts(told),
        "findings": findings_list(tables, {int(k) for k in stepped}, max_findings),
        "findings_total": len(tables.findings),
        "hands_total": len(tables.hands),
        "hands": stepped,
        "not_replayed": [
            {"hand_key": key, "why": why} for key, why in sorted(_unreplayed(keys, wanted, again))
        ],
    }


def _unreplayed(
    keys: Sequence[int], wanted: Sequence[Wanted], again: Reread
) -> list[tuple[int, str]]:
    """Each asked-for hand the page does not replay, with why: not found again, or
    rejected by the audit (a record it could not read has no hand to replay)."""
    found = {one.hand_key for one in wanted}
    rejected = {
        int(key): "the audit rejected this hand (its record could not be read): its "
        "findings say where"
        for key in keys
        if int(key) not in found
    }
    return [*again.missing.items(), *rejected.items()]


def wanted_hands(tables: RunTables, keys: Sequence[int]) -> list[Wanted]:
    """Where the hands ``keys`` are, as the hands table says (a key it lacks: none)."""
    hands = tables.hands.set_index("hand_key", drop=False)
    return [
        Wanted(
            int(key),
            str(hands.at[key, "hand_id"]),
            str(hands.at[key, "source_file"]),
            int(str(hands.at[key, "source_line"])),
            str(hands.at[key, "profile"]),
        )
        for key in keys
        if key in hands.index
    ]


def _chosen(tables: RunTables, hand_ids: Sequence[str], cap: int) -> list[int]:
    """The hands to replay: those asked for by id (all their records), then the flagged
    ones, worst first, up to ``cap`` in all (the asked-for ones always)."""
    asked: list[int] = []
    if hand_ids:
        named = tables.hands[tables.hands["hand_id"].isin(list(hand_ids))]
        found = set(named["hand_id"].astype(str))
        unknown = [h for h in hand_ids if h not in found]
        if unknown:
            raise ReportError(f"no hand {', '.join(unknown)} in run {tables.run_id}")
        asked = [int(k) for k in named["hand_key"]]
    flagged = [k for k in flagged_keys(tables) if k not in set(asked)]
    return asked + flagged[: max(0, cap - len(asked))]


def _marked(page: str) -> str:
    """The page with the auditor's mark after its doctype (nothing may come before a
    doctype without risking a browser's quirks mode)."""
    doctype, _, rest = page.partition("\n")
    return f"{doctype}\n{MARK}\n{rest}"


def check_target(html: Path, out: Path | None = None) -> None:
    """Refuse a report path the auditor may not write: a folder, a link, a FIFO or other
    file that is not a regular one, a file the auditor did not write, a path whose
    folder is missing or not writable. ``out``: the run's --out folder, which the run
    makes (a report inside a new --out is fine)."""
    if not str(html).strip() or html == Path("."):
        raise ReportError("the report's file name is empty: name the report's file")
    try:
        found = os.lstat(html)
    except (FileNotFoundError, NotADirectoryError):  # said below, of its folder
        found = None
    except OSError as exc:
        raise ReportError(f"{html}: cannot be looked at ({os_error_text(exc)})") from None
    if found is not None:
        _check_existing(html, found)
    folder = html.parent
    if out is not None and _same_path(folder, out) and not os.path.lexists(out):
        return  # the run makes it
    if out is not None and _same_path(html, out):
        raise ReportError(f"{html}: is the --out folder; name the report's file")
    if not folder.is_dir():
        what = "is not a folder" if os.path.lexists(folder) else "does not exist"
        raise ReportError(f"{html}: its folder {folder} {what}; nothing was written")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ReportError(f"{html}: its folder {folder} is not writable; nothing was written")


def _check_existing(html: Path, found: os.stat_result) -> None:
    if stat.S_ISLNK(found.st_mode):
        raise ReportError(
            f"{html}: is a symbolic link; the auditor never writes through a link: name "
            "another file"
        )
    if stat.S_ISDIR(found.st_mode):
        raise ReportError(f"{html}: is a folder; name the report's file")
    if not stat.S_ISREG(found.st_mode):
        raise ReportError(f"{html}: is not a regular file (a FIFO, device or socket); not written")
    try:
        head = read_regular(html, 200)
    except OSError as exc:
        raise ReportError(f"{html}: cannot be read ({os_error_text(exc)}); not replaced") from None
    if head is None or MARK.encode() not in head:
        raise ReportError(f"{html}: exists and is not a report the auditor wrote; not replaced")


def _same_path(one: Path, other: Path) -> bool:
    return os.path.realpath(os.path.abspath(one)) == os.path.realpath(os.path.abspath(other))


def _write(html: Path, text: str) -> None:
    """All or nothing: a temporary file beside the target (mkstemp: a new file, never
    through a link), renamed over it when complete."""
    check_target(html)  # looked at again: the run took a while
    folder = html.parent if str(html.parent) else Path(".")
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{html.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise ReportError(f"{html}: cannot be written ({os_error_text(exc)})") from None
    try:
        # mkstemp makes the file private; a report is made to be shared as any file is
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, html)
    except OSError as exc:
        os.unlink(temporary)
        raise ReportError(f"{html}: cannot be written ({os_error_text(exc)})") from None
    except BaseException:
        os.unlink(temporary)
        raise
