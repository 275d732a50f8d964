"""Load a site's Lark grammar once, from the wheel or from a checkout."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
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

    The callbacks turn line tokens into events as the lexer meets them, in file order.
    """
    options: dict[str, Any] = {
        "parser": "lalr",
        "start": ["start", "line", "after_name"],
        "lexer": "contextual",
        "lexer_callbacks": dict(callbacks),
        "propagate_positions": False,
        "maybe_placeholders": False,
        "cache": True,
    }
    return Lark(grammar_text(site), **options)


def line_classifier(parser: Lark, kinds: Sequence[str | tuple[str, ...]]) -> re.Pattern[str]:
    """One regex that takes a run of lines apart: each match is one line, ``lastgroup`` its kind.

    ``kinds`` are line terminals, or a tuple of the terminals that may follow a
    player's NAME (the line is then NAME, one of them, EOL). Built from the
    grammar's own terminals, in the grammar's order, so it names each line as
    the lexer reads it.
    """

    def rx(name: str) -> str:
        return str(parser.get_terminal(name).pattern.to_regexp())

    parts = []
    for kind in kinds:
        if isinstance(kind, tuple):
            tails = "|".join(f"(?P<{tail}>{rx(tail)})" for tail in kind)
            parts.append(f"(?:{rx('NAME')}(?:{tails}){rx('EOL')})")
        else:
            parts.append(f"(?P<{kind}>{rx(kind)})")
    return re.compile("|".join(parts))
