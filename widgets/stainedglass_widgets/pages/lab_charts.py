"""The AI lab's charts (``notebooks/ai_lab.ipynb``): pure functions, numbers in and SVG out, so
that the lab's page stays light (no plotly). Every bar and line carries its bot's name, and
lines differ by dash and marker, not only by colour; words are measured, wrapped and fitted so
that none runs over another or out of its chart; an axis's ticks take the decimals that tell
them apart.

- :func:`rate_chart_svg`: a bar a bot for its share of the points, with its 95% interval;
- :func:`line_chart_svg`: lines of points with whiskers, notes, and bots placed across;
- :func:`strength_svg`: each bot's rating against its seconds a move, from the shipped ladders.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from typing import Any

import stainedglass as sg
from stainedglass.ai.ladder import shipped
from stainedglass.ai.tournament import parse_bot

__all__ = [
    "PALETTE",
    "DASHES",
    "MARKERS",
    "text_width",
    "fit",
    "wrap",
    "percent",
    "tick_labels",
    "rate_chart_svg",
    "line_chart_svg",
    "strength_svg",
]

PALETTE = ("#b8860b", "#1f4e9c", "#8b1a1a", "#2e6b30")  # amber, cobalt, ruby, green glass
DASHES = ("", "6 3", "2 3", "8 3 2 3")
MARKERS = ("circle", "square", "diamond", "triangle")


# ---- charts (pure functions: numbers in, SVG out) -----------------------------------------------


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def text_width(text: object, size: float, bold: bool = False) -> float:
    """A generous estimate of ``text``'s width in pixels at font ``size`` in a sans-serif font
    (0.62 em a character, 0.68 bold): the charts lay their words out by it, so that none runs
    over another or out of the chart.

    >>> text_width("89%", 12)
    22.32
    """
    return round(len(str(text)) * size * (0.68 if bold else 0.62), 2)


def fit(text: object, size: float, room: float) -> str:
    """``text`` cut with an ellipsis to fit ``room`` pixels at font ``size``.

    >>> fit("cathedral g8 e9 f9 g9 h9 g10", 10, 100)
    'cathedral g8 e9…'
    """
    text = str(text)
    if text_width(text, size) <= room:
        return text
    keep = max(1, int(room / (size * 0.62)) - 1)
    return text[:keep].rstrip() + "…"


def wrap(text: object, size: float, room: float, bold: bool = False) -> list[str]:
    """``text`` broken between words into lines that fit ``room`` pixels at font ``size`` (a
    word too long alone is cut).

    >>> wrap("Sagrada: windows won against time", 15, 200, bold=True)
    ['Sagrada: windows', 'won against time']
    """
    lines = [""]
    for word in str(text).split():
        trial = f"{lines[-1]} {word}".strip()
        if lines[-1] and text_width(trial, size, bold) > room:
            lines.append(word)
        else:
            lines[-1] = trial
    return [fit(line, size * (1.1 if bold else 1), room) for line in lines]


TITLE_SIZE, TITLE_LINE = 15, 19


def _title(title: str, width: int) -> tuple[str, int]:
    """The chart's title, on as many lines as it needs, and the height it takes below the first
    line's."""
    lines = wrap(title, TITLE_SIZE, width - 24, bold=True)
    spans = "".join(
        f'<tspan x="12" dy="{0 if i == 0 else TITLE_LINE}">{_esc(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    return (
        f'<text class="sg-lab-title" x="12" y="22" font-size="{TITLE_SIZE}" font-weight="bold" '
        f'fill="#17150f">{spans}</text>',
        TITLE_LINE * (len(lines) - 1),
    )


def _svg(kind: str, width: int, height: float, label: str) -> list[str]:
    """An SVG chart's opening and background: drawn ``width`` pixels wide at most, and scaled
    down whole (words and all) in a narrower place, never cut."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{kind}" width="{width}" '
        f'height="{height:.0f}" viewBox="0 0 {width} {height:.0f}" role="img" '
        f'style="max-width:100%;height:auto" aria-label="{_esc(label)}">',
        f'<rect width="{width}" height="{height:.0f}" fill="#f4efe1" rx="8"/>',
    ]


def percent(values: Sequence[float]) -> Callable[[float], str]:
    """How to write these shares as percentages: whole ones, unless two that differ would then
    read the same (89% and 89%): then with a decimal.

    >>> percent([0.891, 0.887])(0.891), percent([0.891, 0.5])(0.891)
    ('89.1%', '89%')
    """
    whole: dict[str, float] = {}
    for v in values:
        if whole.setdefault(f"{v:.0%}", v) != v and abs(whole[f"{v:.0%}"] - v) >= 5e-4:
            return lambda v: f"{100 * v:.1f}%"
    return lambda v: f"{v:.0%}"


def tick_labels(values: Sequence[float]) -> list[str]:
    """The axis's tick values written with as few decimals as tell them apart (at most three):
    ticks 92.1, 92.3 and 92.5 read so, never "92" three times.

    >>> tick_labels([0, 50, 100]), tick_labels([92.1, 92.3, 92.5]), tick_labels([1, 1.0004])
    (['0', '50', '100'], ['92.1', '92.3', '92.5'], ['1.000', '1.000'])
    """
    for places in range(4):
        words = [f"{v:.{places}f}" for v in values]
        if len(set(words)) == len({round(v, 9) for v in values}):
            return words
    return words


def rate_chart_svg(rows: list[dict[str, Any]], title: str, width: int = 560) -> str:
    """A horizontal bar for each row's ``win_rate`` with its 95% interval (``ci_low`` to
    ``ci_high``) as a whisker, the bot's name and the figures written beside it (``note``, else
    "60% of 10"); a row that sat in two seats or more (``by_seat``) has its won-drawn-lost by
    seat under its name. The margins are as wide as the words in them.

    >>> svg = rate_chart_svg([{"bot": "mcts", "win_rate": .6, "ci_low": .4, "ci_high": .8,
    ...                        "games": 10}], "Cathedral")
    >>> svg.startswith("<svg") and "mcts" in svg and "60% of 10" in svg
    True
    """
    bar_h, gap = 26, 14
    heading, extra = _title(title, width)
    top = 34 + extra
    height = top + len(rows) * (bar_h + gap) + 30
    said = percent([float(row["win_rate"]) for row in rows])
    notes = [row.get("note") or f"{said(row['win_rate'])} of {int(row['games'])}" for row in rows]
    seats = [
        ", ".join(f"{s['seat']} {s['wins']}-{s['draws']}-{s['losses']}" for s in row["by_seat"])
        if len(row.get("by_seat", ())) > 1
        else ""
        for row in rows
    ]
    right = 14 + max([text_width(n, 12) for n in notes] + [30.0])
    wanted = 16 + max([text_width(r["bot"], 13) for r in rows] + [text_width(s, 11) for s in seats])
    left = min(wanted, (width - right) * 0.55)
    span = width - left - right
    parts = _svg("sg-lab-chart", width, height, f"{title}: win rates with 95% intervals")
    parts.append(heading)
    for k in (0.0, 0.5, 1.0):
        x = left + k * span
        parts.append(
            f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 24}" '
            f'stroke="#9a927c" stroke-dasharray="{"" if k != 0.5 else "4 3"}"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{height - 8}" font-size="12" text-anchor="middle" '
            f'fill="#3b3628">{k:.0%}</text>'
        )
    for i, row in enumerate(rows):
        y = top + i * (bar_h + gap)
        colour = PALETTE[i % len(PALETTE)]
        rate = float(row["win_rate"])
        name_y = y + bar_h * (0.45 if seats[i] else 0.68)
        parts.append(
            f'<text x="{left - 8:.1f}" y="{name_y:.1f}" font-size="13" text-anchor="end" '
            f'fill="#17150f"><title>{_esc(row["bot"])}</title>'
            f"{_esc(fit(row['bot'], 13, left - 16))}</text>"
        )
        if seats[i]:  # in Cathedral the seat decides more games than the bots do
            parts.append(
                f'<text class="sg-lab-seats" x="{left - 8:.1f}" y="{y + bar_h + 2:.1f}" '
                f'font-size="11" text-anchor="end" fill="#3b3628">'
                f"<title>won-drawn-lost by seat</title>{_esc(fit(seats[i], 11, left - 16))}</text>"
            )
        parts.append(
            f'<rect class="sg-lab-bar" data-bot="{_esc(row["bot"])}" x="{left:.1f}" '
            f'y="{y}" width="{max(rate * span, 1):.1f}" height="{bar_h}" '
            f'fill="{colour}" opacity="0.85" stroke="#17150f"/>'
        )
        lo, hi = left + float(row["ci_low"]) * span, left + float(row["ci_high"]) * span
        mid = y + bar_h / 2
        parts.append(
            f'<path d="M{lo:.1f} {mid - 7}v14M{lo:.1f} {mid}H{hi:.1f}M{hi:.1f} '
            f'{mid - 7}v14" stroke="#17150f" stroke-width="2" fill="none"/>'
        )
        parts.append(
            f'<text x="{width - right + 6:.1f}" y="{y + bar_h * 0.68:.1f}" font-size="12" '
            f'fill="#17150f">{_esc(notes[i])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 6:.1f}l6 6l-6 6l-6 -6z" fill="{colour}"/>'
    if kind == "triangle":
        return f'<path d="M{x:.1f} {y - 6:.1f}l6 11h-12z" fill="{colour}"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{colour}"/>'


def line_chart_svg(
    series: dict[str, list[tuple[float, float, float, float]]],
    title: str,
    x_label: str,
    y_label: str,
    log_x: bool = True,
    width: int = 560,
    height: int = 320,
    notes: Sequence[tuple[float, float, str]] = (),
    bands: Sequence[tuple[str, float, float, float]] = (),
    key: Sequence[str] = (),
    least_span: float = 0.0,
    y_limits: tuple[float, float] | None = None,
) -> str:
    """Lines of points ``(x, y, low, high)`` (whiskers from low to high), one per series, each
    with its own dash, marker and colour and its name at its last point; ``notes`` are short
    words written at points ``(x, y, text)``, below a point in the upper half of the chart and
    above one in the lower half; ``bands`` are bots placed across the chart, each ``(name, y,
    low, high)``: a line at ``y`` over a band from low to high, named; ``key``, lines of words
    under the chart (what the notes stand for); ``least_span``: the y axis spans at least
    that much around the values' middle (within ``y_limits``, where the values cannot go), so
    that a small change is drawn small. The title and the y axis's words take as many
    lines as they need, the margins are as wide as the names, and an x tick too near the one
    before it is left out: no word runs over another or out of the chart.

    >>> svg = line_chart_svg({"mcts": [(0.1, 0, -50, 50), (1, 120, 60, 180)]}, "Cathedral",
    ...                      "seconds a move", "rating")
    >>> svg.count("<circle") >= 2 and "mcts" in svg
    True
    """
    points = [p for ps in series.values() for p in ps]
    if not points:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="40" '
            f'style="max-width:100%;height:auto" viewBox="0 0 {width} 40">'
            f'<text x="8" y="24">{_esc(fit(f"{title}: no data", 16, width - 16))}</text></svg>'
        )
    heading, extra = _title(title, width)
    top = 34 + extra
    key_lines = [line for text in key for line in wrap(text, 11, width - 24)]
    bottom = 44 + 15 * len(key_lines)
    height += extra + 15 * len(key_lines)
    y_lines = wrap(y_label, 12, height - top - bottom)[:2]
    names = [text_width(n, 12, bold=True) for n in series] + [
        text_width(fit(b[0], 12, 130), 12, bold=True) for b in bands
    ]
    left, right = 46 + 15 * len(y_lines), max(24.0, 16 + max(names, default=0))
    fx = (lambda v: math.log10(v)) if log_x else (lambda v: v)
    xs = [fx(p[0]) for p in points]
    ys = [v for p in points for v in (p[2], p[3])] + [v for b in bands for v in b[2:]]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if x1 - x0 < 1e-9:
        x0, x1 = x0 - 1, x1 + 1
    if y1 - y0 < max(least_span, 1e-9):
        half = max(least_span, 2.0) / 2
        y0, y1 = (y0 + y1) / 2 - half, (y0 + y1) / 2 + half
        if y_limits is not None:  # shifted back within what the values can be
            shift = max(y_limits[0] - y0, 0.0) - max(y1 - y_limits[1], 0.0)
            y0, y1 = max(y0 + shift, y_limits[0]), min(y1 + shift, y_limits[1])

    def px(v: float) -> float:
        return left + (fx(v) - x0) / (x1 - x0) * (width - left - right)

    def py(v: float) -> float:
        return top + (y1 - v) / (y1 - y0) * (height - top - bottom)

    axis_y, mid_y = height - bottom, (top + height - bottom) / 2
    parts = _svg("sg-lab-lines", width, height, title)
    parts += [
        heading,
        f'<line x1="{left}" y1="{axis_y}" x2="{width - right:.1f}" y2="{axis_y}" '
        f'stroke="#3b3628"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{axis_y}" stroke="#3b3628"/>',
        f'<text x="{(left + width - right) / 2:.0f}" y="{axis_y + 34}" font-size="12" '
        f'text-anchor="middle">{_esc(fit(x_label, 12, width - 24))}</text>',
    ]
    for i, line in enumerate(y_lines):
        at = 16 + 15 * i
        parts.append(
            f'<text x="{at}" y="{mid_y:.0f}" font-size="12" transform="rotate(-90 {at} '
            f'{mid_y:.0f})" text-anchor="middle">{_esc(line)}</text>'
        )
    ticks: list[float] = []
    for x in sorted({p[0] for p in points}):
        if ticks and px(x) - px(ticks[-1]) < (text_width(f"{x:g}{ticks[-1]:g}", 11)) / 2 + 6:
            if x != max(p[0] for p in points):
                continue  # too near the one before: left out (the last one shown instead)
            ticks.pop()
        ticks.append(x)
    for x in ticks:
        parts.append(
            f'<text class="sg-lab-tick" x="{px(x):.1f}" y="{axis_y + 16}" font-size="11" '
            f'text-anchor="middle">{x:g}</text>'
        )
    y_ticks = (y0, (y0 + y1) / 2, y1)
    for v, words in zip(y_ticks, tick_labels(y_ticks)):
        parts.append(
            f'<text class="sg-lab-ytick" x="{left - 6}" y="{py(v) + 4:.1f}" font-size="11" '
            f'text-anchor="end">{words}</text>'
        )
    ends: list[
        tuple[float, float, str, str, bool]
    ] = []  # names at the right: y, x, colour, a band?
    for i, (name, pts) in enumerate(series.items()):
        colour, dash, marker = (
            PALETTE[i % len(PALETTE)],
            DASHES[i % len(DASHES)],
            MARKERS[i % len(MARKERS)],
        )
        pts = sorted(pts)
        path = "M" + "L".join(f"{px(x):.1f} {py(y):.1f}" for x, y, _, _ in pts)
        parts.append(
            f'<path class="sg-lab-line" data-series="{_esc(name)}" d="{path}" '
            f'stroke="{colour}" stroke-width="2.5" fill="none" '
            f'stroke-dasharray="{dash}"/>'
        )
        for x, y, lo, hi in pts:
            parts.append(
                f'<line x1="{px(x):.1f}" y1="{py(lo):.1f}" x2="{px(x):.1f}" '
                f'y2="{py(hi):.1f}" stroke="{colour}" opacity="0.5"/>'
            )
            parts.append(_marker(marker, px(x), py(y), colour))
        x, y = pts[-1][0], pts[-1][1]
        ends.append((py(y) + 4, px(x) + 9, colour, name, False))
    for name, y, _, _ in bands:
        ends.append((py(y) + 4, width - right + 6, "#5a2a72", name, True))
    ends.sort()
    for k in range(1, len(ends)):  # names that would touch are moved apart, kept above the axis
        ends[k] = (max(ends[k][0], ends[k - 1][0] + 15), *ends[k][1:])
    for k in reversed(range(len(ends))):
        floor = axis_y + 4 if k == len(ends) - 1 else ends[k + 1][0] - 15
        ends[k] = (min(ends[k][0], floor), *ends[k][1:])
    named = {name: y for y, _, _, name, band in ends if band}
    for y, x, colour, name, band in ends:
        if not band:
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="12" fill="{colour}" '
                f'font-weight="bold">{_esc(name)}</text>'
            )
    for name, y, lo, hi in bands:  # a bot placed on the chart: its rating and interval
        x0_px, x1_px = left, width - right
        parts.append(
            f'<g class="sg-lab-yours" data-bot="{_esc(name)}">'
            f'<rect x="{x0_px}" y="{py(hi):.1f}" width="{x1_px - x0_px:.1f}" '
            f'height="{max(py(lo) - py(hi), 1):.1f}" fill="#7b3f99" opacity="0.15"/>'
            f'<line x1="{x0_px}" y1="{py(y):.1f}" x2="{x1_px:.1f}" y2="{py(y):.1f}" '
            f'stroke="#7b3f99" stroke-width="2.5" stroke-dasharray="10 4"/>'
            f'<text x="{x1_px + 6:.1f}" y="{named[name]:.1f}" font-size="12" '
            f'font-weight="bold" fill="#5a2a72">{_esc(fit(name, 12, 130))}</text></g>'
        )
    placed: list[tuple[float, bool]] = []
    for x, y, text in notes:
        below = py(y) < mid_y  # in the upper half: below the point, else above it
        if any(abs(px(x) - at) < 16 and side == below for at, side in placed):
            below = not below  # a neighbour on that side already
        placed.append((px(x), below))
        parts.append(
            f'<text class="sg-lab-note" x="{px(x):.1f}" y="{py(y) + (19 if below else -10):.1f}" '
            f'font-size="11" font-weight="bold" text-anchor="middle" fill="#17150f">'
            f"{_esc(fit(text, 11, 60))}</text>"
        )
    for i, line in enumerate(key_lines):
        parts.append(
            f'<text class="sg-lab-key" x="12" y="{axis_y + 52 + 15 * i}" font-size="11" '
            f'fill="#17150f">{_esc(line)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def strength_svg(game: str, placed: Sequence[tuple[str, float, float, float]] = ()) -> str:
    """Each bot's rating (or, solo, its share of games won) against its seconds a move, from the
    ladder shipped for ``game``: how strength grows with thinking time. ``placed``: bots put on
    the ladder since (yours), each ``(name, rating, low, high)`` (solo: shares won), drawn
    across the chart as a line over its interval."""
    lad = shipped(game)
    series: dict[str, list[tuple[float, float, float, float]]] = {}
    fixed = []
    for rung in lad.rungs:
        name, options = parse_bot(rung.bot)
        if "budget" not in options:
            fixed.append(rung)
            continue
        scale = 1.0 if lad.unit == "Elo" else 100.0
        series.setdefault(name, []).append(
            (float(options["budget"]), rung.rating * scale, rung.low * scale, rung.high * scale)
        )
    title = sg.load(game).title
    if lad.unit == "Elo":
        y_label = "rating (Elo; " + ", ".join(f"{r.bot} {r.rating:.0f}" for r in fixed) + ")"
        title += f": strength against time ({lad.games_per_pairing} games a pairing)"
    else:
        y_label = "games won (%)"
        title += f": windows won against time ({lad.games_per_pairing} games a difficulty)"
    scale = 1.0 if lad.unit == "Elo" else 100.0
    bands = [(name, v * scale, lo * scale, hi * scale) for name, v, lo, hi in placed]
    return line_chart_svg(series, title, "seconds a move", y_label, bands=bands)
