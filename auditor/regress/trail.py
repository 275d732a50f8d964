"""The audit trail: what a run checked, with what, and what it found, so that an auditor
months later can show it and tell whether the inputs are still those.

Each run's record goes to ``OUT/run.json`` (every run of the folder, oldest first):
the tool's version, the command line, the rule profile(s) with their content hashes, the
grammars' hashes, every input file's path, size and SHA-256, the start and end times and
the counts. The tables' Parquet metadata carries the digests (inputs, profiles,
grammars), never a time: two runs on the same inputs write the same tables.
``auditor verify OUT`` hashes the inputs again.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from auditor import __version__
from auditor.parse.grammar import grammar_dir
from auditor.read.inputs import Input
from auditor.replay.profile import PROFILE_DIR, RuleProfile, profile_key
from auditor.tables.output import TOOL, TRAIL_FILE, is_trail_file


def sha256_of(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def input_records(found: Iterable[Input]) -> list[dict[str, Any]]:
    """Each input read: its path as named, its size and SHA-256 (a regular file); a pipe
    or stdin is listed with neither (it cannot be read again to check)."""
    records = []
    for item in found:
        if not item.read:
            continue
        path = Path(item.name)
        try:
            regular = item.name != "-" and stat.S_ISREG(path.stat().st_mode)
        except OSError:
            regular = False
        if regular:
            records.append(
                {"path": item.name, "size": path.stat().st_size, "sha256": sha256_of(path)}
            )
        else:
            records.append({"path": item.name, "size": None, "sha256": None})
    return records


def grammar_hashes(reader_kinds: Iterable[str]) -> dict[str, str]:
    """The SHA-256 of each bundled grammar the rooms read with (``grammars/x.lark``)."""
    found = {}
    for kind in reader_kinds:
        for word in kind.replace(",", " ").split():
            if word.startswith("grammars/") and word.endswith(".lark"):
                path = grammar_dir() / word.removeprefix("grammars/")
                if path.is_file():
                    found[path.name] = sha256_of(path)
    return dict(sorted(found.items()))


def profile_hashes(rules: str | RuleProfile) -> dict[str, str]:
    """The profile(s) a run is audited under and their content: under ``auto`` every
    bundled profile a room may choose (the SHA-256 of its file), else the one given (its
    name and a key made of its content)."""
    if isinstance(rules, RuleProfile):
        return {rules.name: profile_key(rules)}
    return {p.stem: sha256_of(p) for p in sorted(PROFILE_DIR.glob("*.toml"))}


def digest(value: object) -> str:
    """A short, stable digest of a JSON-able value (sorted keys)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def run_identity(
    *,
    inputs: Sequence[dict[str, Any]],
    options: dict[str, Any],
    profiles: dict[str, str],
    grammars: dict[str, str],
) -> str | None:
    """The id of a run, made of what it reads (every input's path as named, size and
    SHA-256) and how (its options that change rows, the tool's and pyarrow's versions,
    the profiles' and grammars' hashes): two runs alike write byte-identical tables. None
    when an input cannot be hashed first (stdin, a pipe): such a run gets a random id."""
    if any(item.get("sha256") is None for item in inputs):
        return None
    import pyarrow  # the writer's own bytes (its version is in every file's footer)

    return digest(
        {
            "version": __version__,
            "pyarrow": pyarrow.__version__,
            "inputs": list(inputs),
            "options": options,
            "profiles": profiles,
            "grammars": grammars,
        }
    )


def read_trail(out: Path) -> list[dict[str, Any]]:
    """The runs ``out/run.json`` records (none if it is missing or not the auditor's)."""
    try:
        record = json.loads((out / TRAIL_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(record, dict) or record.get("tool") != TOOL:
        return []
    runs = record.get("runs")
    return [r for r in runs if isinstance(r, dict)] if isinstance(runs, list) else []


def write_trail(out: Path, run: dict[str, Any], committed: Sequence[str]) -> bool:
    """Add ``run`` to ``out/run.json``, keeping the records of the runs still in the
    folder (``committed``: an --overwrite leaves only this one); written whole or not at
    all. False (nothing written) when a ``run.json`` there is not the auditor's."""
    target = out / TRAIL_FILE
    if os.path.lexists(target) and not is_trail_file(target):
        return False  # a file of the user's: never the auditor's to replace
    # a run that replaced the same run (an --overwrite of an identical run) has one record
    kept = [
        r
        for r in read_trail(out)
        if r.get("run_id") in committed and r.get("run_id") != run.get("run_id")
    ]
    record = {"tool": TOOL, "version": __version__, "runs": [*kept, run]}
    temporary = out / f".{TRAIL_FILE}.{os.getpid()}.tmp"
    try:
        temporary.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()
    return True


def verify(out: Path) -> tuple[bool, list[str]]:
    """Whether the inputs of every run ``out`` records are still as they were: (all
    unchanged, one line per input checked)."""
    runs = read_trail(out)
    if not runs:
        raise FileNotFoundError(f"{out}: no audit trail ({TRAIL_FILE}) here")
    lines, same = [], True
    for run in runs:
        for item in run.get("inputs", []):
            path = Path(str(item.get("resolved") or item.get("path")))
            if item.get("sha256") is None:
                lines.append(f"run {run.get('run_id')}: {path}: not checkable (read from a pipe)")
                continue
            try:
                now = sha256_of(path)
            except OSError:
                lines.append(f"run {run.get('run_id')}: {path}: missing")
                same = False
                continue
            if now != item["sha256"]:
                lines.append(
                    f"run {run.get('run_id')}: {path}: changed (sha256 {now[:12]}…, "
                    f"was {str(item['sha256'])[:12]}…)"
                )
                same = False
            else:
                lines.append(f"run {run.get('run_id')}: {path}: unchanged")
    return same, lines
