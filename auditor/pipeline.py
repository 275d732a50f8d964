"""The audit of one input: text -> raw hands -> events -> findings, hand by hand.

Every hand read ends as exactly one :class:`HandResult`: audited, skipped
(another game) or rejected (PARSE_ERROR and the like, or INTERNAL_ERROR when its audit
fails in a way nobody foresaw). Nothing is dropped, and one bad hand never stops a run.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import BinaryIO

from auditor import rooms
from auditor.findings import Code, Finding
from auditor.parse.errors import HandParseError
from auditor.read.archives import open_input
from auditor.read.hands import read_hands
from auditor.read.inputs import Input, Kind
from auditor.read.inputs import expand_paths as expand_paths  # its home was here
from auditor.read.split import RawHand
from auditor.replay.classify import with_classified
from auditor.replay.consequences import link_consequences
from auditor.replay.engine import replay_hand
from auditor.replay.event_index import index_events
from auditor.replay.profile import RuleProfile, load_profile, profile_key, resolve_rules
from auditor.results import FileSummary as FileSummary  # their home was here
from auditor.results import HandResult as HandResult
from auditor.results import Status as Status
from auditor.showdown.awards import settle_hand
from auditor.source import SourceSpan


class HandAuditor:
    """Audits raw hands under a rule profile (``auto``: the hand's room profile, else the
    seeds'; a name or path: that profile, loaded once; or a loaded profile) and a
    ``format`` (``auto``: each hand read by its room; a room's name: that room only);
    holds the rooms' readers, so build one per process and reuse it."""

    def __init__(self, rules: str | RuleProfile = "auto", format: str = rooms.AUTO) -> None:
        self.format = format
        self.rooms = rooms.choose(format)  # an unknown format fails here (UnknownFormat)
        self._readers: dict[str, rooms.Reader] = {}
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
        return rooms.profile_for_site(site)

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
        room = rooms.room_of(raw, self.rooms)
        if raw.cut:  # not the whole hand (too long, or the file cut short in it): unread
            where = SourceSpan(raw.file, raw.cut_line or raw.first_line, 1)
            return rejected(raw, Finding(Code.PARSE_ERROR, room.hand_id(raw), raw.cut, where))
        game = room.game(raw)
        if not room.is_omaha(game):
            return HandResult(
                Status.SKIPPED, raw.file, raw.first_line, room.hand_id(raw), game, format=room.name
            )
        reader = self._readers.get(room.name)
        if reader is None:
            reader = self._readers[room.name] = room.reader()
        try:
            hand = reader.read(raw)
        except HandParseError as err:
            if err.code == Code.PARSE_ERROR:
                message = f"cannot read line {err.line}: {err.expected}"
            else:  # a line read whose values the hand cannot have
                message = f"line {err.line}: {err.expected}"
            finding = Finding(
                err.code,
                room.hand_id(raw),
                message,
                SourceSpan(err.file, err.line, err.column),
                recorded=err.text,
                expected=err.expected if err.code == Code.PARSE_ERROR else "",
            )
            return rejected(raw, finding)
        profile = self.profile(self.profile_key(hand.start.site))
        index = index_events(hand.events)  # once: the replay, settlement, rows, continuity
        replayed = replay_hand(hand, profile, index)
        if replayed.classified or replayed.netted:  # the rest sees what the replay told
            hand = with_classified(hand, replayed.classified, replayed.netted)
            index = index_events(hand.events)
        settled = settle_hand(hand, replayed, profile, index)
        return HandResult(
            Status.AUDITED,
            raw.file,
            raw.first_line,
            room.hand_id(raw),
            game,
            hand,
            link_consequences(replayed.findings + settled.findings),
            replayed,
            settled,
            format=room.name,
            index=index,
        )

    def audit_stream(
        self, stream: BinaryIO, name: str, summary: FileSummary
    ) -> Iterator[HandResult]:
        for raw in read_hands(stream, name, summary, self.rooms):
            result = self.audit_hand(raw)
            summary.count(result)
            yield result
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
    room = rooms.room_of(raw)
    return HandResult(
        Status.REJECTED,
        raw.file,
        raw.first_line,
        room.hand_id(raw),
        room.game(raw),
        findings=(finding,),
        table_name=room.table_name(raw),
        site=_site_of(room, raw),
        format=room.name,
    )


def _site_of(room: rooms.Room, raw: RawHand) -> str:
    """The site of a hand its reader did not read: the one of the room's sites its header
    starts with, else the room's only site ("" when neither tells)."""
    header = raw.header if raw.lines else ""
    for site in room.sites:
        if header.startswith(site):
            return site
    return room.sites[0] if len(room.sites) == 1 else ""


def internal_error(raw: RawHand, exc: BaseException) -> HandResult:
    """``raw`` rejected because its audit raised ``exc`` (a bug: said so, located at the
    hand's header, and the run goes on)."""
    hand_id = rooms.room_of(raw).hand_id(raw)
    what = f"{type(exc).__name__}: {exc}"
    if len(what) > 300:
        what = what[:300] + "..."
    finding = Finding(
        Code.INTERNAL_ERROR,
        hand_id,
        f"auditing hand {hand_id or '(no id)'} failed with {what}; the hand is rejected",
        SourceSpan(raw.file, raw.first_line, 1),
        recorded=type(exc).__name__,
    )
    return rejected(raw, finding)
