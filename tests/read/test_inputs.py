"""Finding the inputs: every file under a folder read or listed with its reason, links
followed once, unreadable entries reported (the run goes on), FIFOs and process
substitutions read once; and files that mix UTF-8 and cp1252 lines read line by line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.read import decode
from auditor.read.inputs import Kind, find_inputs
from auditor.run import RunSummary, run_audit
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"
HANDS = FIXTURES / "one_bad_hand_in_three.txt"  # 3 hands: 2 audited, 1 PARSE_ERROR
OTHER = FIXTURES / "run_it_twice_and_talk.txt"

Rows = list[dict[str, Any]]


def audit(paths: list[str], out: Path) -> tuple[RunSummary, dict[str, Rows]]:
    summary = run_audit(paths, out)
    names = ("hands", "findings", "files", "seats")
    tables = {t: pq.read_table(out / t).to_pylist() for t in names}
    return summary, tables


def files_by_name(tables: dict[str, Rows]) -> dict[str, dict[str, Any]]:
    return {r["source_file"]: r for r in tables["files"]}


def cli(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,  # an input that blocks the run fails the test instead of hanging it
        **kwargs,
    )


# ---------------------------------------------------------------- links


def test_dangling_link_and_link_loop_are_listed_and_the_run_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hands.txt").write_bytes(HANDS.read_bytes())
    (folder / "gone.txt").symlink_to(folder / "deleted.txt")
    (folder / "loop_a.txt").symlink_to(folder / "loop_b.txt")
    (folder / "loop_b.txt").symlink_to(folder / "loop_a.txt")
    summary, tables = audit([str(folder)], tmp_path / "out")
    rows = files_by_name(tables)
    assert rows[str(folder / "hands.txt")]["hands_read"] == 3
    assert rows[str(folder / "gone.txt")]["status"] == "error"
    assert "link to nothing" in rows[str(folder / "gone.txt")]["reason"]
    for loop in ("loop_a.txt", "loop_b.txt"):
        assert rows[str(folder / loop)]["status"] == "error"
        assert "loop" in rows[str(folder / loop)]["reason"]
    findings = tables["findings"]
    unreadable = sorted(r["source_file"] for r in findings if r["code"] == "FILE_UNREADABLE")
    assert unreadable == [str(folder / n) for n in ("gone.txt", "loop_a.txt", "loop_b.txt")]
    assert summary.hands_read == 3


def test_command_line_reports_a_dangling_link_in_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hands.txt").write_bytes(OTHER.read_bytes())
    (folder / "gone.txt").symlink_to(folder / "deleted.txt")
    done = cli("audit", str(folder), "--out", str(tmp_path / "out"))
    assert done.returncode == 1, done.stderr  # an error finding, not a crash nor a usage error
    assert "Traceback" not in done.stderr
    assert "FILE_UNREADABLE" in done.stdout and "gone.txt" in done.stdout


def test_linked_folder_is_followed_once(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "in", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / "a.txt").write_bytes(HANDS.read_bytes())
    (elsewhere / "b.txt").write_bytes(OTHER.read_bytes())
    (folder / "linked").symlink_to(elsewhere, target_is_directory=True)
    (folder / "linked_again").symlink_to(elsewhere, target_is_directory=True)
    (folder / "up").symlink_to(folder, target_is_directory=True)  # a loop
    summary, tables = audit([str(folder)], tmp_path / "out")
    read = [f.source_file for f in summary.files if f.status == "read"]
    assert read == [str(folder / "a.txt"), str(folder / "linked" / "b.txt")]
    rows = files_by_name(tables)
    for again in ("linked_again", "up"):
        assert rows[str(folder / again)]["status"] == "not read"
        assert "read already" in rows[str(folder / again)]["reason"]
    other = sum(1 for _ in OTHER.read_text(encoding="utf-8").split("Hand #")) - 1
    assert summary.hands_read == 3 + other


# ---------------------------------------------------------------- what is not a hand history


def test_every_file_is_read_or_listed_with_its_reason(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    (folder / "notes").mkdir(parents=True)
    (folder / "hands.txt").write_bytes(HANDS.read_bytes())
    (folder / "MANIFEST.tsv").write_text("file\thands\n")
    (folder / "notes" / "README.md").write_text("# notes\n")
    (folder / "expected.json").write_text("{}\n")
    (folder / ".hidden.txt").write_bytes(HANDS.read_bytes())  # hidden: one row, not read
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref\n")  # in a hidden folder: not walked
    _, tables = audit([str(folder)], tmp_path / "out")
    rows = files_by_name(tables)
    not_read = ("MANIFEST.tsv", "expected.json", "notes/README.md", ".hidden.txt", ".git")
    assert set(rows) == {str(folder / n) for n in ("hands.txt", *not_read)}
    for name in not_read:
        row = rows[str(folder / name)]
        assert row["status"] == "not read" and row["hands_read"] == 0
        if name != ".git":
            assert row["size_bytes"] == (folder / name).stat().st_size
    # told by their content: none of them holds a line of play
    for name in ("MANIFEST.tsv", "notes/README.md", "expected.json"):
        assert rows[str(folder / name)]["reason"].startswith("not a hand history (")
    assert rows[str(folder / "expected.json")]["reason"] == (
        "not a hand history (JSON with none of a hand-history export's keys; JSON, {})"
    )
    assert rows[str(folder / ".hidden.txt")]["reason"] == "a hidden file"
    assert rows[str(folder / ".git")]["reason"] == "a hidden folder, not walked"
    assert rows[str(folder / "hands.txt")]["status"] == "read"
    assert rows[str(folder / "hands.txt")]["size_bytes"] == HANDS.stat().st_size
    codes = {r["code"] for r in tables["findings"]}
    assert not codes & {"FILE_UNREADABLE", "FORMAT_UNSUPPORTED"}
    done = cli("audit", str(folder), "--out", str(tmp_path / "out2"))
    assert "not read: 5 file(s): 1 a hidden file, 1 a hidden folder, not walked, " in done.stdout
    assert "3 not a hand history (see the files table)" in done.stdout
    assert done.stdout.startswith("files 1 ")


def test_an_output_folder_inside_an_input_folder_is_one_row(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hands.txt").write_bytes(HANDS.read_bytes())
    # written apart (an output inside its input is refused), then moved in by the user
    run_audit([str(folder)], tmp_path / "audit")
    (tmp_path / "audit").rename(folder / "audit")
    found = find_inputs([str(folder)])
    assert [(i.name, i.kind) for i in found] == [
        (str(folder / "audit"), Kind.NOT_READ),
        (str(folder / "hands.txt"), Kind.FILE),
    ]


# ---------------------------------------------------------------- FIFOs, sockets, pipes


def _feed(path: str, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(path, "wb") as fifo:  # blocks until the auditor opens it
            fifo.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    yield path
    # a writer the test left blocked (the run failed before opening the FIFO) is let go
    with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb"):
        pass


def test_fifo_inside_a_folder_is_listed_not_read(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hands.txt").write_bytes(HANDS.read_bytes())
    os.mkfifo(folder / "pipe.txt")  # nothing ever writes to it: opening it would block
    done = cli("audit", str(folder), "--out", str(tmp_path / "out"), "--json")
    assert done.returncode in (0, 1), done.stderr
    rows = files_by_name({"files": pq.read_table(tmp_path / "out" / "files").to_pylist()})
    assert rows[str(folder / "pipe.txt")]["status"] == "not read"
    assert "FIFO" in rows[str(folder / "pipe.txt")]["reason"]
    assert rows[str(folder / "hands.txt")]["hands_read"] == 3


def test_fifo_named_directly_is_read_once(fifo: Path, tmp_path: Path) -> None:
    writer = _feed(str(fifo), HANDS.read_bytes())
    summary, tables = audit([str(fifo)], tmp_path / "out")
    writer.join(10)
    assert summary.hands_read == 3 and summary.hands_rejected == 1
    (row,) = tables["files"]
    assert row["source_file"] == str(fifo) and row["status"] == "read"
    assert row["size_bytes"] is None


def test_process_substitution_is_read(tmp_path: Path) -> None:
    """``auditor audit <(zcat hands.gz)``: the shell passes /dev/fd/N, a pipe."""
    read_end, write_end = os.pipe()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "auditor", "audit", f"/dev/fd/{read_end}", "--json",
             "--out", str(tmp_path / "out")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            pass_fds=(read_end,),
        )  # fmt: skip
        os.close(read_end)
        with open(write_end, "wb", closefd=False) as pipe:
            pipe.write(HANDS.read_bytes())
    finally:
        os.close(write_end)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 1, stderr  # the PARSE_ERROR hand
    assert '"hands_read": 3' in stdout


# ---------------------------------------------------------------- UTF-8 and cp1252 mixed

HAND = (
    "PokerStars Hand #{n}:  Omaha Pot Limit (€0.50/€1 EUR) - 2014/02/21 12:45:08 CET\n"
    "Table 'Tëst' 6-max Seat #1 is the button\n"
    "Seat 1: Çağla (€100 in chips)\n"
    "Seat 2: b (€100 in chips)\n"
    "Çağla: posts small blind €0.50\n"
    "b: posts big blind €1\n"
    "*** HOLE CARDS ***\n"
    "Çağla: folds\n"
    "Uncalled bet (€0.50) returned to b\n"
    "b collected €1 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot €1 | Rake €0\n"
    "Seat 1: Çağla (button) (small blind) folded before Flop\n"
    "Seat 2: b (big blind) collected (€1)\n"
)


def test_mixed_utf8_and_cp1252_lines_each_read_right(tmp_path: Path) -> None:
    """UTF-8 names beside a cp1252 line in the first 64 KB: the names stay exact (not
    read as cp1252, ``Ã‡aÄŸla``) and the cp1252 euro signs read as euros."""
    first = HAND.format(n=1).encode("utf-8")
    second = HAND.format(n=2).replace("Tëst", "Zwei").encode("utf-8")
    lines = second.split(b"\n")
    lines[9] = "b collected €1 from pot".encode("cp1252")  # a cp1252 line
    lines[8] = b"Uncalled bet (\x800.50) returned to b"  # a broken euro in a UTF-8 file
    mixed, pure = tmp_path / "mixed.txt", tmp_path / "pure.txt"
    mixed.write_bytes(first + b"\n" + b"\n".join(lines))
    pure.write_bytes(first + b"\n" + second)
    summary, tables = audit([str(mixed)], tmp_path / "out")
    _, want = audit([str(pure)], tmp_path / "out_pure")
    assert summary.hands_audited == 2 and summary.hands_rejected == 0
    assert {r["player"] for r in tables["seats"]} == {"Çağla", "b"}
    assert [h["table_name"] for h in tables["hands"]] == ["Tëst", "Zwei"]
    assert [h["total_pot"] for h in tables["hands"]] == [100, 100]

    def found(rows: Rows) -> list[tuple[str, str, int, str]]:
        return [(r["code"], r["hand_id"], r["source_line"], r["message"]) for r in rows]

    assert found(tables["findings"]) == found(want["findings"])
    (row,) = tables["files"]
    assert row["encoding"] == "utf-8+cp1252"
    assert want["files"][0]["encoding"] == "utf-8"


_PIECES = [b"a", b" ", b"\n", b"\r", b"\r\n", "é€ğ".encode(), "é€".encode("cp1252"), b"\x81"]


def _line_by_line(data: bytes) -> list[str]:
    """The rule, slowly: each line UTF-8 where valid, its other bytes cp1252."""
    text = "".join(
        line.decode("utf-8", errors="auditor-cp1252") for line in data.splitlines(keepends=True)
    )
    return list(io.StringIO(text, newline=None))


@pytest.mark.parametrize("block", [1, 3, 64])
@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=40))
def test_decoding_does_not_depend_on_where_blocks_end(pieces: list[bytes], block: int) -> None:
    data = b"".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decode, "_BLOCK", block)
        text, _ = decode.open_text(io.BytesIO(data))
        assert list(text) == _line_by_line(data)
