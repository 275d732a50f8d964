"""Text from the input on a terminal: its control characters shown, never obeyed.

Player names, table names and file names come from the hand histories and the file
system; an escape sequence in one (ESC ] 0 ; ... BEL sets the window title, ESC [ 2 J
clears the screen) would act on the reader's terminal. The tables keep them exact; what
we print shows them as ``\\x1b`` and the like.

>>> printable("eve\\x1b]0;pwned\\x07")
'eve\\\\x1b]0;pwned\\\\x07'
>>> printable("line 1\\nline 2", keep="\\n")
'line 1\\nline 2'
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from typing import TextIO, cast

# C0 controls, DEL and the C1 controls (U+0080..U+009F: U+009B is a one-character CSI)
_CONTROLS = [*range(0x20), *range(0x7F, 0xA0)]
_ESCAPES: dict[int, str] = {code: f"\\x{code:02x}" for code in _CONTROLS}


def printable(text: str, keep: str = "") -> str:
    """``text`` with every control character written as ``\\xNN`` (except those in ``keep``,
    e.g. the newlines of a multi-line text)."""
    if not keep:
        return text.translate(_ESCAPES)
    return text.translate({k: v for k, v in _ESCAPES.items() if chr(k) not in keep})


class ForgivingStream(io.TextIOBase):
    """A standard stream that printing can never fail on: a character the terminal's
    encoding lacks is written escaped (``\\xe4``), and once the stream is closed or its
    reader gone (EPIPE) what follows is dropped. The run's tables and exit code must not
    depend on whether anyone reads what it prints."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream
        self._broken = False

    # TextIOBase's own is a read-only slot of the C type (None); typeshed calls it writable
    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", None) or "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return not self._broken and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        return self._stream.fileno()

    def write(self, text: str) -> int:
        if self._broken:
            return len(text)
        try:
            try:
                self._stream.write(text)
            except UnicodeEncodeError:
                self._stream.write(
                    text.encode(self.encoding, "backslashreplace").decode(self.encoding)
                )
        except (OSError, ValueError):
            self._give_up()
        return len(text)

    def flush(self) -> None:
        if self._broken:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError):
            self._give_up()

    def _give_up(self) -> None:
        """Drop what follows; point the descriptor at /dev/null, so that the interpreter's
        own flush at exit finds nothing to complain of."""
        self._broken = True
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, self._stream.fileno())
            finally:
                os.close(null)


def _opened(fd: int) -> TextIO:
    """A text stream on standard descriptor ``fd``, on /dev/null if the caller closed it
    (``2>&-``): else the next file the run opens would take its number."""
    try:
        os.fstat(fd)
    except OSError:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        return open(fd, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    # closed at start, open now: a file of ours took the number, never to be written on
    return open(os.devnull, "w", encoding="utf-8")


@contextlib.contextmanager
def forgiving_output() -> Iterator[None]:
    """stdout and stderr as :class:`ForgivingStream` while the command runs (restored after:
    a caller in the same process, like a test, gets its own streams back)."""
    before = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, ForgivingStream(sys.stdout or _opened(1)))
    sys.stderr = cast(TextIO, ForgivingStream(sys.stderr or _opened(2)))
    try:
        yield
    finally:
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        sys.stdout, sys.stderr = before
