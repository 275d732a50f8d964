"""Load a site's Lark grammar once, from the wheel or from a checkout."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from lark import Lark, Token

_PACKAGED = Path(__file__).resolve().parent.parent / "grammars"
_CHECKOUT = Path(__file__).resolve().parent.parent.parent / "grammars"


def grammar_dir() -> Path:
    """``auditor/grammars`` in an installed wheel, else ``grammars/`` of the checkout."""
    return _PACKAGED if _PACKAGED.is_dir() else _CHECKOUT


def grammar_text(site: str) -> str:
    path = grammar_dir() / f"{site}.lark"
    return path.read_text(encoding="utf-8")


def build_parser(site: str, callbacks: Mapping[str, Callable[[Token], Token]]) -> Lark:
    """An LALR parser for ``site`` whose lexer hands every line token to ``callbacks``.

    Line tokens become events in the callbacks, in file order, so no tree is built.
    """
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": "contextual",
        "lexer_callbacks": dict(callbacks),
        "propagate_positions": False,
        "maybe_placeholders": False,
        "cache": True,
    }
    return Lark(grammar_text(site), **options)
