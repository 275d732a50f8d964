"""XML's markup that is no element: the declaration, comments, processing instructions
and a document type (``<?xml ...?>``, ``<!-- ... -->``, ``<?xsl ...?>``,
``<!DOCTYPE ...>``), which a document may hold before its root element, and an export
between its hands. The XML rooms look past it: to know a file by its root element
(:func:`after_prologue`), and so as not to take it for a hand's text or stray text
(:class:`Markup`, line by line, as the splitters read)."""

from __future__ import annotations

import re

_LEADING = re.compile(
    r"\s*(?:<\?.*?\?>|<!--.*?-->|<!DOCTYPE(?:[^\[>]|\[.*?\])*>)", re.DOTALL | re.IGNORECASE
)
# what opens each kind of markup, and the text that closes it
_OPENS = (("<!--", "-->"), ("<?", "?>"), ("<!DOCTYPE", ">"), ("<!doctype", ">"))


def after_prologue(head: str) -> str:
    """``head`` past a byte-order mark, blank space and the markup before its root.

    >>> after_prologue('\\ufeff<?xml version="1.0"?>\\n<!-- by HM2 -->\\n<session code="1">')
    '<session code="1">'
    """
    text = head.lstrip("\ufeff")
    while (found := _LEADING.match(text)) is not None:
        text = text[found.end() :]
    return text.lstrip()


class Markup:
    """Reads lines for markup that is no element, which may run over several lines."""

    def __init__(self) -> None:
        self.closing = ""  # the text that ends the markup open at the line's end

    def blank(self, line: str) -> str:
        """``line`` with the markup it starts with (or that is still open) blanked to
        spaces, so that the columns of what follows stay the file's.

        >>> markup = Markup()
        >>> markup.blank("<!-- a long"), markup.blank("comment --> <Game id='1'>")
        ('', "            <Game id='1'>")
        """
        at = 0
        while True:
            if self.closing:
                end = line.find(self.closing, at)
                if end < 0:
                    return ""
                at, self.closing = end + len(self.closing), ""
            rest = line[at:].lstrip()
            opening = next((pair for pair in _OPENS if rest.startswith(pair[0])), None)
            if opening is None:
                return " " * at + line[at:] if at else line
            at = len(line) - len(rest) + len(opening[0])
            self.closing = opening[1]
