"""The panel follows the window's change signal: a hand of a game under way moves no
result and reads nothing; a finished game reads the season again off the GUI thread; the
heavy views are read when in sight, and only the newest read is ever shown."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from clabber_league.store import standings as store_standings
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import MatchInfo
from clabber_league.ui.league import panel as panel_module
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.standings_model import StandingsModel
from clabber_league.ui.league.workers import LatestRead, location_of
from clabber_league.ui.main_window import MainWindow
from tests.league.game_results import standings

from .helpers import NIGHT, in_sight
from .test_key_in import copy_hand, key_in_first_match


class Reads:
    """What the panel asks of the store while it follows a hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.names: list[str] = []
        for name, said in (("list_teams", "list_teams"), ("season_schedule", "schedule")):
            real = getattr(panel_module, name)
            monkeypatch.setattr(panel_module, name, self._counted(said, real))
        counted = self._counted("season_standings", store_standings.standings)
        monkeypatch.setattr(store_standings, "standings", counted)

    def _counted(self, name: str, real: Any) -> Any:
        def read(*args: Any, **kwargs: Any) -> Any:
            self.names.append(name)
            return real(*args, **kwargs)

        return read


def repainted_rows(model: Any) -> list[tuple[int, int]]:
    """The (first, last) rows of every ``dataChanged`` the model sends from now on."""
    rows: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda first, last, *_: rows.append((first.row(), last.row())))
    model.modelReset.connect(lambda: rows.append((-1, -1)))
    return rows


def up_to_the_last_hand(qtbot: QtBot, window: MainWindow, panel: LeaguePanel) -> MatchInfo:
    """The first match keyed in up to its last hand, and every read it started done."""
    match = key_in_first_match(qtbot, window, panel)
    for hand in NIGHT[:-1]:
        copy_hand(window, *hand)
    in_sight(qtbot, panel)
    return match


def heard(qtbot: QtBot, window: MainWindow, hand: tuple[str, str, str]) -> None:
    """Copy ``hand`` and wait for the change signal that follows its commit."""
    assert window.changes is not None
    with qtbot.waitSignal(window.changes.changed, timeout=10_000):
        copy_hand(window, *hand)


def test_a_hand_of_a_game_under_way_reads_nothing_in_the_panel(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    key_in_first_match(qtbot, window, panel)
    heard(qtbot, window, NIGHT[0])
    in_sight(qtbot, panel)
    reads = Reads(monkeypatch)
    schedule_rows = repainted_rows(panel.schedule_page.model)
    standings_rows = repainted_rows(panel.standings_page.model)
    heard(qtbot, window, NIGHT[1])
    in_sight(qtbot, panel)
    assert reads.names == []
    assert schedule_rows == []
    assert standings_rows == []


def test_the_hand_that_ends_a_game_reads_the_standings_and_the_schedule(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = up_to_the_last_hand(qtbot, window, panel)
    reads = Reads(monkeypatch)
    schedule_rows = repainted_rows(panel.schedule_page.model)
    standings_rows = repainted_rows(panel.standings_page.model)
    heard(qtbot, window, NIGHT[-1])
    in_sight(qtbot, panel)  # read by a worker thread
    assert sorted(reads.names) == ["schedule", "season_standings"]
    row = next(r for r, m in enumerate(panel.schedule_page.model.records()) if m.id == match.id)
    assert schedule_rows == [(row, row)]
    assert panel.schedule_page.model.records()[row].state == "entered"
    # The two teams now lead and trail: the rows between them move, none is reset.
    assert standings_rows
    assert (-1, -1) not in standings_rows
    names = [r.name for r in panel.standings_page.model.records()]
    assert (names[0], names[-1]) == (match.home, match.away)


class HeldRead:
    """``season_standings`` held on its worker thread until ``release``; it notes whether
    it ran on the GUI thread, and answers ``answer`` (else the real standings)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answer: list[Any] | None = None) -> None:
        self.on_gui_thread: list[bool] = []
        self.released = threading.Event()
        self._answer = answer
        self.real = store_standings.standings
        monkeypatch.setattr(store_standings, "standings", self._read)

    def _read(self, **arguments: Any) -> Any:
        self.on_gui_thread.append(threading.current_thread() is threading.main_thread())
        assert self.released.wait(10)
        return self.real(**arguments) if self._answer is None else self._answer


def test_the_season_is_read_off_the_gui_thread_while_the_sheet_shows_the_end(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = up_to_the_last_hand(qtbot, window, panel)
    before = [r.name for r in panel.standings_page.model.records()]
    held = HeldRead(monkeypatch)
    copy_hand(window, *NIGHT[-1])
    assert f"{match.home} won 612–320" in window.heading_state.text()
    qtbot.waitUntil(lambda: held.on_gui_thread == [False], timeout=10_000)
    assert [r.name for r in panel.standings_page.model.records()] == before
    held.released.set()
    in_sight(qtbot, panel)
    names = [r.name for r in panel.standings_page.model.records()]
    assert (names[0], names[-1]) == (match.home, match.away)


def test_standings_read_before_the_season_was_read_whole_are_not_shown(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    up_to_the_last_hand(qtbot, window, panel)
    held = HeldRead(monkeypatch, answer=[])  # an answer no season of eight teams gives
    copy_hand(window, *NIGHT[-1])
    qtbot.waitUntil(lambda: held.on_gui_thread == [False], timeout=10_000)
    monkeypatch.setattr(store_standings, "standings", held.real)
    panel.refresh()  # another change made here: the season read whole, at once
    held.released.set()
    in_sight(qtbot, panel)
    assert panel.standings_page.model.rowCount() == 8


def test_the_players_tab_is_read_when_shown_not_on_every_hand(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    key_in_first_match(qtbot, window, panel)
    for hand in NIGHT:
        copy_hand(window, *hand)
    assert panel.players_page.model.rowCount() == 0  # not in sight: not read yet
    assert panel.players_page in panel._stale
    in_sight(qtbot, panel, panel.players_page)
    assert panel.players_page.model.rowCount() == 4
    assert panel.players_page not in panel._stale


def test_a_read_asked_for_during_another_shows_only_the_newest(
    qtbot: QtBot, database: Database
) -> None:
    shown: list[object] = []
    release = threading.Event()
    reader = LatestRead(lambda: location_of(database), shown.append, shown.append)

    def first(_database: Database) -> str:
        assert release.wait(10)
        return "first"

    reader.request(first)
    reader.request(lambda _database: "second")
    reader.request(lambda _database: "third")  # replaces "second", which never runs
    release.set()
    with qtbot.waitSignal(reader.done, timeout=10_000):
        pass
    assert shown == ["third"]
    assert not reader.busy()


def test_a_failed_read_is_told_at_the_foot_of_the_panel(qtbot: QtBot, panel: LeaguePanel) -> None:
    def broken(_database: Database) -> None:
        raise StoreError("the season was deleted by another station")

    with qtbot.waitSignal(panel.players_read.done, timeout=10_000):
        panel.players_read.request(broken)
    assert panel.message.text() == "the season was deleted by another station"


def test_only_the_rows_that_changed_are_repainted(qtbot: QtBot) -> None:
    model = StandingsModel()
    before = standings({1: "Eagles", 2: "Owls", 3: "Hawks", 4: "Crows"}, [])
    model.set_records(before)
    rows = repainted_rows(model)
    model.set_records(list(before))
    assert rows == []
    changed = [*before[:2], before[2]._replace(pf=12), before[3]]
    model.set_records(changed)
    assert rows == [(2, 2)]


def test_a_reader_keeps_its_connection_until_a_read_fails_or_it_is_told_to_reopen(
    qtbot: QtBot, database: Database
) -> None:
    used: list[Database] = []
    reader = LatestRead(lambda: location_of(database), lambda _result: None, lambda _error: None)

    def read(through: Database) -> None:
        used.append(through)

    def broken(through: Database) -> None:
        used.append(through)
        raise StoreError("the file went away")

    for step in (read, read, broken, read, "reopen", read):
        if step == "reopen":
            reader.reopen()
            continue
        assert callable(step)
        with qtbot.waitSignal(reader.done, timeout=10_000):
            reader.request(step)
    reader.wait()
    first, again, failed, after_failure, reopened = used
    assert first is again is failed
    assert after_failure is not failed
    assert reopened is not after_failure
    assert all(through is not database for through in used)  # never the window's own
