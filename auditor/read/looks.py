"""What a file no room reads looks like, in a few words, from its first lines.

A user pointing the auditor at a folder of exports needs to be told what each file it
does not read is: an XML document (its root element), JSON (its top-level keys), a CSV
table (its header) or text (its first line).
"""

from __future__ import annotations

import csv
import json
import re

HEAD_CHARS = 4096
"""How much of a file's start is looked at (a one-line file may be huge)."""

_XML_ROOT = re.compile(r"<([A-Za-z_][\w.:-]*)")
_XML_SKIP = ("<?", "<!")
_SHOWN = 80


def describe(head: str) -> str:
    """What ``head`` (a file's first lines) looks like.

    >>> describe('<?xml version="1.0"?>\\n<session sessioncode="1">')
    'XML, root element <session>'
    >>> describe('{"hands": [], "site": "x"}')
    'JSON, top-level keys: hands, site'
    >>> describe("date,hand,pot\\n1,2,3")
    'CSV, header: date,hand,pot'
    >>> describe("Game started at: 2020/1/1")
    "text, first line: 'Game started at: 2020/1/1'"
    """
    text = head[:HEAD_CHARS].lstrip("\ufeff \t\r\n")
    if not text:
        return "blank text"
    first = text.split("\n", 1)[0].rstrip("\r")
    if text.startswith("<"):
        return _xml(text)
    if text[0] in "{[":
        return _json(text) or f"text, first line: {_cut(first)!r}"
    if _is_csv(text):
        return f"CSV, header: {_cut(first)}"
    return f"text, first line: {_cut(first)!r}"


def _cut(line: str) -> str:
    return line if len(line) <= _SHOWN else line[:_SHOWN] + "..."


def _xml(text: str) -> str:
    position = 0
    while True:
        found = _XML_ROOT.search(text, position)
        if found is None:
            return "XML (no root element in its first lines)"
        before = text[found.start() : found.start() + 2]
        if before not in _XML_SKIP:
            return f"XML, root element <{found.group(1)}>"
        position = found.end()


def _json(text: str) -> str:
    """The top-level keys (or "an array") of a JSON head, even a cut one."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        value = None
    if isinstance(value, dict):
        return "JSON, top-level keys: " + ", ".join(map(str, value)) if value else "JSON, {}"
    if isinstance(value, list):
        return f"JSON, an array of {len(value)}"
    if text.startswith("{"):  # cut off: the keys at depth one as far as the head goes
        keys = _top_keys(text)
        return "JSON, top-level keys: " + ", ".join(keys) if keys else ""
    return "JSON, an array" if text.startswith("[") else ""


def _top_keys(text: str) -> list[str]:
    keys: list[str] = []
    depth = 0
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"\s*:|[{}\[\]]', text):
        token = match.group(0)
        if token in "{[":
            depth += 1
        elif token in "}]":
            depth -= 1
        elif depth == 1:
            keys.append(token.rstrip(": \t\n")[1:-1])
    return keys


def _is_csv(text: str) -> bool:
    rows = [row for row in text.split("\n")[:5] if row.strip()]
    if len(rows) < 2:
        return False
    try:
        dialect = csv.Sniffer().sniff("\n".join(rows), delimiters=",;\t|")
    except csv.Error:
        return False
    widths = {len(row.split(dialect.delimiter)) for row in rows}
    return len(widths) == 1 and widths.pop() > 1
