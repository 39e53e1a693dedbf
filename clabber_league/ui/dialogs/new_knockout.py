"""Tournament → New knockout…: a knockout for teams, with what ``tournament knockout``
takes — its name, its teams, single or double elimination, seeded in the order given
or drawn (by a seed), the games of a match, the rules and the league it is kept in.

The teams are typed a line each as ``--team`` takes them ("Eagles: Ann, Bob") or
loaded from the files ``--teams`` reads (``roster_file.team_file``). What is wrong is
said in words under the fields, by the store's own checks of the teams
(``store.knockout.checked_teams``), and OK stays disabled until nothing is. OK keeps the
knockout (``store.knockout.create_knockout``: one transaction, or nothing) and stays
open, saying why, if the store refuses it (a tournament of that name already, a season
of that name in the league).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _, said_error
from clabber_league.inputs import InputError
from clabber_league.roster_file import TeamEntry, team_entry, team_file
from clabber_league.rules import DEFAULT_PRESET, PRESETS
from clabber_league.rules.limits import GAMES_PER_MATCH, TOURNAMENT_SEED
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.knockout import checked_teams, create_knockout, fits_knockout
from clabber_league.store.playoffs import Bracket
from clabber_league.store.tournaments import KNOCKOUT, TournamentInfo, tournament_info
from clabber_league.ui.widgets.checked_form import lines_box, problems_label
from clabber_league.ui.widgets.layouts import named, ok_cancel
from clabber_league.ui.widgets.title_room import room_for_title


def typed_teams(text: str) -> list[TeamEntry]:
    """The teams typed, one a line as ``--team`` takes them, blank lines skipped."""
    return [team_entry(line) for line in text.splitlines() if line.strip()]


def team_line(entry: TeamEntry) -> str:
    """A team as a line of the box: ``"Eagles: Ann, Bob"`` (``team_entry`` reads it back)."""
    team, players = entry
    return f"{team}: {', '.join(players)}"


class NewKnockoutDialog(QDialog):
    """A knockout of 2 to 16 teams of two; kept on OK."""

    def __init__(self, database: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New knockout"))
        self.database = database
        self.created: TournamentInfo | None = None
        """The knockout kept, once OK has kept it."""
        self.bracket: Bracket | None = None
        """Its bracket as made: round 1 in week 1."""

        self.name = named(QLineEdit(self), "knockout_name")
        self.name.setPlaceholderText(_("e.g. Winter Cup"))
        self.teams = lines_box(self, "knockout_teams", _("One team a line: Eagles: Ann, Bob"))
        load = named(QPushButton(_("&Load from file…"), self), "load_teams")
        load.setToolTip(_("A text file a team a line, or a CSV or XLSX file: team, player, player"))
        load.clicked.connect(self._choose_file)
        self._make_bracket_fields()
        self.rules = named(QComboBox(self), "knockout_rules")
        for key, preset in PRESETS.items():
            if fits_knockout(preset):
                self.rules.addItem(_(preset.name), key)
        self.rules.setCurrentIndex(max(self.rules.findData(DEFAULT_PRESET), 0))
        self.league = named(QLineEdit(self), "knockout_league")
        self.league.setPlaceholderText(_("A league named as the knockout"))
        self.problems = problems_label(self, "knockout_problems")
        self._buttons = ok_cancel(self)
        form = QFormLayout()
        form.addRow(_("&Name"), self.name)
        form.addRow(_("&Teams"), self.teams)
        form.addRow("", load)
        form.addRow(_("&Elimination"), self.elimination)
        form.addRow(_("&Bracket"), self.order)
        form.addRow(_("&Seed"), self.seed)
        form.addRow(_("&Games per match"), self.games_per_match)
        form.addRow(_("R&ules"), self.rules)
        form.addRow(_("Le&ague"), self.league)
        layout = QVBoxLayout(self)
        layout.addLayout(form, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self._buttons)
        for edit in (self.name.textChanged, self.teams.textChanged):
            edit.connect(self._check)
        self.order.currentIndexChanged.connect(lambda _index: self._check())
        room_for_title(self)
        self._check()

    def _make_bracket_fields(self) -> None:
        """Single or double elimination, seeded or drawn (by which seed), games a match."""
        self.elimination = named(QComboBox(self), "knockout_elimination")
        self.elimination.addItem(_("Single elimination"), False)
        self.elimination.addItem(_("Double elimination: a team is out after its second loss"), True)
        self.order = named(QComboBox(self), "knockout_order")
        self.order.addItem(_("Seeded in the order given"), False)
        self.order.addItem(_("Drawn"), True)
        self.seed = named(QSpinBox(self), "knockout_seed")
        self.seed.setRange(TOURNAMENT_SEED.low, TOURNAMENT_SEED.high)
        self.seed.setToolTip(_("Another seed, another draw; the same seed, the same one"))
        self.games_per_match = named(QSpinBox(self), "knockout_games")
        self.games_per_match.setRange(GAMES_PER_MATCH.low, GAMES_PER_MATCH.high)

    # ------------------------------------------------------------- reading
    def entries(self) -> list[TeamEntry]:
        return typed_teams(self.teams.toPlainText())

    def double(self) -> bool:
        return bool(self.elimination.currentData())

    def drawn(self) -> bool:
        return bool(self.order.currentData())

    def load_teams(self, path: str) -> bool:
        """Put the file's teams in the box; its problem, in words, if it cannot be read."""
        try:
            entries = team_file(path)
        except InputError as exc:
            self._say(said_error(exc))
            return False
        self.teams.setPlainText("\n".join(team_line(entry) for entry in entries))
        return True

    def _choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            _("Load teams"),
            "",
            _("Lists of teams (*.txt *.csv *.xlsx);;All files (*)"),
        )
        if path:
            self.load_teams(path)

    # ------------------------------------------------------------- checking
    def _check(self) -> None:
        """Say what is wrong, if anything; enable OK only when nothing is."""
        self.seed.setEnabled(self.drawn())
        problems: list[str] = []
        if not self.name.text().strip():
            problems.append(_("Give the knockout a name."))
        try:
            checked_teams(self.entries())
        except StoreError as exc:
            problems.append(said_error(exc))
        self._say("\n".join(problems))
        button = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        if button is not None:
            button.setEnabled(not problems)

    def _say(self, text: str) -> None:
        self.problems.setText(text)
        self.problems.setVisible(bool(text))

    # ------------------------------------------------------------- keeping
    def accept(self) -> None:
        """Keep the knockout; if the store refuses it, say why and stay open."""
        name = self.name.text().strip()
        try:
            self.bracket = create_knockout(
                self.database,
                name=name,
                teams=self.entries(),
                double=self.double(),
                draw=self.drawn(),
                seed=self.seed.value() if self.drawn() else 0,  # kept as the draw's
                games_per_match=self.games_per_match.value(),
                rules_preset=str(self.rules.currentData()),
                league=self.league.text().strip() or None,
            )
        except StoreError as exc:
            self._say(said_error(exc))
            return
        self.created = tournament_info(self.database, name, kind=KNOCKOUT)
        super().accept()
