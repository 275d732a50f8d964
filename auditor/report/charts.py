"""The summary's charts, drawn by matplotlib as inline SVG (text kept as text, so the
page stays small and its words searchable)."""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from typing import Any

SEVERITY_COLOURS = {"error": "#b3261e", "warning": "#b26a00", "info": "#1f6f9f", "": "#666666"}
_INK = "#222222"
MAX_BARS = 25
MAX_LABEL = 32  # characters of a bar's label (a room's name) the chart prints
MONTHS_AFTER_DAYS = 92
TITLE_SIZE = 11
LABEL_SIZE = 10
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.DOTALL)
_SIZE = re.compile(r' (?:width|height)="[0-9.]+pt"')


def charts(summary: dict[str, Any]) -> dict[str, str]:
    """The three charts of a :func:`auditor.report.summary.summary`: findings by code, by
    room, and by day. An empty series gives no chart (the page says there is none)."""
    import matplotlib

    # labels are data (a room's name may be "$\\frac{1}{$"): never read as mathtext
    with matplotlib.rc_context({"text.parse_math": False}):
        return _charts(summary)


def _charts(summary: dict[str, Any]) -> dict[str, str]:
    made = {}
    codes = summary["codes"][:MAX_BARS]
    if codes:
        made["codes"] = _bars(
            "codes",
            [c["code"] for c in codes],
            [c["count"] for c in codes],
            [SEVERITY_COLOURS.get(c["severity"], _INK) for c in codes],
            "findings by code (colour: severity)",
        )
    rooms = summary["by_room"][:MAX_BARS]
    if rooms:
        made["rooms"] = _bars(
            "rooms",
            [r["name"] for r in rooms],
            [r["count"] for r in rooms],
            ["#3b5b92"] * len(rooms),
            "findings by room",
        )
    days = summary["by_day"]
    if days:
        made["days"] = _days([d["day"] for d in days], [d["count"] for d in days])
    return made


def _figure(height: float) -> Any:
    from matplotlib.figure import Figure  # not pyplot: no global state, no GUI backend

    figure = Figure(figsize=(5.0, height), layout="constrained")
    return figure


def _bars(
    name: str, labels: Sequence[str], counts: Sequence[int], colours: Sequence[str], title: str
) -> str:
    figure = _figure(0.7 + 0.3 * len(labels))
    axes = figure.subplots()
    places = list(range(len(labels)))
    axes.barh(places, counts, color=colours)
    shown = [_cut(label) for label in labels]
    ticks = axes.set_yticks(places, labels=shown, fontsize=LABEL_SIZE)
    whole: dict[str, str] = {}  # a cut label's group id -> its whole text (a tooltip)
    for place, (tick, label) in enumerate(zip(ticks, labels, strict=True)):
        if _cut(label) != label:
            tick.label1.set_gid(f"label-{place}")
            whole[f"label-{place}"] = label
    axes.invert_yaxis()  # the largest first, at the top
    for place, count in zip(places, counts, strict=True):
        axes.annotate(
            f"{count:,}",
            (count, place),
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
            fontsize=LABEL_SIZE - 1,
            color=_INK,
        )
    axes.set_title(title, fontsize=TITLE_SIZE, loc="left")
    _plain(axes)
    axes.xaxis.set_visible(False)
    axes.margins(x=0.12)
    return _tooltips(_svg(figure, name), name, whole)


def _cut(label: str) -> str:
    """``label`` as the chart prints it: cut to MAX_LABEL characters with an ellipsis
    (a longer one squeezes the bars to nothing)."""
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1].rstrip() + "\u2026"


def _tooltips(svg: str, name: str, whole: dict[str, str]) -> str:
    """``svg`` with each cut label's whole text as its group's ``<title>`` (a tooltip)."""
    for gid, text in whole.items():
        opening = f'<g id="{name}-{gid}">'
        title = f"<title>{html.escape(text, quote=False)}</title>"
        svg = svg.replace(opening, opening + title, 1)
    return svg


def _days(days: Sequence[str], counts: Sequence[int]) -> str:
    """Findings over time: by day, or by month when the days span more than a quarter (a
    day's bar would be a hairline across years)."""
    from datetime import date

    import matplotlib.dates as mdates
    from matplotlib.ticker import MaxNLocator

    when = [date.fromisoformat(d) for d in days]
    by_month = (max(when) - min(when)).days > MONTHS_AFTER_DAYS
    if by_month:
        months: dict[date, int] = {}
        for day, count in zip(when, counts, strict=True):
            first = day.replace(day=1)
            months[first] = months.get(first, 0) + count
        when, counts, width = list(months), list(months.values()), 25.0
    else:
        width = 0.8
    figure = _figure(2.6)
    axes = figure.subplots()
    axes.bar(when, counts, color="#3b5b92", width=width, align="edge")
    locator = mdates.AutoDateLocator(maxticks=8)  # type: ignore[no-untyped-call]
    axes.xaxis.set_major_locator(locator)
    axes.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))  # type: ignore[no-untyped-call]
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    unit = "month" if by_month else "day"
    axes.set_title(f"findings by {unit} (UTC)", fontsize=TITLE_SIZE, loc="left")
    axes.tick_params(labelsize=LABEL_SIZE)
    _plain(axes)
    return _svg(figure, "days")


def _plain(axes: Any) -> None:
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)


def _svg(figure: Any, name: str) -> str:
    import matplotlib

    out = io.StringIO()
    # one salt per chart: the SVGs share one page, and their clip-path ids must not clash;
    # no date: the same audit gives the same report
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"auditor-{name}"}):
        figure.savefig(out, format="svg", metadata={"Date": None}, transparent=True)
    text = out.getvalue()
    svg = text[text.find("<svg") :]  # the XML declaration and DOCTYPE have no place inline
    svg = _METADATA.sub("", svg, count=1)
    # no fixed size: the chart scales with the page (its viewBox keeps the proportions)
    svg = _SIZE.sub("", svg, count=2)
    # matplotlib numbers its elements' ids the same in every chart: one page holds three
    svg = svg.replace(' id="', f' id="{name}-').replace("url(#", f"url(#{name}-")
    svg = svg.replace('xlink:href="#', f'xlink:href="#{name}-')
    return svg.replace("<svg ", f'<svg role="img" aria-label="{name} chart" ', 1)
