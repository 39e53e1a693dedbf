"""File → League night…: choose the night, start the service inside the app, and hand
each table its QR code and link (or print the table cards).

The service listens on this computer only (127.0.0.1) unless the secretary chooses
another address; the moment the address is one other machines can reach, the
dialog says so plainly, and says it while the service runs.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import N_, _, fill, ngettext
from clabber_league.league.night_left import week_to_open
from clabber_league.night.cards import TableCardsRenderer, table_cards_data
from clabber_league.night.ending import left_lines, night_left
from clabber_league.night.links import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    LinkError,
    base_url,
    night_links,
    reachable_from_network,
)
from clabber_league.night.server import NightSettings
from clabber_league.outputs import OutputError
from clabber_league.rules.limits import PORT, WEEKS
from clabber_league.store.errors import StoreError
from clabber_league.store.league import list_seasons
from clabber_league.store.night import close_night
from clabber_league.store.night_progress import season_progress
from clabber_league.ui.night.actions import NightStartError
from clabber_league.ui.night.qr_widget import QrWidget
from clabber_league.ui.plain import plain_label, shown
from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.layouts import clear_layout, named

if TYPE_CHECKING:
    from clabber_league.night.links import NightLinks
    from clabber_league.store.database import Database
    from clabber_league.ui.night.actions import NightActions

ADDRESSES = (
    (DEFAULT_HOST, N_("this computer only")),
    ("0.0.0.0", N_("every network this computer is on")),
)
WILDCARDS = ("0.0.0.0", "::")
"""Addresses that mean "every address of this computer": no link can be made of them."""
NETWORK_WARNING = N_(
    "Reachable from the network: any device on this computer's networks can open the "
    "service, and anyone holding a table's link can enter hands at that table. Use it on "
    "the club's own Wi-Fi, and end the night when the last table is done."
)


def lan_addresses() -> list[str]:
    """This computer's own IPv4 addresses other than loopback, as its name resolves
    (asked of the system's resolver; nothing is sent anywhere)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, family=socket.AF_INET)
    except (OSError, UnicodeError):
        return []
    return sorted(
        {str(info[4][0]) for info in found if not ipaddress.ip_address(info[4][0]).is_loopback}
    )


class LeagueNightDialog(QDialog):
    """The night's settings, the start and stop, and every table's code and link."""

    def __init__(
        self, night: NightActions, database: Database | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("League night"))
        self.resize(760, 640)
        self._night = night
        self._database = database

        form = self._build_form()
        self.start_button = self._button(_("&Start"), "start", self.start)
        self.stop_button = self._button(_("S&top"), "stop", night.stop)
        self.end_button = self._button(_("&End the night…"), "end", self.ask_end_night)
        self.end_button.setToolTip(_("Stop serving, and make every link of this week useless"))
        self.cards_button = self._button(_("Print table &cards…"), "cards", self.print_cards)
        self.scoreboard_button = self._button(
            _("Open the sc&oreboard"), "scoreboard", night.open_scoreboard
        )
        buttons = QHBoxLayout()
        for button in (self.start_button, self.stop_button, self.end_button, self.cards_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.scoreboard_button)

        self.state = named(plain_label(QLabel(self)), "state")
        self.state.setWordWrap(True)
        self.warning = named(plain_label(QLabel(_(NETWORK_WARNING), self)), "network_warning")
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet(tone_style(Tone.WARNING, self.palette(), boxed=True, padding=6))

        self._cards = QWidget()
        self._cards_layout = QGridLayout(self._cards)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._cards)

        close = QPushButton(_("Close"), self)
        close.clicked.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.state)
        layout.addWidget(self.warning)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)

        self.address.currentTextChanged.connect(lambda _text: self.show_state())
        self.season.currentIndexChanged.connect(lambda _index: self._choose_week())
        self._fill_seasons()
        self.show_state()

    def _build_form(self) -> QFormLayout:
        self.season = named(QComboBox(self), "season")
        self.week = named(QSpinBox(self), "week")
        self.week.setRange(WEEKS.low, WEEKS.high)
        self.address = named(QComboBox(self), "address")
        self.address.setEditable(True)
        for host, words in ADDRESSES:
            self.address.addItem(fill(_("{host} — {words}"), host=host, words=_(words)))
        for host in lan_addresses():
            self.address.addItem(_("{host} — this computer on the network").format(host=host))
        self.port = named(QSpinBox(self), "port")
        self.port.setRange(PORT.low, PORT.high)
        self.port.setValue(DEFAULT_PORT)
        self.public_url = named(QLineEdit(self), "public_url")
        self.public_url.setPlaceholderText(_("optional, e.g. http://192.168.1.20:8717"))
        self.public_url.setToolTip(
            _("The address phones reach this computer at, written into the links and QR codes")
        )
        form = QFormLayout()
        form.addRow(_("&Season:"), self.season)
        form.addRow(_("&Week:"), self.week)
        form.addRow(_("&Address:"), self.address)
        form.addRow(_("&Port:"), self.port)
        form.addRow(_("Public &link base:"), self.public_url)
        return form

    def _button(self, text: str, name: str, slot: Callable[[], object]) -> QPushButton:
        button = named(QPushButton(text, self), name)
        button.clicked.connect(slot)
        return button

    def set_database(self, database: Database | None) -> None:
        """The window opened another league file (or a restored copy): tonight is chosen
        from its seasons."""
        self._database = database
        self._fill_seasons()
        self.show_state()

    # ---------------------------------------------------------------- choices
    def _fill_seasons(self) -> None:
        self.season.clear()
        if self._database is None:
            return
        for season in list_seasons(self._database):
            words = _("{league} — {name}").format(league=season.league, name=season.name)
            self.season.addItem(words, (season.league, season.name))

    def _choose_week(self) -> None:
        """The first week with a match still to play: tonight, most likely (when every
        match is played, the last week). Chosen again each time the dialog opens while
        nothing is served, so last week's night, played out since, is not offered again."""
        chosen = self.chosen_season()
        if chosen is None or self._database is None:
            return
        league, season = chosen
        week = week_to_open(season_progress(self._database, season, league))
        if week is not None:
            self.week.setValue(week)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 -- Qt's name
        if not self._night.running:
            self._choose_week()
        super().showEvent(event)

    def chosen_season(self) -> tuple[str, str] | None:
        data = self.season.currentData()
        return (str(data[0]), str(data[1])) if isinstance(data, tuple) else None

    def host(self) -> str:
        """The address typed or chosen: "127.0.0.1 — this computer only" means 127.0.0.1."""
        return self.address.currentText().split(" — ", 1)[0].strip()

    # ---------------------------------------------------------------- the service
    def start(self) -> None:
        try:
            self._night.start(self.settings())
        except NightStartError as exc:
            self._problem(_("The league night did not start: {exc}").format(exc=exc))

    def settings(self) -> NightSettings:
        """The night and the address chosen (raises ``NightStartError``).

        Listening on every address (0.0.0.0) gives links no phone can open, so the
        public link base is then this computer's address on the network, when it has
        one, and is written into the field for the secretary to see.
        """

        chosen = self.chosen_season()
        if chosen is None:
            raise NightStartError(_("choose a season: the league has none yet"))
        host = self.host()
        if not host:
            raise NightStartError(
                _("give the address to listen on (127.0.0.1: this computer only)")
            )
        public = self.public_url.text().strip()
        if not public and host in WILDCARDS:
            found = lan_addresses()
            if not found:
                raise NightStartError(
                    _(
                        "phones cannot open links to {host}: give the public link base, the "
                        "address phones reach this computer at (say http://192.168.1.20:8717)"
                    ).format(host=host)
                )
            public = f"http://{found[0]}:{self.port.value()}"
            self.public_url.setText(public)
        league, season = chosen
        return NightSettings(
            season=season,
            week=self.week.value(),
            league=league,
            host=host,
            port=self.port.value(),
            public_url=public or None,
        )

    def ask_end_night(self) -> None:
        """Ask before ending the night; a night with tables mid-game or never begun names
        them first, and then No is the default answer."""
        chosen = self.chosen_season()
        if chosen is None or self._database is None:
            return
        league, season = chosen
        try:
            left = night_left(self._database, season, self.week.value(), league)
        except StoreError as exc:
            self._problem(_("The night was not ended: {message}").format(message=exc.message))
            return
        question = _(
            "End week {week} of {season}? The service stops and every table's link and the "
            "board's stop working for good (new ones are made if the night is served again)."
        )
        words = fill(question, week=self.week.value(), season=season)
        lines = left_lines(left)
        if lines:
            words = "\n\n".join([_("This night is not over:"), "\n".join(lines), words])
        answer = QMessageBox.question(
            self,
            _("End the night"),
            shown(words),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No if lines else QMessageBox.StandardButton.Yes,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.end_night()

    def end_night(self) -> None:
        """``night close`` from the window: stop serving and end every link of the week."""

        chosen = self.chosen_season()
        if chosen is None or self._database is None:
            return
        league, season = chosen
        self._night.stop()
        try:
            closed = close_night(self._database, season, self.week.value(), league)
        except StoreError as exc:
            self._problem(_("The night was not ended: {message}").format(message=exc.message))
            return
        ended = ngettext(
            "Week {week} of {season} is ended: {count} link stopped working.",
            "Week {week} of {season} is ended: {count} links stopped working.",
            closed,
        )
        self._say(fill(ended, week=self.week.value(), season=season, count=closed))
        self._choose_week()  # the next night to play

    def _say(self, words: str, style: str = "") -> None:
        self.state.setStyleSheet(style)
        self.state.setText(words)

    def _problem(self, words: str) -> None:
        self._say(words, tone_style(Tone.ERROR, self.palette()) + " font-weight: bold;")

    def show_state(self) -> None:
        server = self._night.server if self._night.running else None
        running = server is not None
        for field in (self.season, self.week, self.address, self.port, self.public_url):
            field.setEnabled(not running)
        self.start_button.setEnabled(not running and self.season.count() > 0)
        self.end_button.setEnabled(self.season.count() > 0)
        self.stop_button.setEnabled(running)
        self.scoreboard_button.setEnabled(running)
        host = server.settings.host if server is not None else self.host()
        self.warning.setVisible(bool(host) and reachable_from_network(host))
        if server is not None and server.links is not None:
            self._say(
                _(
                    "Serving {season}, week {week} at {base_url} — open each table's link "
                    "on its phone."
                ).format(
                    season=server.settings.season,
                    week=server.settings.week,
                    base_url=server.base_url,
                )
            )
            self._show_links(server.links)
        else:
            self._say(_("Not serving. Start, then hand each table its code or link."))
            self._show_links(None)

    def _show_links(self, links: NightLinks | None) -> None:
        clear_layout(self._cards_layout)
        if links is None:
            return
        entries = [
            (_("Table {table}").format(table=link.table), _(" v ").join(link.sides[:2]), link.url)
            for link in links.tables
        ]
        entries.append((_("The board"), _("every table and the standings"), links.board.url))
        for index, (heading, match, url) in enumerate(entries):
            self._cards_layout.addWidget(self._card(heading, match, url), index // 2, index % 2)

    def _card(self, heading: str, match: str, url: str) -> QFrame:
        card = named(QFrame(self._cards), "link_card")
        card.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(card)
        title = plain_label(QLabel(heading, card))
        title.setStyleSheet("font-size: 14pt; font-weight: bold;")
        layout.addWidget(title)
        layout.addWidget(plain_label(QLabel(match, card)))
        code = QrWidget(url, 180, card)
        layout.addWidget(code, 0, Qt.AlignmentFlag.AlignHCenter)
        # A link has no spaces to wrap at: a read-only field shows it whole, scrolled.
        link = named(QLineEdit(url, card), "link")
        link.setReadOnly(True)
        link.setCursorPosition(0)
        link.setAccessibleName(_("The link of {heading}").format(heading=heading))
        layout.addWidget(link)
        copy = QPushButton(_("Copy the link"), card)
        copy.setAccessibleName(_("Copy the link of {heading}").format(heading=heading))
        copy.clicked.connect(lambda: QApplication.clipboard().setText(url))
        layout.addWidget(copy)
        return card

    # ---------------------------------------------------------------- cards
    def print_cards(self) -> None:
        """The table cards as a PDF, for the night chosen (served or not)."""
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Print table cards"), "table-cards.pdf", _("PDF files (*.pdf)")
        )
        if path:
            self.write_cards(path)

    def write_cards(self, path: str) -> None:
        """Write the cards to ``path`` (the save dialog asked before replacing a file)."""

        chosen = self.chosen_season()
        if chosen is None or self._database is None:
            self._problem(_("Choose a season first."))
            return
        league, season = chosen
        server = self._night.server if self._night.running else None
        public = self.public_url.text().strip() or None
        try:
            base = server.base_url if server else base_url(self.host(), self.port.value(), public)
            links = night_links(
                self._database, season=season, week=self.week.value(), league=league, base=base
            )
            data = table_cards_data(links, season=season, week=self.week.value())
            TableCardsRenderer(data).render(path, force=True)
        except (OutputError, LinkError) as exc:
            self._problem(_("The table cards were not written: {exc}").format(exc=exc))
            return
        except StoreError as exc:
            self._problem(
                _("The table cards were not written: {message}").format(message=exc.message)
            )
            return
        self._say(_("The table cards are in {path}.").format(path=path))
