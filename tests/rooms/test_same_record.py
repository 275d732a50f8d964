"""Copies of a hand record are compared as their room compares them: duplicate detection
asks the hand's room (``Room.same_record_text``), so a room's own export habits live in
its folder (PokerStars' start time in the player's zone or in ET) and no other room's
text is rewritten by them."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pyarrow.parquet as pq
import pytest

from auditor import rooms
from auditor.run import run_audit
from tests.rooms.tally import TALLY_HANDS, TallyRoom

HAND_1 = TALLY_HANDS.split("\n\n")[0] + "\n"  # TALLY #1 | table Oak | ...


class TableCaseTallyRoom(TallyRoom):
    """Tally, whose exports write a table's name in any case (one record all the same)."""

    name: ClassVar[str] = "tally"

    def same_record_text(self, text: str) -> str:
        header, newline, rest = super().same_record_text(text).partition("\n")
        return header.lower() + newline + rest


def _copies(folder: Path, out: Path) -> list[tuple[str, str]]:
    run_audit([str(folder)], out, workers=1)
    findings = pq.read_table(out / "findings").to_pylist()
    return [
        (Path(f["source_file"]).name, f["code"])
        for f in findings
        if f["code"] in ("HAND_DUPLICATE", "HAND_DUPLICATE_DIFFERS")
    ]


def _write(folder: Path, texts: dict[str, str]) -> None:
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")


def test_the_hand_s_room_says_which_copies_are_the_same_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(rooms.REGISTRY, "tally", TableCaseTallyRoom())
    shouted = HAND_1.replace("table Oak", "table OAK")
    changed = HAND_1.replace("ann folds", "ann calls 1")
    _write(tmp_path / "in", {"a.txt": HAND_1, "b.txt": shouted, "c.txt": changed})
    assert _copies(tmp_path / "in", tmp_path / "out") == [
        ("b.txt", "HAND_DUPLICATE"),
        ("c.txt", "HAND_DUPLICATE_DIFFERS"),
    ]


def test_a_room_s_default_compares_lines_without_trailing_spaces(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(rooms.REGISTRY, "tally", TallyRoom())
    spaced = HAND_1.replace("ann folds\n", "ann folds  \t\n")
    shouted = HAND_1.replace("table Oak", "table OAK")
    _write(tmp_path / "in", {"a.txt": HAND_1, "b.txt": spaced, "c.txt": shouted})
    assert _copies(tmp_path / "in", tmp_path / "out") == [
        ("b.txt", "HAND_DUPLICATE"),
        ("c.txt", "HAND_DUPLICATE_DIFFERS"),
    ]


def test_only_pokerstars_reads_its_start_times_in_et() -> None:
    stars, gg = rooms.REGISTRY["pokerstars"], rooms.REGISTRY["ggpoker"]
    zoned = "Hand #1: Omaha Pot Limit ($1/$2) - 2014/01/01 1:00:00 CET\nTable 'x'  "
    assert stars.same_record_text(zoned) == (
        "Hand #1: Omaha Pot Limit ($1/$2) - 2013/12/31 19:00:00 ET\nTable 'x'"
    )
    # another room's zone is its own business: only the line ends are made alike
    assert gg.same_record_text(zoned) == zoned.rstrip()
    assert TallyRoom().same_record_text(zoned) == zoned.rstrip()
