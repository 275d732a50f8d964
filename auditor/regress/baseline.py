"""Baselines: findings a site has accepted, named in a TOML file, so that a CI job fails
only on new ones.

Each ``[[accept]]`` entry names findings by any of ``code``, ``room`` (the hand's site),
``table`` (a shell pattern of the table's name), ``hand_id`` and ``fingerprint`` (one,
or a list), all of those it gives matching; it says why (``reason``, required) and may
say until when (``expires``, a date: from that day on it accepts nothing and is
reported). A suppressed finding stays in the findings table, its ``suppressed_by``
naming the entry; the exit code and ``--fail-on`` count the others only. An entry that
matched nothing in a run is reported as stale.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_MATCHED_BY = ("code", "room", "table", "hand_id", "fingerprint")
_KEYS = frozenset({*_MATCHED_BY, "reason", "expires"})


class BaselineError(ValueError):
    """A baseline file that cannot be used: where and what (a usage error, exit 2)."""


@dataclass(frozen=True, slots=True)
class Entry:
    number: int  # its place in the file, from 1
    reason: str
    code: str | None = None
    room: str | None = None
    table: str | None = None  # a shell pattern (fnmatch)
    hand_id: str | None = None
    fingerprints: frozenset[str] | None = None
    expires: dt.date | None = None

    def matches(self, row: Mapping[str, Any]) -> bool:
        """Whether a findings row (its columns by name) is one this entry accepts (never
        an INTERNAL_ERROR: the auditor's own bug is no record's finding to accept)."""
        return (
            row["code"] != "INTERNAL_ERROR"
            and (self.code is None or row["code"] == self.code)
            and (self.room is None or row["site"] == self.room)
            and (self.hand_id is None or row["hand_id"] == self.hand_id)
            and (self.fingerprints is None or row["fingerprint"] in self.fingerprints)
            and (self.table is None or fnmatch.fnmatchcase(row["table_name"] or "", self.table))
        )

    def label(self, file: str) -> str:
        return f"{file}#{self.number}: {self.reason}"

    def described(self) -> str:
        named = {key: getattr(self, key) for key in ("code", "room", "table", "hand_id")}
        words = [f"{key}={value}" for key, value in named.items() if value is not None]
        if self.fingerprints is not None:
            words.append(f"{len(self.fingerprints)} fingerprint(s)")
        return f"entry {self.number} ({', '.join(words)})"


@dataclass(slots=True)
class Baseline:
    file: str  # its name, as the suppressed_by column names it
    entries: tuple[Entry, ...]
    today: dt.date = field(default_factory=dt.date.today)
    matched: Counter[int] = field(default_factory=Counter)

    def live(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.expires is None or e.expires > self.today)

    def expired(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.expires is not None and e.expires <= self.today)

    def identity(self) -> dict[str, Any]:
        """What of the baseline decides the rows it marks (its name and live entries, in
        order): part of the run's id, so that another baseline is another run."""
        live = [
            {
                "number": e.number,
                "label": e.label(self.file),
                "matches": [e.code, e.room, e.table, e.hand_id],
                "fingerprints": None if e.fingerprints is None else sorted(e.fingerprints),
            }
            for e in self.live()
        ]
        return {"file": self.file, "live": live}

    def stale(self) -> tuple[Entry, ...]:
        """The live entries that accepted nothing in this run."""
        return tuple(e for e in self.live() if not self.matched[e.number])

    def suppress(self, columns: dict[str, list[Any]]) -> list[int]:
        """Fill the ``suppressed_by`` column of a batch of findings rows; the indexes of
        the rows suppressed. The first live entry that matches a row names it."""
        live = self.live()
        names = list(columns)
        marks = columns["suppressed_by"]
        suppressed = []
        for index, values in enumerate(zip(*columns.values(), strict=True)):
            row = dict(zip(names, values, strict=True))
            entry = next((e for e in live if e.matches(row)), None)
            if entry is not None:
                marks[index] = entry.label(self.file)
                self.matched[entry.number] += 1
                suppressed.append(index)
        return suppressed

    def report(self) -> list[str]:
        """What a run says of the baseline: its expired and stale entries."""
        lines = [
            f"baseline {self.file}: {e.described()} expired on {e.expires}" for e in self.expired()
        ]
        lines += [
            f"baseline {self.file}: {e.described()} matched nothing (stale)" for e in self.stale()
        ]
        return lines


def load(path: Path, today: dt.date | None = None) -> Baseline:
    """The baseline in ``path``; raises :class:`BaselineError` naming the entry at fault."""
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BaselineError(f"{path}: cannot be read ({err.strerror or err})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise BaselineError(f"{path}: not TOML: {err}") from None
    unknown = set(document) - {"accept"}
    if unknown:
        raise BaselineError(f"{path}: unknown table(s) {sorted(unknown)} (only [[accept]])")
    entries = tuple(_entry(path, n, raw) for n, raw in enumerate(document.get("accept", []), 1))
    return Baseline(path.name, entries, today or dt.date.today())


def _entry(path: Path, number: int, raw: Any) -> Entry:
    where = f"{path}: entry {number}"
    if not isinstance(raw, dict):
        raise BaselineError(f"{where}: not a table")
    unknown = set(raw) - _KEYS
    if unknown:
        raise BaselineError(f"{where}: unknown key(s) {sorted(unknown)} (keys: {sorted(_KEYS)})")
    if not any(key in raw for key in _MATCHED_BY):
        raise BaselineError(f"{where}: names no finding (give one of {', '.join(_MATCHED_BY)})")
    reason = raw.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise BaselineError(f"{where}: no reason (say why these findings are accepted)")
    for key in ("code", "room", "table", "hand_id"):
        if key in raw and not isinstance(raw[key], str):
            raise BaselineError(f"{where}: {key} must be a string")
    prints = raw.get("fingerprint")
    if isinstance(prints, str):
        prints = [prints]
    if prints is not None and not (
        isinstance(prints, list) and all(isinstance(p, str) for p in prints)
    ):
        raise BaselineError(f"{where}: fingerprint must be a string or a list of strings")
    expires = raw.get("expires")
    if expires is not None and not (
        isinstance(expires, dt.date) and not isinstance(expires, dt.datetime)
    ):
        raise BaselineError(f"{where}: expires must be a date (expires = 2027-01-31)")
    return Entry(
        number=number,
        reason=reason.strip(),
        code=raw.get("code"),
        room=raw.get("room"),
        table=raw.get("table"),
        hand_id=raw.get("hand_id"),
        fingerprints=frozenset(prints) if prints is not None else None,
        expires=expires,
    )


def _quoted(text: str) -> str:
    """A TOML basic string."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped) + '"'


def written(rows: Iterable[Mapping[str, Any]], run: str, today: dt.date) -> str:
    """A baseline accepting every root finding of ``rows`` (a run's findings table):
    one entry per code and room, naming its findings' fingerprints, with their count and
    first places as comments; each reason to be written by whoever accepts them."""
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        if row["root"]:
            groups[(row["code"], row["site"] or "")].append(row)
    lines = [
        f"# Findings accepted from run {run} ({today}): written by `auditor baseline`.",
        "# Each entry accepts the findings it names; say why in its reason, and give it an",
        "# expiry date (expires = YYYY-MM-DD) if it is to be looked at again.",
    ]
    for (code, room), found in sorted(groups.items()):
        lines += ["", f"# {code} in {room or 'no hand'}: {len(found)} finding(s), e.g."]
        for row in found[:3]:
            lines.append(
                f"#   {row['source_file']}:{row['source_line']} hand {row['hand_id'] or '-'}"
            )
        lines += ["[[accept]]", f"code = {_quoted(code)}"]
        if room:
            lines.append(f"room = {_quoted(room)}")
        prints: Sequence[str] = sorted({row["fingerprint"] for row in found})
        lines.append("fingerprint = [" + ", ".join(_quoted(p) for p in prints) + "]")
        lines.append(f"reason = {_quoted('accepted from run ' + run + ': say why')}")
    return "\n".join(lines) + "\n"


_WRITTEN_COLUMNS = ("code", "site", "root", "fingerprint", "hand_id", "source_file", "source_line")


def baseline_command(out: Path, today: dt.date | None = None) -> str:
    """What ``auditor baseline OUT`` prints: a baseline accepting the root findings of
    the folder's last run; raises :class:`BaselineError` for a folder with no audit."""
    from auditor.regress.rows import committed_rows
    from auditor.tables.output import read_run_file

    record = read_run_file(out) if out.is_dir() else None
    if record is None or not record["runs"]:
        raise BaselineError(f"{out}: no audit's tables here")
    run = str(record["runs"][-1])
    rows = [
        row
        for row in committed_rows(out, "findings", (*_WRITTEN_COLUMNS, "run_id"))
        if row["run_id"] == run
    ]
    return written(rows, run, today or dt.date.today())
