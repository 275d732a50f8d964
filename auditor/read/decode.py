"""Open a hand-history file as text, whatever encoding the room wrote.

Rooms write UTF-8 (with or without a byte-order mark), UTF-16 and cp1252.
The encoding is chosen from the first bytes; a UTF-8 file with a stray
cp1252 byte further on (the broken euro signs of some exports) is read with
that byte taken as cp1252, never dropped.
"""

from __future__ import annotations

import codecs
import io
from typing import BinaryIO

_SNIFF = 1 << 16


def _utf8_with_cp1252(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeDecodeError):
        raise err
    bad = err.object[err.start : err.end]
    return bytes(bad).decode("cp1252", errors="replace"), err.end


codecs.register_error("auditor-cp1252", _utf8_with_cp1252)


def sniff_encoding(head: bytes) -> str:
    """The encoding of a file that starts with ``head``.

    >>> sniff_encoding(codecs.BOM_UTF8 + b"PokerStars")
    'utf-8-sig'
    >>> sniff_encoding("PokerStars".encode("utf-16-le"))
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


def open_text(raw: BinaryIO) -> tuple[io.TextIOWrapper, str]:
    """Wrap a binary stream as text lines with universal newlines; return it and its encoding."""
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[type-var]
    encoding = sniff_encoding(buffered.peek(_SNIFF)[:_SNIFF])
    errors = "auditor-cp1252" if encoding.startswith("utf-8") else "replace"
    return io.TextIOWrapper(buffered, encoding=encoding, errors=errors, newline=None), encoding
