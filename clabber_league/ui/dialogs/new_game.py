"""Starting a game: who plays, under which rules, and who deals first.

The rule set is chosen from the presets of RULES.md §10 and its options
(§9) are built from ``OPTION_SPECS``, so a new option reaches this dialog
without touching it. The sides are checked by the same function the rules
engine uses when a game is created, so OK is never enabled for a game the
engine would refuse.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _, capitalised, fill, ngettext, said
from clabber_league.rules import (
    DEFAULT_PRESET,
    OPTION_SPECS,
    PRESETS,
    ClabberError,
    Rank,
    RuleSet,
    RuleSetError,
    deck,
)
from clabber_league.rules.deal import first_jack
from clabber_league.rules.game import check_players, check_setup
from clabber_league.rules.rulesets import OptionSpec
from clabber_league.seating import Seating
from clabber_league.store.league import SeasonInfo, TeamInfo
from clabber_league.ui.dialogs.meld_calculator import card_html
from clabber_league.ui.plain import plain_label
from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.layouts import named, ok_cancel

#: Every side letter any preset uses, in order (A, B, and C for three-handed).
_ALL_SIDES: tuple[str, ...] = tuple(
    dict.fromkeys(side for preset in PRESETS.values() for side in preset.sides)
)
_HINT_STYLE = "color: palette(placeholder-text);"


def _applies(preset: RuleSet, spec: OptionSpec) -> bool:
    """Whether an option means anything under ``preset``.

    The rule set itself says which options it refuses (Klaberjass refuses a
    set rule, a meld ranking and a run of six, RULES.md §10); the
    Klaberjass-only run count means nothing anywhere else.
    """
    if spec.key == "klaberjass_runs":
        return preset.runs_only
    try:
        for value, _label in spec.choices:
            preset.with_options({spec.key: value})
    except RuleSetError:
        return False
    return True


@dataclass(frozen=True)
class SeasonTeams:
    """A season and its teams with their rosters, to start a game without retyping them."""

    season: SeasonInfo
    teams: tuple[TeamInfo, ...]


@dataclass(frozen=True)
class LeaguePairing:
    """The season's two teams chosen in the dialog (as sides A and B)."""

    season: SeasonInfo
    teams: tuple[TeamInfo, TeamInfo]


#: The most cards of the first-jack deal written out; the tooltip has them all.
_DEALT_SHOWN = 8


class NewGameDialog(QDialog):
    """Name the sides — or pick two of a season's teams — the rules and the first dealer."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        rng: random.Random | None = None,
        league: Sequence[SeasonTeams] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New game"))
        self._rng = rng or random.Random()
        self._league = [choice for choice in league if len(self._active(choice)) >= 2]

        self._preset = named(QComboBox(self), "preset")
        for key, preset in PRESETS.items():
            self._preset.addItem(_(preset.name), key)
        self._description = named(QLabel(self), "description")
        self._description.setWordWrap(True)
        self._description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._description.setStyleSheet(_HINT_STYLE)

        league_box = self._build_league()
        sides_box = self._build_sides()
        options_box = self._build_options()
        dealer_row = self._build_dealer()

        self._problem = named(plain_label(QLabel(self)), "problem")
        self._buttons = ok_cancel(self)

        rules_form = QFormLayout()
        rules_form.addRow(_("&Rules"), self._preset)
        rules_form.addRow("", self._description)
        dealer_form = QFormLayout()
        dealer_label = QLabel(_("First &dealer"), self)
        dealer_label.setBuddy(self._dealer)
        dealer_form.addRow(dealer_label, dealer_row)
        dealer_form.addRow("", self._dealt)
        layout = QVBoxLayout(self)
        league_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout.addWidget(league_box)
        layout.addLayout(rules_form)
        for box in (sides_box, options_box):
            # Spare height (a preset with fewer sides) goes below the form, not between its rows.
            box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            layout.addWidget(box)
        layout.addLayout(dealer_form)
        layout.addStretch(1)
        layout.addWidget(self._problem)
        layout.addWidget(self._buttons)

        self._preset.currentIndexChanged.connect(self._preset_changed)
        self._deal.clicked.connect(self.deal_for_first_jack)
        self._preset.setCurrentIndex(self._preset.findData(DEFAULT_PRESET))
        self._preset_changed()
        if self._league:
            self._season_chosen()
        # Most games use the default rules: start where the typing starts.
        self._names["A"].setFocus()

    # ---------------------------------------------------------------- results

    def rules(self) -> RuleSet:
        """The chosen preset with the options that apply to it (a season's own rules for a
        game between its teams)."""
        choice = self._season_choice()
        if choice is not None:
            return choice.season.rules
        overrides = {
            key: widget.value() if isinstance(widget, QSpinBox) else widget.currentData()
            for key, widget in self._options.items()
            if widget.isEnabled()
        }
        return self._base().with_options(overrides)

    def sides(self) -> list[str]:
        return [self._names[side].text().strip() for side in self._base().sides]

    def players(self) -> dict[str, list[str]]:
        """Side letter → the players listed for it, in seat order."""
        return {
            side: [name.strip() for name in self._players[side].text().split(",") if name.strip()]
            for side in self._base().sides
        }

    def first_dealer(self) -> str:
        return str(self._dealer.currentData())

    def pairing(self) -> LeaguePairing | None:
        """The season's teams chosen for the game, or ``None`` for names typed in."""
        choice = self._season_choice()
        if choice is None:
            return None
        home, away = (self._team(choice, combo) for combo in (self._home, self._away))
        if home is None or away is None or home.id == away.id:
            return None
        return LeaguePairing(choice.season, (home, away))

    # ---------------------------------------------------------------- first jack

    def deal_for_first_jack(self) -> None:
        """Deal a shuffled deck face up around the seats; the first jack deals first."""
        rules = self._base()
        cards = list(deck(rules.layout.deck_size))
        while True:
            self._rng.shuffle(cards)
            try:
                result = first_jack(cards, rules.seats)
                break
            except ClabberError:
                continue  # only the dealer got jacks: the table gathers the cards and deals again
        # Seats are fixed here, so the partner-finding second jack is not shown.
        seating = self._seating()
        shown = []
        for seat, card in result.dealt:
            shown.append(f"{html.escape(seating.short(seat))} {card_html(card)}")
            if card.rank is Rank.JACK:
                break
        self._dealer.setCurrentIndex(self._dealer.findData(result.dealer))
        # Two lines, kept from the start: however long the deal, the form never moves.
        cut = ["…", *shown[-_DEALT_SHOWN:]] if len(shown) > _DEALT_SHOWN else shown
        who = html.escape(seating.full(result.dealer))
        self._dealt.setText(
            fill(_("<b>{who} deals first</b><br>{cards}"), who=who, cards=" · ".join(cut))
        )
        self._dealt.setToolTip(" · ".join(shown))

    # ---------------------------------------------------------------- building

    def _build_sides(self) -> QGroupBox:
        """A name and a players field for every side any preset has; the preset shows its own."""
        box = QGroupBox(_("Sides"), self)
        grid = QGridLayout(box)
        grid.addWidget(QLabel(_("Name"), box), 0, 1)
        grid.addWidget(QLabel(_("Players (optional, comma-separated)"), box), 0, 2)
        self._names: dict[str, QLineEdit] = {}
        self._players: dict[str, QLineEdit] = {}
        self._side_labels: dict[str, QLabel] = {}
        for row, side in enumerate(_ALL_SIDES, start=1):
            label = QLabel(fill(_("Side &{side}"), side=side), box)
            name = named(QLineEdit(box), f"name_{side}")
            label.setBuddy(name)
            players = named(QLineEdit(box), f"players_{side}")
            for column, widget in enumerate((label, name, players)):
                grid.addWidget(widget, row, column)
            name.textChanged.connect(self._validate)
            players.textChanged.connect(self._validate)
            self._side_labels[side], self._names[side], self._players[side] = label, name, players
        grid.setColumnStretch(2, 1)
        return box

    def _build_options(self) -> QGroupBox:
        box = QGroupBox(_("Options"), self)
        form = QFormLayout(box)
        self._options: dict[str, QSpinBox | QComboBox] = {}
        for spec in OPTION_SPECS:
            widget = named(self._option_widget(spec, box), f"option_{spec.key}")
            widget.setToolTip(_(spec.description))
            form.addRow(_(spec.label), widget)
            self._options[spec.key] = widget
        return box

    def _build_dealer(self) -> QHBoxLayout:
        self._dealer = named(QComboBox(self), "first_dealer")
        self._dealer.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._deal = QPushButton(_("&Deal till the first jack…"), self)
        self._deal.setToolTip(
            _("Deal a shuffled deck face up, one card each in turn (RULES.md §1)")
        )
        self._dealt = named(QLabel(self), "dealt")
        self._dealt.setTextFormat(Qt.TextFormat.RichText)
        self._dealt.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._dealt.setFixedHeight(self._dealt.fontMetrics().lineSpacing() * 2 + 6)
        row = QHBoxLayout()
        row.addWidget(self._dealer)
        row.addWidget(self._deal)
        row.addStretch(1)
        return row

    # ---------------------------------------------------------------- reacting

    def _base(self) -> RuleSet:
        return PRESETS[str(self._preset.currentData())]

    @staticmethod
    def _option_widget(spec: OptionSpec, parent: QWidget) -> QSpinBox | QComboBox:
        if not spec.choices:
            spin = QSpinBox(parent)
            spin.setRange(spec.numbers.low, spec.numbers.high)
            spin.setSingleStep(spec.step)
            if spec.numbers.low == 0:
                spin.setSpecialValueText(_("no limit"))
            return spin
        combo = QComboBox(parent)
        for value, label in spec.choices:
            combo.addItem(_(label), value)
        return combo

    def _preset_changed(self) -> None:
        preset = self._base()
        self._description.setText(_(preset.description))
        for side, name in self._names.items():
            visible = side in preset.sides
            for widget in (self._side_labels[side], name, self._players[side]):
                widget.setVisible(visible)
        players = preset.layout.players_per_side
        hint = (
            _("one player")
            if players == 1
            else fill(_("{players} players, comma-separated"), players=players)
        )
        for field in self._players.values():
            field.setPlaceholderText(hint)
        self._show_options(preset)
        for spec in OPTION_SPECS:
            self._options[spec.key].setEnabled(_applies(preset, spec))
        self._dealt.clear()
        with QSignalBlocker(self._dealer):
            self._dealer.clear()
            for seat in preset.seats:
                self._dealer.addItem(seat, seat)
        self._validate()

    def _show_options(self, rules: RuleSet) -> None:
        """Set the option widgets to ``rules``' options."""
        plain = rules.options.as_plain()
        for spec in OPTION_SPECS:
            option = self._options[spec.key]
            if isinstance(option, QSpinBox):
                option.setValue(int(str(plain[spec.key])))
            else:
                option.setCurrentIndex(option.findData(plain[spec.key]))

    def _validate(self) -> None:
        rules = self._base()
        problems = check_setup(rules, self.sides(), rules.seats[0])
        if self._season_choice() is not None and self.pairing() is None:
            problems.insert(0, _("choose two different teams of the season"))
        for side, listed in self.players().items():
            if len(listed) > rules.layout.players_per_side:
                problems.append(
                    ngettext(
                        "side {side} lists {listed} player, but a side of {name} has "
                        "{players_per_side}",
                        "side {side} lists {listed} players, but a side of {name} has "
                        "{players_per_side}",
                        len(listed),
                    ).format(
                        side=side,
                        listed=len(listed),
                        name=_(rules.name),
                        players_per_side=rules.layout.players_per_side,
                    )
                )
        problems.extend(check_players(self.players()))
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)
        if not any(self.sides()):
            # Nothing typed yet is no mistake: say what to do, not what is wrong.
            self._problem.setStyleSheet(_HINT_STYLE)
            self._problem.setText(_("Name the sides to start."))
        else:
            self._problem.setStyleSheet(tone_style(Tone.ERROR, self.palette()))
            self._problem.setText(capitalised(said(problems[0]) if problems else ""))
        seating = self._seating()
        for index, seat in enumerate(rules.seats):
            self._dealer.setItemText(index, seating.choice(seat))

    def _seating(self) -> Seating:
        """Who sits where as typed so far: the sides' names and their players, in seat order."""
        rules = self._base()
        names = {side: name for side, name in zip(rules.sides, self.sides(), strict=True) if name}
        players = {
            seat: name
            for side, listed in self.players().items()
            for seat, name in zip(rules.layout.seats_of(side), listed, strict=False)
        }
        return Seating(rules, names, players)

    # ---------------------------------------------------------------- the league

    @staticmethod
    def _active(choice: SeasonTeams) -> list[TeamInfo]:
        return [team for team in choice.teams if not team.retired]

    def _build_league(self) -> QGroupBox:
        """Season, home and away: the names, players and rules come from the league.

        The box is hidden when no season has two teams; its combo boxes live in it either
        way, so none is ever left loose on the dialog, drawn over the first row.
        """
        box = QGroupBox(_("From the league"), self)
        self._season = named(QComboBox(box), "league_season")
        self._home = named(QComboBox(box), "league_home")
        self._away = named(QComboBox(box), "league_away")
        box.setVisible(bool(self._league))
        self._season.addItem(_("— type the names below —"), None)
        for choice in self._league:
            info = choice.season
            self._season.addItem(
                fill(_("{league} — {name}"), league=info.league, name=info.name), info.id
            )
        form = QFormLayout(box)
        form.addRow(_("S&eason"), self._season)
        pair = QHBoxLayout()
        for label, combo in ((_("&Home (A)"), self._home), (_("A&way (B)"), self._away)):
            caption = QLabel(label, box)
            caption.setBuddy(combo)
            pair.addWidget(caption)
            pair.addWidget(combo, 1)
        form.addRow(pair)
        self._season.currentIndexChanged.connect(self._season_chosen)
        self._home.currentIndexChanged.connect(self._teams_chosen)
        self._away.currentIndexChanged.connect(self._teams_chosen)
        return box

    def _season_choice(self) -> SeasonTeams | None:
        season_id = self._season.currentData()
        return next((c for c in self._league if c.season.id == season_id), None)

    @staticmethod
    def _team(choice: SeasonTeams, combo: QComboBox) -> TeamInfo | None:
        team_id = combo.currentData()
        return next((team for team in choice.teams if team.id == team_id), None)

    def _season_chosen(self) -> None:
        choice = self._season_choice()
        for combo in (self._home, self._away):
            with QSignalBlocker(combo):
                combo.clear()
                for team in self._active(choice) if choice is not None else []:
                    combo.addItem(team.name, team.id)
                combo.setEnabled(choice is not None)
        if choice is not None:
            self._away.setCurrentIndex(min(1, self._away.count() - 1))
            preset = choice.season.rules
            self._preset.setCurrentIndex(self._preset.findData(preset.preset))
            self._show_options(preset)
        # A league game is played under its season's rules: they are not chosen here.
        self._preset.setEnabled(choice is None)
        for spec in OPTION_SPECS:
            self._options[spec.key].setEnabled(choice is None and _applies(self._base(), spec))
        self._teams_chosen()

    def _teams_chosen(self) -> None:
        choice = self._season_choice()
        if choice is None:
            for side in _ALL_SIDES:
                self._names[side].setReadOnly(False)
            return
        for side, combo in (("A", self._home), ("B", self._away)):
            team = self._team(choice, combo)
            self._names[side].setText(team.name if team is not None else "")
            self._names[side].setCursorPosition(0)  # a long name shows its start
            self._names[side].setReadOnly(True)
            players = self._base().layout.players_per_side
            self._players[side].setText(", ".join(team.players[:players]) if team else "")
