"""What the window prints: each document rendered to PDF bytes, with a title and a file name.

No widgets here, and no files: the renderers write to memory, the preview
shows those bytes and Save PDF… copies them. So nothing lands on disk unless
the user asks for it, and a cancelled season book leaves nothing behind.
The season book runs in a worker thread (``ui.league.workers``), so its
function takes the worker's own database and its ``progress``.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from clabber_league.i18n import _, fill, ngettext
from clabber_league.recording import GameRecorder
from clabber_league.reports import (
    BlankSheetData,
    BlankSheetRenderer,
    FilledSheetData,
    FilledSheetRenderer,
    Paper,
    Progress,
    Renderer,
    ScheduleRenderer,
    SeasonBookRenderer,
    Sponsor,
    StandingsRenderer,
    blank_sheet_data,
    filled_sheet_data,
)
from clabber_league.reports.awards import AwardsRenderer
from clabber_league.reports.gather import (
    awards_from_store,
    filled_sheet_from_store,
    recap_from_store,
    schedule_from_store,
    season_book_from_store,
    standings_from_store,
    week_sheets_from_store,
)
from clabber_league.reports.movement_cards import MovementCardsRenderer, movement_cards
from clabber_league.reports.recap import RecapRenderer
from clabber_league.rules import rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import DatabaseRecorder
from clabber_league.store.league import SeasonInfo
from clabber_league.store.tournaments import tournament_movement


@dataclass(frozen=True)
class Printout:
    """A rendered document: the preview's title, the name Save PDF… offers, the PDF."""

    title: str
    file_name: str
    pdf: bytes


@dataclass(frozen=True)
class BlankOptions:
    """The blank pad as ``clabber-league print blank`` takes it, option for option."""

    games_per_page: int = 1
    pages: int = 1
    paper: Paper = Paper.LETTER
    rules: str = "evansville"
    """A rule-set preset: the reference panel and the number of side columns."""
    league: str = ""
    sponsor_text: str = ""
    sponsor_logo: str = ""
    """A PNG, JPEG or GIF file, or "" for none."""

    def data(self) -> BlankSheetData:
        """The pad's data; ``ReportError`` for an unreadable logo or an impossible pad."""
        sponsor = None
        if self.sponsor_text.strip() or self.sponsor_logo:
            sponsor = Sponsor.from_file(self.sponsor_text, self.sponsor_logo or None)
        return blank_sheet_data(
            games_per_page=self.games_per_page,
            pages=self.pages,
            league=self.league,
            rules=rule_set(self.rules),
            sponsor=sponsor,
        )


def file_name(*words: str) -> str:
    """ "Fall 2025", "standings" → "fall-2025-standings.pdf"; any alphabet's letters kept."""
    stem = re.sub(r"[\W_]+", "-", " ".join(words).casefold()).strip("-")
    return f"{stem or 'clabber'}.pdf"


def pdf_of(renderer: Renderer) -> bytes:
    stream = io.BytesIO()
    renderer.render(stream)
    return stream.getvalue()


def game_sheet(recorder: GameRecorder) -> FilledSheetData:
    """The open game's sheet: from the store when it is kept there, else from the game itself.

    A game without a database (a game file shown on its own) has no league,
    date or table to print: those lines are left to fill in by hand.
    """
    if isinstance(recorder, DatabaseRecorder):
        return filled_sheet_from_store(recorder.database, recorder.id)
    return filled_sheet_data(recorder.game, recorder.corrections(), players=recorder.players)


def game_printout(recorder: GameRecorder, paper: Paper) -> Printout:
    data = game_sheet(recorder)
    matchup = _(" v ").join(data.sides)
    return Printout(matchup, file_name(matchup), pdf_of(FilledSheetRenderer(data, paper=paper)))


def blank_printout(data: BlankSheetData, paper: Paper) -> Printout:
    sheets = ngettext("{count} blank scoresheet", "{count} blank scoresheets", data.sheets).format(
        count=data.sheets
    )
    return Printout(sheets, file_name("scoresheets"), pdf_of(BlankSheetRenderer(data, paper=paper)))


def _season_printout(season: SeasonInfo, title: str, what: str, renderer: Renderer) -> Printout:
    """A season's document: ``title`` names the season, the file is "season-what.pdf"."""
    return Printout(fill(title, name=season.name), file_name(season.name, what), pdf_of(renderer))


def standings_printout(database: Database, season: SeasonInfo, paper: Paper) -> Printout:
    data = standings_from_store(database, season.name, season.league)
    renderer = StandingsRenderer(data, paper=paper)
    return _season_printout(season, _("{name} standings"), "standings", renderer)


def awards_printout(database: Database, season: SeasonInfo, paper: Paper) -> Printout:
    data = awards_from_store(database, season.name, season.league)
    renderer = AwardsRenderer(data, paper=paper)
    return _season_printout(season, _("{name} awards"), "awards", renderer)


def schedule_printout(database: Database, season: SeasonInfo, paper: Paper) -> Printout:
    data = schedule_from_store(database, season.name, season.league)
    renderer = ScheduleRenderer(data, paper=paper)
    return _season_printout(season, _("{name} schedule"), "schedule", renderer)


def recap_printout(database: Database, season: SeasonInfo, week: int, paper: Paper) -> Printout:
    data = recap_from_store(database, season.name, week, season.league)
    renderer = RecapRenderer(data, paper=paper)
    title = fill(_("{name} week {week} recap"), name=season.name, week=week)
    return Printout(title, file_name(season.name, f"week {week} recap"), pdf_of(renderer))


def week_sheets_printout(
    database: Database, season: SeasonInfo, week: int, paper: Paper
) -> Printout:
    data = week_sheets_from_store(database, season.name, week, season.league)
    renderer = BlankSheetRenderer(data, paper=paper)
    title = fill(_("{name} week {week} sheets"), name=season.name, week=week)
    return Printout(title, file_name(season.name, f"week {week} sheets"), pdf_of(renderer))


def movement_cards_printout(
    database: Database, season: SeasonInfo, tournament_id: int, paper: Paper
) -> Printout:
    """A tournament's movement cards, from its movement as kept."""
    movement = database.read(tournament_movement, tournament_id=tournament_id)
    # The tournament is named as its season (``store.tournaments``): its name on each card.
    renderer = MovementCardsRenderer(movement_cards(movement), paper=paper, tournament=season.name)
    return _season_printout(season, _("{name} movement cards"), "movement cards", renderer)


def season_book_printout(
    database: Database, season: SeasonInfo, paper: Paper, progress: Progress
) -> Printout:
    """The season book, in two passes told to ``progress`` as one: each game read, then drawn.

    With ``games`` games, ``progress`` counts to ``2 × games``: reading takes
    the first half, drawing the second (``book_step`` puts it in words).
    Returning False stops either pass with ``ReportCancelledError``.
    """

    def reading(done: int, games: int) -> bool:
        return progress(done, 2 * games)

    def drawing(done: int, games: int) -> bool:
        return progress(games + done, 2 * games)

    data = season_book_from_store(database, season.name, season.league, progress=reading)
    renderer = SeasonBookRenderer(data, paper=paper, progress=drawing)
    return _season_printout(season, _("{name} season book"), "season book", renderer)


def book_step(done: int, total: int) -> str:
    """What ``season_book_printout``'s progress means, for the progress dialog."""
    games = total // 2
    if done <= games:
        return fill(_("Reading game {done} of {games}…"), done=done, games=games)
    return fill(_("Drawing game {done} of {games}…"), done=done - games, games=games)
