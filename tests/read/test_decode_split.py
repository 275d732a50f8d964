"""Encodings the rooms write, and hand boundaries with any number of blank lines."""

from __future__ import annotations

import codecs
import io

import pytest

from auditor.pipeline import FileSummary, HandAuditor
from auditor.read.decode import open_text
from auditor.read.split import RawHand, StrayText, split_hands

HAND = (
    "PokerStars Hand #{n}:  Omaha Pot Limit (€0.50/€1 EUR) - 2014/02/21 12:45:08 CET\n"
    "Table 'Tëst' 6-max Seat #1 is the button\n"
    "Seat 1: Zoë ($100 in chips)\n"
    "Seat 2: b ($100 in chips)\n"
    "Zoë: posts small blind €0.50\n"
    "b: posts big blind €1\n"
    "*** HOLE CARDS ***\n"
    "Zoë: folds\n"
    "Uncalled bet (€0.50) returned to b\n"
    "b collected €1 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot €1 | Rake €0\n"
    "Seat 1: Zoë (button) (small blind) folded before Flop\n"
    "Seat 2: b (big blind) collected (€1)\n"
)


def _two_hands(sep: str) -> str:
    return HAND.format(n=1) + sep + HAND.format(n=2)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_encodings_and_line_ends(encoding: str, newline: str) -> None:
    data = _two_hands("\n\n").replace("\n", newline).encode(encoding)
    if encoding == "utf-16-le":
        data = data  # no byte-order mark: sniffed from the zero bytes
    summary = FileSummary(source_file="f")
    results = list(HandAuditor().audit_stream(io.BytesIO(data), "f", summary))
    assert summary.hands_audited == 2, [f.message for r in results for f in r.findings]
    hand = results[0].hand
    assert hand is not None and hand.start.table_name == "Tëst"
    assert hand.start.currency == "EUR" and hand.start.small_stake == 50


@pytest.mark.parametrize("sep", ["", "\n", "\n\n\n\n", "\n   \n\t\n"])
def test_any_number_of_blank_lines_between_hands(sep: str) -> None:
    items = list(split_hands(io.StringIO(_two_hands(sep)), "f"))
    assert [type(i) for i in items] == [RawHand, RawHand]
    first, second = items
    assert isinstance(first, RawHand) and isinstance(second, RawHand)
    assert first.hand_id == "1" and second.hand_id == "2"
    assert first.lines[-1].startswith("Seat 2: b")
    assert second.first_line == 15 + sep.count("\n")


def test_text_before_the_first_hand_is_kept_and_reported() -> None:
    items = list(split_hands(io.StringIO("junk line\n\n" + HAND.format(n=3)), "f"))
    assert isinstance(items[0], StrayText) and items[0].lines == ("junk line",)
    assert isinstance(items[1], RawHand) and items[1].first_line == 3


def test_stray_cp1252_byte_in_a_utf8_file_is_read_not_lost() -> None:
    # UTF-8 for the first 64 KiB that are sniffed, then one cp1252 euro sign.
    head = "".join(HAND.format(n=n) for n in range(150)).encode("utf-8")
    tail = HAND.format(n=150).encode("utf-8").replace("Tëst".encode(), b"T\x80st")
    text, encoding = open_text(io.BytesIO(head + tail))
    assert encoding == "utf-8"
    content = text.read()
    assert "T€st" in content and content.count("Tëst") == 150


def test_bom_is_not_part_of_the_header() -> None:
    data = codecs.BOM_UTF8 + HAND.format(n=5).encode("utf-8")
    text, _ = open_text(io.BytesIO(data))
    (item,) = split_hands(text, "f")
    assert isinstance(item, RawHand) and item.header.startswith("PokerStars Hand #5")


def test_a_hand_gives_the_text_of_its_file_lines() -> None:
    from auditor.read.split import RawHand

    raw = RawHand("f.txt", 10, ("header", "seat", "play"))
    assert [raw.line_text(n) for n in (9, 10, 12, 13)] == ["", "header", "play", ""]
