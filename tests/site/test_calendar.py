"""The season's and each team's iCalendar files, read back with ``icalendar``: every
scheduled match once, on its day (a make-up date once it has one), its result once
played, names as text, and the same bytes for the same database."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from icalendar import Calendar, Component

from clabber_league import i18n
from clabber_league.site.calendar import season_calendar, team_calendars
from clabber_league.store.calendar_reads import season_dates
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import (
    POSTPONED,
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    list_teams,
    rename_team,
    schedule,
)
from clabber_league.store.matches import start_match_game
from tests.store.helpers import made
from tests.store.test_calendar_reads import FIRST_NIGHT, spring
from tests.store.test_league import TEAMS

MARKUP = '<b>Owls</b> & "Co"; a, b \\ c'
MAKEUP_DAY = date(2025, 4, 2)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = spring(str(tmp_path / "league.sqlite3"))
    yield opened
    opened.close()


def events(calendar: bytes) -> dict[str, Component]:
    """The calendar's events by UID, each UID once."""
    found = Calendar.from_ical(calendar).walk("VEVENT")
    by_uid = {str(event["UID"]): event for event in found}
    assert len(by_uid) == len(found)
    return by_uid


def uid(match_id: int) -> str:
    return f"match-{match_id}@clabber-league"


def test_every_scheduled_match_is_an_all_day_event_on_its_night(database: Database) -> None:
    matches = [match for match in schedule(database, "Spring") if match.away is not None]
    found = events(season_calendar(database, "Spring"))
    assert set(found) == {uid(match.id) for match in matches}
    assert len(matches) == 12
    for match in matches:
        event = found[uid(match.id)]
        assert match.played_on == FIRST_NIGHT + timedelta(weeks=match.week - 1)
        assert event.decoded("DTSTART") == match.played_on
        assert event.decoded("DTEND") == match.played_on + timedelta(days=1)
        assert str(event["SUMMARY"]) == f"{match.home} v {match.away}"
        assert str(event["LOCATION"]) == f"Table {match.table}"
        assert f"Week {match.week}" in str(event["DESCRIPTION"])
    calendar = Calendar.from_ical(season_calendar(database, "Spring"))
    assert str(calendar["X-WR-CALNAME"]) == "Club · Spring"
    assert str(calendar["VERSION"]) == "2.0"


def test_results_are_in_the_description_once_played(database: Database) -> None:
    found = events(season_calendar(database, "Spring"))
    lines = {
        (match.week, match.home): str(found[uid(match.id)]["DESCRIPTION"]).splitlines()
        for match in schedule(database, "Spring")
    }
    assert lines[1, "Eagles"] == ["Week 1", "Result: 504–74"]
    assert lines[2, "Hawks"] == ["Week 2", "Result: 506–506"]
    assert lines[3, "Eagles"] == ["Week 3", "Result: forfeit (Crows)"]
    assert lines[4, "Owls"] == ["Week 4"]


def test_a_postponed_match_is_cancelled_on_its_night_until_made_up(database: Database) -> None:
    postponed = next(match for match in schedule(database, "Spring") if match.state == POSTPONED)
    event = events(season_calendar(database, "Spring"))[uid(postponed.id)]
    assert event.decoded("DTSTART") == postponed.played_on
    assert str(event["STATUS"]) == "CANCELLED"
    assert "postponed: make-up pending" in str(event["DESCRIPTION"])

    edit_match(database, postponed.id, played_on=MAKEUP_DAY)
    event = events(season_calendar(database, "Spring"))[uid(postponed.id)]
    assert event.decoded("DTSTART") == MAKEUP_DAY
    assert event.decoded("DTEND") == MAKEUP_DAY + timedelta(days=1)
    assert str(event["STATUS"]) == "CONFIRMED"
    assert str(event["DESCRIPTION"]).splitlines() == ["Week 3", "make-up Wed 02 Apr 2025"]


def test_every_time_comes_from_the_database(database: Database) -> None:
    dates = season_dates(database, "Spring")
    found = events(season_calendar(database, "Spring"))
    for match in dates.matches:
        if match.away is None:
            continue
        finished = dates.stamps[match.id].last_finished
        expected = dates.created_at if finished is None else max(finished, dates.created_at)
        assert found[uid(match.id)].decoded("DTSTAMP") == expected


def test_the_same_database_gives_the_same_bytes(database: Database, tmp_path: Path) -> None:
    first = season_calendar(database, "Spring"), team_calendars(database, "Spring")
    database.close()
    again = Database.open(str(tmp_path / "league.sqlite3"))
    try:
        assert (season_calendar(again, "Spring"), team_calendars(again, "Spring")) == first
    finally:
        again.close()


def test_a_name_with_markup_stays_text(database: Database) -> None:
    owls = next(team for team in list_teams(database, "Spring") if team.name == "Owls")
    rename_team(database, owls.id, MARKUP)
    found = events(season_calendar(database, "Spring")).values()
    summaries = [str(event["SUMMARY"]) for event in found]
    assert f"Eagles v {MARKUP}" in summaries
    assert str(Calendar.from_ical(team_calendars(database, "Spring")[owls.id])["X-WR-CALNAME"]) == (
        f"{MARKUP} · Club · Spring"
    )


def test_each_team_calendar_holds_that_teams_matches(database: Database) -> None:
    add_team(database, "Spring", "Doves", ["Dove One", "Dove Two"])  # after the schedule
    teams = {team.id: team.name for team in list_teams(database, "Spring")}
    calendars = team_calendars(database, "Spring")
    assert sorted(calendars) == sorted(teams)
    matches = schedule(database, "Spring")
    for team_id, name in teams.items():
        assert set(events(calendars[team_id])) == {
            uid(match.id) for match in matches if name in (match.home, match.away)
        }
    doves = next(team_id for team_id, name in teams.items() if name == "Doves")
    assert events(calendars[doves]) == {}
    assert len(events(calendars[next(iter(teams))])) == 6


def test_a_schedule_without_dates_has_no_events(tmp_path: Path) -> None:
    database = Database.open(str(tmp_path / "undated.sqlite3"))
    try:
        create_season(database, league="Club", season="Spring")
        for name in TEAMS:
            add_team(database, "Spring", name)
        generate_schedule(database, "Spring")
        assert events(season_calendar(database, "Spring")) == {}
    finally:
        database.close()


def test_a_season_name_two_leagues_share_needs_its_league(database: Database) -> None:
    create_season(database, league="Works", season="Spring")
    with pytest.raises(StoreError, match="name the league"):
        season_calendar(database, "Spring")
    with pytest.raises(StoreError, match="name the league"):
        team_calendars(database, "Spring")
    assert events(season_calendar(database, "Spring", league="Works")) == {}
    assert len(events(season_calendar(database, "Spring", league="Club"))) == 12


def test_an_unknown_season_is_refused(database: Database) -> None:
    with pytest.raises(StoreError, match="there is no season called 'Autumn'"):
        season_calendar(database, "Autumn")


def test_in_persian_the_words_are_persian_and_the_names_kept(database: Database) -> None:
    i18n.install("fa")
    found = events(season_calendar(database, "Spring"))
    first = next(match for match in schedule(database, "Spring") if match.week == 1)
    event = found[uid(first.id)]
    summary = str(event["SUMMARY"])
    assert "Eagles" in summary
    assert "Owls" in summary
    assert "در برابر" in summary
    assert str(event["DESCRIPTION"]).startswith("هفتهٔ")
    assert str(event["LOCATION"]).startswith("میز")


def test_a_hand_changes_no_calendar_until_its_game_is_finished(database: Database) -> None:
    to_play = next(match for match in schedule(database, "Spring") if match.week == 4)
    before = season_calendar(database, "Spring"), team_calendars(database, "Spring")
    recorder = start_match_game(database, to_play.id)
    recorder.record(made("A"))
    assert (season_calendar(database, "Spring"), team_calendars(database, "Spring")) == before
    while not recorder.game.finished:
        recorder.record(made("A"))
    event = events(season_calendar(database, "Spring"))[uid(to_play.id)]
    assert "Result: " in str(event["DESCRIPTION"])
    stamp = season_dates(database, "Spring").stamps[to_play.id]
    after = team_calendars(database, "Spring")
    changed = [team for team in after if after[team] != before[1][team]]
    assert set(changed) == {stamp.home_team_id, stamp.away_team_id}


def test_no_calendar_names_another_host(database: Database) -> None:
    files = [season_calendar(database, "Spring"), *team_calendars(database, "Spring").values()]
    assert all(b"http" not in made_file for made_file in files)
    assert all(made_file.startswith(b"BEGIN:VCALENDAR\r\n") for made_file in files)
