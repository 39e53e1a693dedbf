"""Who sat at the table for a game: the roster by default, a substitute when one sat in.

One person sits in one seat: OK waits while a name is in two (``check_players``, the
names compared as every name is), as New game does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QWidget,
)

from clabber_league.i18n import _, capitalised, fill, said
from clabber_league.rules import Game
from clabber_league.rules.game import check_players
from clabber_league.ui.plain import literal_ampersands, plain_label
from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.layouts import named, ok_cancel


class SeatsDialog(QDialog):
    """One editable name per seat: pick a known player or type a substitute's name."""

    def __init__(
        self,
        game: Game,
        seated: Mapping[str, str],
        known: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Who sat"))
        self._game = game
        form = QFormLayout(self)
        self._seats: dict[str, QComboBox] = {}
        for seat in game.rules.seats:
            combo = named(QComboBox(self), f"seat_{seat}")
            combo.setEditable(True)
            combo.addItems(["", *sorted(set(known))])
            combo.setCurrentText(seated.get(seat, ""))
            team = game.names.get(seat[0], seat[0])
            label = plain_label(
                QLabel(literal_ampersands(fill(_("{seat} ({team})"), seat=seat, team=team)), self)
            )
            form.addRow(label, combo)
            self._seats[seat] = combo
            combo.currentTextChanged.connect(self._check)
        self._problem = named(plain_label(QLabel(self)), "problem")
        self._problem.setStyleSheet(tone_style(Tone.ERROR, self.palette()))
        form.addRow(self._problem)
        self._buttons = ok_cancel(self)
        form.addRow(self._buttons)
        self._check()

    def players(self) -> dict[str, str]:
        """Seat → name, empty seats left out."""
        return {
            seat: combo.currentText().strip()
            for seat, combo in self._seats.items()
            if combo.currentText().strip()
        }

    def _check(self) -> None:
        """OK only while every person sits in one seat; the first problem said."""
        chosen = self.players()
        layout = self._game.rules.layout
        problems = check_players(
            {
                side: [chosen[seat] for seat in layout.seats_of(side) if seat in chosen]
                for side in self._game.rules.sides
            }
        )
        self._problem.setText(capitalised(said(problems[0])) if problems else "")
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)
