"""The XML rooms' one base, on a small made-up layout (a <table> context element and
<hand> elements): the streaming splitter (auditor/parse/xml_split.py) and the element
reader (auditor/parse/xml_elements.py), and every XML room's table of elements read by a
method of its reader named after each element."""

from __future__ import annotations

from typing import ClassVar

import pytest

from auditor.parse.errors import HandParseError
from auditor.parse.xml_elements import (
    ElementReader,
    Node,
    Tag,
    missing_methods,
    read_elements,
    start_attrs,
)
from auditor.parse.xml_split import BROKEN_KEPT, XmlLayout, split_xml
from auditor.read.split import RawHand, StrayText
from auditor.rooms.bossmedia.reader import BossMediaReader
from auditor.rooms.everest.reader import EverestReader
from auditor.rooms.microgaming.reader import MicrogamingReader

HAND = '<hand id="{n}">\n  <act who="a" chips="1"/>\n</hand>\n'
LAYOUT = XmlLayout("hand", "table", known=("<?xml", "<session", "</session"))


def split(text: str) -> list[RawHand | StrayText]:
    return list(split_xml(text.splitlines(keepends=True), "f.xml", "t", LAYOUT))


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


def test_a_hand_closing_where_the_next_starts_keeps_the_file_s_columns() -> None:
    text = "<session>\n" + HAND.format(n=1).rstrip("\n") + HAND.format(n=2) + "</session>\n"
    first, second = split(text)
    assert isinstance(first, RawHand) and isinstance(second, RawHand)
    assert first.lines[-1] == "</hand>" and second.first_line == 4
    assert second.lines[0] == " " * len("</hand>") + '<hand id="2">'


def test_a_long_broken_run_keeps_a_bounded_hand_and_the_next_is_read() -> None:
    junk = "not < xml\n" * (BROKEN_KEPT + 10)
    text = '<table name="Oak"/>\n<hand id="1">\n' + junk + HAND.format(n=2)
    broken, good = split(text)
    assert isinstance(broken, RawHand) and isinstance(good, RawHand)
    assert broken.first_line == 2 and len(broken.lines) <= BROKEN_KEPT
    assert good.first_line == 13 + BROKEN_KEPT and good.context == ('<table name="Oak"/>',)
    with pytest.raises(HandParseError) as caught:
        read_elements(broken.lines, broken.first_line, "f.xml")
    assert (caught.value.line, caught.value.column) == (3, 6)  # the space after "<" (1-based)


def test_a_hand_a_new_one_starts_inside_never_closed_and_stray_text_is_kept() -> None:
    text = '<hand id="1">\n  <act who="a"/>\n' + "stray words\n" * 0 + HAND.format(n=2)
    text += "stray words\n"
    cut, whole, stray = split(text)
    assert isinstance(cut, RawHand) and cut.lines == ('<hand id="1">', '  <act who="a"/>')
    assert isinstance(whole, RawHand) and whole.first_line == 3
    assert isinstance(stray, StrayText) and stray.lines == ("stray words",)
    with pytest.raises(HandParseError, match="no element found"):
        read_elements(cut.lines, cut.first_line, "f.xml")
    partial = read_elements(cut.lines, cut.first_line, "f.xml", partial=True)
    assert partial.cut_short and [n.tag for n in partial.nodes] == ["hand", "act"]


def test_elements_with_their_places_text_and_children() -> None:
    nodes = read_elements(("<hand>", "  <card>10h</card><card/>", "</hand>"), 7, "f.xml").nodes
    assert [(n.tag, n.text, n.line, n.column, n.parent) for n in nodes] == [
        ("hand", "", 7, 1, ""),
        ("card", "10h", 8, 3, "hand"),
        ("card", "", 8, 19, "hand"),
    ]
    assert [n.text for n in nodes[0].iter("card")] == ["10h", ""]
    assert start_attrs(['<x a="1">', '<hand id="9">'], "hand") == {"id": "9"}


class _Reader(ElementReader):
    ELEMENTS: ClassVar[dict[str, Tag]] = {
        "hand": Tag("the hand", inside=True),
        "act": Tag("an act", ("who",)),
    }

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def act(self, node: Node) -> None:
        self.seen.append(node.get("who"))


def test_each_element_to_the_method_named_after_it_an_unknown_one_an_error() -> None:
    reader = _Reader()
    lines = ("<hand>", '  <act who="a"/>', "  <act/>", "</hand>")
    nodes = read_elements(lines, 1, "f.xml").nodes
    reader.visit_all(nodes[:2])
    assert reader.seen == ["a"]
    with pytest.raises(Exception, match="has no who attribute") as caught:
        reader.visit(nodes[2])
    assert (caught.value.line, caught.value.column) == (3, 3)  # type: ignore[attr-defined]
    unknown = read_elements(("<hand><what/></hand>",), 1, "f.xml").nodes[1]
    with pytest.raises(Exception, match="does not know: <what>"):
        reader.visit(unknown)


@pytest.mark.parametrize("reader", [EverestReader, BossMediaReader, MicrogamingReader])
def test_every_element_of_a_room_s_table_has_its_method(reader: type[ElementReader]) -> None:
    assert missing_methods(reader) == set()


def test_a_broken_hand_ends_where_the_next_starts_on_its_end_tag_s_line() -> None:
    # the 2011 iPoker exports write "</game><game gamecode=...>" on one line
    text = '<hand id="1">\n  <act who="a" & />\n</hand><hand id="2">\n  <act/>\n</hand>\n'
    broken, good = split(text)
    assert isinstance(broken, RawHand) and broken.lines[-1] == "</hand>"
    assert isinstance(good, RawHand) and good.first_line == 3
    assert good.lines[0] == " " * len("</hand>") + '<hand id="2">'
    with pytest.raises(HandParseError) as caught:
        read_elements(broken.lines, broken.first_line, "f.xml")
    assert caught.value.line == 2
    assert [n.tag for n in read_elements(good.lines, 3, "f.xml").nodes] == ["hand", "act"]
