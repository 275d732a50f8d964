"""An OHH file's hands as text: :func:`objects` cuts the lines into top-level objects by
counting brackets outside strings, a hand at a time (no whole-file load); and places,
which ``json`` does not give: the k-th action is where the k-th ``"action":`` key is
written (a quoted name followed by a colon, which no string value can be)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

_GAME_TYPE = re.compile(r'"game_type"\s*:\s*"((?:[^"\\]|\\.)*)"')
_GAME_NUMBER = re.compile(r'"game_number"\s*:\s*"((?:[^"\\]|\\.)*)"')
_TOP_ID = re.compile(r'^\s*\{?\s*"id"\s*:\s*"((?:[^"\\]|\\.)*)"')
_TABLE = re.compile(r'"table_name"\s*:\s*"((?:[^"\\]|\\.)*)"')


@dataclass(frozen=True, slots=True)
class Piece:
    """A top-level object's lines (``first_line`` 1-based), or text that is none."""

    first_line: int
    lines: tuple[str, ...]
    is_object: bool


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[{}\[\]]|[^\s"{}\[\],]+')
_BRACKET = re.compile(r"[{}\[\]]")
_KEY_AT = re.compile(r'"([A-Za-z0-9_]+)"\s*:')


def objects(lines: Iterable[str]) -> Iterator[Piece]:
    """The top-level JSON objects of ``lines`` (inside a top-level array too), each with
    the lines it is written on; other non-blank text as pieces that are no object.
    Brackets inside strings are not counted (no JSON string runs over a line's end); a
    line inside an object with no bracket at all is taken whole."""
    depth = 0  # objects and arrays open inside the current hand
    in_array = False  # inside a top-level [ ... ]
    current: list[str] = []
    start = 0
    stray: list[str] = []
    stray_at = 0
    blank_before = True
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        if depth > 0 and blank_before and line.startswith("{"):
            # an object never closed, and the next one starting as the storage format
            # starts them (after a blank line, at the line's start): the broken one is a
            # hand of its own (its reader reports where its JSON stops), the rest is read
            yield Piece(start, tuple(current), True)
            current, depth = [], 0
        blank_before = not line.strip()
        if depth > 0 and _BRACKET.search(line) is None:
            current.append(line)  # the common line: no bracket, the depth stays
            continue
        opened_here = outside_text = False
        for token in _TOKEN.finditer(line):
            char = token.group()[0]
            if depth == 0:
                if char == "{":
                    depth, opened_here = 1, True
                    if not current:
                        start = number
                elif char == "[" and not in_array:
                    in_array = True
                elif char == "]" and in_array:
                    in_array = False
                else:
                    outside_text = True
            elif char in "{[":
                depth += 1
            elif char in "}]":
                depth -= 1
                if depth == 0:
                    current.append(line)
                    if stray:
                        yield Piece(stray_at, tuple(stray), False)
                        stray = []
                    yield Piece(start, tuple(current), True)
                    current = []
        if depth > 0:
            current.append(line)
        elif outside_text and not opened_here:
            if not stray:
                stray_at = number
            stray.append(line)
    if current:  # an object never closed: the reader reports where JSON stops
        yield Piece(start, tuple(current), True)
    if stray:
        yield Piece(stray_at, tuple(stray), False)


MAX_DEPTH = 100  # an OHH hand nests five; json stops with a RecursionError near a thousand


def too_deep(lines: Sequence[str]) -> tuple[int, int]:
    """Where (line, column) brackets first open more than MAX_DEPTH deep; else (1, 1)."""
    depth = 0
    for number, line in enumerate(lines, start=1):
        for token in _TOKEN.finditer(line):
            char = token.group()[0]
            if char in "{[":
                depth += 1
                if depth > MAX_DEPTH:
                    return number, token.start() + 1
            elif char in "}]":
                depth -= 1
    return 1, 1


def key_places(lines: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    """Where each key is written, in order: (line, column of its quote), 1-based."""
    found: dict[str, list[tuple[int, int]]] = {}
    for number, line in enumerate(lines, start=1):
        for hit in _KEY_AT.finditer(line):
            found.setdefault(hit.group(1), []).append((number, hit.start() + 1))
    return found


def _first(pattern: re.Pattern[str], lines: Sequence[str]) -> str:
    for line in lines:
        found = pattern.search(line)
        if found is not None:
            return found.group(1)
    return ""


def game_type(lines: Sequence[str]) -> str:
    return _first(_GAME_TYPE, lines)


def table_name(lines: Sequence[str]) -> str:
    return _first(_TABLE, lines)


def hand_id(lines: Sequence[str]) -> str:
    """The hand's ``game_number``; when it is empty (Ten-Four writes ""), the id its
    exporter gives the whole object (a top-level "id" string), else ""."""
    return _first(_GAME_NUMBER, lines) or _top_id(lines)


def _top_id(lines: Sequence[str]) -> str:
    for line in lines[:3]:  # the object's own "id", before "ohh"
        found = _TOP_ID.match(line)
        if found is not None:
            return found.group(1)
    return ""
