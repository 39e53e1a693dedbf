"""The new-game dialog: sides, rule set and options, and the first dealer."""

from __future__ import annotations

import random
from typing import TypeVar

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clabber_league.i18n import capitalised, said
from clabber_league.rules import deck, rule_set
from clabber_league.rules.deal import first_jack
from clabber_league.rules.game import check_players
from clabber_league.store.league import SeasonInfo, TeamInfo
from clabber_league.ui.dialogs.new_game import NewGameDialog, SeasonTeams
from clabber_league.ui.language import apply_language

W = TypeVar("W", bound=QWidget)


@pytest.fixture
def dialog(qtbot: QtBot) -> NewGameDialog:
    dialog = NewGameDialog(rng=random.Random(7))
    qtbot.addWidget(dialog)
    return dialog


def child(dialog: NewGameDialog, kind: type[W], name: str) -> W:
    found = dialog.findChild(kind, name)
    assert found is not None, name
    return found


def choose_preset(dialog: NewGameDialog, preset: str) -> None:
    combo = child(dialog, QComboBox, "preset")
    combo.setCurrentIndex(combo.findData(preset))


def name_sides(dialog: NewGameDialog, *names: str) -> None:
    for side, name in zip("ABC", names, strict=False):
        child(dialog, QLineEdit, f"name_{side}").setText(name)


def ok_enabled(dialog: NewGameDialog) -> bool:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    return box.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_accessors_give_the_game_as_set_up(dialog: NewGameDialog) -> None:
    name_sides(dialog, " Eagles ", "Owls")
    child(dialog, QLineEdit, "players_A").setText("Ann, Bob")
    child(dialog, QSpinBox, "option_target").setValue(300)
    dealer = child(dialog, QComboBox, "first_dealer")
    dealer.setCurrentIndex(dealer.findData("B2"))
    assert dialog.sides() == ["Eagles", "Owls"]
    assert dialog.players() == {"A": ["Ann", "Bob"], "B": []}
    assert dialog.rules() == rule_set("evansville", {"target": 300})
    assert dialog.first_dealer() == "B2"
    assert dealer.currentText() == "B2 · Owls"
    assert ok_enabled(dialog)


def test_the_description_follows_the_preset(dialog: NewGameDialog) -> None:
    choose_preset(dialog, "wadesville")
    assert child(dialog, QLabel, "description").text() == rule_set("wadesville").description
    assert child(dialog, QComboBox, "option_run_of_six").currentData() == 300
    assert dialog.rules() == rule_set("wadesville")


def test_three_handed_shows_three_name_fields(dialog: NewGameDialog) -> None:
    assert not child(dialog, QLineEdit, "name_C").isVisibleTo(dialog)
    choose_preset(dialog, "three-handed")
    assert child(dialog, QLineEdit, "name_C").isVisibleTo(dialog)
    name_sides(dialog, "Ann", "Bob", "Cy")
    assert dialog.sides() == ["Ann", "Bob", "Cy"]
    dealer = child(dialog, QComboBox, "first_dealer")
    assert [dealer.itemData(i) for i in range(dealer.count())] == ["A", "B", "C"]
    assert ok_enabled(dialog)
    choose_preset(dialog, "evansville")
    assert not child(dialog, QLineEdit, "name_C").isVisibleTo(dialog)
    assert dialog.sides() == ["Ann", "Bob"]


def test_klaberjass_disables_the_options_it_does_not_have(dialog: NewGameDialog) -> None:
    choose_preset(dialog, "klaberjass")
    for key in ("set_rule", "meld_ranking", "run_of_six"):
        assert not child(dialog, QComboBox, f"option_{key}").isEnabled(), key
    assert child(dialog, QComboBox, "option_klaberjass_runs").isEnabled()
    assert child(dialog, QComboBox, "option_zero_mark").isEnabled()
    assert dialog.rules() == rule_set("klaberjass")
    choose_preset(dialog, "evansville")
    assert child(dialog, QComboBox, "option_set_rule").isEnabled()
    assert not child(dialog, QComboBox, "option_klaberjass_runs").isEnabled()


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        (("", ""), "Name the sides to start."),
        (("Eagles", ""), "Every side needs a name"),
        (("Eagles", " Eagles"), "The sides need different names"),
    ],
)
def test_ok_waits_for_different_names(
    dialog: NewGameDialog, names: tuple[str, str], problem: str
) -> None:
    name_sides(dialog, *names)
    assert not ok_enabled(dialog)
    assert child(dialog, QLabel, "problem").text() == problem


def test_too_many_players_for_a_side_is_refused(dialog: NewGameDialog) -> None:
    name_sides(dialog, "Eagles", "Owls")
    child(dialog, QLineEdit, "players_B").setText("Ann, Bob, Cy")
    assert not ok_enabled(dialog)
    assert "lists 3 players" in child(dialog, QLabel, "problem").text()


def test_deal_till_the_first_jack_picks_the_first_dealer(dialog: NewGameDialog) -> None:
    cards = list(deck(24))
    random.Random(7).shuffle(cards)
    expected = first_jack(cards, rule_set().seats)
    dialog.deal_for_first_jack()
    assert dialog.first_dealer() == expected.dealer
    label = child(dialog, QLabel, "dealt")
    dealt = label.text()
    # Nobody named yet: the seats stand for the players.
    assert dealt.startswith(f"<b>{expected.dealer} deals first</b><br>")
    cards_to_jack = [card.rank.code for _, card in expected.dealt].index("J")
    assert label.toolTip().count("·") == cards_to_jack


def test_typing_starts_in_the_first_sides_name(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    focused = dialog.focusWidget()
    assert focused is not None
    assert focused.objectName() == "name_A"


def test_the_first_dealer_list_and_the_first_jack_name_the_players(dialog: NewGameDialog) -> None:
    name_sides(dialog, "Eagles", "Owls")
    child(dialog, QLineEdit, "players_A").setText("Ann, Bob")
    child(dialog, QLineEdit, "players_B").setText("Cal")
    dealer = child(dialog, QComboBox, "first_dealer")
    assert [dealer.itemText(i) for i in range(dealer.count())] == [
        "A1 · Ann",
        "B1 · Cal",
        "A2 · Bob",
        "B2 · Owls",
    ]
    dialog.deal_for_first_jack()
    dealt = child(dialog, QLabel, "dealt")
    words = {"A1": "Ann", "B1": "Cal", "A2": "Bob", "B2": "B2 (Owls)"}
    assert dealt.text().startswith(f"<b>{words[dialog.first_dealer()]} deals first</b>")


def test_dealing_for_the_first_jack_moves_nothing_on_the_form(
    qtbot: QtBot, dialog: NewGameDialog
) -> None:
    """However long the deal, its words take the two lines kept for them from the start."""
    dialog.show()
    qtbot.waitExposed(dialog)
    dealt = child(dialog, QLabel, "dealt")
    options = child(dialog, QSpinBox, "option_target")
    before = (dealt.height(), options.mapTo(dialog, options.rect().topLeft()), dialog.size())
    for _ in range(10):
        dialog.deal_for_first_jack()
        QApplication.processEvents()
        after = (dealt.height(), options.mapTo(dialog, options.rect().topLeft()), dialog.size())
        assert after == before


def season_teams() -> list[SeasonTeams]:
    season = SeasonInfo(7, "Club", "Fall", rule_set("evansville", {"target": 300}), 1, ())
    teams = (
        TeamInfo(1, "Eagles", ("Ann", "Bob"), False),
        TeamInfo(2, "Owls", ("Cal", "Dee", "Sue"), False),
        TeamInfo(3, "Crows", ("Eve",), True),
    )
    return [SeasonTeams(season, teams)]


def test_a_new_game_from_the_league_takes_the_seasons_teams_players_and_rules(
    qtbot: QtBot,
) -> None:
    dialog = NewGameDialog(league=season_teams())
    qtbot.addWidget(dialog)
    season = child(dialog, QComboBox, "league_season")
    assert dialog.pairing() is None  # names typed, as before
    season.setCurrentIndex(1)
    home, away = child(dialog, QComboBox, "league_home"), child(dialog, QComboBox, "league_away")
    assert [home.itemText(i) for i in range(home.count())] == ["Eagles", "Owls"]  # not retired
    assert (home.currentText(), away.currentText()) == ("Eagles", "Owls")
    assert dialog.sides() == ["Eagles", "Owls"]
    assert dialog.players() == {"A": ["Ann", "Bob"], "B": ["Cal", "Dee"]}
    assert dialog.rules() == rule_set("evansville", {"target": 300})
    assert not child(dialog, QComboBox, "preset").isEnabled()
    pairing = dialog.pairing()
    assert pairing is not None
    assert [team.name for team in pairing.teams] == ["Eagles", "Owls"]
    assert ok_enabled(dialog)
    away.setCurrentIndex(0)  # Eagles against themselves
    assert dialog.pairing() is None
    assert not ok_enabled(dialog)


@pytest.mark.parametrize(
    ("players_a", "players_b", "refusal"),
    [
        (
            "Ann, Bob",
            "Ann, Dee",
            "Ann is listed for side A and for side B: a player sits in one seat",
        ),
        (
            "Ann, Bob",
            " ANN , Dee",
            "Ann is listed for side A and for side B: a player sits in one seat",
        ),
        ("Cal, cal", "Dee", "Cal is listed twice for side A"),
        ("Ann", "Ｄｅｅ, dee", "Ｄｅｅ is listed twice for side B"),
    ],
)
def test_one_person_in_two_seats_is_refused_by_the_names_rule(
    dialog: NewGameDialog, players_a: str, players_b: str, refusal: str
) -> None:
    name_sides(dialog, "Eagles", "Owls")
    child(dialog, QLineEdit, "players_A").setText(players_a)
    child(dialog, QLineEdit, "players_B").setText(players_b)
    assert not ok_enabled(dialog)
    assert child(dialog, QLabel, "problem").text() == refusal
    child(dialog, QLineEdit, "players_B").setText("Dee, Eve")
    child(dialog, QLineEdit, "players_A").setText("Ann, Bob")
    assert ok_enabled(dialog)


@pytest.mark.parametrize("code", ["en", "fa", "ru", "ko"])
def test_the_refusal_of_one_person_in_two_seats_is_said_in_the_language(
    dialog: NewGameDialog, code: str
) -> None:
    apply_language(code)
    name_sides(dialog, "Eagles", "Owls")
    child(dialog, QLineEdit, "players_A").setText("Ann, Bob")
    child(dialog, QLineEdit, "players_B").setText("ann, Dee")
    assert not ok_enabled(dialog)
    shown = check_players({"A": ["Ann", "Bob"], "B": ["ann", "Dee"]})
    assert child(dialog, QLabel, "problem").text() == capitalised(said(shown[0]))


@pytest.mark.parametrize("code", ["en", "fa", "ru", "ko"])
@pytest.mark.parametrize("league", [False, True])
def test_nothing_covers_the_rule_sets_name(qtbot: QtBot, code: str, league: bool) -> None:
    apply_language(code)
    dialog = NewGameDialog(league=season_teams() if league else ())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    preset = child(dialog, QComboBox, "preset")
    (label,) = [found for found in dialog.findChildren(QLabel) if found.buddy() is preset]
    assert label.isVisible()
    covered = [preset.geometry(), label.geometry()]
    for other in dialog.findChildren(QWidget):
        if other in (preset, label) or other.parentWidget() is not dialog:
            continue
        if other.isVisible():
            assert not any(other.geometry().intersects(rect) for rect in covered), (
                other.objectName() or type(other).__name__
            )


def test_a_long_team_name_from_the_league_shows_its_start(qtbot: QtBot) -> None:
    long = "The Westside Jack-Nine Social Club of Evansville"
    season = SeasonInfo(7, "Club", "Fall", rule_set("evansville"), 1, ())
    teams = (TeamInfo(1, long, ("Ann",), False), TeamInfo(2, "Owls", ("Cal",), False))
    dialog = NewGameDialog(league=[SeasonTeams(season, teams)])
    qtbot.addWidget(dialog)
    child(dialog, QComboBox, "league_season").setCurrentIndex(1)
    assert child(dialog, QLineEdit, "name_A").text() == long
    assert child(dialog, QLineEdit, "name_A").cursorPosition() == 0
