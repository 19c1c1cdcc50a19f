"""The charts of the simulate HTML report: one SVG per measure, the variants side by side with their 95 % confidence
intervals, drawn with matplotlib (the extra ``[report]``).

Charts carry no words: the variants are named on the axis by their labels (ids or file names, the same in both
languages), rates are in per cent; the page around a chart gives its title in 中文 and English.
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


def _errors(entries: Sequence[dict], rate: bool) -> tuple[list[float], list[float], list[float]]:
    """Bar values and the distances below/above each to its interval's ends (0 where there is none)."""
    values, below, above = [], [], []
    for entry in entries:
        value = _scaled(entry.get("value"), rate) or 0.0
        low, high = (entry.get("ci95") or (None, None))
        values.append(value)
        below.append(max(0.0, value - _scaled(low, rate)) if low is not None else 0.0)
        above.append(max(0.0, _scaled(high, rate) - value) if high is not None else 0.0)
    return values, below, above


def measure_svg(index: int, labels: Sequence[str], entries: Sequence[dict], rate: bool) -> str:
    """One measure's chart as an inline ``<svg>`` element.

    Args:
        index: the chart's number in the page (makes the SVG's ids unique in the page).
        labels: the variants' labels, in order.
        entries: the measure's entry of each variant (``{value, ci95}``; ``value`` None draws no bar).
        rate: the measure is a rate (drawn in per cent, the axis from 0 to 100).

    Returns:
        The ``<svg …>…</svg>`` text, without a fixed size (it fills its box, keeping its proportions).

    Raises:
        ReportUnavailable: matplotlib is not installed.
    """
    import matplotlib

    figure_class = _figure_class()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"chart-{index}", "svg.id": f"chart-{index}",
                                "font.size": 10}):
        figure = figure_class(figsize=(6.4, 0.6 + 0.45 * len(labels)), layout="constrained")
        axes = figure.add_subplot()
        values, below, above = _errors(entries, rate)
        rows = list(range(len(labels)))
        axes.barh(rows, values, xerr=[below, above], capsize=4, height=0.6,
                  color=[COLOURS[i % len(COLOURS)] for i in rows], error_kw={"elinewidth": 1.2})
        axes.set_yticks(rows, labels=list(labels))
        axes.invert_yaxis()
        if rate:
            axes.set_xlim(0, 100)
            axes.xaxis.set_major_formatter("{x:.0f} %")
        axes.grid(axis="x", alpha=0.3)
        axes.spines[["top", "right"]].set_visible(False)
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    return _inline(out.getvalue())


def _inline(svg: str) -> str:
    """The ``<svg>`` element of a whole SVG file, sized by CSS (its ``viewBox`` kept)."""
    start = svg.index("<svg")
    element = svg[start:]
    return re.sub(r'\s(width|height)="[^"]*"', "", element, count=2).replace(
        "<svg", '<svg class="chart" role="img"', 1)
