"""Inline SVG charts for the report: grouped bars with intervals, heat maps, stacked shares.

Each function returns :class:`markupsafe.Markup` ready to drop into the template; every
label is escaped here. A value that is missing is drawn as "n/a", never as zero. Every
mark carries a ``<title>`` with the exact figure and its n (shown on hover).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

__all__ = ["PALETTE", "Point", "format_value", "grouped_bars", "heatmap", "series_color", "stacked_shares"]

PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")
_FONT = 'font-family="system-ui,sans-serif" font-size="12"'


@dataclass(frozen=True)
class Point:
    """One figure: a value with its interval and its n (``value`` None when there is none)."""

    value: float | None
    low: float | None = None
    high: float | None = None
    n: int = 0
    reliable: bool = True  # False: the interval comes from fewer tasks than its method covers 93% at
    note: str = ""  # what else to say in a tooltip (the headline's undecided share and range)


def series_color(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def format_value(value: float | None, percent: bool) -> str:
    if value is None:
        return "n/a"
    return f"{value * 100:.1f}%" if percent else f"{value:.2f}"


def _describe(point: Point | None, percent: bool) -> str:
    if point is None or point.value is None:
        return f"n/a (n={point.n if point else 0})"
    text = format_value(point.value, percent)
    if point.low is not None and point.high is not None:
        text += f" [{format_value(point.low, percent)}, {format_value(point.high, percent)}]"
    return f"{text} (n={point.n})"


def _left_margin(labels: Sequence[str]) -> int:
    """Room for the longest row label (about 7 px a character at 12 px)."""
    return int(min(320, max(80, 16 + 7 * max((len(x) for x in labels), default=0))))


def _svg(width: int, height: int, body: list[str], label: str) -> Markup:
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg" {_FONT}>' + "".join(body) + "</svg>"
    )


def _legend(series: Sequence[str], x0: int, y: int, width: int) -> tuple[list[str], int]:
    """Legend swatches in rows, wrapped within ``width`` (from ``x0``, or from 4 for a name that needs more)."""
    out, x, row, in_row = [], x0, 0, 0
    for i, name in enumerate(series):
        w = 22 + 7 * len(name)
        if x + w > width:
            if in_row:
                row, in_row = row + 1, 0
            x = x0 if x0 + w <= width else 4
        in_row += 1
        yy = y + 16 * row
        out.append(f'<rect x="{x}" y="{yy}" width="10" height="10" fill="{series_color(i)}"/>'
                   f'<text x="{x + 14}" y="{yy + 9}">{escape(name)}</text>')
        x += w
    return out, 16 * (row + 1) + 4


def grouped_bars(
    groups: Sequence[str],
    series: Sequence[str],
    points: Mapping[tuple[str, str], Point],
    *,
    domain: tuple[float, float] = (0.0, 1.0),
    percent: bool = True,
    label: str = "",
) -> Markup:
    """Horizontal bars, one block per group and one bar per series, with interval whiskers."""
    left, plot, bar, gap = _left_margin(groups), 380, 11, 10
    lo, hi = domain
    legend, legend_h = _legend(series, left, 4, left + plot + 90)
    body = list(legend)
    y = legend_h + 8

    def sx(v: float) -> float:
        return left + plot * (min(max(v, lo), hi) - lo) / (hi - lo)

    for tick in (lo, (lo + hi) / 2, hi):
        body.append(f'<line x1="{sx(tick):.1f}" x2="{sx(tick):.1f}" y1="{y - 4}" y2="{y + len(groups) * (len(series) * bar + gap)}" '
                    f'stroke="#ddd"/><text x="{sx(tick):.1f}" y="{y - 6}" text-anchor="middle" fill="#666">'
                    f'{escape(format_value(tick, percent) if percent else f"{tick:g}")}</text>')
    for group in groups:
        body.append(f'<text x="{left - 8}" y="{y + len(series) * bar / 2 + 4:.1f}" text-anchor="end">{escape(group)}</text>')
        for i, name in enumerate(series):
            p = points.get((group, name))
            tip = f"<title>{escape(name)} · {escape(group)}: {escape(_describe(p, percent))}</title>"
            if p is None or p.value is None:
                body.append(f'<text x="{left + 4}" y="{y + bar - 2}" fill="#888" font-size="10">n/a{tip}</text>')
            else:
                body.append(f'<rect x="{left}" y="{y + 1}" width="{sx(p.value) - left:.1f}" height="{bar - 2}" fill="{series_color(i)}">{tip}</rect>')
                if p.low is not None and p.high is not None:
                    mid = y + bar / 2
                    body.append(f'<path d="M{sx(p.low):.1f} {mid}H{sx(p.high):.1f}M{sx(p.low):.1f} {mid - 3}v6M{sx(p.high):.1f} {mid - 3}v6" '
                                f'stroke="#222" stroke-width="1"/>')
                body.append(f'<text x="{left + plot + 6}" y="{y + bar - 2}" font-size="10" fill="#444">{escape(format_value(p.value, percent))} '
                            f'<tspan fill="#999">n={p.n}</tspan></text>')
            y += bar
        y += gap
    return _svg(left + plot + 90, y + 4, body, label)


def _heat_color(t: float) -> str:
    """White-to-blue ramp for 0..1 (pass rates); colour-blind safe, monotone in lightness."""
    t = min(max(t, 0.0), 1.0)
    r, g, b = (int(247 + (8 - 247) * t), int(251 + (81 - 251) * t), int(255 + (156 - 255) * t))
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmap(
    rows: Sequence[str],
    cols: Sequence[str],
    points: Mapping[tuple[str, str], Point],
    *,
    domain: tuple[float, float] = (0.0, 1.0),
    percent: bool = True,
    label: str = "",
) -> Markup:
    """A table of coloured cells, rows x columns, the value written in each (dashed grey where n/a)."""
    left, cell_w, cell_h, top = _left_margin(rows), 78, 22, 34
    longest = max((len(c) for c in cols), default=0)
    slant = 7 * longest > cell_w - 4  # labels that do not fit a cell are written whole, at 45 degrees
    if slant:
        top = int(16 + 0.71 * 7 * longest)
    body = []
    for j, col in enumerate(cols):
        x = left + j * cell_w + cell_w / 2
        turn = f' transform="rotate(-45 {x} {top - 8})" text-anchor="start"' if slant else ' text-anchor="middle"'
        body.append(f'<text x="{x}" y="{top - 8}"{turn}>{escape(col)}<title>{escape(col)}</title></text>')
    lo, hi = domain
    for i, row in enumerate(rows):
        y = top + i * cell_h
        body.append(f'<text x="{left - 8}" y="{y + 15}" text-anchor="end">{escape(row)}</text>')
        for j, col in enumerate(cols):
            p = points.get((row, col))
            x = left + j * cell_w
            tip = f"<title>{escape(row)} · {escape(col)}: {escape(_describe(p, percent))}</title>"
            if p is None or p.value is None:
                body.append(f'<rect x="{x}" y="{y}" width="{cell_w - 2}" height="{cell_h - 2}" fill="#efefef" stroke="#ddd" stroke-dasharray="3 2">{tip}</rect>'
                            f'<text x="{x + cell_w / 2 - 1}" y="{y + 15}" text-anchor="middle" fill="#999" font-size="10">n/a</text>')
                continue
            t = (p.value - lo) / (hi - lo)
            ink = "#fff" if t > 0.55 else "#222"
            body.append(f'<rect x="{x}" y="{y}" width="{cell_w - 2}" height="{cell_h - 2}" fill="{_heat_color(t)}">{tip}</rect>'
                        f'<text x="{x + cell_w / 2 - 1}" y="{y + 15}" text-anchor="middle" fill="{ink}" pointer-events="none">'
                        f'{escape(format_value(p.value, percent))}</text>')
    reach = left + (len(cols) - 0.5) * cell_w + (0.71 * 7 * len(cols[-1]) if slant and cols else 0)
    return _svg(int(max(left + len(cols) * cell_w + 10, reach + 10)), top + len(rows) * cell_h + 6, body, label)


def stacked_shares(
    rows: Sequence[tuple[str, Sequence[tuple[str, int]]]],
    colors: Sequence[str],
    *,
    label: str = "",
) -> Markup:
    """One 100% bar per row split into named counts (e.g. prompter's fault / backend's fault)."""
    left, plot, bar = _left_margin([r for r, _ in rows]), 380, 18
    names = [name for name, _ in rows[0][1]] if rows else []
    body, y = [], 4
    x = left
    for i, name in enumerate(names):
        body.append(f'<rect x="{x}" y="{y}" width="10" height="10" fill="{colors[i]}"/><text x="{x + 14}" y="{y + 9}">{escape(name)}</text>')
        x += 30 + 7 * len(name)
    width = max(left + plot + 60, x)
    y += 24
    for row_label, parts in rows:
        total = sum(count for _, count in parts)
        body.append(f'<text x="{left - 8}" y="{y + 13}" text-anchor="end">{escape(row_label)}</text>')
        if total == 0:
            body.append(f'<text x="{left + 4}" y="{y + 13}" fill="#888">n/a: no image-side failure with a decided prompt side</text>')
        x = left
        for i, (name, count) in enumerate(parts):
            if not total or not count:
                continue
            w = plot * count / total
            body.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" fill="{colors[i]}">'
                        f'<title>{escape(row_label)} · {escape(name)}: {count} of {total} image failures ({count / total:.0%})</title></rect>')
            if w > 34:
                body.append(f'<text x="{x + w / 2:.1f}" y="{y + 13}" text-anchor="middle" fill="#fff" pointer-events="none">{count / total:.0%}</text>')
            x += w
        if total:
            body.append(f'<text x="{left + plot + 6}" y="{y + 13}" fill="#444" font-size="10">n={total}</text>')
        y += bar + 6
    return _svg(width, y + 2, body, label)
