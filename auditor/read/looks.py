"""What a file no room reads looks like, in a few words, from its first lines, and
whether it is a hand history at all.

A user pointing the auditor at a folder of exports needs to be told what each file it
does not read is: an XML document (its root element), JSON (its top-level keys), a CSV
table (its header) or text (its first line); and, judged by its content (never by its
name: a ``.txt`` may hold XML, a ``.csv`` a Poker Now log, a ``.json`` an OHH export),
whether it is a hand history in a layout no room reads (:func:`not_a_hand_history` is
None) or something else (a README, a manifest, the auditor's own JSON, a settings file).
"""

from __future__ import annotations

import csv
import json
import re

BINARY = "binary data"
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
    if _binary(text):
        return BINARY
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
    except (json.JSONDecodeError, RecursionError):  # RecursionError: nested too deeply
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
    """Whether the first rows have one width (more than one field) under one delimiter,
    quoted fields read as CSV reads them (a Poker Now row quotes commas and quotes)."""
    rows = [row for row in text.split("\n")[:5] if row.strip()]
    if len(rows) < 2:
        return False
    for delimiter in ",;\t|":
        try:
            widths = {len(fields) for fields in csv.reader(rows, delimiter=delimiter)}
        except csv.Error:
            continue
        if len(widths) == 1 and widths.pop() > 1:
            return True
    return False


# ---------------------------------------------------------------- a hand history or not

_PLAY_LINE = 200
"""A line of play is short: the long lines of a manifest or a note are not looked at."""
# Marks of a hand history's text, each counted once however often it occurs.
_TEXT_MARKS = (
    re.compile(r"\b(?:hand|game|stage)\b[^\n#]{0,12}#\s*:?\s*[A-Z0-9-]*\d|#\s*game\s*no\s*:", re.I),
    re.compile(r"\bseat\s*#?\s*\d+\b", re.I),
    re.compile(r"\b(?:folds|calls|raises|checks|bets|posts|mucks|collected|collects)\b", re.I),
    re.compile(r"\b(?:small|big)[ _-]?blind\b|\bantes?\b|\bstraddles?\b", re.I),
    re.compile(r"\[\s*(?:10|[2-9TJQKA])[shdc]\b|(?:10|[2-9TJQKA])[\u2660\u2665\u2666\u2663]"),
    re.compile(
        r"[*#-]{2,}\s*(?:hole cards|pocket cards|dealing|flop|turn|river|show\s*down|summary)",
        re.I,
    ),
    re.compile(r"\b(?:button|dealer)\b", re.I),
)
_TEXT_MARKS_NEEDED = 3
# A first line naming a hand, a game or a table by its number ("Game #123 starts.",
# "#Game No : 123", "Table #44913344 - Eumelus", "***** Hand History for Game 1 *****").
_HEADER = re.compile(
    r"\W{0,8}\w[^\n#]{0,50}#\s*:?\s*[A-Z0-9-]*\d|\W{0,8}#\s*(?:game\s*no\s*:\s*)?\d"
    r"|\W{0,8}\*+\s*hand\s+history\s+for\s+(?:hand|game)\b",
    re.I,
)
# Words of play: the element names of a room's XML, the keys of a JSON export (Open Hand
# History, Poker Now) or of a PHH (TOML) file; lower case, without "_" or "-".
_XML_NAMES = frozenset(
    {
        "game",
        "hand",
        "history",
        "player",
        "players",
        "seat",
        "seats",
        "action",
        "actions",
        "round",
        "rounds",
        "card",
        "cards",
        "hole",
        "pot",
        "pots",
        "blind",
        "blinds",
        "bet",
        "bets",
        "dealer",
        "gametype",
        "tablename",
    }
)
_JSON_KEYS = frozenset(
    {
        "ohh",
        "specversion",
        "sitename",
        "networkname",
        "gamenumber",
        "handnumber",
        "handid",
        "hand",
        "hands",
        "handhistory",
        "gametype",
        "betlimit",
        "tablename",
        "tablesize",
        "dealerseat",
        "smallblindamount",
        "bigblindamount",
        "players",
        "seats",
        "rounds",
        "actions",
        "pots",
        "board",
        "gameid",
        "generatedat",
    }
)
_PHH_KEYS = frozenset(
    {
        "variant",
        "antes",
        "blindsorstraddles",
        "bringin",
        "smallbet",
        "bigbet",
        "minbet",
        "startingstacks",
        "actions",
    }
)
_XML_NAME = re.compile(r"</?([A-Za-z_][\w.:-]*)")
_SETTING = re.compile(r"\s*(?:\[[\w.\" -]+\]|[\w.\"-]+\s*=)")
_SOURCE = re.compile(r"(?:from\s+[\w.]+\s+import\s|import\s+\w|def\s+\w+\(|class\s+\w+[:(])")
# The auditor's own JSON of hands read (the fixtures' ``*.expected.json``): events.
_OWN_JSON = re.compile(r'"events"\s*:\s*\[\s*\{\s*"type"\s*:\s*"HandStarted"')


def not_a_hand_history(head: str) -> str | None:
    """Why ``head`` (a file's first lines) is not a hand history, or None when it looks
    like one, in whatever layout (when in doubt: one, so that no hand goes unreported).

    >>> not_a_hand_history("Game #21785454398 starts.\\n#Game No : 21785454398\\n") is None
    True
    >>> not_a_hand_history('{"ohh": {"spec_version": "1.4.6"}}') is None
    True
    >>> not_a_hand_history('{"hands": [{"hand_id": "1", "events": [{"type": "HandStarted"')
    "the auditor's own JSON of hands read"
    >>> not_a_hand_history("file\\thands\\nPLO/a.txt\\t3\\n")
    'text with no line of play'
    """
    text = head[:HEAD_CHARS].lstrip("\ufeff \t\r\n")
    if not text:
        return "blank text"
    if _binary(text):
        return BINARY
    if text[0] in "{[":
        if _OWN_JSON.search(text):
            return "the auditor's own JSON of hands read"
        keys = {_word(key) for key in _top_keys(text)}
        return None if keys & _JSON_KEYS else "JSON with none of a hand-history export's keys"
    if len({_word(name) for name in _XML_NAME.findall(text)} & _XML_NAMES) >= 2:
        return None  # a room's XML, even after a line of preamble
    if text.startswith("<"):
        return "XML with no element of play"
    lines = [line for line in text.split("\n") if line.strip()]
    settings = [line for line in lines if not line.lstrip().startswith("#")]
    keys = {_word(m.group(0).split("=")[0]) for m in map(_SETTING.match, settings) if m}
    if len(keys & _PHH_KEYS) >= 2:
        return None  # a PHH (TOML) hand
    if _HEADER.match(lines[0]):
        return None
    if lines[0].startswith(('"""', "'''", "#!")) or any(_SOURCE.match(x) for x in lines):
        return "program source"
    if sum(1 for line in settings if _SETTING.match(line)) * 2 > len(settings):
        return "settings (key = value lines)"
    if re.match(r"#{1,6} \S", lines[0]):
        return "a Markdown document"
    short = "\n".join(line for line in lines if len(line) <= _PLAY_LINE)
    found = sum(1 for mark in _TEXT_MARKS if mark.search(short))
    return None if found >= _TEXT_MARKS_NEEDED else "text with no line of play"


def _binary(text: str) -> bool:
    """Whether more than one character in 20 is a control character (text has none)."""
    return sum(1 for c in text if c < " " and c not in "\t\r\n\f") * 20 > len(text)


def _word(name: str) -> str:
    return name.strip().strip('"').lower().replace("_", "").replace("-", "")
