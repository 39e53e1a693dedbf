"""File → Print: every document the window can print, each shown in the preview first.

What can be printed follows the window: the open game (Ctrl+P, a stored
game or one shown from a file), blank pads always, and the standings,
schedule and season book of the season the league panel shows (and a tournament's
movement cards). Which
actions are enabled follows the window's ``_update_actions`` and the
panel's list of seasons, and is worked out again whenever the menu opens.

ReportLab and Qt's PDF and print modules load when a document is first asked for,
as on the command line: loaded with the window, they and the league night were a
fifth of its start (``docs/architecture.md``, "Speed techniques kept").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu

from clabber_league.i18n import N_, _, fill, said_error
from clabber_league.store.errors import StoreError
from clabber_league.ui.league.workers import (
    location_of,
    run_with_progress,
    with_own_database,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from clabber_league.reports import Paper
    from clabber_league.store.database import Database
    from clabber_league.store.league import SeasonInfo
    from clabber_league.ui.league.panel import LeaguePanel
    from clabber_league.ui.league.workers import Task
    from clabber_league.ui.main_window import MainWindow
    from clabber_league.ui.printing.documents import Printout
    from clabber_league.ui.printing.preview import PdfPreviewDialog

PAPER_KEY = "printing/paper"
PAPERS = (("letter", N_("US &Letter")), ("a4", N_("&A4")))
"""``Paper`` values and their menu names (the enum itself would import ReportLab)."""


class PrintMenu(QMenu):
    """The Print submenu, its actions' enabled state, and the season book's worker."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("&Print"), window)
        self.main = window
        """What is printed from (the game, the database, the season) and the dialogs' parent."""
        self.task: Task | None = None
        """The season book being made, if any."""
        self.game_action = self._add(
            _("Current &game…"), self.print_game, QKeySequence.StandardKey.Print
        )
        self._add(_("&Blank sheets…"), self.print_blank)
        self.addSeparator()
        self.standings_action = self._add(_("&Standings…"), self.print_standings)
        self.schedule_action = self._add(_("S&chedule…"), self.print_schedule)
        self.awards_action = self._add(_("&Awards…"), self.print_awards)
        self.book_action = self._add(_("Season &book…"), self.print_season_book)
        self.recap_action = self._add(_("&Week's recap…"), self.print_recap)
        self.week_sheets_action = self._add(_("Sheets for a wee&k…"), self.print_week_sheets)
        self.movement_action = self._add(_("&Movement cards…"), self.print_movement_cards)
        self.addSeparator()
        paper_menu = self.addMenu(_("Pa&per"))
        self.paper_group = QActionGroup(self)
        chosen = self.paper_name()
        for value, label in PAPERS:
            action = paper_menu.addAction(_(label))
            action.setCheckable(True)
            action.setChecked(value == chosen)
            action.setData(value)
            self.paper_group.addAction(action)
        self.paper_group.triggered.connect(lambda action: self.set_paper(str(action.data())))
        self.aboutToShow.connect(self.update_actions)

    def follow(self, panel: LeaguePanel) -> None:
        """Keep the season's documents enabled as the league panel's season changes."""
        # The panel refills its season list with its signals blocked; the list's model
        # still says when its rows change.
        seasons = panel.season.model()
        seasons.rowsInserted.connect(lambda *_args: self.update_actions())
        seasons.rowsRemoved.connect(lambda *_args: self.update_actions())
        panel.season.currentIndexChanged.connect(lambda _index: self.update_actions())

    def _add(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence.StandardKey | None = None,
    ) -> QAction:
        action = self.addAction(text)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    # ------------------------------------------------------------- state
    def update_actions(self) -> None:
        has_season = self.main.current_season() is not None
        self.game_action.setEnabled(self.main.recorder is not None)
        self.standings_action.setEnabled(has_season)
        self.schedule_action.setEnabled(has_season)
        self.awards_action.setEnabled(has_season)
        self.book_action.setEnabled(has_season and self.task is None)
        self.recap_action.setEnabled(has_season)
        self.week_sheets_action.setEnabled(has_season)
        self.movement_action.setEnabled(self._tournament() is not None)

    def paper_name(self) -> str:
        """The paper every document but a blank pad (which asks) is printed on."""
        value = str(self.main.settings.value(PAPER_KEY, "letter"))
        return value if value in dict(PAPERS) else "letter"

    def paper(self) -> Paper:
        from clabber_league.reports import Paper  # noqa: PLC0415 -- see the module's doc

        return Paper(self.paper_name())

    def set_paper(self, value: str) -> None:
        self.main.settings.setValue(PAPER_KEY, value)
        for action in self.paper_group.actions():
            action.setChecked(action.data() == value)

    def stop_work(self) -> None:
        """Cancel a season book under way and wait for its thread (the window is closing)."""
        if self.task is not None:
            self.task.cancel()
            self.task.wait()

    # --------------------------------------------------------- documents
    def print_game(self) -> PdfPreviewDialog | None:
        from clabber_league.ui.printing.documents import game_printout  # noqa: PLC0415

        recorder = self.main.recorder
        if recorder is None:
            return None
        return self._preview(N_("game"), lambda: game_printout(recorder, self.paper()))

    def print_blank(self) -> PdfPreviewDialog | None:
        """Ask for the pad's options, remember them, and preview the pad."""
        from clabber_league.ui.printing import blank_dialog  # noqa: PLC0415
        from clabber_league.ui.printing.documents import blank_printout  # noqa: PLC0415

        settings = self.main.settings
        dialog = blank_dialog.BlankSheetsDialog(
            blank_dialog.load_options(settings, self.paper()), self.main
        )
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        options, data = dialog.options(), dialog.data()
        dialog.deleteLater()
        if not accepted or data is None:
            return None
        blank_dialog.save_options(settings, options)
        self.set_paper(options.paper.value)
        return self._preview(N_("blank sheets"), lambda: blank_printout(data, options.paper))

    def print_standings(self) -> PdfPreviewDialog | None:
        from clabber_league.ui.printing.documents import standings_printout  # noqa: PLC0415

        return self._season_preview(N_("standings"), standings_printout)

    def print_schedule(self) -> PdfPreviewDialog | None:
        from clabber_league.ui.printing.documents import schedule_printout  # noqa: PLC0415

        return self._season_preview(N_("schedule"), schedule_printout)

    def print_awards(self) -> PdfPreviewDialog | None:
        from clabber_league.ui.printing.documents import awards_printout  # noqa: PLC0415

        return self._season_preview(N_("awards"), awards_printout)

    def print_recap(self) -> PdfPreviewDialog | None:
        from clabber_league.ui.printing.documents import recap_printout  # noqa: PLC0415

        return self._week_preview(N_("week's recap"), recap_printout)

    def print_week_sheets(self) -> PdfPreviewDialog | None:
        from clabber_league.ui.printing.documents import week_sheets_printout  # noqa: PLC0415

        return self._week_preview(N_("week's sheets"), week_sheets_printout)

    def _tournament(self) -> int | None:
        """The id of the tournament the panel's season is played as, if it is one."""
        panel = self.main.league_panel
        return panel.tournament if panel is not None else None

    def print_movement_cards(self) -> PdfPreviewDialog | None:
        """Each player's card of the tournament shown: where they sit, round by round."""
        from clabber_league.ui.printing.documents import movement_cards_printout  # noqa: PLC0415

        tournament = self._tournament()
        if tournament is None:
            return None
        return self._season_preview(
            N_("movement cards"),
            lambda database, season, paper: movement_cards_printout(
                database, season, tournament, paper
            ),
        )

    def print_season_book(self) -> Task | None:
        """Make the book in a worker (it can run to hundreds of pages) behind a Cancel."""
        from clabber_league.ui.printing.documents import (  # noqa: PLC0415
            book_step,
            season_book_printout,
        )

        season, database = self.main.current_season(), self.main.database
        if season is None or database is None or self.task is not None:
            return None
        paper = self.paper()

        def work(own: Database, progress: Callable[[int, int], bool]) -> Printout:
            return season_book_printout(own, season, paper, progress)

        task = run_with_progress(
            self.main,
            fill(_("Making the season book of {name}…"), name=season.name),
            with_own_database(location_of(database), work, read_only=True),
            on_success=self._book_made,
            on_failure=self._book_failed,
        )
        dialog = task.dialog
        if dialog is not None:
            # Connected after run_with_progress's own label, so these words replace its count.
            task.progressed.connect(lambda done, total: dialog.setLabelText(book_step(done, total)))
        self.task = task
        self.update_actions()
        return task

    def _book_made(self, printout: Printout) -> None:
        self.task = None
        self.update_actions()
        self.show_preview(printout)

    def _book_failed(self, error: BaseException, cancelled: bool) -> None:
        self.task = None
        self.update_actions()
        if cancelled:
            self.main.tell(_("Season book cancelled: nothing was written."))
        else:
            self.main.complain(_("The season book could not be made"), str(error))

    # ------------------------------------------------------------ showing
    def _season_preview(
        self, what: str, make: Callable[[Database, SeasonInfo, Paper], Printout]
    ) -> PdfPreviewDialog | None:
        season, database = self.main.current_season(), self.main.database
        if season is None or database is None:
            return None
        return self._preview(what, lambda: make(database, season, self.paper()))

    def _week_preview(
        self, what: str, make: Callable[[Database, SeasonInfo, int, Paper], Printout]
    ) -> PdfPreviewDialog | None:
        """Ask which week of the panel's season (``week_dialog``), then preview its document."""
        from clabber_league.store.league import season_schedule  # noqa: PLC0415
        from clabber_league.ui.printing.week_dialog import ask_week  # noqa: PLC0415

        season, database = self.main.current_season(), self.main.database
        if season is None or database is None:
            return None
        try:
            matches = database.read(season_schedule, season_id=season.id)
        except StoreError as exc:
            self.main.complain(
                fill(_("The {what} could not be printed"), what=_(what)), said_error(exc)
            )
            return None
        if not matches:
            self.main.complain(
                _("Nothing to print"),
                fill(_("{name} has no schedule yet: make one first."), name=season.name),
            )
            return None
        week = ask_week(self.main, season.name, sorted({match.week for match in matches}))
        if week is None:
            return None
        return self._preview(what, lambda: make(database, season, week, self.paper()))

    def _preview(self, what: str, make: Callable[[], Printout]) -> PdfPreviewDialog | None:
        """Render, then preview; a reason, never a traceback, when the document cannot be made."""
        from clabber_league.reports import ReportError  # noqa: PLC0415

        try:
            printout = make()
        except (ReportError, StoreError, OSError) as exc:
            self.main.complain(
                fill(_("The {what} could not be printed"), what=_(what)), said_error(exc)
            )
            return None
        return self.show_preview(printout)

    def show_preview(self, printout: Printout) -> PdfPreviewDialog:
        """The preview, beside the window (not modal): a sheet to look at while keying in."""
        from clabber_league.ui.printing.preview import PdfPreviewDialog  # noqa: PLC0415

        dialog = PdfPreviewDialog(printout, self.main)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog
