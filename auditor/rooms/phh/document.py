"""A PHH document as text: the TOML read with the standard library, and what tomllib does
not give: places (a key's line by its ``key =`` at a line's start, an action's line and
column by its quoted text, in order after ``actions =``) and the id read off the text."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from decimal import Decimal
from hashlib import blake2b
from typing import Any

_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")
TABLE_HEADER = re.compile(r"\s*\[[^\[\]]+\]\s*(?:#.*)?$")  # "[1]": one hand of a .phhs file
_TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)")
_INT = r"\s*=\s*([0-9_]+)\s*(?:#.*)?$"
_FIELDS = {name: re.compile(rf"\s*{name}{_INT}") for name in ("hand", "day", "month", "year")}
_EVENT = re.compile(r"""\s*event\s*=\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)")""")
_TABLE = re.compile(r"""\s*table\s*=\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|([0-9]+))""")


class DocumentError(ValueError):
    """A document TOML cannot read: the message and its place in the hand's lines."""

    def __init__(self, problem: str, line: int, column: int, excerpt: bool = False) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line  # 1-based, in the hand's lines
        self.column = column
        self.excerpt = excerpt  # show the line's text around the column, not all of it


def load(lines: Sequence[str]) -> dict[str, Any]:
    """The document's values (decimals as Decimal: money stays exact), a .phhs hand's after
    its table header; raises DocumentError at the place tomllib names."""
    skipped = 1 if lines and TABLE_HEADER.match(lines[0]) else 0
    own = lines[skipped:]
    try:
        return tomllib.loads("\n".join(own), parse_float=Decimal)
    except RecursionError:  # tomllib recurses per bracket: the bound is the stack's
        line, column = too_deep(own)
        problem = f"arrays and tables nested more than {MAX_DEPTH} deep: no PHH hand does"
        raise DocumentError(problem, line + skipped, column, excerpt=True) from None
    except tomllib.TOMLDecodeError as err:
        place = _TOML_PLACE.search(str(err))
        line, column = (int(place.group(1)), int(place.group(2))) if place else (1, 1)
        problem = _TOML_PLACE.sub("", str(err)).strip()
        raise DocumentError(problem, line + skipped, column) from None


MAX_DEPTH = 100  # a PHH hand nests two; tomllib stops with a RecursionError far deeper

# what can hold a bracket that is none: strings (multi-line ones first) and comments
_BRACKET_OR_TEXT = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\''  # multi-line strings
    r'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]'
)


def too_deep(lines: Sequence[str]) -> tuple[int, int]:
    """Where (line, column) brackets first open more than MAX_DEPTH deep; else (1, 1)."""
    text = "\n".join(lines)
    depth = 0
    for token in _BRACKET_OR_TEXT.finditer(text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, token.start()) + 1
                return line, token.start() - (text.rfind("\n", 0, token.start()) + 1) + 1
        elif char in "]}":
            depth -= 1
    return 1, 1


def key_lines(lines: Sequence[str]) -> dict[str, int]:
    """Each top-level key's line (1-based, in the hand's lines)."""
    found: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        key = _KEY.match(line)
        if key is not None and key.group(1) not in found:
            found[key.group(1)] = number
    return found


def element_places(lines: Sequence[str], key: str, texts: Sequence[str]) -> list[tuple[int, int]]:
    """Where each of ``texts`` (array ``key``'s strings, in order) is written: (line, column
    of its opening quote). One found nowhere (written with escapes) takes the last place."""
    start = key_lines(lines).get(key)
    if start is None:
        return [(1, 1)] * len(texts)
    places: list[tuple[int, int]] = []
    number, column = start, lines[start - 1].index("=") + 1
    last = (start, 1)
    for text in texts:
        for at in range(number, len(lines) + 1):
            after = column if at == number else 0
            quoted = (f"'{text}'", f'"{text}"')
            hits = [hit for q in quoted if (hit := lines[at - 1].find(q, after)) >= 0]
            if hits:
                last = (at, min(hits) + 1)
                number, column = at, min(hits) + len(text) + 2
                break
        places.append(last)
    return places


def hand_id(lines: Sequence[str], file: str = "") -> str:
    """``hand`` (its number in the event) after the date and a digest of the ``event``
    when written, as the number recurs in every event and day ("20230622-5e0c1a2b-12"); a
    .phhs hand with no ``hand``: its file's name and table ("a.phhs[7]"); else "".

    >>> hand_id(["hand = 12", "day = 22", "month = 6", "year = 2023"])
    '20230622-12'
    """
    values: dict[str, int] = {}
    event = ""
    for line in lines:
        for name, pattern in _FIELDS.items():
            found = pattern.match(line)
            if found is not None and name not in values:
                values[name] = int(found.group(1).replace("_", ""))
        named = _EVENT.match(line)
        if named is not None and not event:
            event = named.group(1) if named.group(1) is not None else named.group(2)
    if "hand" not in values:
        if lines and TABLE_HEADER.match(lines[0]):
            table = lines[0].split("#")[0].strip().strip("[]").strip().strip("'\"")
            return f"{file.replace(chr(92), '/').rsplit('/', 1)[-1]}[{table}]"
        return ""
    parts: list[str] = []
    if all(name in values for name in ("year", "month", "day")):
        parts.append(f"{values['year']:04d}{values['month']:02d}{values['day']:02d}")
    if event:
        parts.append(blake2b(event.encode(), digest_size=4).hexdigest())
    parts.append(str(values["hand"]))
    return "-".join(parts)


def table_name(lines: Sequence[str]) -> str:
    """Its ``event`` and ``table`` as written ("WSOP Event #43, table 2"; "": neither)."""
    event = table = ""
    for line in lines:
        named = _EVENT.match(line)
        if named is not None and not event:
            event = next(g for g in named.groups() if g is not None)
        at = _TABLE.match(line)
        if at is not None and not table:
            table = "table " + next(g for g in at.groups() if g is not None)
    return ", ".join(part for part in (event, table) if part)
