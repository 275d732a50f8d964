"""A compressed file cut short keeps every hand that decompressed whole, and a hand
that never ends costs that hand only (issue 22).

A cut-short gzip, bzip2 or xz used to lose the last block read before the cut (up to a
quarter of a megabyte of hands): now every byte that decompresses is read, the hand
the cut falls in is rejected (PARSE_ERROR: the file ends inside it), and the file is
reported as cut short (FILE_UNREADABLE, its hands before counted). A hand longer than
the splitter's caps (lines or bytes) is rejected as too long, its remaining lines
skipped up to the next header, and memory holds no more of it than the caps."""

from __future__ import annotations

import bz2
import gzip
import lzma
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from auditor.read import split
from auditor.run import run_audit
from tests.corpus import ROOT

HAND = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text("utf-8")
HEADER = "PokerStars Hand #"
Rows = list[dict[str, Any]]


def hands(count: int, first: int = 300000000001) -> str:
    """``count`` copies of the fixture hand, each with a hand id of its own."""
    one = HAND.strip("\n")
    return "\n\n".join(
        one.replace("#200000000001", f"#{first + n}") for n in range(count)
    ) + "\n"


def audit(path: Path, out: Path) -> dict[str, Rows]:
    run_audit([str(path)], out)
    tables = {t: pq.read_table(out / t).to_pylist() for t in ("hands", "findings", "files")}
    for row in tables["files"]:
        assert row["hands_read"] == (
            row["hands_audited"] + row["hands_skipped"] + row["hands_rejected"]
        )
    return tables


def _gzip_prefix(data: bytes) -> bytes:
    return zlib.decompressobj(wbits=31).decompress(data)


def _bz2_prefix(data: bytes) -> bytes:
    return bz2.BZ2Decompressor().decompress(data)


def _xz_prefix(data: bytes) -> bytes:
    return lzma.LZMADecompressor().decompress(data)


@pytest.mark.parametrize(
    ("compress", "prefix"),
    [(gzip.compress, _gzip_prefix), (bz2.compress, _bz2_prefix), (lzma.compress, _xz_prefix)],
    ids=["gzip", "bzip2", "xz"],
)
def test_a_cut_short_file_keeps_every_hand_that_decompressed(
    compress: Callable[[bytes], bytes], prefix: Callable[[bytes], bytes], tmp_path: Path
) -> None:
    text = hands(600).encode()  # some 1 MB: several of the reader's blocks
    packed = compress(text)
    cut = packed[: len(packed) * 9 // 10]
    came = prefix(cut).decode()  # what any decompressor gets out of the cut file
    started = came.count(HEADER)
    assert 300 < started < 600
    target = tmp_path / "cut.txt.packed"
    target.write_bytes(cut)
    tables = audit(target, tmp_path / "out")
    (row,) = tables["files"]
    assert row["hands_read"] == started
    assert row["hands_audited"] == started - 1  # every hand before the cut's
    assert row["hands_rejected"] == 1
    assert row["status"] == "error"
    rejected = [f for f in tables["findings"] if f["code"] == "PARSE_ERROR"]
    assert len(rejected) == 1 and "cut short" in rejected[0]["message"]
    assert rejected[0]["hand_id"] == str(300000000001 + started - 1)
    (unreadable,) = [f for f in tables["findings"] if f["code"] == "FILE_UNREADABLE"]
    assert "the hands before are counted" in unreadable["message"]


def test_a_hand_past_the_line_cap_is_rejected_and_the_next_hand_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(split, "HAND_LINES_KEPT", 200)
    one = HAND.strip("\n").split("\n")
    endless = [one[0].replace("#200000000001", "#300000000002"), *one[1:3]]
    endless += ["Ann Lee: chats about the weather"] * 5000
    text = hands(1) + "\n" + "\n".join(endless) + "\n\n" + hands(1, 300000000003)
    target = tmp_path / "long.txt"
    target.write_text(text, encoding="utf-8")
    tables = audit(target, tmp_path / "out")
    (row,) = tables["files"]
    assert (row["hands_read"], row["hands_audited"], row["hands_rejected"]) == (3, 2, 1)
    (finding,) = [f for f in tables["findings"] if f["code"] == "PARSE_ERROR"]
    assert finding["hand_id"] == "300000000002"
    assert "too long" in finding["message"] and "200 lines" in finding["message"]
    header_line = len(hands(1).split("\n")) + 1  # after the first hand and a blank line
    assert finding["source_line"] == header_line + 200  # the first line past the cap
    # the hand after the long one is read from its header on
    assert sorted(h["hand_id"] for h in tables["hands"]) == ["300000000001", "300000000003"]


def test_a_hand_past_the_character_cap_is_rejected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(split, "HAND_CHARS_KEPT", 20_000)
    one = HAND.strip("\n").split("\n")
    wide = [one[0].replace("#200000000001", "#300000000002"), *one[1:3]]
    wide += ["x" * 5000] * 20  # few lines, many characters
    text = "\n".join(wide) + "\n\n" + hands(1, 300000000003)
    target = tmp_path / "wide.txt"
    target.write_text(text, encoding="utf-8")
    tables = audit(target, tmp_path / "out")
    (row,) = tables["files"]
    assert (row["hands_read"], row["hands_audited"], row["hands_rejected"]) == (2, 1, 1)
    (finding,) = [f for f in tables["findings"] if f["code"] == "PARSE_ERROR"]
    assert "too long" in finding["message"] and "20,000 characters" in finding["message"]


def test_the_splitter_holds_no_more_of_a_long_hand_than_its_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(split, "HAND_LINES_KEPT", 100)
    lines = [HAND.split("\n")[0], *(f"line {n}" for n in range(100_000))]
    (raw,) = split.split_hands(iter(lines), "f.txt")
    assert isinstance(raw, split.RawHand)
    assert len(raw.lines) == 100
    assert raw.cut_line == 101 and "lines 101-100,001" in raw.cut
