"""File → Publish league site…: the season the league panel shows, published into a
folder the user picks, in a worker behind a Cancel (``site.publish``, docs/publishing.md).

The same publish as ``clabber-league publish --season``: only the pages that changed are
written, and the window says how many. The site is in the window's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog

from clabber_league.i18n import _, fill, said_error
from clabber_league.ui.league.workers import location_of, run_with_progress, with_own_database

if TYPE_CHECKING:
    from collections.abc import Callable

    from clabber_league.site.builder import Outcome
    from clabber_league.store.database import Database
    from clabber_league.ui.league.workers import Task
    from clabber_league.ui.main_window import MainWindow

FOLDER_KEY = "publishing/folder"
"""The folder the site was last published into: the folder dialog starts there."""


class SitePublisher(QObject):
    """The menu action and the publish under way, if any (one at a time)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.main = window
        self.task: Task | None = None
        self.action = QAction(_("Publish league &site…"), window)
        self.action.triggered.connect(lambda _checked=False: self.publish())

    def update_action(self) -> None:
        self.action.setEnabled(self.main.current_season() is not None and self.task is None)

    def choose_folder(self) -> Path | None:
        start = str(self.main.settings.value(FOLDER_KEY, str(Path.home())))
        chosen = QFileDialog.getExistingDirectory(
            self.main, _("Publish the league's site into"), start
        )
        return Path(chosen) if chosen else None

    def publish(self, folder: Path | None = None) -> Task | None:
        """Publish the panel's season into ``folder`` (asked when not given)."""
        season, database = self.main.current_season(), self.main.database
        if season is None or database is None or self.task is not None:
            return None
        folder = folder or self.choose_folder()
        if folder is None:
            return None
        self.main.settings.setValue(FOLDER_KEY, str(folder))

        def work(own: Database, _progress: Callable[[int, int], bool]) -> Outcome:
            from clabber_league.site.publish import publish  # noqa: PLC0415 -- loads Jinja2 and ReportLab

            return publish(own, folder, [season], league_index=False)

        def done(outcome: Outcome) -> None:
            self._finished()
            self.main.tell(
                fill(
                    _(
                        "{season}'s site is in {folder}: {written} files written, "
                        "{unchanged} unchanged, {removed} removed"
                    ),
                    season=season.name,
                    folder=str(folder),
                    written=outcome.written,
                    unchanged=outcome.unchanged,
                    removed=outcome.removed,
                )
            )

        def failed(error: BaseException, cancelled: bool) -> None:
            self._finished()
            if not cancelled:
                self.main.complain(_("The league's site was not published"), said_error(error))

        self.task = run_with_progress(
            self.main,
            fill(_("Publishing the site of {name}…"), name=season.name),
            with_own_database(location_of(database), work, read_only=True),
            on_success=done,
            on_failure=failed,
        )
        self.update_action()
        return self.task

    def _finished(self) -> None:
        self.task = None
        self.update_action()

    def stop_work(self) -> None:
        """Wait for a publish under way (the window is closing): a page is written whole."""
        if self.task is not None:
            self.task.cancel()
            self.task.wait()
