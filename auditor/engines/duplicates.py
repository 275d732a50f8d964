"""Hand records read twice in a run: HAND_DUPLICATE and HAND_DUPLICATE_DIFFERS.

A user's folder often holds the same hand twice (an export and a re-export, two
trackers' copies). Both records are audited and written, each with its own hand key;
the second and later copies are flagged with the key and place of the first, so that
sums over the tables can drop them.

The reading process sees every hand's text in input order. For each hand of a game the
auditor audits (hands of other games are only counted), it keeps under the key (room,
the header's first word, hand id) the hand's key, place and a 16-byte digest of its
text as its room compares two copies of a record (:meth:`Room.same_record_text`: lines
without trailing spaces, and whatever else two exports of the room's may write
differently, such as a start time in another zone). A later hand with the same key
is a copy: identical when the digests agree (HAND_DUPLICATE, info), different otherwise
(HAND_DUPLICATE_DIFFERS, error). The index is a private SQLite database, held in
memory up to its page cache and in a temporary file beyond (deleted when closed), so
memory does not grow with the input; a chunk of hands costs one look-up query and one
insert.

Naming the first line where two copies differ needs both texts. A differing copy keeps
its own text (compressed) in the index; once every input is read, the files that hold
the first copies are read again, each once, walking the copies they are needed for in
line order. A first copy read from stdin cannot be read again: its finding says so.
"""

from __future__ import annotations

import contextlib
import sqlite3
import zlib
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from hashlib import blake2b
from itertools import groupby
from typing import Any, BinaryIO

from auditor import rooms
from auditor.engines.chunks import Chunk
from auditor.findings import Code, Finding
from auditor.read.decode import open_text
from auditor.read.hands import hands_again
from auditor.read.split import RawHand
from auditor.source import SourceSpan
from auditor.tables.rows import Columns

Opener = Callable[[str], contextlib.AbstractContextManager[BinaryIO]]

CACHE_KB = 2 << 10
"""The index's page cache: what it may hold in memory before it goes to its file."""

_STDIN = "<stdin>"


def normalised(text: str, room: rooms.Room | None = None) -> str:
    """A hand's text as its room (``room``, else the one its header is of) compares two
    copies of a record: two exports of the same hand give the same text."""
    if room is None:
        room = rooms.room_of(RawHand("", 0, (text.partition("\n")[0],)))
    return room.same_record_text(text)


def normalised_lines(text: str) -> list[str]:
    return normalised(text).split("\n")


def digest(text: str) -> bytes:
    """16 bytes that tell normalised texts apart."""
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def hand_identity(text: str, room: str = "") -> str | None:
    """The key under which copies of a hand meet: its room (``room``'s name, else the one
    its header is of), the header's first word (two sites a room reads may number their
    hands alike) and hand id; None for a hand that is not audited (another game) or
    has no id. ``text``: the hand's text, or its first lines (a room may write lines
    before its header, and its game after it)."""
    found = _identity(_head(text, room))
    return found[0] if found is not None else None


def _head(text: str, room: str, context: str = "") -> RawHand:
    """The first lines of a hand's text, as the hand of ``room`` (else of the room its
    header is of), with the lines it is read with (``context``: an XML session's head)."""
    lines = tuple(text.split("\n", _HEAD_LINES)[:_HEAD_LINES])
    shared = tuple(context.split("\n")) if context else ()
    room = room or rooms.room_of(RawHand("", 0, lines)).name
    found = rooms.REGISTRY.get(room)
    if found is not None and found.splits_files:  # its lead-ins may be any number of rows
        lines = tuple(text.split("\n"))
    return RawHand("", 0, lines, room, context=shared)


def _identity(raw: RawHand) -> tuple[str, rooms.Room] | None:
    hand_id = raw.hand_id
    if not hand_id:
        return None
    room = rooms.room_of(raw)
    if not room.is_omaha(room.game(raw)):
        return None
    return f"{room.name}:{raw.header.split(' ', 1)[0]}#{hand_id}", room


_HEAD_LINES = 6  # lead-in lines, the header and the line after it, with room to spare


class DuplicateIndex:
    """Every audited hand's (room, hand id) in a run, with the copies seen after the first."""

    def __init__(self) -> None:
        # "": a private temporary database (pages in memory up to the cache, then a file)
        self._db = sqlite3.connect("")
        self._db.execute(f"pragma cache_size = -{CACHE_KB}")
        self._db.execute(
            "create table seen (key text primary key, hand_key integer, file integer, "
            "line integer, digest blob) without rowid"
        )
        # a copy: its key, hand id and place, the first copy's key and place, and its
        # own text (compressed) when it differs from the first (null when identical)
        self._db.execute(
            "create table copies (hand_key integer primary key, hand_id text, file integer, "
            "line integer, first_key integer, first_file integer, first_line integer, "
            "text blob, site text, table_name text)"
        )
        self._file_index: dict[str, int] = {}
        self.files: list[str] = []
        self.copies = 0

    def _file(self, name: str) -> int:
        index = self._file_index.get(name)
        if index is None:
            index = self._file_index[name] = len(self.files)
            self.files.append(name)
        return index

    def add_chunk(self, chunk: Chunk) -> None:
        """Note every hand of ``chunk`` (chunks come in input order)."""
        # key, hand key, file, line, text, room
        hands: list[tuple[str, int, int, int, str, rooms.Room]] = []
        for segment in chunk.segments:
            file = self._file(segment.file)
            names = segment.rooms or ("",) * len(segment.texts)  # "": found by its header
            contexts = segment.contexts or ("",) * len(segment.texts)
            for offset, (line, text, name, context) in enumerate(
                zip(segment.first_lines, segment.texts, names, contexts, strict=True)
            ):
                found = _identity(_head(text, name, context))
                if found is not None:
                    key, room = found
                    hands.append((key, segment.first_key + offset, file, line, text, room))
        if not hands:
            return
        keys = list({hand[0] for hand in hands})
        marks = ",".join("?" * len(keys))
        first: dict[str, tuple[int, int, int, bytes]] = {
            row[0]: row[1:]
            for row in self._db.execute(
                f"select key, hand_key, file, line, digest from seen where key in ({marks})",
                keys,
            )
        }
        new: list[tuple[str, int, int, int, bytes]] = []
        copies: list[tuple[int, str, int, int, int, int, int, bytes | None]] = []
        for key, hand_key, file, line, text, room in hands:
            this = digest(room.same_record_text(text))
            seen = first.get(key)
            if seen is None:
                first[key] = (hand_key, file, line, this)
                new.append((key, hand_key, file, line, this))
                continue
            first_key, first_file, first_line, first_digest = seen
            kept = None if this == first_digest else zlib.compress(text.encode("utf-8"), 1)
            hand_id = key.rsplit("#", 1)[1]
            copies.append((hand_key, hand_id, file, line, first_key, first_file, first_line, kept))
        self._db.executemany("insert into seen values (?, ?, ?, ?, ?)", new)
        self._db.executemany(
            "insert into copies (hand_key, hand_id, file, line, first_key, first_file, "
            "first_line, text) values (?, ?, ?, ?, ?, ?, ?, ?)",
            copies,
        )
        self.copies += len(copies)

    def note_places(self, tables: Mapping[str, Columns]) -> None:
        """Note where the copies among a chunk's hands were played (``tables``: the rows
        the chunk's audit made), for their findings' site and table_name columns."""
        if not self.copies:
            return
        places: dict[int, tuple[str | None, str | None]] = {}
        for table in ("findings", "hands"):  # a rejected copy has only its finding
            columns = tables.get(table)
            if columns:
                rows = zip(columns["hand_key"], columns["site"], columns["table_name"], strict=True)
                places.update((key, (site, name)) for key, site, name in rows if key is not None)
        if not places:
            return
        found = self._db.execute(
            "select hand_key from copies where hand_key between ? and ?",
            (min(places), max(places)),
        )
        self._db.executemany(
            "update copies set site = ?, table_name = ? where hand_key = ?",
            [(*places[key], key) for (key,) in found.fetchall() if key in places],
        )

    def findings(self, opener: Opener) -> Iterator[Finding]:
        """One finding per copy, in the order of the first copies' places; ``opener``
        opens an input file again (bytes) to find where differing copies differ."""
        rows = self._db.execute(
            "select hand_key, hand_id, file, line, first_key, first_file, first_line, text, "
            "site, table_name from copies order by first_file, first_line, hand_key"
        )
        for first_file, group in groupby(rows, key=lambda row: int(row[5])):
            # the copies stream through (their texts are not all held): each one's place
            # is noted as it passes and taken back by its finding, made in the same order
            places: dict[int | None, tuple[str, str]] = {}
            for finding in self._file_findings(
                self.files[first_file], _noting_places(group, places), opener
            ):
                site, table_name = places.pop(finding.hand_key)
                yield replace(finding, site=site, table_name=table_name)

    def _file_findings(
        self,
        name: str,
        rows: Iterable[tuple[int, str, int, int, int, int, int, bytes | None]],
        opener: Opener,
    ) -> Iterator[Finding]:
        # rows come in the order of their first copies' lines, as the file gives its
        # hands: one walk through the file finds every first copy needed
        # (the file is opened only when a differing copy needs it)
        with contextlib.closing(_hands_of(name, opener)) as hands:
            current: tuple[int, str] | None = None
            for hand_key, hand_id, file, line, first_key, _, first_line, kept in rows:
                copy = Copy(hand_key, hand_id, self.files[file], line, first_key, name, first_line)
                if kept is None:
                    yield copy.identical()
                    continue
                while current is None or current[0] < first_line:
                    current = next(hands, None)
                    if current is None:  # the file ends (or cannot be read again)
                        break
                found = current is not None and current[0] == first_line
                first_text = current[1] if current is not None and found else None
                yield copy.differing(zlib.decompress(kept).decode("utf-8"), first_text)

    def close(self) -> None:
        self._db.close()


_CopyRow = tuple[int, str, int, int, int, int, int, bytes | None]


def _noting_places(
    rows: Iterable[Any], places: dict[int | None, tuple[str, str]]
) -> Iterator[_CopyRow]:
    """The copies' rows (as the index gives them) without their site and table, which
    go to ``places``."""
    for row in rows:
        places[row[0]] = (row[8] or "", row[9] or "")
        yield row[:8]


def _hands_of(name: str, opener: Opener) -> Generator[tuple[int, str], None, None]:
    """Each hand of file ``name`` read again: its first line and text (none if the file
    cannot be read again)."""
    if name == _STDIN:
        return
    try:
        with opener(name) as stream:
            text, _ = open_text(stream)
            for item in hands_again(text, name):
                if isinstance(item, RawHand):
                    yield item.first_line, "\n".join(item.lines)
    except OSError:
        return


@dataclass(frozen=True, slots=True)
class Copy:
    """A hand record read again: its key, hand id and place, and the first copy's."""

    key: int
    hand_id: str
    file: str
    line: int
    first_key: int
    first_file: str
    first_line: int

    @property
    def first(self) -> str:
        return f"{self.first_file}:{self.first_line} (hand_key {self.first_key})"

    def identical(self) -> Finding:
        return Finding(
            Code.HAND_DUPLICATE,
            self.hand_id,
            f"hand {self.hand_id} was read before at {self.first}; this copy is the same "
            "record (start time zone and line-end spaces aside): leave it out of sums",
            SourceSpan(self.file, self.line, 1),
            expected="a hand recorded once",
            recorded=f"a copy of {self.first}",
            hand_key=self.key,
        )

    def differing(self, text: str, first_text: str | None) -> Finding:
        """The finding of a copy with ``text`` that differs from the first, ``first_text``
        (None when it cannot be read again)."""
        at, ours, theirs = 0, None, None
        if first_text is not None:
            at, ours, theirs = first_difference(
                normalised_lines(text), normalised_lines(first_text)
            )
        if first_text is None or ours is theirs is None:
            # stdin, a file gone, or one changed since: the first copy as read is lost
            where = "stdin" if self.first_file == _STDIN else self.first_file
            return Finding(
                Code.HAND_DUPLICATE_DIFFERS,
                self.hand_id,
                f"hand {self.hand_id} was read before at {self.first}, and this copy differs "
                f"from it ({where} could not be read again to say where)",
                SourceSpan(self.file, self.line, 1),
                expected=f"the record at {self.first}",
                recorded="a different record",
                hand_key=self.key,
            )
        ours_raw = _line(text.split("\n"), at)
        theirs_raw = _line(first_text.split("\n"), at)
        if ours is not None and theirs is not None:
            what = (
                f"line {self.line + at} of this copy differs from line {self.first_line + at} there"
            )
        elif ours is None:
            what = f"this copy ends at line {self.line + at - 1}; the first goes on"
        else:
            what = f"this copy goes on at line {self.line + at}, past the end of the first"
        return Finding(
            Code.HAND_DUPLICATE_DIFFERS,
            self.hand_id,
            f"hand {self.hand_id} was read before at {self.first}, and the copies differ: {what}",
            SourceSpan(self.file, self.line + min(at, _count(text) - 1), 1),
            expected=theirs_raw if theirs is not None else "(no line)",
            recorded=ours_raw if ours is not None else "(no line)",
            hand_key=self.key,
        )


def first_difference(ours: list[str], theirs: list[str]) -> tuple[int, str | None, str | None]:
    """The index of the first line where two copies differ, and that line in each (None
    past the end of one)."""
    for at in range(max(len(ours), len(theirs))):
        mine = ours[at] if at < len(ours) else None
        other = theirs[at] if at < len(theirs) else None
        if mine != other:
            return at, mine, other
    return len(ours), None, None


def _line(lines: list[str], at: int) -> str:
    return lines[at] if at < len(lines) else ""


def _count(text: str) -> int:
    return text.count("\n") + 1
