"""The PokerStars reader's line patterns are written for the regex engine's speed in
places (a player's name scanned by runs, kinds known by their fields' groups, no unnamed
groups): each such form takes the same lines, with the same fields, as the plain form."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token

from auditor.parse.facts import LineError
from auditor.rooms.pokerstars import reader as stars
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


def _plain(block: str) -> re.Pattern[str]:
    """The block's pattern with the player's name as the grammar writes it."""
    fast = f"(?P<player>{stars._NAME_TO_END}{stars.NAME_END})"
    pattern = _READER._blocks[block][0].pattern
    assert fast in pattern
    return re.compile(pattern.replace(fast, f"(?P<player>{stars.NAME}){stars.NAME_END}"))


_PLAIN = {block: _plain(block) for block in ("PLAY", "SUMMARY_BODY")}


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8).map("".join))
def test_the_name_by_runs_takes_the_names_the_grammars_takes(line: str) -> None:
    for block, plain in _PLAIN.items():
        fast = _READER._blocks[block][0].match(line + "\n")
        slow = plain.match(line + "\n")
        assert (fast is None) == (slow is None), (block, line)
        if fast is not None and slow is not None:
            assert fast.groups() == slow.groups(), (block, line)
            assert fast.lastindex == slow.lastindex, (block, line)


_LINE_PIECES = [
    *_PIECES,
    "Seat 1: ",
    " ($5 in chips)",
    " ($1.50 in chips, $2 bounty)",
    " out of hand",
    ": mucks hand",
    " from side pot-2",
    " | Cash Out Fee $1",
    " has reached the $10 cap",
    "Total pot $5.25",
    " Main pot $4. Side pot-1 $1.",
    " | Rake $1",
    "SECOND Board [Ah]",
    "with",
    "# note",
    "Uncalled bet ($1) returned to",
    "Cash Drop to Pot : total $1",
    "*** SECOND FLOP ***",
    "$",
    "1",
    ".",
    ",",
]
_BODIES = {**stars._AFTER_NAME, **stars._LINES}


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_LINE_PIECES), min_size=1, max_size=8).map("".join))
def test_optional_groups_as_alternatives_take_what_they_took(line: str) -> None:
    for kind, body in _BODIES.items():
        plain = stars._UNNAMED_GROUP.sub("(?:", body) + stars.EOL
        fast = stars._optionals_as_alternatives(plain)
        for text in (line + "\n", line.removeprefix(" ") + "\n", "x" + line + "\n"):
            slow_found = re.match(plain, text)
            fast_found = re.match(fast, text)
            assert (slow_found is None) == (fast_found is None), (kind, text)
            if slow_found is not None and fast_found is not None:
                assert slow_found.span() == fast_found.span(), (kind, text)
                assert slow_found.groupdict() == fast_found.groupdict(), (kind, text)


def test_optional_groups_are_found() -> None:
    rewrite = stars._optionals_as_alternatives
    assert rewrite(r"a(?:\.[0-9]+)?b") == r"a(?:\.[0-9]+|)b"
    assert rewrite(r"(?P<x> and)?") == r"(?:(?P<x> and)|)"
    assert rewrite(r"(?:a(?:b)?)?") == r"(?:a(?:b|)|)"
    untouched = r"[(?:a)?](?:a)??(?:b)?+(?:c)*\(?:d\)?"  # a class, lazy, possessive, a loop
    assert rewrite(untouched) == untouched
    pattern, _ = _READER._blocks["PLAY"]
    assert ")?" not in pattern.pattern.replace("\\)?", "")


def test_a_kind_without_a_field_always_there_keeps_a_group_of_its_own() -> None:
    always = stars._always_enters_a_group
    assert always(r": calls (?P<amount>[0-9]+)(?P<all_in> and is all-in)?")
    assert always(r"(?P<text>Betting is capped|No low hand qualified)")
    assert not always(r": checks")
    assert not always(r": folds(?: (?:\((?P<reason>[^)\n]*)\)))?")
    assert not always(r": mucks hand(?: \[(?P<cards>[^\]\n]*)\])?")
    assert not always(r"(?P<a>x)|y")  # a top-level alternative enters no group
    assert not always(r"(?P<a>x)*")
    assert not always(r"[(?P<a>x)]")  # a character class, not a group
    pattern, table = _READER._blocks["PLAY"]
    for kind in ("CHECK", "FOLD", "NO_SHOW", "MUCKS", "CANCELLED"):
        entry = table[pattern.groupindex[kind]]
        assert entry[2].__name__ == kind
    assert "CALL" not in pattern.groupindex
    assert pattern.groups == len(pattern.groupindex)  # no unnamed group


def test_a_line_no_kind_takes_is_the_error_of_its_line() -> None:
    """The check that no line was skipped uses the lexer's count of the token's lines."""
    reader = PokerStarsReader()
    reader._reset("t.txt", 10)
    text = "a: folds\nzzz\nb: checks\n"
    for end_line in (4, None):  # counted by the lexer, or not
        tok = Token("PLAY", text, 0, 1, 1, end_line)
        with pytest.raises(LineError) as caught:
            reader._on_block(tok)
        assert caught.value.line == 11  # the file's line of "zzz"
    reader._reset("t.txt", 10)
    reader._on_block(Token("PLAY", "a: folds\nb: checks\n", 0, 1, 1, 3))
    assert [type(e).__name__ for e in reader._events] == ["Folded", "Checked"]
