"""Compressed inputs (gzip, bzip2, xz, zip) read as they come, sniffed by their first
bytes: the same hands and findings as the plain files, zip members named
``archive.zip!member``; a corrupt archive or member is a file that cannot be read."""

from __future__ import annotations

import bz2
import gzip
import lzma
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.findings import Code
from auditor.run import RunSummary, run_audit
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"
# A hand with a PARSE_ERROR between two audited ones, and a file with many findings.
PLAIN = [FIXTURES / "one_bad_hand_in_three.txt", FIXTURES / "run_it_twice_and_talk.txt"]

Rows = list[dict[str, Any]]


def audit(paths: list[Path], out: Path) -> tuple[RunSummary, dict[str, Rows]]:
    summary = run_audit([str(p) for p in paths], out)
    tables = {t: pq.read_table(out / t).to_pylist() for t in ("hands", "findings", "files")}
    return summary, tables


def _renamed(rows: Rows, names: dict[str, str]) -> list[tuple[Any, ...]]:
    """Rows as comparable tuples, each source file given its plain file's name."""
    return sorted(
        tuple(
            (k, names.get(v, v) if k == "source_file" else v)
            for k, v in row.items()
            if k not in ("run_id", "size_bytes", "source_file_bytes")
        )
        for row in rows
    )


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Rows]:
    _, tables = audit(PLAIN, tmp_path_factory.mktemp("plain") / "out")
    assert sum(r["hands_read"] for r in tables["files"]) >= 4
    assert {r["code"] for r in tables["findings"]} >= {"PARSE_ERROR"}
    return tables


def _same_as_plain(tables: dict[str, Rows], plain: dict[str, Rows], names: dict[str, str]) -> None:
    for table in ("hands", "findings"):
        assert _renamed(tables[table], names) == _renamed(plain[table], {}), table
    files = [{k: v for k, v in r.items() if k != "encoding"} for r in tables["files"]]
    want = [{k: v for k, v in r.items() if k != "encoding"} for r in plain["files"]]
    assert _renamed(files, names) == _renamed(want, {})


Compress = Callable[[bytes], bytes]


@pytest.mark.parametrize(
    ("suffix", "compress"),
    [(".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress)],
    ids=["gzip", "bzip2", "xz"],
)
def test_compressed_file_reads_as_the_plain_one(
    suffix: str, compress: Compress, plain: dict[str, Rows], tmp_path: Path
) -> None:
    names = {}
    packed = []
    for path in PLAIN:
        target = tmp_path / (path.name + suffix)
        target.write_bytes(compress(path.read_bytes()))
        names[str(target)] = str(path)
        packed.append(target)
    summary, tables = audit(packed, tmp_path / "out")
    _same_as_plain(tables, plain, names)
    assert [f.source_file for f in summary.files] == [str(p) for p in packed]


def test_compression_is_sniffed_not_taken_from_the_name(
    plain: dict[str, Rows], tmp_path: Path
) -> None:
    hidden = tmp_path / "looks_plain.txt"  # gzip inside
    hidden.write_bytes(gzip.compress(PLAIN[0].read_bytes()))
    not_gz = tmp_path / "not_really.gz"  # plain text inside
    not_gz.write_bytes(PLAIN[1].read_bytes())
    _, tables = audit([hidden, not_gz], tmp_path / "out")
    _same_as_plain(tables, plain, {str(hidden): str(PLAIN[0]), str(not_gz): str(PLAIN[1])})


@pytest.mark.parametrize(
    "method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED], ids=["stored", "deflated"]
)
def test_zip_members_are_files_of_their_own(
    method: int, plain: dict[str, Rows], tmp_path: Path
) -> None:
    archive = tmp_path / "month.zip"
    with zipfile.ZipFile(archive, "w", compression=method) as zipped:
        zipped.writestr("hands/2014/", b"")  # a folder entry
        zipped.write(PLAIN[0], "hands/2014/first.txt")
        zipped.write(PLAIN[1], "second.txt")
        zipped.writestr("README.md", b"# what this is\n")
    summary, tables = audit([archive], tmp_path / "out")
    first, second = f"{archive}!hands/2014/first.txt", f"{archive}!second.txt"
    names = {first: str(PLAIN[0]), second: str(PLAIN[1])}
    read = [r for r in tables["files"] if r["status"] == "read"]
    _same_as_plain({**tables, "files": read}, plain, names)
    assert [f.source_file for f in summary.files] == [first, second, f"{archive}!README.md"]
    (listed,) = [r for r in tables["files"] if r["status"] != "read"]
    assert listed["status"] == "not read" and "not a hand history" in listed["reason"]
    assert {r["source_file"] for r in tables["findings"]} <= {first, second}


def test_corrupt_archive_is_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    data = gzip.compress(PLAIN[0].read_bytes())
    truncated = tmp_path / "a_cut_short.txt.gz"
    truncated.write_bytes(data[: len(data) // 2])
    not_zip = tmp_path / "b_broken.zip"
    not_zip.write_bytes(b"PK\x03\x04" + b"\x00" * 20 + b"no archive here")
    summary, tables = audit([truncated, not_zip, PLAIN[1]], tmp_path / "out")
    rows = {r["source_file"]: r for r in tables["files"]}
    for broken in (truncated, not_zip):
        assert rows[str(broken)]["status"] == "error", rows[str(broken)]
        assert rows[str(broken)]["reason"]
    assert rows[str(PLAIN[1])]["status"] == "read" and rows[str(PLAIN[1])]["hands_read"] > 0
    unreadable = [r for r in tables["findings"] if r["code"] == "FILE_UNREADABLE"]
    assert sorted(r["source_file"] for r in unreadable) == [str(truncated), str(not_zip)]
    assert all(r["severity"] == "error" for r in unreadable)
    assert summary.findings_by_code[Code.FILE_UNREADABLE] == 2
    for f in summary.files:
        assert f.hands_read == f.hands_audited + f.hands_skipped + f.hands_rejected


def test_corrupt_member_costs_that_member_only(plain: dict[str, Rows], tmp_path: Path) -> None:
    archive = tmp_path / "two.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        zipped.write(PLAIN[0], "good.txt")
        zipped.write(PLAIN[1], "bad.txt")
        zipped.write(PLAIN[0], "good_too.txt")
    data = bytearray(archive.read_bytes())
    with zipfile.ZipFile(archive) as zipped:
        bad = zipped.getinfo("bad.txt")
    # the member's data starts after its local header (30 bytes, its name, its extra field)
    start = bad.header_offset + 30 + len(bad.filename.encode()) + len(bad.extra)
    middle = start + bad.compress_size // 2
    data[middle : middle + 16] = bytes(b ^ 0xFF for b in data[middle : middle + 16])
    archive.write_bytes(bytes(data))
    _, tables = audit([archive], tmp_path / "out")
    rows = {r["source_file"].split("!")[1]: r for r in tables["files"]}
    assert rows["bad.txt"]["status"] == "error"
    for good in ("good.txt", "good_too.txt"):
        want = next(r for r in plain["files"] if r["source_file"] == str(PLAIN[0]))
        assert rows[good]["status"] == "read"
        assert rows[good]["hands_read"] == want["hands_read"]
        assert rows[good]["hands_audited"] == want["hands_audited"]
    (finding,) = [r for r in tables["findings"] if r["code"] == "FILE_UNREADABLE"]
    assert finding["source_file"] == f"{archive}!bad.txt"
