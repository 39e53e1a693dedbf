"""Options for a pad of blank scoresheets, as ``clabber-league print blank`` takes them.

The choices are kept in the settings: a secretary prints the same pad with
the same sponsor week after week.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from clabber_league.i18n import N_, _, capitalised, ngettext
from clabber_league.reports import BlankSheetData, Paper, ReportError
from clabber_league.rules import PRESETS
from clabber_league.rules.limits import PAGES
from clabber_league.ui.printing.documents import BlankOptions
from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.layouts import named, ok_cancel

GAMES_PER_PAGE = {
    1: N_("1 — one sheet a page"),
    2: N_("2 — two, stacked"),
    4: N_("4 — four (2 × 2)"),
}
PAPER_NAMES = {Paper.LETTER.value: N_("Letter"), Paper.A4.value: N_("A4")}
SETTINGS_GROUP = "printing/blank"
#: The options kept in the settings (the paper is the Print menu's, kept apart).
SAVED = ("games_per_page", "pages", "rules", "league", "sponsor_text", "sponsor_logo")


def load_options(settings: QSettings, paper: Paper) -> BlankOptions:
    """The last pad's options (a default pad on ``paper`` the first time)."""
    default = BlankOptions(paper=paper)

    def text(key: str, fallback: str) -> str:
        return str(settings.value(f"{SETTINGS_GROUP}/{key}", fallback))

    def number(key: str, fallback: int) -> int:
        value = text(key, str(fallback))
        return int(value) if value.isdigit() else fallback

    rules = text("rules", default.rules)
    games_per_page = number("games_per_page", default.games_per_page)
    return BlankOptions(
        games_per_page=games_per_page if games_per_page in GAMES_PER_PAGE else 1,
        pages=min(max(number("pages", default.pages), 1), PAGES.high),
        paper=paper,
        rules=rules if rules in PRESETS else default.rules,
        league=text("league", ""),
        sponsor_text=text("sponsor_text", ""),
        sponsor_logo=text("sponsor_logo", ""),
    )


def save_options(settings: QSettings, options: BlankOptions) -> None:
    for key in SAVED:
        settings.setValue(f"{SETTINGS_GROUP}/{key}", str(getattr(options, key)))


class BlankSheetsDialog(QDialog):
    """Sheets a page, pages, paper, rules, the league line and the sponsor's box.

    Preview is refused, with the reason under the form, while the pad
    cannot be made (a logo that is no image): the dialog stays open to fix it.
    """

    def __init__(self, options: BlankOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Blank scoresheets"))
        self.setMinimumWidth(460)
        self._data: BlankSheetData | None = None
        self.games_per_page = _choices(GAMES_PER_PAGE, options.games_per_page)
        self.pages = QSpinBox()
        self.pages.setRange(1, PAGES.high)
        self.pages.setValue(options.pages)
        self.paper = _choices(PAPER_NAMES, options.paper.value)
        self.rules = _choices({key: rules.name for key, rules in PRESETS.items()}, options.rules)
        self.league = QLineEdit(options.league)
        self.league.setPlaceholderText(_("printed on every sheet's league line"))
        self.sponsor_text = QPlainTextEdit(options.sponsor_text)
        self.sponsor_text.setPlaceholderText(_("the sponsor's words; a second line for an address"))
        self.sponsor_text.setFixedHeight(self.fontMetrics().lineSpacing() * 3 + 12)
        self.sponsor_logo = QLineEdit(options.sponsor_logo)
        self.sponsor_logo.setPlaceholderText(_("PNG, JPEG or GIF"))
        self.summary = named(QLabel(), "blank_summary")
        self.problem = named(QLabel(), "blank_problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setStyleSheet(tone_style(Tone.ERROR, self.palette()))
        self._lay_out()
        self.games_per_page.currentIndexChanged.connect(lambda _index: self._count())
        self.pages.valueChanged.connect(lambda _value: self._count())
        self._count()

    def _lay_out(self) -> None:
        choose_logo = QPushButton(_("Choose…"))
        choose_logo.clicked.connect(self._choose_logo)
        logo_row = QHBoxLayout()
        logo_row.addWidget(self.sponsor_logo, 1)
        logo_row.addWidget(choose_logo)
        buttons = ok_cancel(self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Preview"))
        form = QFormLayout(self)
        form.addRow(_("Sheets a page"), self.games_per_page)
        form.addRow(_("Pages"), self.pages)
        form.addRow("", self.summary)
        form.addRow(_("Paper"), self.paper)
        form.addRow(_("Rules"), self.rules)
        form.addRow(_("League"), self.league)
        form.addRow(_("Sponsor's words"), self.sponsor_text)
        form.addRow(_("Sponsor's logo"), logo_row)
        form.addRow(self.problem)
        form.addRow(buttons)

    def options(self) -> BlankOptions:
        return BlankOptions(
            games_per_page=int(self.games_per_page.currentData()),
            pages=self.pages.value(),
            paper=Paper(str(self.paper.currentData())),
            rules=str(self.rules.currentData()),
            league=self.league.text().strip(),
            sponsor_text=self.sponsor_text.toPlainText().strip(),
            sponsor_logo=self.sponsor_logo.text().strip(),
        )

    def data(self) -> BlankSheetData | None:
        """The pad accepted (``None`` until Preview succeeds)."""
        return self._data

    def accept(self) -> None:
        try:
            self._data = self.options().data()
        except ReportError as exc:
            self.problem.setText(f"{capitalised(str(exc))}.")
            return
        self.problem.clear()
        super().accept()

    def _count(self) -> None:
        sheets = int(self.games_per_page.currentData()) * self.pages.value()
        self.summary.setText(
            ngettext("{count} sheet in all", "{count} sheets in all", sheets).format(count=sheets)
        )

    def _choose_logo(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            _("The sponsor's logo"),
            self.sponsor_logo.text(),
            _("Images (*.png *.jpg *.jpeg *.gif)"),
        )
        if path:
            self.sponsor_logo.setText(path)


def _choices(labels: Mapping[Any, str], chosen: object) -> QComboBox:
    """A combo box of ``labels``' values, each keeping its key as data; ``chosen`` selected."""
    combo = QComboBox()
    for key, label in labels.items():
        combo.addItem(_(label), key)
    combo.setCurrentIndex(max(0, combo.findData(chosen)))
    return combo
