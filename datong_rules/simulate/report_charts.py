"""The charts of the simulate HTML report, drawn with matplotlib (the extra ``[report]``): one SVG per measure, the
variants' values with their 95 % confidence intervals, and one per comparison, the differences of rates and of rules
fired with their intervals and a line at 0. Every axis is scaled to the data (a difference of a few points and its
whiskers stay visible), and the charts are drawn about a phone's width, so that their labels stay readable at 390 px.

Charts carry no words: rows are named by ids (variant labels, measure and rule ids: the same in both languages),
rates are in per cent, differences in percentage points; the page around a chart gives its title in 中文 and
English.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

EXTRA_MISSING = "the HTML report needs matplotlib: install the extra with pip install 'datong-rules[report]'"
"""The one-line error when matplotlib is missing (:class:`ReportUnavailable`)."""

COLOURS = ("#3f6fb5", "#d0743c", "#4e9a5b", "#a05195", "#8c8c3a", "#5a9bd4")
"""One colour per variant, in the order of ``results.variants`` (repeating after six)."""


class ReportUnavailable(RuntimeError):
    """The extra the report needs is not installed (the message is :data:`EXTRA_MISSING`, one line)."""


def _figure_class() -> Any:
    try:
        import matplotlib  # noqa: F401 - first: matplotlib.figure may be imported already while matplotlib is gone
        from matplotlib.figure import Figure
    except ImportError:
        raise ReportUnavailable(EXTRA_MISSING) from None
    return Figure


def check_available() -> None:
    """Raise :class:`ReportUnavailable` (one line naming the extra) when matplotlib cannot be imported."""
    _figure_class()


def _scaled(value: float | None, rate: bool) -> float | None:
    return None if value is None else value * 100 if rate else value


WIDTH_INCHES = 4.2
"""The charts' drawn width: at 96 px per inch about the width of a phone's column (390 px less the page's margins),
so that the 11-point labels stay about 13 px high on a phone and are not shrunk much on a wide screen either."""

FONT_POINTS = 11


def _limits(lows: Sequence[float], highs: Sequence[float], zero: bool) -> tuple[float, float]:
    """The axis limits that hold every interval (and 0 when ``zero``) with a margin of a tenth of the span on each
    side: scaled to the data, never a fixed 0–100 %."""
    low, high = min(lows), max(highs)
    if zero:
        low, high = min(low, 0.0), max(high, 0.0)
    span = high - low or max(abs(high), 1.0)
    return low - span / 10, high + span / 10


def _dot_chart(index: int, rows: Sequence[tuple[str, float, float | None, float | None, bool]], unit: str,
               zero: bool, colours: Sequence[str] = COLOURS) -> str:
    """A dot chart, one row per ``(label, value, low, high, filled)``: the label written above its row (long
    variant files and rule ids keep the whole width), the value a dot (filled when ``filled``), the interval a
    whisker; the axis scaled to the data, with a line at 0 when ``zero``; row ``i`` drawn in ``colours[i]``
    (repeating)."""
    figure_class = _figure_class()
    import matplotlib
    import matplotlib.ticker

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"chart-{index}", "svg.id": f"chart-{index}",
                                "font.size": FONT_POINTS}):
        figure = figure_class(figsize=(WIDTH_INCHES, 0.5 + 0.62 * len(rows)), layout="constrained")
        axes = figure.add_subplot()
        lows = [low if low is not None else value for _l, value, low, _h, _f in rows]
        highs = [high if high is not None else value for _l, value, _lo, high, _f in rows]
        for i, (label, value, low, high, filled) in enumerate(rows):
            colour = colours[i % len(colours)]
            axes.plot([lows[i], highs[i]], [i, i], color=colour, linewidth=2, solid_capstyle="butt")
            axes.plot([lows[i]] * 2, [i - 0.12, i + 0.12], color=colour, linewidth=2)
            axes.plot([highs[i]] * 2, [i - 0.12, i + 0.12], color=colour, linewidth=2)
            axes.plot([value], [i], "o", markersize=7, color=colour, markerfacecolor=colour if filled else "white")
            axes.annotate(label, (0, i - 0.22), xycoords=("axes fraction", "data"), va="bottom", ha="left",
                          fontsize=FONT_POINTS, color="#1d2330")
        axes.set_xlim(*_limits(lows, highs, zero))
        axes.set_ylim(len(rows) - 0.5, -0.85)
        axes.set_yticks([])
        if zero:
            axes.axvline(0, color="#1d2330", linewidth=1)
        if unit:
            axes.xaxis.set_major_formatter("{x:.3g}" + unit)
        axes.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(nbins=4))
        axes.grid(axis="x", alpha=0.3)
        axes.spines[["top", "right", "left"]].set_visible(False)
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    return _inline(out.getvalue())


def measure_svg(index: int, labels: Sequence[str], entries: Sequence[dict], rate: bool) -> str:
    """One measure's chart as an inline ``<svg>`` element: each variant's value (a dot) and 95 % interval (a
    whisker), the axis scaled to the intervals (not 0–100 %).

    Args:
        index: the chart's number in the page (makes the SVG's ids unique in the page).
        labels: the variants' labels, in order.
        entries: the measure's entry of each variant (``{value, ci95}``; ``value`` None draws nothing).
        rate: the measure is a rate (drawn in per cent).

    Returns:
        The ``<svg …>…</svg>`` text, without a fixed size (it fills its box, keeping its proportions).

    Raises:
        ReportUnavailable: matplotlib is not installed.
    """
    rows = []
    for label, entry in zip(labels, entries, strict=True):
        value = _scaled(entry.get("value"), rate)
        if value is None:
            continue
        low, high = (entry.get("ci95") or (None, None))
        rows.append((label, value, _scaled(low, rate), _scaled(high, rate), True))
    return _dot_chart(index, rows or [("", 0.0, None, None, False)], " %" if rate else "", zero=False)


def difference_svg(index: int, rows: Sequence[tuple[str, dict]]) -> str:
    """A comparison's chart of differences of rates, in percentage points: one row per ``(label, entry)`` (entry
    ``{difference, ci95, significant}``, as fractions), the dot filled when the difference is significant, a line
    at 0; the axis scaled to the intervals.

    Raises:
        ReportUnavailable: matplotlib is not installed.
    """
    drawn = [(label, 100 * e["difference"], 100 * e["ci95"][0], 100 * e["ci95"][1], bool(e.get("significant")))
             for label, e in rows if e.get("difference") is not None and e.get("ci95")]
    return _dot_chart(index, drawn or [("", 0.0, None, None, False)], "", zero=True, colours=COLOURS[:1])


def _inline(svg: str) -> str:
    """The ``<svg>`` element of a whole SVG file, sized by CSS (its ``viewBox`` kept)."""
    start = svg.index("<svg")
    element = svg[start:]
    return re.sub(r'\s(width|height)="[^"]*"', "", element, count=2).replace(
        "<svg", '<svg class="chart" role="img"', 1)
