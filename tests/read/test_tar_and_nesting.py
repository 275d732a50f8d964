"""Tar archives (plain, gzip, bzip2, xz; sniffed by content, not by name), zip members
whose path leaves the archive, and an archive inside a compressed file (issue 22).

A tar's members are read as a stream, each a file named ``archive.tar!member`` with the
same hands and findings as the plain file; links are never followed, devices and FIFOs
never opened, members outside the archive refused: each is a row of the files table
with its reason, never dropped, never called hidden."""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.run import run_audit
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"
FIRST = FIXTURES / "one_bad_hand_in_three.txt"  # 3 hands, one PARSE_ERROR
SECOND = FIXTURES / "cash_plo_every_line.txt"  # 1 hand, clean

Rows = list[dict[str, Any]]


def audit(paths: list[Path], out: Path) -> dict[str, Rows]:
    run_audit([str(p) for p in paths], out)
    tables = {t: pq.read_table(out / t).to_pylist() for t in ("hands", "findings", "files")}
    for row in tables["files"]:
        assert row["hands_read"] == (
            row["hands_audited"] + row["hands_skipped"] + row["hands_rejected"]
        )
    return tables


def _member(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    archive.addfile(info, io.BytesIO(data))


def _special(archive: tarfile.TarFile, name: str, kind: bytes, link: str = "") -> None:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    archive.addfile(info)


def _tar(path: Path, mode: str) -> None:
    with tarfile.open(path, mode) as archive:  # type: ignore[call-overload]
        _special(archive, "hands", tarfile.DIRTYPE)
        _member(archive, "hands/first.txt", FIRST.read_bytes())
        _member(archive, "second.txt", SECOND.read_bytes())
        _special(archive, "hands/link.txt", tarfile.SYMTYPE, "/etc/passwd")
        _special(archive, "hands/hard.txt", tarfile.LNKTYPE, "second.txt")
        _special(archive, "hands/pipe", tarfile.FIFOTYPE)
        _special(archive, "hands/tty", tarfile.CHRTYPE)
        _member(archive, "../escaped.txt", SECOND.read_bytes())
        _member(archive, "/etc/absolute.txt", SECOND.read_bytes())
        _member(archive, "hands/.DS_Store", b"\x00\x01")


@pytest.mark.parametrize(
    ("suffix", "mode"),
    [(".tar", "w"), (".tar.gz", "w:gz"), (".tgz", "w:gz"), (".tar.bz2", "w:bz2"),
     (".tar.xz", "w:xz"), (".bin", "w:gz")],
    ids=["tar", "tar.gz", "tgz", "tar.bz2", "tar.xz", "by-content"],
)  # fmt: skip
def test_tar_members_are_files_of_their_own(suffix: str, mode: str, tmp_path: Path) -> None:
    archive = tmp_path / f"month{suffix}"
    _tar(archive, mode)
    tables = audit([archive], tmp_path / "out")
    plain = audit([FIRST, SECOND], tmp_path / "plain")
    rows = {r["source_file"]: r for r in tables["files"]}
    first, second = f"{archive}!hands/first.txt", f"{archive}!second.txt"
    for member, path in ((first, FIRST), (second, SECOND)):
        want = next(r for r in plain["files"] if r["source_file"] == str(path))
        got = rows[member]
        assert got["status"] == "read"
        for count in ("hands_read", "hands_audited", "hands_rejected"):
            assert got[count] == want[count], (member, count)
        assert got["source_file_bytes"] == member.encode()
    assert sorted(h["hand_id"] for h in tables["hands"]) == sorted(
        h["hand_id"] for h in plain["hands"]
    )
    assert [f["code"] for f in tables["findings"] if f["source_file"] == first] == [
        f["code"] for f in plain["findings"] if f["source_file"] == str(FIRST)
    ]
    reasons = {name.split("!", 1)[1]: r for name, r in rows.items() if name != first}
    assert "symbolic link" in reasons["hands/link.txt"]["reason"]
    assert "not followed" in reasons["hands/link.txt"]["reason"]
    assert "hard link" in reasons["hands/hard.txt"]["reason"]
    assert "FIFO" in reasons["hands/pipe"]["reason"]
    assert "device" in reasons["hands/tty"]["reason"]
    for outside in ("../escaped.txt", "/etc/absolute.txt"):
        assert reasons[outside]["status"] == "not read"
        assert "outside the archive" in reasons[outside]["reason"]
    assert reasons["hands/.DS_Store"]["reason"] == "a hidden file"
    assert all(r["hands_read"] == 0 for n, r in reasons.items() if n != "second.txt")
    assert not (tmp_path / "escaped.txt").exists()


def test_a_cut_short_tar_keeps_the_members_before_the_cut(tmp_path: Path) -> None:
    whole = tmp_path / "whole.tar"
    with tarfile.open(whole, "w") as archive:
        _member(archive, "a.txt", SECOND.read_bytes())
        _member(archive, "b.txt", FIRST.read_bytes())
    data = whole.read_bytes()
    cut = tmp_path / "cut.tar"
    cut.write_bytes(data[: 512 + len(SECOND.read_bytes()) + 512 + 700])  # inside b.txt
    tables = audit([cut], tmp_path / "out")
    rows = {r["source_file"]: r for r in tables["files"]}
    assert rows[f"{cut}!a.txt"]["hands_audited"] == 1
    assert rows[f"{cut}!b.txt"]["status"] == "error"


def test_zip_members_outside_the_archive_are_refused_not_hidden(tmp_path: Path) -> None:
    archive = tmp_path / "evil.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(SECOND, "good.txt")
        for name in ("../up.txt", "a/../../up_too.txt"):  # as a hostile zip writes them
            zipped.writestr(zipfile.ZipInfo(name), SECOND.read_bytes())
    tables = audit([archive], tmp_path / "out")
    rows = {r["source_file"].split("!", 1)[1]: r for r in tables["files"]}
    assert rows["good.txt"]["hands_audited"] == 1
    for name in ("../up.txt", "a/../../up_too.txt"):
        assert rows[name]["status"] == "not read"
        assert "outside the archive" in rows[name]["reason"], rows[name]
        assert "hidden" not in rows[name]["reason"]


@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_an_archive_inside_a_gzip_is_read_as_the_archive(kind: str, tmp_path: Path) -> None:
    packed = io.BytesIO()
    if kind == "zip":
        with zipfile.ZipFile(packed, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
            zipped.write(SECOND, "one.txt")
            zipped.write(FIRST, "two.txt")
    else:
        with tarfile.open(fileobj=packed, mode="w") as archive:
            _member(archive, "one.txt", SECOND.read_bytes())
            _member(archive, "two.txt", FIRST.read_bytes())
    target = tmp_path / f"hands.{kind}.gz"
    target.write_bytes(gzip.compress(packed.getvalue()))
    tables = audit([target], tmp_path / "out")
    rows = {r["source_file"]: r for r in tables["files"]}
    assert set(rows) == {f"{target}!one.txt", f"{target}!two.txt"}
    assert rows[f"{target}!one.txt"]["hands_audited"] == 1
    assert rows[f"{target}!two.txt"]["hands_read"] == 3


def test_an_archive_inside_an_archive_is_listed_not_opened(tmp_path: Path) -> None:
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as zipped:
        zipped.write(SECOND, "deep.txt")
    archive = tmp_path / "outer.tar.gz"
    with tarfile.open(archive, "w:gz") as outer:
        _member(outer, "inner.zip.gz", gzip.compress(inner.getvalue()))
        _member(outer, "top.txt.gz", gzip.compress(SECOND.read_bytes()))
    tables = audit([archive], tmp_path / "out")
    rows = {r["source_file"].split("!", 1)[1]: r for r in tables["files"]}
    assert rows["top.txt.gz"]["hands_audited"] == 1  # a member compressed once more
    assert rows["inner.zip.gz"]["status"] == "not read"
    assert "archive inside an archive" in rows["inner.zip.gz"]["reason"]
