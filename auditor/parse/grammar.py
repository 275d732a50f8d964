"""Load a site's Lark grammar once, from the wheel or from a checkout."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
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


class LineClassifier:
    """Takes a run of lines apart: each line with its kind, as the lexer would read it.

    Built from the grammar's own line terminals, in the grammar's order. A line that
    starts with a player's NAME is found by one pattern for all its kinds (the lexer's
    own shape, which is fast); its kind is then the first of them that follows the
    shortest name, as in the grammar.
    """

    _PLAYER = "PLAYER_LINE_"
    _NAME = "NAME_"

    def __init__(self, parser: Lark, kinds: Sequence[str | tuple[str, ...]]) -> None:
        def rx(name: str) -> str:
            return str(parser.get_terminal(name).pattern.to_regexp())

        parts = []
        # a run of one kind of line (the seats) needs no telling apart
        self._only: str | None = kinds[0] if len(kinds) == 1 and isinstance(kinds[0], str) else None
        self._tails: re.Pattern[str] | None = None
        for kind in kinds:
            if isinstance(kind, tuple):
                any_tail = "|".join(f"(?:{rx(tail)})" for tail in kind)
                parts.append(
                    f"(?P<{self._PLAYER}>(?P<{self._NAME}>{rx('NAME')})(?:{any_tail}){rx('EOL')})"
                )
                named = "|".join(f"(?P<{tail}>{rx(tail)})" for tail in kind)
                self._tails = re.compile(f"(?:{named}){rx('EOL')}")
            else:
                parts.append(f"(?P<{kind}>{rx(kind)})")
        self._lines = re.compile("|".join(parts))

    def lines(self, block: str) -> Iterator[tuple[str, str]]:
        """(kind, line) for each line of ``block``, which the lexer has already accepted."""
        if self._only is not None:
            only = self._only
            for line in block.split("\n")[:-1]:  # the lexer ends every line with "\n"
                yield only, line
            return
        tails = self._tails
        for found in self._lines.finditer(block):
            kind = found.lastgroup
            if kind == self._PLAYER and tails is not None:
                tail = tails.match(block, found.end(self._NAME), found.end())
                kind = tail.lastgroup if tail is not None else None
            if kind is None:  # cannot happen for a block the lexer accepted
                raise ValueError(f"a line of no known kind: {found.group()!r}")
            yield kind, found.group()
