"""Who sat at the table for a game: the roster by default, a substitute when one sat in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QWidget,
)

from clabber_league.i18n import _, fill
from clabber_league.rules import Game
from clabber_league.ui.plain import literal_ampersands, plain_label
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
        form.addRow(ok_cancel(self))

    def players(self) -> dict[str, str]:
        """Seat → name, empty seats left out."""
        return {
            seat: combo.currentText().strip()
            for seat, combo in self._seats.items()
            if combo.currentText().strip()
        }
