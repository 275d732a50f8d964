"""A file no room reads is one FORMAT_UNSUPPORTED finding saying what the file looks
like, and a row of the files table with its size."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.api import load
from auditor.findings import Code
from auditor.read.looks import describe
from auditor.run import run_audit

FILES = {
    "hands.xml": (
        '<?xml version="1.0" encoding="utf-8"?>\n<!-- export -->\n<handhistory site="x">\n'
        '  <hand id="5383392792"><game>Omaha PL 0.05/0.10</game><seat no="1"/></hand>\n'
        "</handhistory>\n",
        "XML, root element <handhistory>",
    ),
    "ohh.json": (
        '{"spec_version": "1.4.6", "site_name": "x", "game_number": "7",\n'
        ' "players": [{"id": 1, "name": "ann"}], "rounds": []}\n',
        "JSON, top-level keys: spec_version, site_name, game_number, players, rounds",
    ),
    # a log of play in columns no room reads (Poker Now's entry,at,order is read)
    "log.csv": (
        "time,event\n"
        '2021-05-01T00:00:00Z,"-- starting hand #1 (Pot Limit Omaha Hi) --"\n'
        '2021-05-01T00:00:01Z,"ann posts a small blind of 1"\n',
        "CSV, header: time,event",
    ),
    "party.txt": (
        "Game #21785454398 starts.\n\n#Game No : 21785454398\n***** Hand History *****\n",
        "text, first line: 'Game #21785454398 starts.'",
    ),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_file_no_room_reads_says_what_it_looks_like(name: str, tmp_path: Path) -> None:
    text, looks = FILES[name]
    path = tmp_path / name  # read whatever its extension: its content says what it is
    path.write_text(text, encoding="utf-8")
    summary = run_audit([str(path)], tmp_path / "out", workers=1)
    (file,) = summary.files
    assert (file.format, file.hands_read, file.size_bytes) == ("unsupported", 0, len(text))
    assert summary.findings_by_code == {"FORMAT_UNSUPPORTED": 1}
    (finding,) = summary.examples[Code.FORMAT_UNSUPPORTED]
    assert f"it looks like {looks};" in finding.message
    files = load(tmp_path / "out")["files"]
    assert files["format"].astype(str).tolist() == ["unsupported"]
    assert files["size_bytes"].tolist() == [len(text)]


def test_a_json_head_cut_short_still_names_its_keys() -> None:
    head = '{"hands": [{"id": 1, "seats": [' + '{"n": 1}, ' * 2000
    assert describe(head) == "JSON, top-level keys: hands"


def test_blank_and_one_column_text() -> None:
    assert describe("\ufeff\n\n") == "blank text"
    assert describe("hello\nworld\n").startswith("text, first line: 'hello'")
