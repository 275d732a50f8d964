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


def test_a_fact_read_with_a_grammar_terminal_is_its_fields_or_the_line(tmp_path: Path) -> None:
    path = tmp_path / ROOM_FILE
    path.write_text(
        "name = 'absolute'\n"
        "game_in = { at = 0, terminal = 'HEADER', groups = ['head_game', 'head_limit'] }\n"
        "table_in = { at = 1, terminal = 'TABLE', groups = ['table_name'] }\n",
        encoding="utf-8",
    )

    class Stage(Room):
        pass

    declare(Stage, path)
    assert Stage.game_in is not None and Stage.table_in is not None
    header = "Stage #1: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36 (ET)"
    assert Stage.game_in.read(header) == "Omaha Hi/Lo Normal"
    assert Stage.table_in.read("Table: Linden Ct (Real Money) Seat #6 is the dealer") == "Linden Ct"
    # a header the grammar does not read still names its game's words: read and rejected
    # where the line is, not skipped as another game
    damaged = "Stage #1: Omaha Hi/Lo  Normal $30/$60 - 2009-12-31"
    assert Stage.game_in.read(damaged) == damaged
    assert Stage.table_in.read("Table Linden") == ""
