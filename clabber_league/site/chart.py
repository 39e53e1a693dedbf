"""The ratings over time as a line chart the server draws: its geometry, for the
``line_chart`` macro (``templates/macros.html.j2``) to write as inline SVG.

No script draws it, so it reads the same from a web host, a shared folder, ``file://``
and paper. The chart is a picture of the figures a table beside it gives: the table is
what a screen reader reads, the chart has a title and a description of its own.

The nights are spaced evenly along the time axis (a week off the schedule does not leave
a gap): it shows how a rating moved night by night, not the calendar.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

PALETTE = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#1b1b1b",
    "#8c6d1f",
)
"""Okabe and Ito's colours (told apart with colour blindness too), with black and brown
for the seventh and eighth lines; a line's colour is its place in the table."""

WIDTH = 640
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 16, 12, 28


@dataclass(frozen=True)
class Tick:
    """A labelled place on an axis: where it is (in the chart's units) and what it says."""

    at: float
    text: str


@dataclass(frozen=True)
class Line:
    """One player's ratings: their name, colour and the points of their line."""

    label: str
    colour: str
    points: tuple[tuple[float, float], ...]

    @property
    def path(self) -> str:
        """The points as an SVG ``polyline`` takes them."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass(frozen=True)
class Chart:
    """What the SVG is made of: its size, its words, its axes' ticks and its lines."""

    width: int
    height: int
    title: str
    description: str
    left: int
    right: int
    top: int
    bottom: int
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    lines: tuple[Line, ...]


Series = tuple[str, Sequence[tuple[date, float]]]
"""A line to draw: its label, and its (night, rating) points in order (``Ratings.history``:
a point after each round, so maybe several a night)."""


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    description: str,
    day_text: Callable[[date], str],
    height: int = 300,
) -> Chart | None:
    """The chart of ``series`` (at most ``len(PALETTE)``), ``None`` when no line has a
    point; ``day_text`` words the first and the last night under the time axis."""
    assert len(series) <= len(PALETTE), "more lines than colours"
    series = [(label, nightly(points)) for label, points in series]
    nights = sorted({day for _label, points in series for day, _value in points})
    if not nights:
        return None
    values = [value for _label, points in series for _day, value in points]
    low, high, step = _scale(min(values), max(values))
    left, right, top, bottom = _LEFT, WIDTH - _RIGHT, _TOP, height - _BOTTOM
    place = {day: _between(left, right, index, len(nights) - 1) for index, day in enumerate(nights)}

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    levels = [low + index * step for index in range(round((high - low) / step) + 1)]
    ends = [nights[0]] if len(nights) == 1 else [nights[0], nights[-1]]
    return Chart(
        width=WIDTH,
        height=height,
        title=title,
        description=description,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        x_ticks=tuple(Tick(place[day], day_text(day)) for day in ends),
        y_ticks=tuple(Tick(y(level), _number(level, step)) for level in levels),
        lines=tuple(
            Line(label, colour, tuple((place[day], y(value)) for day, value in points))
            for (label, points), colour in zip(series, PALETTE, strict=False)
        ),
    )


def nightly(points: Sequence[tuple[date, float]]) -> list[tuple[date, float]]:
    """A line's points, one a night: the rating after the night's last game (a match of
    several games, or a player rated after each, moves several times a night)."""
    return list(dict(points).items())


def _between(start: float, end: float, index: int, last: int) -> float:
    """The ``index``-th of ``last + 1`` evenly spaced places from ``start`` to ``end`` (a
    lone night in the middle)."""
    return (start + end) / 2 if last == 0 else start + (end - start) * index / last


def _scale(low: float, high: float) -> tuple[float, float, float]:
    """The axis around ``low``…``high``: its ends on round steps (1, 2 or 5 times a
    power of ten, about five of them) and the step; a flat line gets a step each side."""
    if math.isclose(low, high):
        low, high = low - 1, high + 1
    rough = (high - low) / 5
    power = 10 ** math.floor(math.log10(rough))
    step = next(power * factor for factor in (1, 2, 5, 10) if power * factor >= rough)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _number(value: float, step: float) -> str:
    """A tick's figure, with the decimals its step needs ("-2.5", "10")."""
    places = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    text = f"{value:.{places}f}"
    return "0" if text in {"-0", "-0.0", "-0.00"} else text
