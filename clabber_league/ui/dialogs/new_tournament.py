"""Tournament → New…: a progressive tournament's name, players, rounds and rules,
with its movement shown round by round before it is kept.

The players are typed one name a line or loaded from the files ``tournament plan
--players`` reads (``roster_file.player_file``). What is wrong is said in words under
the fields, by the same checks the store makes (``league.movement``), and OK stays
disabled until nothing is. The movement is planned afresh after every change on a
worker thread (64 players over 63 rounds take a second to plan), the newest change's
shown; OK keeps the tournament (``store.tournaments.create_tournament``: the same
plan, a season of its own) and stays open, saying why, if the store refuses it.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _, figures, fill, ngettext, said_error
from clabber_league.inputs import InputError
from clabber_league.league.movement import (
    FEWEST_PLAYERS,
    MOST_PLAYERS,
    Movement,
    MovementError,
    most_rounds,
    plan_movement,
)
from clabber_league.roster_file import player_file
from clabber_league.rules import DEFAULT_PRESET, PRESETS
from clabber_league.rules.limits import ROUND_HANDS, TARGET, TOURNAMENT_SEED
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.tournaments import TournamentInfo, create_tournament, partnership_name
from clabber_league.ui.league.workers import Task
from clabber_league.ui.widgets.checked_form import lines_box, problems_label
from clabber_league.ui.widgets.layouts import named, ok_cancel
from clabber_league.ui.widgets.title_room import room_for_title

GAME, HANDS = "game", "hands"
"""A round is one game to the target, or a number of hands."""
HANDS_DEFAULT = 8

Plan = tuple[tuple[str, ...], int, int]
"""What a movement is planned from: the players, the rounds, the seed."""


def typed_players(text: str) -> list[str]:
    """The names typed, one a line, blank lines skipped."""
    return [line.strip() for line in text.splitlines() if line.strip()]


class NewTournamentDialog(QDialog):
    """A progressive tournament of 8 to 64 players, its movement previewed; kept on OK."""

    def __init__(self, database: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New tournament"))
        self.database = database
        self.created: TournamentInfo | None = None
        """The tournament kept, once OK has kept it."""
        self._task: Task | None = None
        """The movement being planned, if any."""
        self._wanted: Plan | None = None
        """The plan asked for while another was being planned (only the newest waits)."""
        self._most = 0
        """The most rounds the players counted last could play (0: no count was right)."""

        self.name = named(QLineEdit(self), "tournament_name")
        self.name.setPlaceholderText(_("e.g. Spring progressive"))
        self.players = lines_box(self, "tournament_players", _("One name a line"))
        load = named(QPushButton(_("&Load from file…"), self), "load_players")
        load.setToolTip(_("A text file one name a line, or a CSV or XLSX file's first column"))
        load.clicked.connect(self._choose_file)
        self.rounds = named(QSpinBox(self), "tournament_rounds")
        self.rounds.setRange(1, most_rounds(MOST_PLAYERS))
        self.count = named(QLabel(self), "tournament_count")
        self.count.setWordWrap(True)  # it grows as names are typed
        self._make_round_fields()
        self.preview = named(QTreeWidget(self), "movement_preview")
        self.preview.setHeaderLabels([_("Table"), _("North–South"), _("East–West")])
        self.preview.setRootIsDecorated(False)
        self.preview.setIndentation(0)  # the tables under their round's bold heading
        self.preview.setMinimumWidth(360)
        self.problems = problems_label(self, "tournament_problems")
        self._buttons = ok_cancel(self)
        self._lay_out(load)
        self._use_preset()
        for edit in (self.name.textChanged, self.players.textChanged):
            edit.connect(self._check)
        for spin in (self.rounds, self.seed):
            spin.valueChanged.connect(lambda _value: self._check())
        self.round_kind.currentIndexChanged.connect(lambda _index: self._check())
        self.rules.currentIndexChanged.connect(lambda _index: self._use_preset())
        room_for_title(self)
        self._check()

    def _make_round_fields(self) -> None:
        """What a round is (a game to a target, or some hands), the rules and the seed."""
        self.round_kind = named(QComboBox(self), "round_kind")
        self.round_kind.addItem(_("One game to the target"), GAME)
        self.round_kind.addItem(_("A number of hands"), HANDS)
        self.target = named(QSpinBox(self), "tournament_target")
        self.target.setRange(TARGET.low, TARGET.high)
        self.hands = named(QSpinBox(self), "tournament_hands")
        self.hands.setRange(ROUND_HANDS.low, ROUND_HANDS.high)
        self.hands.setValue(HANDS_DEFAULT)
        self.rules = named(QComboBox(self), "tournament_rules")
        for key, preset in PRESETS.items():
            if len(preset.seats) == 4:  # two partnerships at a table
                self.rules.addItem(_(preset.name), key)
        self.rules.setCurrentIndex(max(self.rules.findData(DEFAULT_PRESET), 0))
        self.seed = named(QSpinBox(self), "tournament_seed")
        self.seed.setRange(TOURNAMENT_SEED.low, TOURNAMENT_SEED.high)
        self.seed.setToolTip(_("Another seed, another movement; the same seed, the same one"))

    def _lay_out(self, load: QPushButton) -> None:
        form = QFormLayout()
        form.addRow(_("&Name"), self.name)
        form.addRow(_("&Players"), self.players)
        form.addRow("", load)
        form.addRow(_("&Rounds"), self.rounds)
        form.addRow("", self.count)
        form.addRow(_("A r&ound"), self.round_kind)
        form.addRow(_("&To points"), self.target)
        form.addRow(_("&Hands a round"), self.hands)
        form.addRow(_("R&ules"), self.rules)
        form.addRow(_("&Seed"), self.seed)
        preview = QVBoxLayout()
        heading = QLabel(_("&Movement"), self)
        heading.setBuddy(self.preview)
        preview.addWidget(heading)
        preview.addWidget(self.preview, 1)
        row = QHBoxLayout()
        row.addLayout(form)
        row.addLayout(preview, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self._buttons)

    # ------------------------------------------------------------- reading
    def names(self) -> list[str]:
        return typed_players(self.players.toPlainText())

    def hands_per_round(self) -> int | None:
        return self.hands.value() if self.round_kind.currentData() == HANDS else None

    def to_points(self) -> int | None:
        return self.target.value() if self.round_kind.currentData() == GAME else None

    def preset(self) -> str:
        return str(self.rules.currentData())

    def load_players(self, path: str) -> bool:
        """Put the file's players in the box; its problem, in words, if it cannot be read."""
        try:
            names = player_file(path)
        except InputError as exc:
            self._say(said_error(exc))
            return False
        self.players.setPlainText("\n".join(names))
        return True

    def _choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            _("Load players"),
            "",
            _("Lists of players (*.txt *.csv *.xlsx);;All files (*)"),
        )
        if path:
            self.load_players(path)

    # ------------------------------------------------------------- checking
    def _use_preset(self) -> None:
        self.target.setValue(PRESETS[self.preset()].options.target)
        self._check()

    def _check(self) -> None:
        """Say what is wrong, if anything; enable OK only when nothing is, and plan the
        movement to show."""
        names = self.names()
        self._count(len(names))
        game = self.round_kind.currentData() == GAME
        self.target.setEnabled(game)
        self.hands.setEnabled(not game)
        problems: list[str] = []
        if not self.name.text().strip():
            problems.append(_("Give the tournament a name."))
        try:
            plan_movement(names, 1, seed=self.seed.value())  # the players' checks, quickly
        except MovementError as exc:
            problems.append(said_error(exc))
        self._say("\n".join(problems))
        button = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        if button is not None:
            button.setEnabled(not problems)
        if self._most:
            self._plan((tuple(names), self.rounds.value(), self.seed.value()))
        else:
            self._wanted = None
            self.preview.clear()

    def _count(self, players: int) -> None:
        """The rounds the players can play, kept to what they allow, and how many sit out."""
        if not FEWEST_PLAYERS <= players <= MOST_PLAYERS:
            self._most = 0
            self.count.setText(
                fill(
                    _("From {fewest} to {most} players."),
                    fewest=figures(str(FEWEST_PLAYERS)),
                    most=figures(str(MOST_PLAYERS)),
                )
            )
            return
        most = most_rounds(players)
        with QSignalBlocker(self.rounds):
            at_most = self.rounds.value() == self.rounds.maximum() or self._most == 0
            self.rounds.setMaximum(most)
            if at_most:
                self.rounds.setValue(most)  # the most, until the secretary asks for fewer
        self._most = most
        out = players % 4
        self.count.setText(
            fill(
                _("{players}: up to {rounds}, {out}"),
                players=ngettext("{count} player", "{count} players", players).format(
                    count=figures(str(players))
                ),
                rounds=ngettext("{count} round", "{count} rounds", most).format(
                    count=figures(str(most))
                ),
                out=ngettext("{count} sits out a round", "{count} sit out a round", out).format(
                    count=figures(str(out))
                ),
            )
        )

    def _say(self, text: str) -> None:
        self.problems.setText(text)
        self.problems.setVisible(bool(text))

    # ------------------------------------------------------------- planning
    def _plan(self, plan: Plan) -> None:
        self._wanted = plan
        if self._task is None:
            self._start()

    def _start(self) -> None:
        plan, self._wanted = self._wanted, None
        assert plan is not None
        players, rounds, seed = plan
        task = self._task = Task(lambda _progress: plan_movement(players, rounds, seed=seed), self)
        task.finished.connect(lambda: self._planned(task, plan))
        task.start()

    def _planned(self, task: Task, plan: Plan) -> None:
        self._task = None
        task.deleteLater()
        if self._wanted is not None:
            self._start()
        elif isinstance(task.result, Movement) and plan == self._shown_plan():
            self._show_movement(task.result)

    def _shown_plan(self) -> Plan | None:
        if not self._most:
            return None
        return tuple(self.names()), self.rounds.value(), self.seed.value()

    def planning(self) -> bool:
        """Whether a movement is being planned (tests wait for the preview)."""
        return self._task is not None or self._wanted is not None

    def _show_movement(self, movement: Movement) -> None:
        self.preview.clear()
        for found in movement.rounds:
            heading = QTreeWidgetItem([fill(_("Round {round}"), round=figures(str(found.round)))])
            self.preview.addTopLevelItem(heading)
            heading.setFirstColumnSpanned(True)
            font = heading.font(0)
            font.setBold(True)
            heading.setFont(0, font)
            for table in found.tables:
                north_south, east_west = (partnership_name(side) for side in table.sides)
                heading.addChild(
                    QTreeWidgetItem([figures(str(table.table)), north_south, east_west])
                )
            if found.byes:
                out = QTreeWidgetItem(
                    [fill(_("Sitting out: {players}"), players=", ".join(found.byes))]
                )
                heading.addChild(out)
                out.setFirstColumnSpanned(True)
            heading.setExpanded(True)
        # The partnerships whole; the table numbers' column no wider than its heading
        # (the rounds' headings and sit-outs span the row, and must not widen it).
        for column in (1, 2):
            self.preview.resizeColumnToContents(column)
        self.preview.setColumnWidth(0, self.preview.header().sectionSizeHint(0))

    # ------------------------------------------------------------- keeping
    def accept(self) -> None:
        """Keep the tournament; if the store refuses it, say why and stay open."""
        try:
            self.created = create_tournament(
                self.database,
                name=self.name.text().strip(),
                players=self.names(),
                rounds=self.rounds.value(),
                seed=self.seed.value(),
                hands_per_round=self.hands_per_round(),
                to_points=self.to_points(),
                preset=self.preset(),
            )
        except StoreError as exc:
            self._say(said_error(exc))
            return
        super().accept()

    def done(self, result: int) -> None:
        """Closing waits for a movement being planned (its thread belongs to the dialog)."""
        self._wanted = None
        if self._task is not None:
            self._task.wait()
        super().done(result)
