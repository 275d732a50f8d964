"""A room's declarations are data in its folder's ``room.toml``, read once into the Room's
class variables (auditor.rooms.declare)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from auditor.rooms import REGISTRY, ROOM_FILE, Group, Room, Written, declare


def test_every_bundled_room_is_declared_in_its_folder() -> None:
    for name, room in REGISTRY.items():
        folder = Path(__import__(type(room).__module__, fromlist=["_"]).__file__ or "").parent
        assert (folder / ROOM_FILE).is_file(), name
        assert room.name == name and room.reads and room.default_profile


def test_a_declaration_file_sets_the_class_variables(tmp_path: Path) -> None:
    path = tmp_path / ROOM_FILE
    path.write_text(
        "name = 'tiny'\n"
        "games = ['PLO']\n"
        "splits_files = true\n"
        "header_pattern = 'Tiny #[0-9]+'\n"
        "table_in = { at = 1, pattern = 'Table (?P<t>.+)', group = 't' }\n"
        "game_in = { at = 0, read = 'auditor.read.split:header_hand_id' }\n",
        encoding="utf-8",
    )

    class Tiny(Room):
        name = "kept"  # the class body wins over the file

    declare(Tiny, path)
    assert Tiny.name == "kept" and Tiny.games == ("PLO",) and Tiny.splits_files is True
    assert Tiny.header_pattern == "Tiny #[0-9]+"
    assert isinstance(Tiny.table_in, Written) and isinstance(Tiny.table_in.read, Group)
    assert Tiny.table_in.read("Table Alpha") == "Alpha" and Tiny.table_in.at == 1
    assert Tiny.game_in is not None and Tiny.game_in.read("Tiny #42") == "42"


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("colour = 'red'\n", "'colour' is no declaration of a room"),
        ("games = 'PLO'\n", "games must be a list"),
        ("table_in = { at = 'one', pattern = 'x' }\n", "table_in.at must be a number"),
    ],
)
def test_a_wrong_declaration_names_its_file_and_key(tmp_path: Path, line: str, said: str) -> None:
    path = tmp_path / ROOM_FILE
    path.write_text(line, encoding="utf-8")

    class Wrong(Room):
        pass

    with pytest.raises(TypeError, match=re.escape(str(path)) + ".*" + re.escape(said)):
        declare(Wrong, path)
