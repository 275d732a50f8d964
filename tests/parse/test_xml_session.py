"""The room-neutral XML session splitter and element reader (auditor/parse/xml_session.py),
on a small made-up layout: a <table> context element and <hand> elements."""

from __future__ import annotations

import pytest

from auditor.parse.errors import HandParseError
from auditor.parse.xml_session import BROKEN_KEPT, read_items, split_xml_session
from auditor.read.split import RawHand, StrayText

HAND = '<hand id="{n}">\n  <act who="a" chips="1"/>\n</hand>\n'


def split(text: str) -> list[RawHand | StrayText]:
    return list(split_xml_session(text.splitlines(keepends=True), "f.xml", "t", "hand", "table"))


def test_a_declaration_and_each_session_s_context() -> None:
    text = (
        '<?xml version="1.0" encoding="utf-8"?>\n<table name="Oak"/>\n'
        + HAND.format(n=1)
        + '<table name="Elm"/>\n'
        + HAND.format(n=2)
    )
    first, second = split(text)
    assert isinstance(first, RawHand) and isinstance(second, RawHand)
    assert (first.first_line, first.context) == (3, ('<table name="Oak"/>',))
    assert (second.first_line, second.context) == (7, ('<table name="Elm"/>',))
    assert first.lines == ('<hand id="1">', '  <act who="a" chips="1"/>', "</hand>")


def test_a_long_broken_run_keeps_a_bounded_hand_and_the_next_is_read() -> None:
    junk = "not < xml\n" * (BROKEN_KEPT * 2)
    text = '<table name="Oak"/>\n<hand id="1">\n' + junk + HAND.format(n=2)
    broken, good = split(text)
    assert isinstance(broken, RawHand) and isinstance(good, RawHand)
    assert broken.first_line == 2 and len(broken.lines) <= BROKEN_KEPT
    assert good.first_line == 3 + BROKEN_KEPT * 2 and good.context == ('<table name="Oak"/>',)
    with pytest.raises(HandParseError) as caught:
        read_items(broken.lines, broken.first_line, "f.xml")
    assert (caught.value.line, caught.value.column) == (3, 6)  # the space after "<" (1-based)


def test_elements_with_their_lines_and_text() -> None:
    items = read_items(("<hand>", "  <card>10h</card>", "</hand>"), 7, "f.xml")
    assert [(i.kind, i.tag, i.text, i.line) for i in items] == [
        ("start", "hand", "", 7),
        ("start", "card", "", 8),
        ("end", "card", "10h", 8),
        ("end", "hand", "", 9),
    ]
