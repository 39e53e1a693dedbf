"""Tournament → New… in the window: bad input refused in words with OK disabled, the
movement previewed, the tournament kept and its players' standings in the league panel,
following games finished at another station; its movement cards printed."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from clabber_league import i18n
from clabber_league.store.database import Database
from clabber_league.store.tournaments import create_tournament, list_tournaments
from clabber_league.ui.dialogs.new_tournament import NewTournamentDialog
from clabber_league.ui.language import apply_language
from clabber_league.ui.main_window import MainWindow
from tests.store.test_tournaments import play_round
from tests.ui.test_languages import clipped, shown_dialog

PLAYERS = [f"Player {n:02d}" for n in range(1, 17)]


@pytest.fixture
def dialog(qtbot: QtBot, database: Database) -> Iterator[NewTournamentDialog]:
    made = NewTournamentDialog(database)
    qtbot.addWidget(made)
    made.show()
    yield made
    made.done(0)  # waits for a movement being planned


def ok_enabled(dialog: NewTournamentDialog) -> bool:
    button = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert button is not None
    return button.isEnabled()


def fill_in(dialog: NewTournamentDialog, name: str, players: list[str]) -> None:
    dialog.name.setText(name)
    dialog.players.setPlainText("\n".join(players))


def shown_rounds(qtbot: QtBot, dialog: NewTournamentDialog) -> list[list[list[str]]]:
    """The preview once planned: each round's lines, each line its columns' texts."""
    qtbot.waitUntil(lambda: not dialog.planning())
    tree = dialog.preview
    rounds = []
    for index in range(tree.topLevelItemCount()):
        heading = tree.topLevelItem(index)
        assert heading is not None
        lines = [[heading.text(0)]]
        for row in range(heading.childCount()):
            child = heading.child(row)
            assert child is not None
            lines.append([child.text(column) for column in range(3) if child.text(column)])
        rounds.append(lines)
    return rounds


@pytest.mark.parametrize(
    ("name", "players", "words"),
    [
        ("", PLAYERS, "Give the tournament a name."),
        ("Party", PLAYERS[:5], "a tournament needs from 8 to 64 players, not 5"),
        ("Party", [f"P{n}" for n in range(65)], "a tournament needs from 8 to 64 players, not 65"),
        (
            "Party",
            [*PLAYERS[:8], "player 03"],
            "Player 03 and player 03 are the same name: a player signs up once",
        ),
    ],
)
def test_bad_input_is_said_in_words_and_ok_stays_disabled(
    dialog: NewTournamentDialog, name: str, players: list[str], words: str
) -> None:
    fill_in(dialog, name, players)
    assert not ok_enabled(dialog)
    assert words in dialog.problems.text()
    assert dialog.problems.isVisibleTo(dialog)
    fill_in(dialog, "Party", PLAYERS)
    assert ok_enabled(dialog)
    assert dialog.problems.text() == ""


def test_the_rounds_are_capped_by_the_players_and_the_sit_outs_said(
    dialog: NewTournamentDialog,
) -> None:
    fill_in(dialog, "Party", PLAYERS)
    assert (dialog.rounds.maximum(), dialog.rounds.value()) == (15, 15)
    assert dialog.count.text() == "16 players: up to 15 rounds, 0 sit out a round"
    dialog.rounds.setValue(4)
    dialog.players.setPlainText("\n".join([*PLAYERS, "Ann", "Bob"]))
    assert (dialog.rounds.maximum(), dialog.rounds.value()) == (16, 4)  # asked for: kept
    assert dialog.count.text() == "18 players: up to 16 rounds, 2 sit out a round"
    dialog.players.setPlainText("\n".join([*PLAYERS[:8], "Ann"]))
    assert dialog.count.text() == "9 players: up to 9 rounds, 1 sits out a round"


def test_the_movement_is_previewed_round_by_round(
    qtbot: QtBot, dialog: NewTournamentDialog
) -> None:
    fill_in(dialog, "Party", PLAYERS[:10])
    dialog.rounds.setValue(2)
    dialog.seed.setValue(5)
    rounds = shown_rounds(qtbot, dialog)
    assert [lines[0] for lines in rounds] == [["Round 1"], ["Round 2"]]
    for lines in rounds:
        tables, sitting_out = lines[1:3], lines[3]
        assert [table[0] for table in tables] == ["1", "2"]
        assert all(" & " in side for table in tables for side in table[1:])
        assert sitting_out[0].startswith("Sitting out: ")
        seated = [
            name for table in tables for side in table[1:] for name in side.split(" & ")
        ] + sitting_out[0].removeprefix("Sitting out: ").split(", ")
        assert sorted(seated) == PLAYERS[:10]
    dialog.players.setPlainText("\n".join(PLAYERS[:5]))
    assert shown_rounds(qtbot, dialog) == []


def test_players_load_from_a_text_or_csv_file_and_a_bad_one_is_said(
    dialog: NewTournamentDialog, tmp_path: Path
) -> None:
    text = tmp_path / "players.txt"
    text.write_text("Ann\n\nBob\nCal\n", encoding="utf-8")
    assert dialog.load_players(str(text))
    assert dialog.names() == ["Ann", "Bob", "Cal"]
    sheet = tmp_path / "players.csv"
    sheet.write_text("Dee,team 1\n,Eve\n", encoding="utf-8")
    assert dialog.load_players(str(sheet))
    assert dialog.names() == ["Dee", "Eve"]
    broken = tmp_path / "broken.txt"
    broken.write_bytes(b"\xff\xfe\xfa")
    assert not dialog.load_players(str(broken))
    assert dialog.names() == ["Dee", "Eve"]
    assert dialog.problems.text() == f"{broken} is not UTF-8 text"


def test_a_name_the_store_refuses_is_said_and_the_dialog_stays_open(
    dialog: NewTournamentDialog, database: Database
) -> None:
    create_tournament(database, name="Party", players=PLAYERS, rounds=2)
    fill_in(dialog, "party", PLAYERS)
    dialog.accept()
    assert dialog.isVisible()
    assert dialog.created is None
    assert dialog.problems.text() == "there is already a tournament called Party"


def test_a_round_to_a_target_keeps_the_target_and_no_hands(dialog: NewTournamentDialog) -> None:
    fill_in(dialog, "Party", PLAYERS[:8])
    dialog.rules.setCurrentIndex(dialog.rules.findData("wadesville"))
    assert dialog.target.value() == 500  # the preset's target
    dialog.target.setValue(300)
    assert not dialog.hands.isEnabled()
    dialog.accept()
    assert dialog.created is not None
    assert (dialog.created.target, dialog.created.hands_per_round) == (300, None)
    presets = [dialog.rules.itemData(index) for index in range(dialog.rules.count())]
    assert presets == ["evansville", "evansville-alt", "wadesville"]  # two partnerships a table


def made_in_window(qtbot: QtBot, window: MainWindow) -> None:
    """Tournament → New…, 16 players over 3 rounds of 8 hands, OK."""
    dialog = window.new_tournament()
    assert isinstance(dialog, NewTournamentDialog)
    fill_in(dialog, "Spring Party", PLAYERS)
    dialog.rounds.setValue(3)
    dialog.round_kind.setCurrentIndex(dialog.round_kind.findData("hands"))
    dialog.hands.setValue(8)
    ok = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None
    ok.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())


def standings_rows(window: MainWindow) -> list[tuple[str, int, int, int]]:
    panel = window.league_panel
    assert panel is not None
    return [
        (row.player, row.points, row.played, row.byes)
        for row in panel.standings_page.players_model.records()
    ]


def test_a_tournament_made_in_the_window_is_kept_and_its_players_standings_shown(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    assert window.new_tournament_action.isEnabled()
    made_in_window(qtbot, window)
    (info,) = list_tournaments(database)
    assert (info.name, info.rounds, info.hands_per_round, info.players) == (
        "Spring Party",
        3,
        8,
        tuple(PLAYERS),
    )
    panel = window.league_panel
    assert panel is not None
    season = panel.current_season()
    assert season is not None
    assert season.id == info.season_id
    assert panel.tournament == info.id
    assert panel.tabs.currentWidget() is panel.standings_page
    page = panel.standings_page
    assert page.players_part.isVisibleTo(page)
    assert not page.teams_part.isVisibleTo(page)
    assert sorted(standings_rows(window)) == [(player, 0, 0, 0) for player in PLAYERS]
    assert panel.message.text() == "Tournament Spring Party made: 3 rounds on the schedule."
    assert not panel.schedule_page.generate_button.isEnabled()
    assert schedule_words(window) == (
        "Round",
        ["All rounds", "Round 1 (4 to play)", "Round 2 (4 to play)", "Round 3 (4 to play)"],
        ["Round", "Night", "Table", "North–South", "East–West"],
    )


def schedule_words(window: MainWindow) -> tuple[str, list[str], list[str]]:
    """The Schedule tab's chooser label, its lines, and its first five headings."""
    panel = window.league_panel
    assert panel is not None
    page = panel.schedule_page
    model = page.view.model()
    return (
        page.week_label.text(),
        [page.week.itemText(index) for index in range(page.week.count())],
        [str(model.headerData(column, Qt.Orientation.Horizontal)) for column in range(5)],
    )


def test_a_round_played_at_another_station_moves_the_windows_standings(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    made_in_window(qtbot, window)
    assert database.path is not None
    other = Database.open(str(database.path))
    try:
        play_round(other, "Spring Party", 1, random.Random(7))
    finally:
        other.close()
    qtbot.waitUntil(lambda: all(played == 1 for _, _, played, _ in standings_rows(window)))
    rows = standings_rows(window)
    assert sum(points for _, points, _, _ in rows) > 0
    panel = window.league_panel
    assert panel is not None
    ranks = [row.rank for row in panel.standings_page.players_model.records()]
    assert ranks == sorted(ranks)
    assert ranks[0] == 1


def test_a_league_season_keeps_its_team_standings(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    made_in_window(qtbot, window)
    panel = window.league_panel
    assert panel is not None
    panel.create_season("Evansville", "Fall")
    assert panel.tournament is None
    assert panel.schedule_page.generate_button.isEnabled()
    label, lines, headings = schedule_words(window)
    assert (label, lines, headings[0], headings[3:]) == (
        "Week",
        ["No schedule yet"],
        "Week",
        ["Home", "Away"],
    )
    page = panel.standings_page
    assert page.teams_part.isVisibleTo(page)
    assert not page.players_part.isVisibleTo(page)


def test_movement_cards_print_for_a_tournament_only(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    menu = window.print_menu
    menu.update_actions()
    assert not menu.movement_action.isEnabled()
    assert menu.print_movement_cards() is None
    made_in_window(qtbot, window)
    menu.update_actions()
    assert menu.movement_action.isEnabled()
    preview = menu.print_movement_cards()
    assert preview is not None
    assert preview.printout.title == "Spring Party movement cards"
    assert preview.printout.file_name == "spring-party-movement-cards.pdf"
    first = PdfReader(io.BytesIO(preview.printout.pdf)).pages[0].extract_text()
    assert "Spring Party: movement card" in first  # the kept tournament's name on each card
    assert len(PdfReader(io.BytesIO(preview.printout.pdf)).pages) == 4  # 16 players, 4 a page


@pytest.mark.parametrize("code", [i18n.SOURCE, "fa", "ru", "ko"])
def test_the_dialog_has_room_for_its_words_in_every_language(
    qtbot: QtBot, database: Database, code: str
) -> None:
    apply_language(code)
    try:
        dialog = shown_dialog(qtbot, lambda: NewTournamentDialog(database))
        assert isinstance(dialog, NewTournamentDialog)
        fill_in(dialog, "", PLAYERS[:5])  # the longest words: two problems, the count
        shown_rounds(qtbot, dialog)
        assert clipped(dialog) == []
        fill_in(dialog, "Party", [*PLAYERS, "Ann", "Bob"])
        assert len(shown_rounds(qtbot, dialog)) == 16
        assert clipped(dialog) == []
        dialog.done(0)
    finally:
        apply_language(i18n.SOURCE)


def test_the_window_without_a_database_offers_no_tournament(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = MainWindow(None, settings)
    qtbot.addWidget(window)
    assert not window.new_tournament_action.isEnabled()
    assert window.new_tournament() is None


def test_the_tournament_menu_holds_new_new_knockout_and_the_movement_cards(
    window: MainWindow,
) -> None:
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    assert list(menus) == ["&File", "&Edit", "&View", "&Tournament", "&Help"]
    tournament = menus["&Tournament"]
    assert tournament is not None
    items = tournament.actions()  # type: ignore[attr-defined]
    assert items == [
        window.new_tournament_action,
        window.new_knockout_action,
        window.print_menu.movement_action,
    ]
    assert window.new_tournament_action.text() == "&New…"
    assert window.new_knockout_action.text() == "New &knockout…"


def test_a_partnerships_tables_are_rounds_and_its_players_stay(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    made_in_window(qtbot, window)
    panel = window.league_panel
    assert panel is not None
    page = panel.teams_page
    page.teams.setCurrentRow(0)
    lines = [page.matches.item(row).text() for row in range(page.matches.count())]
    assert lines
    assert all(line.startswith("Round ") for line in lines)
    assert not page.add_player_button.isEnabled()
    assert not page.remove_button.isEnabled()
    assert page.rename_button.isEnabled()
    panel.create_season("Evansville", "Fall")
    assert not page.rounds
