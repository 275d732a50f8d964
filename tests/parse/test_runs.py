"""A run of lines is read with a pattern made from the run's definition in the grammar:
the parts a line shares (a player's name written once before the kinds that follow it,
the line's end) as the grammar writes them, each line kind marked by a group of its name;
and a FieldsReader's wiring (which terminal is a single line, which a run of which line
kinds) comes from the grammar and the reader's methods."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from auditor import events as ev
from auditor.parse.runs import grammar_shape, run_kinds, run_pattern
from auditor.parse.text_reader import Fields, FieldsReader
from auditor.read.split import RawHand
from auditor.source import SourceSpan

GRAMMAR = r"""
start: HEADER PLAY
PLAY: (PLAYER_LINE | STREET)+
PLAYER_LINE: WHO (FOLD | CALL) EOL
WHO: /(?P<who>[A-Z][a-z]+) /
FOLD: /folds/
CALL: /calls (?P<call_amount>[0-9]+)/
EOL: /[ \t]*\n/
STREET: /\*\*\* (?P<street>FLOP|TURN) \*\*\*\n/
HEADER: /Hand #(?P<head_id>[0-9]+)\n/
"""


def test_a_runs_pattern_is_its_definition_with_each_kind_marked() -> None:
    shape = grammar_shape(GRAMMAR, "test")
    assert shape.tokens == ("HEADER", "PLAY")
    assert run_kinds(shape.terms, "PLAY") == ["WHO", "FOLD", "CALL", "EOL", "STREET"]
    line = re.compile(run_pattern(shape.terms, "PLAY", ("FOLD", "CALL", "STREET")))
    found = [(m.lastgroup, m["who"], m["call_amount"]) for m in line.finditer(
        "Ann calls 5 \n*** FLOP ***\nBob folds\n"
    )]  # fmt: skip
    assert found == [("CALL", "Ann", "5"), ("STREET", None, None), ("FOLD", "Bob", None)]


def test_a_kind_not_in_the_run_or_twice_in_it_is_an_error_at_load() -> None:
    shape = grammar_shape(GRAMMAR, "test")
    with pytest.raises(ValueError, match=r"not in it \['HEADER'\]"):
        run_pattern(shape.terms, "PLAY", ("FOLD", "HEADER"))
    twice = grammar_shape(GRAMMAR.replace("(PLAYER_LINE | STREET)+", "(PLAYER_LINE | FOLD)+"), "t")
    with pytest.raises(ValueError, match=r"twice in it \['FOLD'\]"):
        run_pattern(twice.terms, "PLAY", ("FOLD", "CALL"))


class _Reader(FieldsReader):
    """Wired from the grammar alone: HEADER has a method (a single line), PLAY has none
    (a run of the kinds that do)."""

    def __init__(self, grammar: Path) -> None:
        self._wire(grammar)

    def _reset(self, raw: RawHand) -> None:
        self._file, self._offset = raw.file, raw.first_line - 1
        self.seen: list[tuple[str, int]] = []

    def _open(self) -> bool:
        return False

    def _hand(self, raw: RawHand) -> ev.Hand:
        raise NotImplementedError

    def HEADER(self, f: Fields, span: SourceSpan) -> None:
        self.seen.append((f"hand {f['head_id']}", span.line))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self.seen.append((f"{f['who']} folds", span.line))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        self.seen.append((f"{f['who']} calls {f['call_amount']}", span.line))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        self.seen.append((f["street"], span.line))


def test_a_reader_is_wired_from_its_grammar_and_methods(tmp_path: Path) -> None:
    grammar = tmp_path / "test.lark"
    grammar.write_text(GRAMMAR, encoding="utf-8")
    reader = _Reader(grammar)
    assert set(reader._single) == {"HEADER"} and set(reader._runs) == {"PLAY"}
    raw = RawHand("f", 10, ("Hand #3", "Ann calls 5", "*** FLOP ***", "Bob folds"))
    reader._reset(raw)
    reader._parser.parse(raw.text, start="start")
    assert reader.seen == [("hand 3", 10), ("Ann calls 5", 11), ("FLOP", 12), ("Bob folds", 13)]
