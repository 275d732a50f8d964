"""The errors that reading a file can raise once it is open, whatever it is packed in."""

from __future__ import annotations

import lzma
import tarfile
import zipfile
import zlib

# Raised while reading a file, whatever it is compressed with.
READ_ERRORS: tuple[type[Exception], ...] = (
    OSError,  # gzip.BadGzipFile, bz2's "Invalid data stream", a disk error
    EOFError,  # a compressed stream cut short
    zlib.error,
    lzma.LZMAError,
    zipfile.BadZipFile,  # a bad CRC, a member's bad header
    tarfile.TarError,  # a tar archive's bad header, a member cut short
    NotImplementedError,  # a zip compression method Python does not have
    RuntimeError,  # an encrypted zip member
)
