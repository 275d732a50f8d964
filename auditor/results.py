"""What became of each hand and each file of a run: :class:`HandResult`, :class:`FileSummary`.

Its own module so that the readers, the replay and the tables use these without
importing the pipeline that produces them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from auditor import events as ev
from auditor import rooms
from auditor.findings import Code, Finding
from auditor.read.split import StrayText
from auditor.source import SourceSpan

if TYPE_CHECKING:  # types only: the replay and showdown modules import this one
    from auditor.replay.event_index import EventIndex
    from auditor.replay.result import ReplayResult
    from auditor.showdown.awards import ShowdownResult


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
    site: str = ""  # for a rejected hand: its site, if its room or header tells it
    format: str = ""  # the name of the room that read (or would have read) it
    # the hand's events indexed, built once for the replay, settlement, rows and continuity
    index: EventIndex | None = field(default=None, compare=False, repr=False)


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
    format: str = ""  # the rooms of its hands ("a+b" in a mixed file), or "unsupported"
    status: str = "read"  # "read", "not read" (listed, with the reason) or "error"
    reason: str = ""  # why it is not read, or the error
    size_bytes: int | None = None  # on disk (a zip member: unzipped); None for a stream
    looks: str = ""  # what the file looks like, when no room reads it (auditor.read.looks)
    # the name's bytes, exactly as the file system holds them (source_file escapes the
    # bytes its encoding cannot decode); None: source_file's own (UTF-8) bytes
    source_file_bytes: bytes | None = None

    def add_format(self, name: str) -> None:
        """Note that a hand of room ``name`` was read from this file."""
        if name and name not in self.format.split("+"):
            self.format = f"{self.format}+{name}" if self.format else name

    def finish(self) -> None:
        """Close the count: a file with text but no hand in a layout we read is said to be
        unsupported (one finding for the file), not passed off as stray lines; a file
        that cannot be read (or not to its end) is one FILE_UNREADABLE finding."""
        if self.status == "not read":
            return
        if self.error:
            self._unreadable()
            return
        if not self.hands_read and self.stray_findings:
            first = self.stray_findings[0]
            self.format = "unsupported"
            looks = f"; it looks like {self.looks}" if self.looks else ""
            read = ", ".join(rooms.names())
            self.stray_findings = [
                Finding(
                    Code.FORMAT_UNSUPPORTED,
                    "",
                    f"no hand in a layout this auditor reads ({read}){looks}; none of this "
                    "file's hands were audited or counted",
                    first.source,
                    expected=f"a hand header of a room read ({read})",
                    recorded=first.recorded,
                )
            ]

    def _unreadable(self) -> None:
        self.status, self.reason = "error", self.error
        if not self.hands_read:
            self.format = ""
        if self.hands_read:
            message = (
                f"cannot read this file to its end ({self.error}); the hands before are counted"
            )
            kept = self.stray_findings
        else:
            message = f"cannot read this file ({self.error}); no hand of it was read"
            kept = []  # what came out of a file that cannot be read is not its text
        unreadable = Finding(
            Code.FILE_UNREADABLE,
            "",
            message,
            SourceSpan(self.source_file, 0, 0),
            expected="a file that can be read to its end",
            recorded=self.error,
        )
        self.stray_findings = [*kept, unreadable]

    def count(self, result: HandResult) -> None:
        self.hands_read += 1
        self.add_format(result.format)
        if result.status is Status.AUDITED:
            self.hands_audited += 1
            if not self.room and result.hand is not None:
                self.room = result.hand.start.site
        elif result.status is Status.SKIPPED:
            self.hands_skipped += 1
            self.skipped_games[result.game] = self.skipped_games.get(result.game, 0) + 1
        else:
            self.hands_rejected += 1


def stray_finding(stray: StrayText) -> Finding:
    preview = stray.lines[0][:80]
    return Finding(
        Code.TEXT_OUTSIDE_HAND,
        "",
        f"{stray.line_count} line(s) before the first hand header",
        SourceSpan(stray.file, stray.first_line, 1),
        recorded=preview,
    )
