"""The reader writes no pattern of its own: each run of lines (seats, play, summary) is
read with the pattern the driver makes from the run's definition in the grammar, and the
line kinds the room reads alike with other rooms are CommonLines' (standard field names)."""

from __future__ import annotations

import pytest

from auditor.parse.grammar import grammar_text
from auditor.parse.lines import CommonLines
from auditor.parse.runs import grammar_shape, run_pattern
from auditor.parse.text_reader import FieldsReader
from auditor.rooms.fulltilt.reader import FullTiltReader


@pytest.mark.parametrize("reader_class", [FullTiltReader])
def test_every_run_is_read_with_its_definitions_pattern(reader_class: type) -> None:
    reader = reader_class()
    assert type(reader)._run is FieldsReader._run
    shape = grammar_shape(grammar_text("fulltilt"), "fulltilt")
    assert set(reader._runs) == {"SEATS", "PLAY", "SUMMARY_BODY"}
    for run, found in reader._runs.items():
        kinds = [kind for kind in reader._methods if kind is not None and kind in shape.terms]
        in_run = [kind for kind in kinds if f"(?P<{kind}>)" in found.pattern]
        assert found.pattern == run_pattern(shape.terms, run, in_run)


def test_the_shared_line_kinds_are_common_lines() -> None:
    reader = FullTiltReader()
    for kind in ("FOLD", "CHECK", "CALL", "BET", "RAISE", "POST", "DEALT", "UNCALLED", "MUCKS"):
        assert getattr(type(reader), kind) is getattr(CommonLines, kind), kind
