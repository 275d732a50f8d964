"""The flagged hands read again from their source files and audited again with the same
code and profile as the run, so that the replayer shows the audit's own replay.

The tables hold each hand's file and first line; a file read again is split as the run
split it and only the wanted hands are audited. A hand that cannot be found again (the
file moved, changed, or was standard input) is listed with the reason, not replayed.
"""

from __future__ import annotations

import os
import stat
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from auditor import rooms
from auditor.pipeline import HandAuditor
from auditor.read.archives import READ_ERRORS, reopen
from auditor.read.hands import read_hands
from auditor.replay.profile import ProfileError, RuleProfile, bundled_profiles
from auditor.results import FileSummary, HandResult, Status


@dataclass(frozen=True, slots=True)
class Wanted:
    hand_key: int
    hand_id: str
    source_file: str
    source_line: int
    profile: str  # the profile's name in the hands table


@dataclass(frozen=True, slots=True)
class Reread:
    results: dict[int, HandResult]  # hand_key -> the hand audited again
    profiles: dict[int, RuleProfile]  # hand_key -> the profile it was audited under
    missing: dict[int, str]  # hand_key -> why it is not replayed


def reread(wanted: Iterable[Wanted], rules: str | None = None) -> Reread:
    """Each wanted hand audited again under ``rules`` (default: the profile the tables
    name, when it is a bundled one; else ``auto``, and the hand says so)."""
    by_file: dict[str, dict[int, list[Wanted]]] = defaultdict(lambda: defaultdict(list))
    for one in wanted:
        by_file[one.source_file][one.source_line].append(one)
    auditors: dict[str, HandAuditor] = {}
    results: dict[int, HandResult] = {}
    profiles: dict[int, RuleProfile] = {}
    missing: dict[int, str] = {}
    bundled = set(bundled_profiles())
    for name, lines in by_file.items():
        try:
            _check_regular(name)
            with reopen(name) as stream:
                summary = FileSummary(source_file=name)
                for raw in read_hands(stream, name, summary, rooms.choose()):
                    for one in lines.get(raw.first_line, ()):
                        chosen = rules or (one.profile if one.profile in bundled else "auto")
                        if chosen not in auditors:
                            auditors[chosen] = HandAuditor(chosen)
                        by = auditors[chosen]
                        result = by.audit_hand(raw)
                        if (
                            result.hand_id == one.hand_id
                            and result.status is Status.AUDITED
                            and result.hand is not None
                        ):
                            results[one.hand_key] = result
                            site = result.hand.start.site
                            profiles[one.hand_key] = by.profile(by.profile_key(site))
                        else:
                            missing[one.hand_key] = (
                                f"line {one.source_line} of {name} no longer holds hand "
                                f"{one.hand_id} as audited (the file changed since the audit)"
                            )
        except (*READ_ERRORS, ProfileError) as exc:  # type: ignore[misc]
            for one in _each(lines):
                missing.setdefault(one.hand_key, f"{name} cannot be read again: {exc}")
        for one in _each(lines):
            if one.hand_key not in results:
                gone = f"hand {one.hand_id} is no longer at line {one.source_line} of {name}"
                missing.setdefault(one.hand_key, gone)
    return Reread(results, profiles, missing)


def _check_regular(name: str) -> None:
    """OSError when the file ``name`` is in (itself, or the archive of ``archive!member``)
    is no longer a regular file: a FIFO put in its place would make reading it wait."""
    cuts = [len(name)] + [i for i, c in enumerate(name) if c == "!"]
    for cut in cuts:
        try:
            found = os.stat(name[:cut])
        except (OSError, ValueError):
            continue
        if not stat.S_ISREG(found.st_mode):
            raise OSError(f"{name[:cut]} is no longer a regular file (a FIFO, device or folder)")
        return


def _each(lines: dict[int, list[Wanted]]) -> Iterator[Wanted]:
    for ones in lines.values():
        yield from ones
