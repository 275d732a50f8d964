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

# C0 controls, DEL and the C1 controls (U+0080..U+009F: U+009B is a one-character CSI)
_CONTROLS = [*range(0x20), *range(0x7F, 0xA0)]
_ESCAPES: dict[int, str] = {code: f"\\x{code:02x}" for code in _CONTROLS}


def printable(text: str, keep: str = "") -> str:
    """``text`` with every control character written as ``\\xNN`` (except those in ``keep``,
    e.g. the newlines of a multi-line text)."""
    if not keep:
        return text.translate(_ESCAPES)
    return text.translate({k: v for k, v in _ESCAPES.items() if chr(k) not in keep})
