"""One name per room everywhere (issue 23, item 5): a room's package, grammar, profile,
fixtures and tests are named after its room name (what ``--format`` takes), by one rule.

- A file or folder carries the room's name as it is: ``grammars/<room>.lark`` (a room
  with more than one grammar: ``<room>_<part>.lark``), ``auditor/profiles/<room>.toml``,
  ``fixtures/<room>/``, ``tests/rooms/<room>/``.
- The Python package carries it as a Python name (:func:`python_name`): the name as it
  is, but a name that starts with digits has them moved to its end. The one room this
  changes is 888poker, whose package is ``auditor/rooms/poker888/``.

Files of no one room: the profiles any room may take (SHARED_PROFILES); a grammar a room
borrows from another (BORROWED); an old import path kept working (OLD_PATHS).
"""

from __future__ import annotations

import re

import pytest

from auditor.replay.profile import bundled_profiles, load_profile
from auditor.rooms import REGISTRY
from tests.corpus import ROOT

SHARED_PROFILES = frozenset({"seeds", "tda"})  # the seeds' rules; the TDA's
BORROWED = {"ggpoker": "pokerstars"}  # GG's lines are read by the Stars grammar
_GRAMMAR = re.compile(r"grammars/([A-Za-z0-9_]+)\.lark")


def python_name(room: str) -> str:
    """The room's name where Python needs an identifier (its package).

    >>> python_name("888poker"), python_name("pokerstars")
    ('poker888', 'pokerstars')
    """
    rest = room.lstrip("0123456789")
    return rest + room[: len(room) - len(rest)]


def _owner(stem: str) -> str | None:
    """The room a grammar's or profile's file name names: ``<room>`` or ``<room>_<part>``."""
    return next((r for r in REGISTRY if stem == r or stem.startswith(r + "_")), None)


def _folders(path: str) -> set[str]:
    return {p.name for p in (ROOT / path).iterdir() if p.is_dir() and p.name != "__pycache__"}


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_room_s_package_is_its_name(name: str) -> None:
    room = REGISTRY[name]
    assert room.name == name
    assert type(room).__module__ == f"auditor.rooms.{python_name(name)}"


def test_every_package_is_a_room_s() -> None:
    packages = {p.parent.name for p in (ROOT / "auditor" / "rooms").glob("*/__init__.py")}
    assert packages == {python_name(r) for r in REGISTRY}
    assert _folders("auditor/rooms") == packages


def test_every_grammar_is_named_after_the_room_that_reads_it() -> None:
    stems = {p.stem for p in (ROOT / "grammars").glob("*.lark")}
    assert {s for s in stems if _owner(s) is None} == set(), "grammars of no room"
    for name, room in REGISTRY.items():
        for stem in _GRAMMAR.findall(room.reader_kind):
            assert stem in stems, (name, stem)
            assert _owner(stem) in (name, BORROWED.get(name)), (name, stem)


def test_every_profile_is_a_room_s_or_shared() -> None:
    stems = set(bundled_profiles())
    assert {s for s in stems - SHARED_PROFILES if s not in REGISTRY} == set()
    for stem in stems:
        assert load_profile(stem).name == stem  # the name it is asked for by, inside too
    for name, room in REGISTRY.items():
        assert room.default_profile in (name, *SHARED_PROFILES), name
        if name in stems:
            assert room.default_profile == name, name  # a room with its own takes it


def test_fixtures_and_tests_are_named_after_their_room() -> None:
    assert _folders("fixtures") == set(REGISTRY)
    assert _folders("tests/rooms") == set(REGISTRY)
