"""The streaming XML parser both the splitter and the reader feed, typed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from xml.etree.ElementTree import Element, XMLPullParser


def new_parser() -> XMLPullParser[Element]:
    """A pull parser reporting each element's start and end."""
    return XMLPullParser(events=("start", "end"))


def elements(parser: XMLPullParser[Element]) -> Iterator[tuple[str, Element]]:
    """The (event, element) pairs read so far (raises ParseError where the text is not XML)."""
    event: Any  # typeshed's union of every event kind's pair; only start and end are asked
    for event in parser.read_events():
        kind, element = event
        if isinstance(element, Element):
            yield kind, element
