"""The grammar is the only description of a line: for every text room read by the one
driver (FieldsReader), each line terminal of its grammar that names fields has the
reader's method of its name (its own, or the shared one of auditor/parse/lines.py that
reads the kind's standard fields), and each line method of the reader its terminal. A line's
fields are then read by name from the grammar's own pattern, never by a second regex in
the reader that could drift from it."""

from __future__ import annotations

import re

import pytest

from auditor.parse.lines import CommonLines
from auditor.parse.runs import run_pattern
from auditor.parse.text_reader import FieldsReader
from auditor.rooms import REGISTRY

# rooms whose records are not lines of text (XML, JSON, TOML, CSV): read by other bases
NOT_TEXT = frozenset({"bossmedia", "everest", "ipoker", "merge", "microgaming", "ohh", "phh"})
_METHOD = re.compile(r"[A-Z][A-Z0-9_]*")


def _field_readers() -> list[str]:
    return sorted(
        name
        for name, room in REGISTRY.items()
        if name not in NOT_TEXT and isinstance(room.reader(), FieldsReader)
    )


@pytest.mark.parametrize("name", _field_readers())
def test_each_line_terminal_has_its_method_and_each_method_its_terminal(name: str) -> None:
    reader = REGISTRY[name].reader()
    assert isinstance(reader, FieldsReader)
    wired = {kind for kind in reader._methods if kind is not None}
    shared = {m for m in vars(CommonLines) if _METHOD.fullmatch(m)}
    own = {
        m
        for cls in type(reader).__mro__
        if cls is not CommonLines
        for m in vars(cls)
        if _METHOD.fullmatch(m) and callable(getattr(reader, m))
    }
    # every upper-case method the room writes is a line kind the driver calls (the shared
    # ones only where its grammar has the kind), and every line kind has its method
    assert own <= wired, f"methods without a line kind: {own - wired}"
    assert wired <= own | shared, f"line kinds without a method: {wired - own - shared}"
    terminals = {t.name: t.pattern.to_regexp() for t in reader._terminals.terminals}
    # every line kind is a terminal of the room's grammar
    assert wired <= terminals.keys(), f"kinds no terminal names: {wired - terminals.keys()}"
    # a terminal whose pattern names fields is a line kind, or a piece of one (its fields
    # are then in the line's pattern): none names fields that no line method gets
    read = set().union(*(p.groupindex for p in (*reader._single.values(), *reader._runs.values())))
    unread = {
        kind for kind, pattern in terminals.items() if set(re.compile(pattern).groupindex) - read
    }
    assert unread == set(), f"terminals whose fields no method reads: {unread}"


@pytest.mark.parametrize("name", _field_readers())
def test_every_run_is_read_with_the_pattern_its_grammar_definition_makes(name: str) -> None:
    """No room writes a run's line pattern of its own: the driver makes it from the
    run's definition, so the grammar stays the only description of a line."""
    reader = REGISTRY[name].reader()
    assert isinstance(reader, FieldsReader)
    assert type(reader)._run is FieldsReader._run, "a room's own _run"
    for run, found in reader._runs.items():
        kinds = [k for k in reader._methods if k is not None and f"(?P<{k}>)" in found.pattern]
        assert found.pattern == run_pattern(reader._defined, run, kinds), run


def test_the_text_rooms_are_on_the_one_driver() -> None:
    """Every text room reads its lines with the one driver (none describes its lines
    twice); NOT_YET, the rooms that did not yet, is empty and stays so."""
    others = {
        name
        for name, room in REGISTRY.items()
        if name not in NOT_TEXT and not isinstance(room.reader(), FieldsReader)
    }
    assert others <= NOT_YET, f"rooms on no driver and not listed: {others - NOT_YET}"
    assert not NOT_YET, f"rooms listed as not yet on the driver: {sorted(NOT_YET)}"


NOT_YET: frozenset[str] = frozenset()
