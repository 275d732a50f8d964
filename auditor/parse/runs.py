"""The pattern a run of lines is taken apart with, made from the run's definition in the
grammar (the grammar is the only description of a line).

A room's grammar lexes a run of lines (the seats, the play, the summary) as ONE token,
defined from its line terminals: ``PLAY: (PLAYER_LINE | STREET)+`` with
``PLAYER_LINE: WHO (FOLD | CALL) EOL``. The reader then reads the run one line at a time
with one pattern: the run's definition without its outer repetition, each line kind's
pattern followed by an empty group named after the kind (the group that closes last
names the line's kind: ``Match.lastgroup``). Parts of a line that are no line kind (the
player's name written once before the kinds that follow it, the line's end) stay as the
grammar writes them, so their fields are read once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from lark import Token, Tree
from lark.grammar import Terminal
from lark.load_grammar import GrammarBuilder, _literal_to_pattern

from auditor.parse.grammar import grammar_text

Definition = Tree[Token]


@dataclass(frozen=True, slots=True)
class Shape:
    """What a reader is wired from: every terminal's definition (the terminals it is
    made of written out in it), and the terminals the rules name (the lexer's tokens: a
    single line, or a run of lines), in the grammar's order."""

    terms: dict[str, Definition]
    tokens: tuple[str, ...]


def grammar_shape(text: str, name: str) -> Shape:
    builder = GrammarBuilder()
    builder.load_grammar(text, name)
    grammar = builder.build()
    tokens: dict[str, None] = {}
    for _rule, _params, tree, _options in grammar.rule_defs:
        for term in tree.scan_values(lambda value: isinstance(value, Terminal)):
            tokens.setdefault(term.name)
    terms = {term: tree for term, (tree, _priority) in grammar.term_defs}
    return Shape(terms, tuple(tokens))


_WORDS_COMMENT = re.compile(r"//:[ \t]*(?P<words>[^\n]*?)[ \t]*$")
_DEFINITION = re.compile(r"(?P<name>[A-Z_][A-Z0-9_]*)(?:\.-?[0-9]+)?[ \t]*:")


def grammar_words(text: str) -> dict[str, str]:
    r"""What each terminal is in the room's words (for parse errors): the ``//:`` comment
    line above its definition, other comments between allowed, a blank line not.

    >>> grammar_words("//: a seat line (Seat N: NAME)\n// seats\nSEAT: /Seat .../\n")
    {'SEAT': 'a seat line (Seat N: NAME)'}
    """
    words: dict[str, str] = {}
    pending = ""
    for line in text.splitlines():
        said = _WORDS_COMMENT.match(line)
        if said:
            pending = said["words"]
            continue
        if line.lstrip().startswith("//"):
            continue
        defined = _DEFINITION.match(line)
        if defined and pending:
            words[defined["name"]] = pending
        pending = ""
    return words


@cache
def terminal_pattern(site: str, terminal: str) -> re.Pattern[str]:
    """A line terminal's own pattern, from its definition in ``site``'s grammar (no parser
    is built: a room reads a hand's game or table with it before any reader runs)."""
    shape = grammar_shape(grammar_text(site), site)
    literal = _only_literal(shape.terms[terminal]) if terminal in shape.terms else None
    if literal is None:
        raise ValueError(f"{site}'s grammar has no line terminal {terminal}")
    return re.compile(_regexp(literal))


def _regexp(literal: Token) -> str:
    """A literal's pattern as Lark makes it (a string escaped, a regexp's flags kept)."""
    pattern = _literal_to_pattern(literal)  # type: ignore[no-untyped-call]
    return str(pattern.to_regexp())


def _only_literal(tree: Definition) -> Token | None:
    """The one literal a terminal is defined as (``SEAT: /Seat .../``), or None."""
    node: Tree[Token] | Token = tree
    while isinstance(node, Tree) and len(node.children) == 1:
        node = node.children[0]
    return node if isinstance(node, Token) else None


def run_pattern(defined: dict[str, Definition], run: str, kinds: Iterable[str]) -> str:
    """The pattern of one line of ``run``: its definition without the outer repetition,
    each of ``kinds`` (the line terminals that have a reader's method) marked by an empty
    group of its name. Raises ValueError if a kind is not in the run, or in it twice."""
    wanted = set(kinds)
    named: dict[str, str] = {}
    for term in wanted:
        literal = _only_literal(defined[term])
        if literal is None:
            raise ValueError(f"line kind {term} is no single pattern in the grammar")
        named[literal.value] = term
    marked: list[str] = []

    def walk(node: Tree[Token] | Token, top: bool) -> str:
        if isinstance(node, Token):  # a literal's pattern
            pattern = _regexp(node)
            kind = named.get(node.value)
            if kind is None:
                return pattern
            marked.append(kind)
            return f"(?:{pattern})(?P<{kind}>)"
        kind_of_node = node.data
        children = node.children
        if kind_of_node == "expansions":
            parts = [walk(child, top) for child in children]
            return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
        if kind_of_node == "expansion":
            return "".join(walk(child, top and len(children) == 1) for child in children)
        if kind_of_node == "expr":
            item, op = children[0], children[1]
            if top and isinstance(op, Token) and op.value == "+":
                return walk(item, False)  # the run's repetition: one line at a time
            if not isinstance(op, Token) or op.value not in ("?", "*", "+") or len(children) > 2:
                raise ValueError(f"{run}: a repetition the run pattern does not make: {op}")
            return f"(?:{walk(item, False)}){op.value}"
        if kind_of_node in ("value", "literal"):
            return "".join(walk(child, top) for child in children)
        raise ValueError(f"{run}: a part of its definition the run pattern does not make: {node}")

    pattern = walk(defined[run], top=True)
    twice = sorted({kind for kind in marked if marked.count(kind) > 1})
    missing = sorted(wanted - set(marked))
    if twice or missing:
        raise ValueError(f"{run}: line kinds twice in it {twice}, not in it {missing}")
    return pattern


def run_kinds(defined: dict[str, Definition], run: str) -> list[str]:
    """The terminals a run is made of, in the grammar's order (each a single pattern)."""
    by_literal: dict[str, str] = {}
    for name, tree in defined.items():
        literal = _only_literal(tree)
        if literal is not None:
            by_literal.setdefault(literal.value, name)
    found: list[str] = []
    for token in defined[run].scan_values(lambda value: isinstance(value, Token)):
        kind = by_literal.get(str(token.value))
        if kind is not None and kind not in found:
            found.append(kind)
    return found
