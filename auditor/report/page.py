"""The report page: one HTML file with its CSS, its JavaScript and the report data inlined.

The template, style sheet and script live in ``auditor/report/assets`` (shipped inside the
package, read with importlib.resources so an installed auditor finds them too). The data
is embedded as JSON in a ``<script type="application/json">`` element with ``<``, ``>`` and
``&`` escaped, so no text from a hand history can close the element or open a tag.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

_PACKAGE = "auditor.report"
# The template's slots; filled in one pass so nothing inlined is searched again.
_SLOT = re.compile(r"__REPORT_(TITLE|CSS|JS|DATA)__")
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"}


def _asset(name: str) -> str:
    return resources.files(_PACKAGE).joinpath("assets", name).read_text(encoding="utf-8")


def embed_json(data: dict[str, Any]) -> str:
    """``data`` as JSON safe inside a script element (``<``, ``>``, ``&`` as \\u escapes).

    >>> embed_json({"text": "</script><b>&"})
    '{"text": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e\\\\u0026"}'
    """
    text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    # U+2028/9 are legal in JSON but not in older script parsers; escape them too.
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return re.sub(r"[<>&]", lambda m: _JSON_ESCAPES[m.group(0)], text)


def render_html(data: dict[str, Any]) -> str:
    """The self-contained report page for ``data`` (the object assets/README.md describes)."""
    title = str(data.get("title") or "omaha-auditor report")
    # The script must not end its own element early (it never should; this makes sure).
    js = _asset("report.js").replace("</script", "<\\/script")
    values = {
        "TITLE": html.escape(title),
        "CSS": _asset("report.css"),
        "JS": js,
        "DATA": embed_json(data),
    }
    return _SLOT.sub(lambda m: values[m.group(1)], _asset("report.html"))
