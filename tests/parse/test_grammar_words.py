"""The words a parse error names a terminal with are the grammar's own ``//:`` comments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from auditor.parse.grammar import grammar_dir
from auditor.parse.runs import grammar_words

GRAMMARS = sorted(grammar_dir().glob("*.lark"))


def test_a_words_comment_names_the_definition_below_it() -> None:
    text = "//: a seat line (Seat N: NAME)\n// an example\nSEAT.2: /Seat .../\nPLAY: /x/\n"
    assert grammar_words(text) == {"SEAT": "a seat line (Seat N: NAME)"}


def test_a_blank_line_ends_a_words_comment() -> None:
    assert grammar_words("//: words of nothing\n\nSEAT: /Seat .../\n") == {}


@pytest.mark.parametrize("path", GRAMMARS, ids=[p.stem for p in GRAMMARS])
def test_every_words_comment_of_a_grammar_names_a_terminal(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    said = len(re.findall(r"^//:", text, re.M))
    assert len(grammar_words(text)) == said, "a //: comment stands above no definition"
