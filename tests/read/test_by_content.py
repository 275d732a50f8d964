"""Every file under a folder is told by its content, never by its name: a room's hands
are read whatever the extension (a Poker Now log named .csv, an iPoker session named
.txt, OHH JSON, PHH TOML); a hand history no room reads is one FORMAT_UNSUPPORTED
finding; anything else (a README, a manifest, the fixtures' expected JSON, settings,
binary data) is listed as not a hand history with the reason, with no finding; hidden
entries are listed too."""

from __future__ import annotations

import zipfile
from itertools import islice
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.findings import Code
from auditor.read.decode import open_text
from auditor.read.looks import HEAD_CHARS, not_a_hand_history
from auditor.run import run_audit
from tests.corpus import CORPUS, ROOT, manifest

FIXTURES = ROOT / "fixtures"
STARS = FIXTURES / "pokerstars" / "one_bad_hand_in_three.txt"  # 3 hands
OHH = CORPUS / "OHH" / "HOLDEM_NLHE" / "sample_ohh_tenfour.json"
POKER_NOW = CORPUS / "PokerNow" / "PLO" / "poker_now_log_pgl7tZqLanCO9qx5dGcNnK9lw.csv"
PHH = CORPUS / "PHH" / "PLO" / "wsop-2023-43-5-27.phh"
IPOKER = CORPUS / "iPoker" / "PLO" / "BasicHand.txt"
needs_corpus = pytest.mark.usefixtures("corpus")

Row = dict[str, Any]


def files_table(folder: Path, out: Path) -> tuple[dict[str, Row], list[Row]]:
    run_audit([str(folder)], out, workers=1)
    files = {r["source_file"]: r for r in pq.read_table(out / "files").to_pylist()}
    return files, pq.read_table(out / "findings").to_pylist()


def head_of(path: Path) -> str:
    with open(path, "rb") as raw:
        text, _ = open_text(raw)
        return "".join(islice(iter(text), 40))[:HEAD_CHARS]


@needs_corpus
def test_hand_histories_are_read_or_reported_whatever_their_names(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "stars.csv").write_bytes(STARS.read_bytes())  # a room's hands, named .csv
    (folder / "poker_now.csv").write_bytes(POKER_NOW.read_bytes())
    (folder / "ohh.json").write_bytes(OHH.read_bytes())  # read by the ohh room
    (folder / "hand.toml").write_bytes(PHH.read_bytes())  # PHH is TOML: the phh room's
    (folder / "hands.json").write_text('{"version": "1.0", "hands": [{"handId": "1"}]}')
    (folder / "ipoker.txt").write_bytes(IPOKER.read_bytes())  # XML in a .txt
    files, findings = files_table(folder, tmp_path / "out")
    stars = files[str(folder / "stars.csv")]
    assert (stars["status"], stars["format"], stars["hands_read"]) == ("read", "pokerstars", 3)
    ipoker = files[str(folder / "ipoker.txt")]  # its room reads it, named .txt
    assert (ipoker["status"], ipoker["format"], ipoker["hands_read"]) == ("read", "ipoker", 1)
    now = files[str(folder / "poker_now.csv")]  # a Poker Now log, named .csv: read
    assert (now["status"], now["format"], now["hands_read"]) == ("read", "pokernow", 108)
    for name, room in (("ohh.json", "ohh"), ("hand.toml", "phh")):
        row = files[str(folder / name)]
        assert (row["status"], row["format"], row["hands_read"]) == ("read", room, 1)
    unsupported = {"hands.json"}
    for name in unsupported:
        row = files[str(folder / name)]
        assert (row["status"], row["format"], row["hands_read"]) == ("read", "unsupported", 0)
        assert row["size_bytes"] == (folder / name).stat().st_size
    reported = [f for f in findings if f["code"] == "FORMAT_UNSUPPORTED"]
    assert sorted(f["source_file"] for f in reported) == sorted(
        str(folder / n) for n in unsupported
    )
    looks = {Path(f["source_file"]).name: f["message"] for f in reported}
    assert "it looks like JSON, top-level keys: version, hands" in looks["hands.json"]


def test_what_is_not_a_hand_history_is_listed_with_its_reason(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "README.md").write_text("# Real hand histories\n\nFolders by room.\n")
    (folder / "MANIFEST.tsv").write_text("file\tsite\thands\nPLO/a.txt\tPartyPoker\t3\n")
    (folder / "case.expected.json").write_bytes(
        (FIXTURES / "pokerstars" / "one_bad_hand_in_three.expected.json").read_bytes()
    )
    (folder / "rules.toml").write_text('name = "mine"\n[rake]\npercent = 5\n')
    (folder / "table.parquet").write_bytes(b"PAR1\x15\x04\x15\x10\x00\x01\x02" * 50)
    (folder / "notes.txt").write_text("call mum\nbuy milk\n")
    files, findings = files_table(folder, tmp_path / "out")
    reasons = {Path(name).name: row["reason"] for name, row in files.items()}
    assert reasons == {
        "README.md": "not a hand history (a Markdown document; "
        "text, first line: '# Real hand histories')",
        "MANIFEST.tsv": "not a hand history (text with no line of play; "
        "CSV, header: file\tsite\thands)",
        "case.expected.json": "not a hand history (the auditor's own JSON of hands read; "
        "JSON, top-level keys: hands)",
        "rules.toml": "not a hand history (settings (key = value lines); "
        "text, first line: 'name = \"mine\"')",
        "table.parquet": "not a hand history (binary data)",
        "notes.txt": "not a hand history (text with no line of play; "
        "text, first line: 'call mum')",
    }
    for name, row in files.items():
        assert (row["status"], row["hands_read"], row["format"]) == ("not read", 0, "")
        assert row["size_bytes"] == Path(name).stat().st_size
    assert findings == []


def test_hidden_files_and_folders_are_listed_not_read(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    (folder / ".git" / "objects").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (folder / ".hands.txt.swp").write_bytes(STARS.read_bytes())
    (folder / "hands.txt").write_bytes(STARS.read_bytes())
    archive = folder / "month.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(STARS, "hands.txt")
        zipped.write(STARS, "__MACOSX/._hands.txt")
    files, findings = files_table(folder, tmp_path / "out")
    assert {name: (row["status"], row["reason"]) for name, row in files.items()} == {
        str(folder / ".git"): ("not read", "a hidden folder, not walked"),
        str(folder / ".hands.txt.swp"): ("not read", "a hidden file"),
        str(folder / "hands.txt"): ("read", ""),
        f"{archive}!hands.txt": ("read", ""),
        f"{archive}!__MACOSX/._hands.txt": ("not read", "a hidden file"),
    }
    assert files[str(folder / ".hands.txt.swp")]["size_bytes"] == STARS.stat().st_size
    assert sum(r["hands_read"] for r in files.values()) == 6
    assert not any(f["code"] == "FORMAT_UNSUPPORTED" for f in findings)


def test_the_bundled_fixtures_expected_json_are_not_hand_histories(tmp_path: Path) -> None:
    files, findings = files_table(FIXTURES, tmp_path / "out")
    expected = {n: r for n, r in files.items() if n.endswith(".expected.json")}
    assert len(expected) == len(list(FIXTURES.rglob("*.expected.json"))) > 0
    for row in expected.values():
        assert row["status"] == "not read"
        assert row["reason"].startswith("not a hand history (the auditor's own JSON")
    hands = [r for n, r in files.items() if n not in expected]
    assert hands and all(r["status"] == "read" and r["hands_read"] > 0 for r in hands)
    assert not any(f["code"] == "FORMAT_UNSUPPORTED" for f in findings)


@needs_corpus
def test_every_corpus_file_looks_like_a_hand_history_and_its_notes_do_not() -> None:
    """The judgement from content on real files: each of the manifest's (some 350, in a
    dozen layouts, UTF-16 and XML among them) is a hand history; the corpus's README
    and manifest are not."""
    missed = [r.file for r in manifest() if not_a_hand_history(head_of(r.path)) is not None]
    assert missed == []
    assert not_a_hand_history(head_of(CORPUS / "README.md")) == "a Markdown document"
    assert not_a_hand_history(head_of(CORPUS / "MANIFEST.tsv")) == "text with no line of play"


def test_a_large_file_of_something_else_is_not_held_in_memory(tmp_path: Path) -> None:
    """Every file is read now, a large CSV of something else too: its stray text keeps
    its first lines only, and counts the rest."""
    from auditor.read.split import STRAY_KEPT, StrayText, split_hands

    rows = [f"{n},{n * 7},blue" for n in range(3 * STRAY_KEPT)]
    lines = ["id,weight,colour\n", *(row + "\n" for row in rows), "\n", "\n"]
    (stray,) = split_hands(lines, "big.csv")
    assert isinstance(stray, StrayText)
    assert len(stray.lines) == STRAY_KEPT and stray.lines[0] == "id,weight,colour"
    assert stray.line_count == 1 + len(rows)  # the blank lines at its end aside
    # before the first hand, the finding counts every line
    preamble = "".join(f"exported by a tracker, line {n}\n" for n in range(2 * STRAY_KEPT))
    source = tmp_path / "preamble.txt"
    source.write_text(preamble + "\n" + STARS.read_text(encoding="utf-8"), encoding="utf-8")
    summary = run_audit([str(source)], tmp_path / "out", workers=1)
    (file,) = summary.files
    assert file.hands_read == 3
    (stray_finding,) = summary.examples[Code.TEXT_OUTSIDE_HAND]
    assert stray_finding.message.startswith(f"{2 * STRAY_KEPT} line(s) before the first hand")
