"""Load a site's Lark grammar once, from the wheel or from a checkout."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path
from typing import Any

import lark
import lark.lexer as lark_lexer
from lark import Lark
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
