"""The report's summary: counts of the run and its findings grouped every way the page
shows them (by severity, code, room, table, day and hour), and the findings list."""

from __future__ import annotations

from typing import Any

import pandas as pd

from auditor.findings import CATALOGUE, Code, Finding, Severity
from auditor.report.run_tables import RunTables
from auditor.source import SourceSpan

TOP_TABLES = 50
_SEVERITY_RANK = {str(s): int(s) for s in Severity}


def summary(run: RunTables) -> dict[str, Any]:
    files, hands, found = run.files, run.hands, _with_hand(run)
    roots = found[_is_root(found)]
    read = files[files["status"] != "not read"]
    rooms = (
        read[read["hands_read"] > 0].groupby("room", observed=True)["hands_read"].sum()
        if len(read)
        else pd.Series(dtype="int64")
    )
    return {
        "files": len(read),
        "files_not_read": len(files) - len(read),
        "hands_read": int(files["hands_read"].sum()),
        "hands_audited": int(files["hands_audited"].sum()),
        "hands_skipped": int(files["hands_skipped"].sum()),
        "hands_rejected": int(files["hands_rejected"].sum()),
        "rooms": _named(rooms, "hands"),
        "profiles": _named(hands["profile"].value_counts(), "hands"),
        # root causes only: a finding that follows from another is listed, not counted
        "severities": [
            {"severity": str(s), "count": int((roots["severity"] == str(s)).sum())}
            for s in sorted(Severity, reverse=True)
        ],
        "consequences": len(found) - len(roots),
        "codes": _codes(roots),
        "by_room": _named(found["site"].value_counts(), "count"),
        "by_table": _named(found["table_name"].value_counts().head(TOP_TABLES), "count"),
        "by_day": [
            {"day": str(day), "count": int(n)}
            for day, n in found["started_at"]
            .dt.strftime("%Y-%m-%d")
            .value_counts()
            .sort_index()
            .items()
        ],
        "by_hour": [
            {"hour": int(hour), "count": int(n)}
            for hour, n in found["started_at"].dt.hour.value_counts().sort_index().items()
        ],
    }


def findings_list(run: RunTables, replayed: set[int], cap: int) -> list[dict[str, Any]]:
    """The findings, worst first (then in input order), at most ``cap`` of them."""
    found = _with_hand(run)
    order = found.assign(
        rank=-_ranks(found["severity"]),
        key=found["hand_key"].fillna(-1),
    ).sort_values(["rank", "key", "source_line"], kind="stable")
    rows = []
    for row in order.head(cap).itertuples(index=False):
        key = _int(row.hand_key)
        rows.append(
            {
                "hand_key": key,
                "hand_id": _text(row.hand_id),
                "code": str(row.code),
                "severity": str(row.severity),
                "street": _text(row.street) or None,
                "seq": _int(row.seq),
                "player": _text(row.player) or None,
                "expected": _text(row.expected) or None,
                "recorded": _text(row.recorded) or None,
                "message": _text(row.message) + _follows(row),
                "source_file": _text(row.source_file),
                "source_line": _int(row.source_line),
                "room": _text(row.site),
                "table": _text(row.table_name),
                "replayed": key is not None and key in replayed,
            }
        )
    return rows


def flagged_keys(run: RunTables) -> list[int]:
    """The hands with findings, the worst finding first, then in input order."""
    found = run.findings.dropna(subset=["hand_key"])
    if found.empty:
        return []
    worst = (
        found.assign(rank=_ranks(found["severity"]))
        .groupby("hand_key")["rank"]
        .max()
        .reset_index()
        .sort_values(["rank", "hand_key"], ascending=[False, True], kind="stable")
    )
    return [int(k) for k in worst["hand_key"]]


def table_findings(run: RunTables, keys: set[int]) -> dict[int, list[Finding]]:
    """The findings rows of hands ``keys`` as findings again, by hand key."""
    found = run.findings[run.findings["hand_key"].isin(list(keys))]
    by_key: dict[int, list[Finding]] = {}
    for row in found.itertuples(index=False):
        key = _int(row.hand_key)
        if key is None:
            continue
        by_key.setdefault(key, []).append(
            Finding(
                Code(str(row.code)),
                _text(row.hand_id),
                _text(row.message),
                SourceSpan(_text(row.source_file), _int(row.source_line) or 0),
                street=_text(row.street),
                seq=_int(row.seq),
                player=_text(row.player),
                expected=_text(row.expected),
                recorded=_text(row.recorded),
                hand_key=key,
            )
        )
    return by_key


def _is_root(found: pd.DataFrame) -> pd.Series[bool]:
    """Root causes (a run written before findings named their causes: every finding)."""
    return found["root"].fillna(True).astype(bool)


def _follows(row: Any) -> str:
    """What a consequence follows from, said after its message on the page."""
    if _missing(row.caused_by_code):
        return ""
    return follows_note(str(row.caused_by_code), _int(row.caused_by_line))


def follows_note(code: str, line: int | None) -> str:
    """The words after a consequence's message, the same in the findings table and at its
    step of the hand (the page finds the one by the other's message)."""
    where = f" on line {line}" if line else ""
    return f" (follows from {code}{where}: counted once, as its root)"


def _ranks(severities: pd.Series[Any]) -> pd.Series[int]:
    """Each severity's rank (error highest) as integers, whatever the column's type (an
    empty string column maps to strings, which cannot be negated)."""
    ranks = [_SEVERITY_RANK.get(str(s), 0) for s in severities]
    return pd.Series(ranks, index=severities.index, dtype="int64")


def _with_hand(run: RunTables) -> pd.DataFrame:
    """The findings with their hand's room, table and time (none for a file's finding):
    the finding's own room and table first (a rejected hand has no hands row, yet its
    room is known), else its hand's (a run written before findings carried them)."""
    hands = run.hands[["hand_key", "site", "table_name", "started_at"]]
    found = run.findings.merge(hands, on="hand_key", how="left", suffixes=("", "_of_hand"))
    for column in ("site", "table_name"):
        own = found[column].where(found[column].fillna("") != "")
        found[column] = own.fillna(found[f"{column}_of_hand"])
    return found.drop(columns=["site_of_hand", "table_name_of_hand"])


def _codes(found: pd.DataFrame) -> list[dict[str, Any]]:
    counts = found["code"].value_counts()
    rows: list[dict[str, Any]] = []
    for code, count in counts.items():
        info = CATALOGUE.get(Code(str(code))) if str(code) in Code.__members__ else None
        rows.append(
            {
                "code": str(code),
                "severity": str(info.severity) if info else "",
                "count": int(count),
                "summary": info.summary if info else "",
                "rule": info.rule if info else "",
            }
        )
    rows.sort(
        key=lambda r: (-_SEVERITY_RANK.get(str(r["severity"]), 0), -int(r["count"]), r["code"])
    )
    return rows


def _named(counts: pd.Series[Any], what: str) -> list[dict[str, Any]]:
    return [
        {"name": str(name), what: int(n)}
        for name, n in counts.sort_values(ascending=False, kind="stable").items()
        if str(name)
    ]


def _missing(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def _text(value: object) -> str:
    return "" if _missing(value) else str(value)


def _int(value: object) -> int | None:
    return None if _missing(value) else int(str(value))
