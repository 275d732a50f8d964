"""Open an input for reading: plain, compressed (gzip, bzip2, xz) or a zip archive.

The kind is sniffed from the first bytes, not from the name. A compressed file is read
through its decompressor as it comes (a pipe too); a zip archive is one file per member,
named ``archive.zip!folder/member.txt``. What cannot be opened is a file with an error
(the run goes on): a corrupt archive as a whole, a corrupt member on its own. Errors
that only show while reading (a truncated stream, a bad CRC) are :data:`READ_ERRORS`,
caught by the reader around that one file.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
import shutil
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import BinaryIO

from auditor.read.inputs import HIDDEN_FILE, Input, Kind, hidden

# Raised while reading a file, whatever it is compressed with.
READ_ERRORS: tuple[type[Exception], ...] = (
    OSError,  # gzip.BadGzipFile, bz2's "Invalid data stream", a disk error
    EOFError,  # a compressed stream cut short
    zlib.error,
    lzma.LZMAError,
    zipfile.BadZipFile,  # a bad CRC, a member's bad header
    NotImplementedError,  # a zip compression method Python does not have
    RuntimeError,  # an encrypted zip member
)

_GZIP = b"\x1f\x8b"
_XZ = b"\xfd7zXZ\x00"
_ZIP = (b"PK\x03\x04", b"PK\x05\x06")  # a member first, or an empty archive


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
    """One file to read (or to list): a plain or compressed file, or a zip member."""

    name: str  # as shown in the tables: the path, "<stdin>", "archive.zip!member"
    stream: BinaryIO | None  # its bytes, decompressed; None when it is not read
    progress: _Progress
    status: str = "read"  # "read", "not read" or "error"
    reason: str = ""  # why it is not read, or the error
    size: int | None = None  # the input's bytes on disk (a zip member: its own)
    compression: str = ""  # "", "gzip", "bzip2", "xz", "zip"

    def step(self) -> int:
        return self.progress.step()


def open_input(item: Input) -> Generator[InputFile, None, None]:
    """The files of ``item``, each opened in turn (closed when the next one is asked for)."""
    shown = "<stdin>" if item.name == "-" else item.name
    if not item.read:
        status = "not read" if item.kind is Kind.NOT_READ else "error"
        yield InputFile(shown, None, _Progress(None), status, item.reason, item.size)
        return
    try:
        raw: BinaryIO = (
            sys.stdin.buffer if item.name == "-" else open(item.name, "rb")  # noqa: SIM115
        )
    except OSError as err:
        yield InputFile(shown, None, _Progress(None), "error", _reason(err), item.size)
        return
    with contextlib.ExitStack() as closing:
        if item.name != "-":
            closing.enter_context(raw)
        buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[type-var]
        progress = _Progress(raw)
        try:
            head = buffered.peek(8)[:8]
        except OSError as err:
            yield InputFile(shown, None, progress, "error", _reason(err), item.size)
            return
        if head.startswith(_ZIP):
            yield from _zip_members(shown, buffered, progress, item.size, closing)
            return
        stream, compression = _decompressed(buffered, head)
        yield InputFile(shown, stream, progress, size=item.size, compression=compression)


def _decompressed(stream: BinaryIO, head: bytes) -> tuple[BinaryIO, str]:
    """``stream`` through the decompressor its first bytes call for, if any."""
    if head.startswith(_GZIP):
        return gzip.GzipFile(fileobj=stream, mode="rb"), "gzip"  # type: ignore[return-value]
    if head.startswith(b"BZh") and head[3:4].isdigit():
        return bz2.BZ2File(stream), "bzip2"  # type: ignore[return-value]
    if head.startswith(_XZ):
        return lzma.LZMAFile(stream), "xz"  # type: ignore[return-value]
    return stream, ""


def _zip_members(
    shown: str,
    stream: BinaryIO,
    progress: _Progress,
    size: int | None,
    closing: contextlib.ExitStack,
) -> Iterator[InputFile]:
    if not stream.seekable():  # a zip through a pipe: its directory is at its end
        spool = closing.enter_context(tempfile.TemporaryFile())  # noqa: SIM115
        shutil.copyfileobj(stream, spool)
        spool.seek(0)
        stream = spool
    try:
        archive = closing.enter_context(zipfile.ZipFile(stream))
        members = archive.infolist()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as err:
        yield InputFile(shown, None, progress, "error", f"not a readable zip archive: {err}", size)
        return
    for member in members:
        if member.is_dir():
            continue  # a folder's entry: its files are members of their own
        name = f"{shown}!{member.filename}"
        if any(hidden(part) for part in PurePosixPath(member.filename).parts):
            # listed, as a folder walk lists them ("__MACOSX/._a.txt", ".git/...")
            yield InputFile(name, None, progress, "not read", HIDDEN_FILE, member.file_size)
            continue
        with contextlib.ExitStack() as member_closing:
            try:
                opened = member_closing.enter_context(archive.open(member))
                head = opened.peek(8)[:8]  # type: ignore[attr-defined]
            except READ_ERRORS as err:
                yield InputFile(name, None, progress, "error", _reason(err), member.file_size)
                continue
            if head.startswith(_ZIP):
                reason = "a zip archive inside a zip archive, not opened"
                yield InputFile(name, None, progress, "not read", reason, member.file_size)
                continue
            inner, compression = _decompressed(opened, head)  # type: ignore[arg-type]
            yield InputFile(
                name, inner, progress, size=member.file_size, compression=compression or "zip"
            )


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return str(err) or type(err).__name__


@contextlib.contextmanager
def reopen(name: str) -> Iterator[BinaryIO]:
    """The bytes of a file read earlier in the run, found again by the name the tables
    show it under: a path (compressed or not) or ``archive.zip!member``. Standard input
    cannot be read twice: OSError."""
    if name == "<stdin>":
        raise OSError("standard input cannot be read again")
    path = name
    if not os.path.exists(name) and "!" in name:
        path = name[: name.index("!")]  # a zip's member (the zip's own name may hold a "!")
        while not os.path.isfile(path) and "!" in name[len(path) + 1 :]:
            path = name[: name.index("!", len(path) + 1)]
    files = open_input(Input(path, Kind.FILE))
    try:
        for file in files:
            if file.name == name and file.stream is not None:
                yield file.stream
                return
        raise OSError(f"{name}: not found again")
    finally:
        files.close()
