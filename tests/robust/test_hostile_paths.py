"""Hostile paths given to the command line (issue 22): a file name that is not UTF-8, a
non-ASCII name under the C locale, a folder 500 levels deep, a closed stdin. Each run
ends with its contract's exit code, no traceback, every file and hand counted, and the
raw bytes of every name kept in the files table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from tests.corpus import ROOT

CLEAN = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"  # one hand, no finding


def cli(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", "audit", *args],
        capture_output=True,
        text=True,
        errors="backslashreplace",
        cwd=ROOT,
        timeout=120,
        **kwargs,
    )


def files_rows(out: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = pq.read_table(out / "files").to_pylist()
    for row in rows:
        assert row["hands_read"] == row["hands_audited"] + row["hands_skipped"] + row[
            "hands_rejected"
        ]
    return rows


def test_a_name_that_is_not_utf8_is_audited_and_kept_byte_for_byte(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    raw = os.fsencode(folder) + b"/caf\xe9 \xff.txt"  # Latin-1 bytes: not UTF-8
    with open(raw, "wb") as target:
        target.write(CLEAN.read_bytes())
    before = sorted(os.listdir(os.fsencode(folder)))
    done = cli(str(folder), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (row,) = files_rows(tmp_path / "out")
    assert row["hands_audited"] == 1
    assert row["source_file"] == f"{folder}/caf\\xe9 \\xff.txt"  # printable, escaped
    assert row["source_file_bytes"] == raw  # the name exactly as the file system holds it
    hands = pq.read_table(tmp_path / "out" / "hands").to_pylist()
    assert [h["source_file"] for h in hands] == [row["source_file"]]
    assert sorted(os.listdir(os.fsencode(folder))) == before


def test_reasons_naming_a_name_that_is_not_utf8_are_written(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    inner = os.fsencode(folder) + b"/h\xe4nde"
    os.mkdir(inner)
    with open(inner + b"/a.txt", "wb") as target:
        target.write(CLEAN.read_bytes())
    os.symlink(inner, os.fsencode(folder) + b"/z_again")  # the same folder, reached twice
    os.symlink(b"/nowhere/\xff", os.fsencode(folder) + b"/z_dangling")
    done = cli(str(folder), "--out", str(tmp_path / "out"))
    assert done.returncode == 1, done.stderr  # the dangling link: a file that cannot be read
    assert "Traceback" not in done.stderr
    rows = {r["source_file"]: r for r in files_rows(tmp_path / "out")}
    assert rows[f"{folder}/h\\xe4nde/a.txt"]["hands_audited"] == 1
    assert rows[f"{folder}/z_again"]["reason"] == f"the folder {folder}/h\\xe4nde, read already"
    assert "/nowhere/\\xff" in rows[f"{folder}/z_dangling"]["reason"]


def test_a_missing_path_that_is_not_utf8_is_named_escaped(tmp_path: Path) -> None:
    done = cli(os.fsdecode(os.fsencode(tmp_path) + b"/gone\xff"), "--out", str(tmp_path / "o"))
    assert done.returncode == 2
    assert f"no such file or folder: {tmp_path}/gone\\xff" in done.stderr


def test_a_non_ascii_name_under_the_c_locale(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    named = folder / "mañana €.txt"
    named.write_bytes(CLEAN.read_bytes())
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING", None)
    done = cli(str(folder), "--out", str(tmp_path / "out"), env=env)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (row,) = files_rows(tmp_path / "out")
    assert row["hands_audited"] == 1
    assert row["source_file_bytes"] == os.fsencode(named)
    # the C locale reads the name's bytes as undecodable: shown escaped, never lost
    assert row["source_file"].encode("ascii", "backslashreplace").isascii()
    assert row["source_file"].endswith("ma\\xc3\\xb1ana \\xe2\\x82\\xac.txt")


def test_a_folder_500_levels_deep_is_walked(tmp_path: Path) -> None:
    deepest = tmp_path / "in"
    for _ in range(500):
        deepest = deepest / "d"
    deepest.mkdir(parents=True)
    (deepest / "hands.txt").write_bytes(CLEAN.read_bytes())
    (tmp_path / "in" / "top.txt").write_bytes(CLEAN.read_bytes())
    done = cli(str(tmp_path / "in"), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    rows = files_rows(tmp_path / "out")
    assert sorted(r["source_file"] for r in rows) == sorted(
        [str(deepest / "hands.txt"), str(tmp_path / "in" / "top.txt")]
    )
    assert all(r["hands_audited"] == 1 for r in rows)


def test_a_link_loop_in_a_deep_folder_is_not_followed(tmp_path: Path) -> None:
    deepest = tmp_path / "in"
    for _ in range(50):
        deepest = deepest / "d"
    deepest.mkdir(parents=True)
    (deepest / "back").symlink_to(tmp_path / "in")  # a loop to the top
    (deepest / "hands.txt").write_bytes(CLEAN.read_bytes())
    done = cli(str(tmp_path / "in"), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    rows = {r["source_file"]: r for r in files_rows(tmp_path / "out")}
    assert rows[str(deepest / "hands.txt")]["hands_audited"] == 1
    assert "read already" in rows[str(deepest / "back")]["reason"]
    assert len(rows) == 2


def test_a_closed_stdin_is_an_io_error_naming_it(tmp_path: Path) -> None:
    done = cli("-", "--out", str(tmp_path / "out"), stdin=subprocess.DEVNULL, close_fds=True,
               preexec_fn=lambda: os.close(0))  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "standard input" in done.stderr
    assert not (tmp_path / "out").exists()
