"""Tournament → New knockout… in the window: bad teams refused in words with OK disabled
and nothing stored, teams loaded from the files ``tournament knockout --teams`` reads,
every option of the command line kept, and the window showing the knockout's season and
its bracket."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QDialogButtonBox
from pytestqt.qtbot import QtBot

from clabber_league import i18n
from clabber_league.store.database import Database
from clabber_league.store.knockout import create_knockout, knockout_bracket
from clabber_league.store.league import list_seasons
from clabber_league.store.tournaments import KNOCKOUT, list_tournaments
from clabber_league.ui.dialogs.new_knockout import NewKnockoutDialog, team_line, typed_teams
from clabber_league.ui.language import apply_language
from clabber_league.ui.league.playoffs import BracketDialog
from clabber_league.ui.main_window import MainWindow
from tests.ui.test_languages import clipped, shown_dialog

TEAMS = ["Eagles: Ann, Bob", "Owls: Cal, Dee", "Hawks: Eve, Fay", "Crows: Gus, Hal"]


@pytest.fixture
def dialog(qtbot: QtBot, database: Database) -> Iterator[NewKnockoutDialog]:
    made = NewKnockoutDialog(database)
    qtbot.addWidget(made)
    made.show()
    yield made
    made.done(0)


def ok_enabled(dialog: NewKnockoutDialog) -> bool:
    button = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert button is not None
    return button.isEnabled()


def fill_in(dialog: NewKnockoutDialog, name: str, teams: list[str]) -> None:
    dialog.name.setText(name)
    dialog.teams.setPlainText("\n".join(teams))


def choose(box: QComboBox, data: object) -> None:
    index = box.findData(data)
    assert index >= 0, data
    box.setCurrentIndex(index)


@pytest.mark.parametrize(
    ("name", "teams", "words"),
    [
        ("", TEAMS, "Give the knockout a name."),
        ("Cup", [], "a playoff's teams must be from 2 to 16 teams, not 0"),
        ("Cup", TEAMS[:1], "a playoff's teams must be from 2 to 16 teams, not 1"),
        ("Cup", [f"T{n}: A{n}, B{n}" for n in range(17)], "from 2 to 16 teams, not 17"),
        ("Cup", ["Eagles: Ann", "Owls: Cal, Dee"], "Eagles: a knockout team is two players, not 1"),
        ("Cup", ["Eagles: Ann, Bob", "Owls: ann, Dee"], "ann is on two teams: Eagles and Owls"),
        ("Cup", ["Eagles: Ann, Bob", "eagles, Cal, Dee"], "two teams are called eagles"),
    ],
)
def test_bad_input_is_said_in_words_ok_stays_disabled_and_nothing_is_kept(
    dialog: NewKnockoutDialog, database: Database, name: str, teams: list[str], words: str
) -> None:
    fill_in(dialog, name, teams)
    assert not ok_enabled(dialog)
    assert words in dialog.problems.text()
    assert dialog.problems.isVisibleTo(dialog)
    dialog.accept()  # as if OK were pressed all the same: the store refuses it too
    assert dialog.isVisible()
    assert dialog.created is None
    assert dialog.problems.text()  # in the store's words
    assert list_tournaments(database) == []
    assert list_seasons(database) == []
    fill_in(dialog, "Cup", TEAMS)
    assert ok_enabled(dialog)
    assert dialog.problems.text() == ""
    assert not dialog.problems.isVisibleTo(dialog)


def test_a_name_the_store_refuses_is_said_and_the_dialog_stays_open(
    dialog: NewKnockoutDialog, database: Database
) -> None:
    create_knockout(database, name="Cup", teams=typed_teams("\n".join(TEAMS)))
    fill_in(dialog, "cup", TEAMS)
    assert ok_enabled(dialog)
    dialog.accept()
    assert dialog.isVisible()
    assert (dialog.created, dialog.bracket) == (None, None)
    assert dialog.problems.text() == "there is already a tournament called Cup"
    assert len(list_tournaments(database)) == 1


def test_teams_are_typed_as_the_command_line_takes_them() -> None:
    assert typed_teams("Eagles: Ann, Bob\n\n  Owls, Cal, Dee \n") == [
        ("Eagles", ["Ann", "Bob"]),
        ("Owls", ["Cal", "Dee"]),
    ]
    assert typed_teams(team_line(("Eagles", ["Ann", "Bob"]))) == [("Eagles", ["Ann", "Bob"])]


def test_teams_load_from_a_text_or_csv_file_and_a_bad_one_is_said(
    dialog: NewKnockoutDialog, tmp_path: Path
) -> None:
    text = tmp_path / "teams.txt"
    text.write_text("Team: Player, Player\nEagles: Ann, Bob\n\nOwls, Cal, Dee\n", encoding="utf-8")
    assert dialog.load_teams(str(text))
    assert dialog.entries() == [("Eagles", ["Ann", "Bob"]), ("Owls", ["Cal", "Dee"])]
    sheet = tmp_path / "teams.csv"
    sheet.write_text("Team,Player,Player\nHawks,Eve,Fay\n,,\nCrows,Gus,Hal\n", encoding="utf-8")
    assert dialog.load_teams(str(sheet))
    assert dialog.teams.toPlainText() == "Hawks: Eve, Fay\nCrows: Gus, Hal"
    empty = tmp_path / "empty.csv"
    empty.write_text("Team,Player,Player\n", encoding="utf-8")
    assert not dialog.load_teams(str(empty))
    assert dialog.problems.text() == f"{empty} holds no teams"
    broken = tmp_path / "broken.txt"
    broken.write_bytes(b"\xff\xfe\xfa")
    assert not dialog.load_teams(str(broken))
    assert dialog.problems.text() == f"{broken} is not UTF-8 text"
    assert dialog.entries() == [("Hawks", ["Eve", "Fay"]), ("Crows", ["Gus", "Hal"])]


def test_the_seed_counts_only_for_a_draw(dialog: NewKnockoutDialog, database: Database) -> None:
    assert not dialog.seed.isEnabled()
    choose(dialog.order, True)
    assert dialog.seed.isEnabled()
    dialog.seed.setValue(9)
    choose(dialog.order, False)
    assert not dialog.seed.isEnabled()
    fill_in(dialog, "Cup", TEAMS)
    dialog.accept()
    assert dialog.created is not None
    assert dialog.created.seed == 0  # seeded as given: no draw to repeat
    bracket = knockout_bracket(database, "Cup")
    assert [side.team for side in bracket.seeds] == ["Eagles", "Owls", "Hawks", "Crows"]


def test_every_option_of_the_command_line_is_kept(
    dialog: NewKnockoutDialog, database: Database
) -> None:
    fill_in(dialog, "Winter Cup", TEAMS)
    choose(dialog.elimination, True)
    choose(dialog.order, True)
    dialog.seed.setValue(3)
    dialog.games_per_match.setValue(2)
    choose(dialog.rules, "wadesville")
    dialog.league.setText("Evansville Club")
    presets = [dialog.rules.itemData(index) for index in range(dialog.rules.count())]
    assert presets == ["evansville", "evansville-alt", "wadesville"]  # two a side
    dialog.accept()
    info = dialog.created
    assert info is not None
    assert not dialog.isVisible()
    assert (info.name, info.kind, info.league, info.season, info.seed) == (
        "Winter Cup",
        KNOCKOUT,
        "Evansville Club",
        "Winter Cup",
        3,
    )
    kept = knockout_bracket(database, "winter cup")
    assert kept == dialog.bracket
    assert (kept.double, kept.games_per_match, kept.teams) == (True, 2, 4)
    drawn = ["Eagles", "Owls", "Hawks", "Crows"]
    random.Random(3).shuffle(drawn)  # the store's draw (store.knockout)
    assert [side.team for side in kept.seeds] == drawn
    (season,) = list_seasons(database)
    assert (season.id, season.rules.preset, season.games_per_match) == (
        info.season_id,
        "wadesville",
        2,
    )


def made_in_window(qtbot: QtBot, window: MainWindow) -> NewKnockoutDialog:
    """Tournament → New knockout…, four teams seeded as typed, OK."""
    dialog = window.new_knockout()
    assert isinstance(dialog, NewKnockoutDialog)
    fill_in(dialog, "Winter Cup", TEAMS)
    ok = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None
    ok.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    return dialog


def shown_brackets(window: MainWindow) -> list[BracketDialog]:
    return [found for found in window.findChildren(BracketDialog) if found.isVisible()]


def test_a_knockout_made_in_the_window_shows_its_season_and_its_bracket(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    assert window.new_knockout_action.isEnabled()
    made_in_window(qtbot, window)
    (info,) = list_tournaments(database)
    assert (info.name, info.kind) == ("Winter Cup", KNOCKOUT)
    panel = window.league_panel
    assert panel is not None
    season = panel.current_season()
    assert season is not None
    assert season.id == info.season_id
    assert panel.tabs.currentWidget() is panel.schedule_page
    assert panel.message.text() == "Knockout Winter Cup made: round 1 is on the schedule."
    qtbot.waitUntil(lambda: len(shown_brackets(window)) == 1)
    (bracket,) = shown_brackets(window)
    lines = bracket.text.toPlainText().splitlines()
    assert lines[0] == "Winter Cup playoffs — teams: 4, games a match: 1"
    assert "  #1    (1) Eagles v (4) Crows" in lines
    assert "  #2    (2) Owls v (3) Hawks" in lines
    bracket.close()
    qtbot.waitUntil(lambda: not window.findChildren(BracketDialog))  # deleted on closing


def test_a_cancelled_knockout_keeps_nothing_and_shows_no_bracket(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    dialog = window.new_knockout()
    assert isinstance(dialog, NewKnockoutDialog)
    fill_in(dialog, "Winter Cup", TEAMS)
    dialog.reject()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert list_tournaments(database) == []
    assert shown_brackets(window) == []


def test_the_window_without_a_database_offers_no_knockout(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = MainWindow(None, settings)
    qtbot.addWidget(window)
    assert not window.new_knockout_action.isEnabled()
    assert window.new_knockout() is None


@pytest.mark.parametrize("code", [i18n.SOURCE, "fa", "ru", "ko"])
def test_the_dialog_has_room_for_its_words_in_every_language(
    qtbot: QtBot, database: Database, code: str
) -> None:
    apply_language(code)
    try:
        dialog = shown_dialog(qtbot, lambda: NewKnockoutDialog(database))
        assert isinstance(dialog, NewKnockoutDialog)
        fill_in(dialog, "", ["Eagles: Ann"])  # the longest words: two problems
        assert clipped(dialog) == []
        dialog.done(0)
    finally:
        apply_language(i18n.SOURCE)
