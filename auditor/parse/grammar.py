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
