"""Open an input for reading: plain, compressed (gzip, bzip2, xz), a zip or a tar archive.

The kind is sniffed from the first bytes, not from the name: a compressed file is read
through its decompressor as it comes (a pipe too), and what comes out is sniffed again,
so that a ``.tar.gz`` or a ``.zip.gz`` is read as the archive it holds. An archive is one
file per member, named ``archive.zip!folder/member.txt`` (``archive.tar.gz!member``);
a member packed once more (``.gz``) is decompressed, an archive inside an archive is
listed, not opened (one level: what a member may unpack to stays bounded). A tar archive
is read as a stream, member after member: its links are never followed, its devices and
FIFOs never opened; a member of any archive whose path leaves it (``../x``, ``/etc/x``)
is refused. Each of them is a row of the files table with its reason.

What cannot be opened is a file with an error (the run goes on): a corrupt archive as a
whole, a corrupt member on its own. A file named as a regular file is opened without
blocking and checked to be one (it may have been replaced by a FIFO since it was
listed). Errors that only show while reading (a truncated stream, a bad CRC) are
:data:`READ_ERRORS`, caught by the reader around that one file, which keeps every byte
that decompressed before them (:class:`_Salvaging`).
"""

from __future__ import annotations

import bz2
import contextlib
import fcntl
import gzip
import io
import lzma
import os
import shutil
import stat
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, BinaryIO

from auditor.read.errors import READ_ERRORS as READ_ERRORS  # its home was here
from auditor.read.inputs import (
    HIDDEN_FILE,
    Input,
    Kind,
    hidden,
    name_bytes,
    path_of_shown,
    shown_name,
)

_GZIP = b"\x1f\x8b"
_XZ = b"\xfd7zXZ\x00"
_ZIP = (b"PK\x03\x04", b"PK\x05\x06")  # a member first, or an empty archive
_TAR_MAGIC_AT = 257  # "ustar" in a tar header's magic field (POSIX and GNU)
_HEAD = 512  # one tar header block: enough to sniff any of the kinds above
NESTED = "an archive inside an archive, not opened"
OUTSIDE = "outside the archive"


class _Progress:
    """How far into one input the reader is, in its own (compressed) bytes."""

    def __init__(self, raw: BinaryIO | None) -> None:
        self._raw = raw
        self._at = 0

    def step(self) -> int:
        """Bytes read since the last step (0 for a pipe; never negative in an archive,
        whose directory at its end is read first)."""
        if self._raw is None:
            return 0
        try:
            now = self._raw.tell()
        except (OSError, ValueError):  # a pipe, or closed
            return 0
        moved = max(0, now - self._at)
        self._at = max(self._at, now)
        return moved


@dataclass(slots=True)
class InputFile:
    """One file to read (or to list): a plain or compressed file, or an archive's member."""

    name: str  # as shown in the tables: the path, "<stdin>", "archive.zip!member"
    stream: BinaryIO | None  # its bytes, decompressed; None when it is not read
    progress: _Progress
    status: str = "read"  # "read", "not read" or "error"
    reason: str = ""  # why it is not read, or the error
    size: int | None = None  # the input's bytes on disk (a member: its own)
    compression: str = ""  # "", "gzip", "bzip2", "xz", "zip", "tar"
    raw_name: bytes = b""  # the name's bytes, exactly (the shown name escapes some)

    def step(self) -> int:
        return self.progress.step()


class NotRegular(OSError):
    """A path listed as a regular file that is something else when it is opened."""


def open_input(item: Input) -> Generator[InputFile, None, None]:
    """The files of ``item``, each opened in turn (closed when the next one is asked for)."""
    stdin = item.name == "-"
    shown = "<stdin>" if stdin else shown_name(item.name)
    raw_name = b"<stdin>" if stdin else name_bytes(item.name)
    if not item.read:
        status = "not read" if item.kind is Kind.NOT_READ else "error"
        yield InputFile(shown, None, _Progress(None), status, item.reason, item.size,
                        raw_name=raw_name)  # fmt: skip
        return
    try:
        raw = _stdin() if stdin else _open(item)
    except NotRegular as err:
        yield InputFile(shown, None, _Progress(None), "not read", str(err), item.size,
                        raw_name=raw_name)  # fmt: skip
        return
    except OSError as err:
        yield InputFile(shown, None, _Progress(None), "error", _reason(err), item.size,
                        raw_name=raw_name)  # fmt: skip
        return
    with contextlib.ExitStack() as closing:
        if not stdin:
            closing.enter_context(raw)
        buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[type-var]
        progress = _Progress(raw)
        where = _Place(shown, raw_name, progress, item.size, closing)
        try:
            yield from _unpacked(where, buffered)
        except OSError as err:  # the first bytes cannot be read
            yield InputFile(shown, None, progress, "error", _reason(err), item.size,
                            raw_name=raw_name)  # fmt: skip


def _stdin() -> BinaryIO:
    if sys.stdin is None:  # started with fd 0 closed
        raise OSError("standard input is closed")
    return sys.stdin.buffer


def _open(item: Input) -> BinaryIO:
    """``item`` opened for reading. A regular file (as listed) is opened without blocking
    and checked to be one still: a FIFO put in its place would block the run forever."""
    if item.kind is not Kind.FILE:  # a FIFO or device named directly: read as it comes
        return open(item.name, "rb")
    fd = os.open(item.name, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(f"not a regular file ({_kind_of(mode)}) when it was opened")
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
        fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)  # read as a file is read
        return open(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"


@dataclass(frozen=True, slots=True)
class _Place:
    """Where the bytes being unpacked come from: the input and what it is inside."""

    shown: str
    raw_name: bytes
    progress: _Progress
    size: int | None
    closing: contextlib.ExitStack
    archive: str = ""  # "zip" or "tar" for an archive's member
    compression: str = ""  # the compression undone already ("gzip", ...)

    def file(self, stream: BinaryIO | None, status: str = "read", reason: str = "") -> InputFile:
        compression = self.compression or self.archive
        return InputFile(self.shown, stream, self.progress, status, reason, self.size,
                         compression, self.raw_name)  # fmt: skip

    def member(self, name: str, raw_name: bytes, size: int | None, archive: str) -> _Place:
        return _Place(
            f"{self.shown}!{shown_name(name)}",
            self.raw_name + b"!" + raw_name,
            self.progress,
            size,
            self.closing,
            archive,
        )


def _unpacked(where: _Place, stream: io.BufferedReader[Any]) -> Iterator[InputFile]:
    """The files in ``stream``: itself, or the members of the archive it is, each
    decompressed once if it is compressed (sniffed again after decompressing)."""
    head = stream.peek(_HEAD)[:_HEAD]
    tar = head[_TAR_MAGIC_AT : _TAR_MAGIC_AT + 5] == b"ustar"
    if head.startswith(_ZIP) or tar:
        if where.archive:
            kind = "a zip" if head.startswith(_ZIP) else "a tar"
            yield where.file(None, "not read", f"{kind} archive inside an archive, not opened")
        elif tar:
            yield from _tar_members(where, stream)
        else:
            yield from _zip_members(where, stream)
        return
    kind = _compression(head)
    if kind and not where.compression:
        inner = _DECOMPRESSORS[kind](stream)
        decompressed = io.BufferedReader(_Salvaging(inner), _HEAD * 16)
        again = _Place(where.shown, where.raw_name, where.progress, where.size,
                       where.closing, where.archive, kind)  # fmt: skip
        yield from _unpacked(again, decompressed)
        return
    yield where.file(stream)


def _compression(head: bytes) -> str:
    if head.startswith(_GZIP):
        return "gzip"
    if head.startswith(b"BZh") and head[3:4].isdigit():
        return "bzip2"
    if head.startswith(_XZ):
        return "xz"
    return ""


def _gunzip(stream: BinaryIO) -> BinaryIO:
    return gzip.GzipFile(fileobj=stream, mode="rb")  # type: ignore[return-value]


def _bunzip(stream: BinaryIO) -> BinaryIO:
    return bz2.BZ2File(stream)  # type: ignore[return-value]


def _unxz(stream: BinaryIO) -> BinaryIO:
    return lzma.LZMAFile(stream)  # type: ignore[return-value]


_DECOMPRESSORS: dict[str, Callable[[BinaryIO], BinaryIO]] = {
    "gzip": _gunzip,
    "bzip2": _bunzip,
    "xz": _unxz,
}
_NOT_A_ZIP: tuple[type[Exception], ...] = (*READ_ERRORS, ValueError)


class _Salvaging(io.RawIOBase):
    """A stream through which every byte that decompressed is read before its error.

    A buffered read of many blocks drops the blocks it holds when the next one fails (a
    file cut short, a bad CRC at its end): here each read is one step of the
    decompressor, and a failure is first an end of the data (the reader gets what came
    before it), then, read again, the error itself."""

    def __init__(self, inner: BinaryIO) -> None:
        super().__init__()
        self._inner = inner
        self._failed: BaseException | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self._failed is not None:
            failed, self._failed = self._failed, None
            raise failed
        try:
            data = self._inner.read1(len(buffer))  # type: ignore[attr-defined]
        except READ_ERRORS as err:
            self._failed = err
            return 0
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()


def _outside(name: str) -> str:
    """Why an archive's member path leaves the archive ("" when it does not)."""
    if name.startswith(("/", "\\")) or PurePosixPath(name).is_absolute():
        return f"{OUTSIDE} (an absolute path: {shown_name(name)}): refused, not read"
    if ".." in PurePosixPath(name.replace("\\", "/")).parts:
        return f"{OUTSIDE} (a path through '..': {shown_name(name)}): refused, not read"
    return ""


def _is_hidden(name: str) -> bool:
    return any(hidden(part) for part in PurePosixPath(name).parts)


def _zip_members(where: _Place, stream: BinaryIO) -> Iterator[InputFile]:
    closing = where.closing
    if not stream.seekable():  # a zip through a pipe or a decompressor: its directory is at its end
        spool = closing.enter_context(tempfile.TemporaryFile())  # noqa: SIM115
        shutil.copyfileobj(stream, spool)
        spool.seek(0)
        stream = spool
    try:
        archive = closing.enter_context(zipfile.ZipFile(stream))
        members = archive.infolist()
    except _NOT_A_ZIP as err:
        yield where.file(None, "error", f"not a readable zip archive: {_reason(err)}")
        return
    for member in members:
        if member.is_dir():
            continue  # a folder's entry: its files are members of their own
        raw = member.filename.encode("utf-8", "surrogateescape")
        place = where.member(member.filename, raw, member.file_size, "zip")
        refused = _outside(member.filename)
        if refused:
            yield place.file(None, "not read", refused)
            continue
        if _is_hidden(member.filename):
            # listed, as a folder walk lists them ("__MACOSX/._a.txt", ".git/...")
            yield place.file(None, "not read", HIDDEN_FILE)
            continue
        with contextlib.ExitStack() as member_closing:
            try:
                opened = member_closing.enter_context(archive.open(member))
                buffered = io.BufferedReader(_Salvaging(opened), _HEAD * 16)  # type: ignore[arg-type]
                yield from _unpacked(_with_closing(place, member_closing), buffered)
            except READ_ERRORS as err:
                yield place.file(None, "error", _reason(err))


def _with_closing(place: _Place, closing: contextlib.ExitStack) -> _Place:
    return _Place(place.shown, place.raw_name, place.progress, place.size, closing,
                  place.archive, place.compression)  # fmt: skip


def _tar_members(where: _Place, stream: BinaryIO) -> Iterator[InputFile]:
    """The members of a tar archive, read as a stream (nothing is extracted, no link
    followed): each regular member is a file; the others are listed with the reason."""
    try:
        archive = tarfile.open(  # noqa: SIM115
            fileobj=stream, mode="r|", encoding="utf-8", errors="surrogateescape"
        )
    except READ_ERRORS as err:
        yield where.file(None, "error", f"not a readable tar archive: {_reason(err)}")
        return
    with archive:
        while True:
            try:
                member = archive.next()
            except READ_ERRORS as err:
                reason = f"the tar archive cannot be read past this point: {_reason(err)}"
                yield where.file(None, "error", reason)
                return
            if member is None:
                return
            if member.isdir():
                continue  # a folder's entry: its files are members of their own
            raw = member.name.encode("utf-8", "surrogateescape")
            place = where.member(member.name, raw, member.size if member.isreg() else None,
                                 "tar")  # fmt: skip
            reason = _outside(member.name) or _not_a_member_file(member)
            if reason:
                yield place.file(None, "not read", reason)
                continue
            with contextlib.ExitStack() as member_closing:
                try:
                    opened = archive.extractfile(member)
                    if opened is None:  # pragma: no cover - regular members have data
                        yield place.file(None, "not read", "no data in the archive")
                        continue
                    member_closing.enter_context(opened)
                    buffered = io.BufferedReader(_Salvaging(opened), _HEAD * 16)  # type: ignore[arg-type]
                    yield from _unpacked(_with_closing(place, member_closing), buffered)
                except READ_ERRORS as err:
                    yield place.file(None, "error", _reason(err))


def _not_a_member_file(member: tarfile.TarInfo) -> str:
    """Why a tar member is not read as a file ("" when it is one)."""
    if member.issym():
        return f"a symbolic link in the archive (to {shown_name(member.linkname)}), not followed"
    if member.islnk():
        return f"a hard link in the archive (to {shown_name(member.linkname)}), not followed"
    if member.ischr() or member.isblk():
        return "a device in the archive, not read"
    if member.isfifo():
        return "a FIFO (named pipe) in the archive, not read"
    if not member.isreg():
        return "a special entry of the archive, not a file"
    if _is_hidden(member.name):
        return HIDDEN_FILE
    return ""


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return shown_name(err.strerror)
    return shown_name(str(err)) or type(err).__name__


@contextlib.contextmanager
def reopen(name: str) -> Iterator[BinaryIO]:
    """The bytes of a file read earlier in the run, found again by the name the tables
    show it under: a path (compressed or not, perhaps shown escaped) or an archive's
    ``archive.zip!member``. Standard input cannot be read twice: OSError."""
    if name == "<stdin>":
        raise OSError("standard input cannot be read again")
    path = name if os.path.exists(name) else path_of_shown(name)
    if not os.path.exists(path) and "!" in path:
        whole = path
        path = whole[: whole.index("!")]  # an archive's member (its own name may hold a "!")
        while not os.path.isfile(path) and "!" in whole[len(path) + 1 :]:
            path = whole[: whole.index("!", len(path) + 1)]
    files = open_input(Input(path, Kind.FILE))
    try:
        for file in files:
            if file.name == name and file.stream is not None:
                yield file.stream
                return
        raise OSError(f"{name}: not found again")
    finally:
        files.close()
