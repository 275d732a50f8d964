"""The grammar's player name is written for the regex engine's speed (tried only before a
colon or a space, the characters between skipped at once by possessive runs): it takes
the same lines, with the same fields and kinds, as the plain form, the shortest name
before ":? [a-z]"."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.rooms.pokerstars.reader import PokerStarsReader

# Pieces of play lines, names that hold line words, colons, spaces and tabs among them.
_PIECES = [
    "a",
    "Bo b",
    ":",
    " ",
    "  ",
    "\t",
    ": folds",
    ": checks",
    ": calls $5",
    ": raises $2 to $4",
    " and is all-in",
    ": posts small blind $1",
    " collected $3 from pot",
    ": shows [Ah Kd]",
    " (a pair of Aces)",
    ' said, "hi"',
    " is sitting out",
    " re-buys and receives 100 chips",
    "*** FLOP ***",
    " [Ah Kd Qs]",
    "Dealt to ",
    "(",
    ")",
]
_READER = PokerStarsReader()
_FAST = _READER._runs["PLAY"]
_NAME = _READER._pattern("PLAYER")
_PLAIN = re.compile(_FAST.pattern.replace(_NAME, r"(?P<who>[^\n]+?)(?=:? [a-z])"), _FAST.flags)


def test_the_plain_form_is_the_grammars_with_the_name_written_plainly() -> None:
    assert _NAME in _FAST.pattern and _PLAIN.pattern != _FAST.pattern


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8).map("".join))
def test_the_name_by_runs_takes_the_names_the_plain_form_takes(line: str) -> None:
    fast = _FAST.match(line + "\n")
    slow = _PLAIN.match(line + "\n")
    assert (fast is None) == (slow is None), line
    if fast is not None and slow is not None:
        assert fast.groupdict() == slow.groupdict(), line
        assert fast.lastgroup == slow.lastgroup, line
