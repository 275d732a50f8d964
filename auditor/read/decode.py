"""Open a hand-history file as text, whatever encoding the room wrote.

Rooms write UTF-8 (with or without a byte-order mark), UTF-16 and cp1252, and some
files mix UTF-8 and cp1252 (UTF-8 player names beside cp1252 lines, or the broken
euro signs of some exports). UTF-16 is chosen from the first bytes (byte-order mark or
zero bytes). Anything else is decoded line by line: a line that is valid UTF-8 is
UTF-8; in a line that is not, each byte that is not part of a valid UTF-8 sequence is
taken as cp1252 (a line written wholly in cp1252 decodes as cp1252). No byte is ever
dropped: the five bytes cp1252 leaves undefined become the code points of the same
number. The encoding a file was read in is known once it has been read
(:attr:`Lines.encoding`): ``utf-8``, ``cp1252`` or ``utf-8+cp1252`` for a mixed file.
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterator
from itertools import chain
from typing import BinaryIO

from auditor.read.errors import READ_ERRORS

_SNIFF = 1 << 16
_BLOCK = 1 << 18  # bytes decoded at once: big enough to run at the codec's speed
_LONGEST_LINE = 1 << 20  # a line longer than this (binary data) is cut, memory stays flat
# Each byte as its UTF-8 role: L a lead byte of a multi-byte sequence, C a continuation
# byte. A block without "LC" holds no multi-byte UTF-8 sequence, so reading its bytes one
# by one (UTF-8 where valid, else cp1252) is reading it as cp1252: done so, at C speed
# (a translate and a find, some 20 times faster than a regular expression).
_ROLES = bytes(
    ord("L") if 0xC2 <= byte <= 0xF4 else ord("C") if 0x80 <= byte <= 0xBF else ord(".")
    for byte in range(256)
)


def _byte_as_itself(err: UnicodeError) -> tuple[str, int]:
    """cp1252's undefined bytes (0x81, 0x8d, 0x8f, 0x90, 0x9d) as U+0081...: kept, not lost."""
    if not isinstance(err, UnicodeDecodeError):
        raise err
    return bytes(err.object[err.start : err.end]).decode("latin-1"), err.end


def _utf8_with_cp1252(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeDecodeError):
        raise err
    bad = err.object[err.start : err.end]
    return bytes(bad).decode("cp1252", errors="auditor-byte"), err.end


codecs.register_error("auditor-byte", _byte_as_itself)
codecs.register_error("auditor-cp1252", _utf8_with_cp1252)


def sniff_encoding(head: bytes) -> str:
    """The encoding a file that starts with ``head`` seems to be in (UTF-16 is certain
    from the head; UTF-8 against cp1252 is decided line by line as the file is read).

    >>> sniff_encoding(codecs.BOM_UTF8 + b"Hand #1")
    'utf-8-sig'
    >>> sniff_encoding("Hand #1".encode("utf-16-le"))
    'utf-16-le'
    >>> sniff_encoding(b"Pot \\x80 5")
    'cp1252'
    """
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if len(head) >= 4 and head[1] == 0 and head[3] == 0 and head[0] != 0:
        return "utf-16-le"
    if len(head) >= 4 and head[0] == 0 and head[2] == 0 and head[1] != 0:
        return "utf-16-be"
    try:
        # A sniff may cut a multi-byte character at its end: that is not an error.
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


class Lines:
    """The text lines of a UTF-8 / cp1252 stream, read once, block by block, with
    universal newlines (each line ends with ``\\n``, the last one may not)."""

    def __init__(self, raw: BinaryIO, bom: bool) -> None:
        self._raw = raw
        self._bom = bom
        self._utf8 = False  # a non-ASCII character read as UTF-8
        self._cp1252 = False  # a byte read as cp1252
        # what stopped the reading before the end (a compressed file cut short): the
        # lines read before it are all given; the reader raises it once they are used
        self.error: Exception | None = None

    @property
    def encoding(self) -> str:
        """What the lines read so far were in."""
        utf8 = "utf-8-sig" if self._bom else "utf-8"
        if self._cp1252:
            return f"{utf8}+cp1252" if self._utf8 or self._bom else "cp1252"
        return utf8

    def __iter__(self) -> Iterator[str]:
        # universal newlines, and the lines handed on, in C: no Python frame per line
        return chain.from_iterable(io.StringIO(text, newline=None) for text in self._texts())

    def read(self) -> str:
        return "".join(self)

    def _texts(self) -> Iterator[str]:
        rest = b""
        first = True
        while True:
            try:
                block = self._raw.read(_BLOCK)
            except READ_ERRORS as err:  # the end of what can be read: the rest is given
                self.error, block = err, b""
            end = not block
            block = rest + block if rest else block
            if first and self._bom:
                block = block[len(codecs.BOM_UTF8) :]
            first = False
            if end:
                if block:
                    yield self._decode(block)
                return
            cut = _line_end(block)
            if cut < 0:
                if len(block) < _LONGEST_LINE:
                    rest = block
                    continue
                cut = _char_start(block)
            rest = block[cut:]
            yield self._decode(block[:cut])

    def _decode(self, block: bytes) -> str:
        try:
            text = block.decode("utf-8")
        except UnicodeDecodeError:
            self._cp1252 = True
            if b"LC" not in block.translate(_ROLES):
                return block.decode("cp1252", errors="auditor-byte")
            self._utf8 = True  # roughly: the block holds a sequence UTF-8 may read
            return block.decode("utf-8", errors="auditor-cp1252")
        if not self._utf8 and not block.isascii():
            self._utf8 = True
        return text


def _line_end(block: bytes) -> int:
    """Where the last whole line of ``block`` ends (after its ``\\n`` or lone ``\\r``), or -1.

    A ``\\r`` that ends the block may be half of a ``\\r\\n``: not a line end yet."""
    newline = block.rfind(b"\n")
    if newline >= 0:
        return newline + 1
    cr = block.rfind(b"\r", 0, len(block) - 1)
    return cr + 1 if cr >= 0 else -1


def _char_start(block: bytes) -> int:
    """The end of ``block`` less a UTF-8 sequence it may cut short (at most three bytes)."""
    for at in range(len(block) - 1, max(len(block) - 4, 0) - 1, -1):
        if block[at] < 0x80:
            break
        if block[at] >= 0xC0:
            return at
    return len(block)


def open_text(raw: BinaryIO) -> tuple[Lines | io.TextIOWrapper, str]:
    """Wrap a binary stream as text lines with universal newlines; return them and the
    encoding sniffed from the head (the ``encoding`` attribute of the lines says what
    the whole file was in once it is read)."""
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[type-var]
    encoding = sniff_encoding(buffered.peek(_SNIFF)[:_SNIFF])
    if encoding.startswith("utf-16"):
        text = io.TextIOWrapper(buffered, encoding=encoding, errors="replace", newline=None)
        return text, encoding
    return Lines(buffered, bom=encoding == "utf-8-sig"), encoding
