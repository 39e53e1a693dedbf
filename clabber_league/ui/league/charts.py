"""Charts for the league panel: a game's score race and a season's standings over the weeks.

QtCharts (and the OpenGL libraries under it) loads with the first chart
drawn, not with the panel: a window with no finished game never needs it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from clabber_league.i18n import _, fill
from clabber_league.rules import Game
from clabber_league.ui.plain import escaped
from clabber_league.ui.tones import Tone, is_dark, text_colour

if TYPE_CHECKING:
    from PySide6.QtCharts import QChart, QChartView, QLineSeries, QValueAxis

#: Distinct colours for up to ten lines (Qt's themes repeat after five).
LINE_COLOURS = (
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
)  # fmt: skip
TARGET_NAME = "target"
"""The object name of the score race's target line (the other series are the sides)."""
_MOST_TICKS = 10
_EDGE = 0.2


def _chart() -> QChart:
    """A chart in QtCharts' light or dark theme, as the desktop's palette is: set first,
    since a theme set later would paint over the lines' own colours."""
    from PySide6.QtCharts import QChart  # noqa: PLC0415 -- see the module's doc

    chart = QChart()
    dark = is_dark(QGuiApplication.palette())
    chart.setTheme(QChart.ChartTheme.ChartThemeDark if dark else QChart.ChartTheme.ChartThemeLight)
    return chart


def _in_palette(chart: QChart, palette: QPalette) -> None:
    """The chart's ground, words and grid in the palette's own colours (the themes'
    are near, not the same): it sits in the panel as one of its lists does."""
    text = palette.color(QPalette.ColorRole.Text)
    chart.setBackgroundBrush(palette.brush(QPalette.ColorRole.Base))
    chart.setTitleBrush(text)
    chart.legend().setLabelColor(text)
    grid = palette.color(QPalette.ColorRole.Mid)
    for axis in chart.axes():
        axis.setLabelsBrush(text)
        axis.setTitleBrush(text)
        axis.setGridLineColor(grid)
        axis.setLinePenColor(grid)


def _view(chart: QChart, legend: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignBottom) -> QChartView:
    from PySide6.QtCharts import QChartView  # noqa: PLC0415 -- see the module's doc

    _in_palette(chart, QGuiApplication.palette())
    chart.legend().setAlignment(legend)
    chart.setMargins(QMargins(4, 4, 4, 4))
    view = QChartView(chart)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumHeight(220)
    return view


def _count_axis(title: str, first: int, last: int) -> QValueAxis:
    """An axis of whole numbers (hands, weeks) with at most ten labelled ticks.

    The range reaches a little past both ends so the first and last points
    are drawn whole, not cut in half by the plot's edge.
    """
    from PySide6.QtCharts import QValueAxis  # noqa: PLC0415

    last = max(last, first + 1)
    axis = QValueAxis()
    axis.setTitleText(title)
    axis.setLabelFormat("%d")
    axis.setRange(first - _EDGE, last + _EDGE)
    axis.setTickType(QValueAxis.TickType.TicksDynamic)
    axis.setTickAnchor(first)
    axis.setTickInterval(max(1, math.ceil((last - first) / _MOST_TICKS)))
    return axis


def _line(name: str, colour: QColor, points: Sequence[tuple[float, float]]) -> QLineSeries:
    from PySide6.QtCharts import QLineSeries  # noqa: PLC0415

    series = QLineSeries()
    series.setName(name)
    pen = QPen(colour)
    pen.setWidthF(2.0)
    series.setPen(pen)
    series.setPointsVisible(True)
    for x, y in points:
        series.append(x, y)
    return series


def _attach(chart: QChart, series: QLineSeries, x_axis: QValueAxis, y_axis: QValueAxis) -> None:
    chart.addSeries(series)
    series.attachAxis(x_axis)
    series.attachAxis(y_axis)


def score_race_chart(game: Game) -> QChartView:
    """Each side's running total after every hand, from 0 before the first, against the target."""
    from PySide6.QtCharts import QValueAxis  # noqa: PLC0415

    target = game.rules.options.target
    hands = len(game.rows)
    chart = _chart()
    # QtCharts reads titles and legend names as HTML: the teams' names are escaped.
    matchup = _(" v ").join(game.sides)
    title = fill(_("{matchup} — the race to {target}"), matchup=matchup, target=target)
    chart.setTitle(escaped(title))
    x_axis = _count_axis(_("Hand"), 0, hands)
    totals = [row.totals[side] for row in game.rows for side in game.rules.sides]
    low, high = min([0, *totals]), max([target, *totals])
    y_axis = QValueAxis()
    y_axis.setTitleText(_("Points"))
    y_axis.setLabelFormat("%d")
    y_axis.setRange(low, high + max(20, (high - low) // 20))
    y_axis.applyNiceNumbers()
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    for side, colour in zip(game.rules.sides, LINE_COLOURS, strict=False):
        points = [(0.0, 0.0)] + [(row.n, row.totals[side]) for row in game.rows]
        series = _line(escaped(game.names[side]), QColor(colour), points)
        series.setObjectName(f"side_{side}")
        _attach(chart, series, x_axis, y_axis)
    line = _line(
        fill(_("Game ({target})"), target=target),
        # The target is no side's: drawn in the palette's hint colour, dashed.
        text_colour(Tone.QUIET),
        [(0, target), (max(hands, 1), target)],
    )
    line.setObjectName(TARGET_NAME)
    line.setPointsVisible(False)
    pen = line.pen()
    pen.setStyle(Qt.PenStyle.DashLine)
    pen.setWidthF(1.5)
    line.setPen(pen)
    _attach(chart, line, x_axis, y_axis)
    return _view(chart)


def standings_chart(lines: Mapping[str, Sequence[tuple[int, float]]]) -> QChartView:
    """Each team's season-to-date winning percentage after every week (``weekly_pct``)."""
    from PySide6.QtCharts import QValueAxis  # noqa: PLC0415

    chart = _chart()
    chart.setTitle(_("Winning percentage over the weeks"))
    last_week = max((week for points in lines.values() for week, _ in points), default=1)
    x_axis = _count_axis(_("Week"), 1, last_week)
    y_axis = QValueAxis()
    y_axis.setTitleText(_("Pct"))
    y_axis.setRange(0, 1)
    y_axis.setLabelFormat("%.3f")
    y_axis.setTickCount(5)
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    for index, (team, points) in enumerate(lines.items()):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        _attach(chart, _line(escaped(team), QColor(colour), points), x_axis, y_axis)
    # Eight or more teams' names do not fit in a row under a chart as narrow as the panel.
    return _view(chart, Qt.AlignmentFlag.AlignRight)


def rating_chart(name: str, points: Sequence[tuple[int, float]]) -> QChartView:
    """A player's rating (``mu - 3 sigma``) after each night they played: night 0 is
    before their first game, when every rating is 0."""
    from PySide6.QtCharts import QValueAxis  # noqa: PLC0415

    chart = _chart()
    chart.setTitle(escaped(fill(_("{player}'s rating over the season"), player=name)))
    line = [(0, 0.0), *points]
    x_axis = _count_axis(_("Night"), 0, len(line) - 1)
    ratings = [rating for _night, rating in line]
    y_axis = QValueAxis()
    y_axis.setTitleText(_("Rating"))
    y_axis.setRange(math.floor(min(ratings)) - 1, math.ceil(max(ratings)) + 1)
    y_axis.applyNiceNumbers()
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    _attach(chart, _line(escaped(name), QColor(LINE_COLOURS[0]), line), x_axis, y_axis)
    chart.legend().setVisible(False)
    return _view(chart)


class ChartHolder(QWidget):
    """A place for one chart that is redrawn from scratch whenever its data change.

    Rebuilding is simpler than patching series and axes in place, and the
    charts are small: a game has a few dozen hands, a season a few dozen weeks.
    """

    def __init__(self, empty_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._empty = QLabel(empty_text, self)
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._empty.setWordWrap(True)
        self._empty.setStyleSheet("color: palette(placeholder-text); padding: 12px;")
        self._layout.addWidget(self._empty)
        self.view: QChartView | None = None

    def show_chart(self, view: QChartView | None) -> None:
        """Put ``view`` in place of the chart shown so far (``None``: show the empty text)."""
        if self.view is not None:
            self._layout.removeWidget(self.view)
            self.view.setParent(None)
            self.view.deleteLater()
        self.view = view
        self._empty.setVisible(view is None)
        if view is not None:
            self._layout.addWidget(view)
