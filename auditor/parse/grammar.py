"""Load a site's Lark grammar once, from the wheel or from a checkout."""

from __future__ import annotations

import hashlib
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import lark
import lark.lexer as lark_lexer
from lark import Lark, Token
from platformdirs import user_cache_dir

APP_NAME = "omaha-auditor"

_PACKAGED = Path(__file__).resolve().parent.parent / "grammars"
_CHECKOUT = Path(__file__).resolve().parent.parent.parent / "grammars"


def new_lark(text: str, **options: Any) -> Lark:
    """``Lark(text, **options)`` without the terminal-collision check Lark runs whenever
    the interegular package is importable: on our long line terminals (a player's name,
    then free text) it takes minutes a grammar; the grammars' collisions are checked by
    tests/parse/test_grammar_strict.py instead. (Lark has no option for it: the module's
    flag is lowered while the parser is built, in this thread.)"""
    saved = lark_lexer.has_interegular
    lark_lexer.has_interegular = False
    try:
        return Lark(text, **options)
    finally:
        lark_lexer.has_interegular = saved


def grammar_dir() -> Path:
    """``auditor/grammars`` in an installed wheel, else ``grammars/`` of the checkout."""
    return _PACKAGED if _PACKAGED.is_dir() else _CHECKOUT


def grammar_text(site: str | Path) -> str:
    """The grammar of ``site`` (a bundled room's name), or the file ``site`` names (a room
    added from outside the package: a plug-in, a test)."""
    path = site if isinstance(site, Path) else grammar_dir() / f"{site}.lark"
    return path.read_text(encoding="utf-8")


def build_parser(site: str, callbacks: Mapping[str, Callable[[Token], Token]]) -> Lark:
    """An LALR parser for ``site`` whose lexer hands every line token to ``callbacks``.

    The callbacks turn line tokens into events as the lexer meets them, in file order.
    """
    options: dict[str, Any] = {
        "parser": "lalr",
        "start": ["start", "line", "after_name"],
        "lexer": "contextual",
        "lexer_callbacks": dict(callbacks),
        "propagate_positions": False,
        "maybe_placeholders": False,
    }
    text = grammar_text(site)
    folder = private_cache_folder()
    # lark's cache=True is a pickle at a predictable path in the shared temp folder, which
    # another local user could plant: cache only in our own folder that nobody else writes
    options["cache"] = str(folder / _cache_name(site, text)) if folder is not None else False
    return new_lark(text, **options)


def _cache_name(site: str | Path, text: str) -> str:
    """One file per grammar text, lark version and Python version (lark checks them too)."""
    key = f"{text}\0{lark.__version__}\0{sys.version_info[:2]}".encode()
    name = site.stem if isinstance(site, Path) else site
    return f"{name}-{hashlib.sha256(key).hexdigest()[:16]}.lark-cache"


def private_cache_folder() -> Path | None:
    """This user's cache folder for grammars (made 0700), or None when it cannot be trusted:
    not ours, or writable by others (a file there could be planted, and lark unpickles it)."""
    try:
        folder = Path(user_cache_dir(APP_NAME, appauthor=False))
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    owner = getattr(os, "geteuid", None)
    if owner is not None and info.st_uid != owner():
        return None
    return folder


class LineClassifier:
    """Takes a run of lines apart: each line with its kind, as the lexer would read it.

    Built from the grammar's own line terminals, in the grammar's order, as one pattern
    that matches one line and names its kind (``Match.lastgroup``). A line that starts
    with a player's NAME is read as NAME followed by the kinds that may follow a name:
    the first of them that follows the shortest name, as in the grammar.

    Each kind is marked by an empty group at its end: it closes last, so it is the
    match's lastgroup. (A group around the kind would close last too, but the regex
    engine skips an alternative by its first character only when it starts with that
    character, not with a group.)
    """

    # The grammar's NAME_END: every kind that may follow a name starts with a space (after
    # a colon or not) and a lower-case word, so the kinds are tried only where that is so.
    _NAME_END = "(?=:? [a-z])"

    def __init__(self, parser: Lark, kinds: Sequence[str | tuple[str, ...]]) -> None:
        def rx(name: str) -> str:
            return str(parser.get_terminal(name).pattern.to_regexp())

        parts = []
        # a run of one kind of line (the seats) needs no telling apart: split it at "\n"
        self.only: str | None = kinds[0] if len(kinds) == 1 and isinstance(kinds[0], str) else None
        for kind in kinds:
            if isinstance(kind, tuple):
                tails = "|".join(f"{rx(tail)}(?P<{tail}>)" for tail in kind)  # EOL has no group
                parts.append(f"(?:{rx('NAME')}{self._NAME_END}(?:{tails}){rx('EOL')})")
            else:
                parts.append(f"(?:{rx(kind)}(?P<{kind}>))")
        self._lines = re.compile("|".join(parts))

    def matches(self, block: str) -> Iterator[re.Match[str]]:
        """One match per line of ``block`` (which the lexer accepted); its lastgroup is the kind."""
        return self._lines.finditer(block)
