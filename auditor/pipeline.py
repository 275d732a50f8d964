"""The audit of one input: text -> raw hands -> events -> findings, hand by hand.

Every hand read ends as exactly one :class:`HandResult`: audited, skipped
(another game) or rejected (PARSE_ERROR and the like, or INTERNAL_ERROR when its audit
fails in a way nobody foresaw). Nothing is dropped, and one bad hand never stops a run.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import BinaryIO

from auditor import events as ev
from auditor.findings import Finding
from auditor.parse.errors import HandParseError
from auditor.parse.pokerstars import PokerStarsReader
from auditor.read.archives import open_input
from auditor.read.decode import open_text
from auditor.read.games import header_game, is_omaha
from auditor.read.inputs import Input, Kind
from auditor.read.inputs import expand_paths as expand_paths  # its home was here
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.replay.engine import replay_hand
from auditor.replay.profile import (
    ROOM_PROFILES,
    RuleProfile,
    load_profile,
    profile_key,
    resolve_rules,
)
from auditor.replay.result import ReplayResult
from auditor.showdown.awards import ShowdownResult, settle_hand
from auditor.source import SourceSpan

_TABLE_NAME = re.compile(r"Table '(.*)'")


class Status(StrEnum):
    AUDITED = "audited"
    SKIPPED = "skipped"
    REJECTED = "rejected"


@dataclass(frozen=True, slots=True)
class HandResult:
    """What became of one hand of an input file."""

    status: Status
    file: str
    first_line: int
    hand_id: str
    game: str
    hand: ev.Hand | None = None
    findings: tuple[Finding, ...] = ()
    replay: ReplayResult | None = None
    showdown: ShowdownResult | None = None
    table_name: str = ""  # for a rejected hand: its table, if its table line can be read


@dataclass(slots=True)
class FileSummary:
    """Counts for one input file: hands_read = audited + skipped + rejected."""

    source_file: str
    room: str = ""
    encoding: str = ""
    hands_read: int = 0
    hands_audited: int = 0
    hands_skipped: int = 0
    hands_rejected: int = 0
    skipped_games: dict[str, int] = field(default_factory=dict)
    stray_findings: list[Finding] = field(default_factory=list)
    error: str = ""  # why the file (or the rest of it) cannot be read
    format: str = ""  # "pokerstars", or "unsupported" for a file with no hand we can read
    status: str = "read"  # "read", "not read" (listed, with the reason) or "error"
    reason: str = ""  # why it is not read, or the error
    size_bytes: int | None = None  # on disk (a zip member: unzipped); None for a stream

    def finish(self) -> None:
        """Close the count: a file with text but no hand in a layout we read is said to be
        unsupported (one finding for the file), not passed off as stray lines; a file
        that cannot be read (or not to its end) is one FILE_UNREADABLE finding."""
        if self.status == "not read":
            return
        if self.error:
            self._unreadable()
            return
        if self.hands_read:
            self.format = "pokerstars"
        elif self.stray_findings:
            first = self.stray_findings[0]
            self.format = "unsupported"
            self.stray_findings = [
                Finding(
                    "FORMAT_UNSUPPORTED",
                    "",
                    "no hand in a layout this auditor reads (PokerStars and rooms that write "
                    "its layout); none of this file's hands were audited or counted",
                    first.source,
                    expected="a PokerStars-layout hand header",
                    recorded=first.recorded,
                )
            ]

    def _unreadable(self) -> None:
        self.status, self.reason = "error", self.error
        self.format = "pokerstars" if self.hands_read else ""
        if self.hands_read:
            message = (
                f"cannot read this file to its end ({self.error}); the hands before are counted"
            )
            kept = self.stray_findings
        else:
            message = f"cannot read this file ({self.error}); no hand of it was read"
            kept = []  # what came out of a file that cannot be read is not its text
        unreadable = Finding(
            "FILE_UNREADABLE",
            "",
            message,
            SourceSpan(self.source_file, 0, 0),
            expected="a file that can be read to its end",
            recorded=self.error,
        )
        self.stray_findings = [*kept, unreadable]

    def count(self, result: HandResult) -> None:
        self.hands_read += 1
        if result.status is Status.AUDITED:
            self.hands_audited += 1
            if not self.room and result.hand is not None:
                self.room = result.hand.start.site
        elif result.status is Status.SKIPPED:
            self.hands_skipped += 1
            self.skipped_games[result.game] = self.skipped_games.get(result.game, 0) + 1
        else:
            self.hands_rejected += 1


class HandAuditor:
    """Audits raw hands under a rule profile (``auto``: the hand's room profile, else the
    seeds'; a name or path: that profile, loaded once; or a loaded profile); holds the
    parser, so build one per process and reuse it."""

    def __init__(self, rules: str | RuleProfile = "auto") -> None:
        self._reader = PokerStarsReader()
        self.rules = rules
        # an unknown or broken profile fails here, before any input is read
        chosen = resolve_rules(rules)
        self._fixed = chosen if isinstance(chosen, RuleProfile) else None
        self._fixed_key = profile_key(self._fixed) if self._fixed is not None else ""
        self._profiles: dict[str, RuleProfile] = {}

    def profile_key(self, site: str) -> str:
        """The key of the profile a hand of ``site`` is audited under: a bundled profile's
        name under ``auto``, else the chosen profile's own key (never a bundled name, so a
        user's file named like a bundled profile is not swapped for it)."""
        if self._fixed is not None:
            return self._fixed_key
        return ROOM_PROFILES.get(site, "seeds")

    def profile(self, key: str) -> RuleProfile:
        """The profile of a :meth:`profile_key` (or a bundled profile's name), loaded once."""
        if self._fixed is not None and key == self._fixed_key:
            return self._fixed
        if key not in self._profiles:
            self._profiles[key] = load_profile(key)
        return self._profiles[key]

    def audit_hand(self, raw: RawHand) -> HandResult:
        """The hand's result; an exception of its audit rejects it (INTERNAL_ERROR)."""
        try:
            return self._audit_hand(raw)
        except Exception as exc:  # one hand's failure must not stop the run: report it
            return internal_error(raw, exc)

    def _audit_hand(self, raw: RawHand) -> HandResult:
        game = header_game(raw.header)
        if not is_omaha(game):
            return HandResult(Status.SKIPPED, raw.file, raw.first_line, raw.hand_id, game)
        try:
            hand = self._reader.read(raw)
        except HandParseError as err:
            if err.code == "PARSE_ERROR":
                message = f"cannot read line {err.line}: {err.expected}"
            else:  # a line read whose values the hand cannot have
                message = f"line {err.line}: {err.expected}"
            finding = Finding(
                err.code,
                raw.hand_id,
                message,
                SourceSpan(err.file, err.line, err.column),
                recorded=err.text,
                expected=err.expected if err.code == "PARSE_ERROR" else "",
            )
            return rejected(raw, finding)
        profile = self.profile(self.profile_key(hand.start.site))
        replayed = replay_hand(hand, profile)
        settled = settle_hand(hand, replayed, profile)
        return HandResult(
            Status.AUDITED,
            raw.file,
            raw.first_line,
            raw.hand_id,
            game,
            hand,
            replayed.findings + settled.findings,
            replayed,
            settled,
        )

    def audit_stream(
        self, stream: BinaryIO, name: str, summary: FileSummary
    ) -> Iterator[HandResult]:
        text, summary.encoding = open_text(stream)
        for item in split_hands(text, name):
            if isinstance(item, StrayText):
                summary.stray_findings.append(_stray_finding(item))
                continue
            result = self.audit_hand(item)
            summary.count(result)
            yield result
        summary.encoding = text.encoding  # known once read: "utf-8+cp1252" for a mixed file
        summary.finish()

    def audit_file(self, name: str, summary: FileSummary) -> Iterator[HandResult]:
        """Results for each hand of file ``name`` (``-`` is stdin; a compressed file is
        decompressed, a zip archive read member by member), counted into ``summary``."""
        if name == "-":
            yield from self.audit_stream(sys.stdin.buffer, "<stdin>", summary)
            return
        for file in open_input(Input(name, Kind.FILE)):
            if file.stream is not None:
                yield from self.audit_stream(file.stream, file.name, summary)
            elif file.status == "error":
                raise OSError(f"{file.name}: {file.reason}")


def rejected(raw: RawHand, finding: Finding) -> HandResult:
    """``raw`` rejected with ``finding``: a gap in its table's sequence, if its table line
    can be read."""
    table = _TABLE_NAME.match(raw.lines[1]) if len(raw.lines) > 1 else None
    return HandResult(
        Status.REJECTED,
        raw.file,
        raw.first_line,
        raw.hand_id,
        header_game(raw.header),
        findings=(finding,),
        table_name=table.group(1) if table else "",
    )


def internal_error(raw: RawHand, exc: BaseException) -> HandResult:
    """``raw`` rejected because its audit raised ``exc`` (a bug: said so, located at the
    hand's header, and the run goes on)."""
    what = f"{type(exc).__name__}: {exc}"
    if len(what) > 300:
        what = what[:300] + "..."
    finding = Finding(
        "INTERNAL_ERROR",
        raw.hand_id,
        f"auditing hand {raw.hand_id or '(no id)'} failed with {what}; the hand is rejected",
        SourceSpan(raw.file, raw.first_line, 1),
        recorded=type(exc).__name__,
    )
    return rejected(raw, finding)


def _stray_finding(stray: StrayText) -> Finding:
    preview = stray.lines[0][:80]
    return Finding(
        "TEXT_OUTSIDE_HAND",
        "",
        f"{len(stray.lines)} line(s) before the first hand header",
        SourceSpan(stray.file, stray.first_line, 1),
        recorded=preview,
    )
