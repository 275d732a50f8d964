"""A finding's fingerprint: the same finding gets the same one in every run, whatever
the engine, the number of workers, the order of the inputs or the run's id.

It is made of what places the finding in its record, never of where the run put it:
the site and hand id, the code, the street, the action number and the player, and its
line and column counted from the hand's first line (so that hands before it in its file,
or the folder it is read from, do not move it). A finding about no hand (a whole file,
text outside any hand) is placed by the file's name and its line there. What the
finding says (expected, recorded, message) is not in it: the diff of two runs tells a
finding whose values changed from a new one by it.
"""

from __future__ import annotations

import hashlib
from pathlib import PurePath


def fingerprint(
    *,
    site: str | None,
    hand_id: str,
    code: str,
    street: str,
    seq: int | None,
    player: str,
    file: str,
    line: int,
    column: int,
    first_line: int | None,
) -> str:
    """Sixteen hex digits naming the finding.

    >>> a = dict(site="Some Room", hand_id="12", code="POT_WRONG", street="river",
    ...          seq=None, player="", file="/a/b.txt", line=40, column=1)
    >>> fingerprint(**a, first_line=30) == fingerprint(**{**a, "line": 50}, first_line=40)
    True
    >>> fingerprint(**a, first_line=30) == fingerprint(**a, first_line=31)
    False
    """
    if first_line is not None and hand_id:
        place = f"{line - first_line}:{column}"
    else:  # no hand: the file's own name, not its folder
        place = f"{PurePath(file).name}:{line}:{column}"
    parts = (site or "", hand_id, code, street, "" if seq is None else str(seq), player, place)
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).hexdigest()
