"""Printed documents: blank and filled scoresheets, standings, schedules, season books.

Each document is a renderer built from plain data, in the manner of
pretix's invoice renderers: a pure ``*_data`` builder turns rules and league
objects into frozen dataclasses (what the tests assert), and the renderer's
``render(path_or_file)`` draws them with ReportLab. ``gather`` fetches the
data from the database for the command line and the window.
"""

from clabber_league.reports.blank import BlankSheetData, BlankSheetRenderer, blank_sheet_data
from clabber_league.reports.book import SeasonBookRenderer
from clabber_league.reports.document import Progress, Renderer, ReportError
from clabber_league.reports.filled import FilledSheetRenderer
from clabber_league.reports.layout import Sponsor
from clabber_league.reports.schedule import ScheduleRenderer
from clabber_league.reports.sheet import FilledSheetData, filled_sheet_data
from clabber_league.reports.standings import StandingsRenderer
from clabber_league.reports.styles import Paper

__all__ = [
    "BlankSheetData",
    "BlankSheetRenderer",
    "FilledSheetData",
    "FilledSheetRenderer",
    "Paper",
    "Progress",
    "Renderer",
    "ReportError",
    "ScheduleRenderer",
    "SeasonBookRenderer",
    "Sponsor",
    "StandingsRenderer",
    "blank_sheet_data",
    "filled_sheet_data",
]
