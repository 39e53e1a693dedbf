"""The week's recap and a week's filled-in sheets: what they say, checked against the long way.

The records (highest game, biggest hand, sets) are counted in SQL by the store; here they are
worked out again from each game as the rules score it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from clabber_league import i18n
from clabber_league.reports.blank import BlankSheetRenderer
from clabber_league.reports.gather import (
    recap_from_store,
    schedule_from_store,
    week_sheets_from_store,
)
from clabber_league.reports.recap import RecapRenderer
from clabber_league.reports.schedule import ScheduleRenderer
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.imports import import_games
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    add_team,
    create_season,
    generate_schedule,
    schedule,
    set_match_status,
)
from clabber_league.store.recap import Record, week_records
from clabber_league.store.seasons import find_season
from clabber_league.store.substitutes import set_substitute
from tests.reports.conftest import page_texts, pdf_bytes
from tests.reports.test_mirrored import placed
from tests.store.helpers import SERVER, server_database
from tests.store.test_league import TEAMS, spring_games

STAMP = date(2025, 4, 1)
LONG = "Eagles of the Jack-Nine Club and the Tuesday Night"  # 48 characters and more


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLite file, and a database on the PostgreSQL test server when there is one."""
    if request.param == "sqlite":
        yield str(tmp_path / "league.sqlite3")
        return
    if SERVER is None:
        pytest.skip("no PostgreSQL test server (CLABBER_LEAGUE_TEST_PG)")
    with server_database() as url:
        yield url


@pytest.fixture
def database(location: str) -> Iterator[Database]:
    """Spring: four teams of two, weeks 1 and 2 played, week 3 a forfeit and a postponement."""
    database = Database.open(location)
    create_season(database, league="Club", season="Spring")
    for name in TEAMS:
        add_team(database, "Spring", name, [f"{name} One", f"{name} Two"])
    generate_schedule(database, "Spring", start=date(2025, 3, 6))
    import_games(database, spring_games(), "Spring")
    week_three = [match for match in schedule(database, "Spring") if match.week == 3]
    set_match_status(database, week_three[0].id, FORFEIT, forfeited_by="Crows")
    set_match_status(database, week_three[1].id, POSTPONED)
    yield database
    database.close()


def season_id(database: Database) -> int:
    with database.session() as session:
        found = find_season(session, "Spring").id
    assert found is not None
    return found


def records_the_long_way(database: Database, week: int) -> tuple[object, ...]:
    """The week's records from each finished game of its matches, as the rules score it."""
    games = [match_game for match in schedule(database, "Spring") if match.week == week
             for match_game in match.game_ids]  # fmt: skip
    totals: list[tuple[int, str]] = []
    hands: list[tuple[int, str]] = []
    sets: Counter[str] = Counter()
    hands_set = 0
    for game_id in games:
        game = open_game(database, game_id).game
        if game.winner is None:
            continue
        for side, team in zip(game.rules.sides, game.sides, strict=True):
            totals.append((game.totals[side], team))
        for row in game.rows:
            hands_set += row.result.set
            for side, team in zip(game.rules.sides, game.sides, strict=True):
                hands.append((row.result.scores.get(side, 0), team))
            if row.result.set and row.result.makers is not None:
                sets[game.sides[game.rules.sides.index(row.result.makers)]] += 1

    def best(lines: list[tuple[int, str]]) -> Record | None:
        if not lines or max(lines)[0] == 0:
            return None
        top = max(figure for figure, _team in lines)
        return Record(min(team for figure, team in lines if figure == top), top)

    most = best([(count, team) for team, count in sets.items()])
    return best(totals), best(hands), hands_set, most


@pytest.mark.parametrize("week", [1, 2, 3])
def test_the_week_s_records_equal_a_recount(database: Database, week: int) -> None:
    stored = database.read(week_records, season_id=season_id(database), week=week)
    high, big, hands_set, most = records_the_long_way(database, week)
    assert (stored.high_game, stored.big_hand, stored.hands_set, stored.most_set) == (
        high, big, hands_set, most,
    )  # fmt: skip


def test_week_one_s_recap(database: Database) -> None:
    data = recap_from_store(database, "Spring", 1, stamp=STAMP)
    first, second = data.results
    assert (first.home, first.away, first.note) == ("Eagles", "Owls", "504–74")
    assert [(game.home, game.away) for game in first.games] == [("504 W", "74")]
    assert [(game.home, game.away) for game in second.games] == [("198", "542 W")]
    assert data.records == (
        "Highest game: Crows, 542",
        "Biggest hand: Eagles, 162",
        "Hands set: 2 · set most: Hawks (1)",
    )
    # The standings after week 1 count week 1's games only.
    assert [row[1:4] for row in data.standings.rows] == [
        ("Eagles", "1", "1"), ("Crows", "1", "1"), ("Hawks", "1", "0"), ("Owls", "1", "0"),
    ]  # fmt: skip
    assert data.next_week is not None
    assert data.next_week.number == 2
    assert [(m.table, m.home, m.away) for m in data.next_week.matches] == [
        (1, "Hawks", "Eagles"), (2, "Crows", "Owls"),
    ]  # fmt: skip
    assert data.makeups == ()
    (text,) = page_texts(pdf_bytes(RecapRenderer(data)))
    for words in ("Week 1 recap", "504 W", "542 W", "Standings after week 1", "Next week: Week 2",
                  "Highest game: Crows, 542", "None owed."):  # fmt: skip
        assert words in text


def test_the_last_week_s_forfeit_postponement_and_make_up(database: Database) -> None:
    data = recap_from_store(database, "Spring", 3, stamp=STAMP)
    assert [(m.home, m.away, m.note, m.games) for m in data.results] == [
        ("Eagles", "Crows", "forfeit (Crows)", ()),
        ("Owls", "Hawks", "postponed: make-up pending", ()),
    ]
    assert data.next_week is None
    assert data.makeups == ("Week 3, table 2: Owls v Hawks",)
    assert data.records == ("No game was finished this week.",)
    # The forfeit counts in the standings after week 3.
    eagles = next(row for row in data.standings.rows if row[1] == "Eagles")
    assert eagles[2:4] == ("3", "2")
    (text,) = page_texts(pdf_bytes(RecapRenderer(data)))
    assert "forfeit (Crows)" in text
    assert "Week 3, table 2: Owls v Hawks" in text


@pytest.mark.parametrize("week", [0, 4])
def test_a_week_the_schedule_does_not_have_is_refused(database: Database, week: int) -> None:
    with pytest.raises(StoreError) as refused:
        recap_from_store(database, "Spring", week)
    assert refused.value.message == f"Spring has no week {week}: its weeks are 1 to 3"
    with pytest.raises(StoreError):
        week_sheets_from_store(database, "Spring", week)


def test_a_season_without_a_schedule_is_refused(tmp_path: Path) -> None:
    database = Database.open(str(tmp_path / "empty.sqlite3"))
    create_season(database, league="Club", season="Spring")
    add_team(database, "Spring", "Eagles")
    for make in (recap_from_store, week_sheets_from_store):
        with pytest.raises(StoreError) as refused:
            make(database, "Spring", 1)
        assert refused.value.message == "Spring has no schedule yet: make one first"
    database.close()


def test_a_week_s_sheets_name_the_teams_players_table_and_night(database: Database) -> None:
    week_one = [match for match in schedule(database, "Spring") if match.week == 1]
    set_substitute(database, week_one[0].id, "B2", "Sub Stitute")
    data = week_sheets_from_store(database, "Spring", 1)
    first, second = data.tables
    assert first.sides == ("Eagles", "Owls")
    assert (first.heading.league, first.heading.date, first.heading.table) == (
        "Club — Spring", "Thu 06 Mar 2025", "1",
    )  # fmt: skip
    assert first.players == (
        "Eagles: A1 Eagles One, A2 Eagles Two", "Owls: B1 Owls One, B2 Sub Stitute",
    )  # fmt: skip
    assert second.players[0] == "Hawks: A1 Hawks One, A2 Hawks Two"
    texts = page_texts(pdf_bytes(BlankSheetRenderer(data)))
    assert len(texts) == 2  # a sheet per table, one game a match
    assert "Table 1" in texts[0]
    assert "Sub Stitute" in texts[0]
    assert "Thu 06 Mar 2025" in texts[0]
    assert "Evansville rules" in texts[0]


def test_the_schedule_prints_each_played_match_s_result(database: Database) -> None:
    (text, *_rest) = page_texts(
        pdf_bytes(ScheduleRenderer(schedule_from_store(database, "Spring")))
    )
    assert "504–74" in text
    assert "506–506" in text
    assert "forfeit (Crows)" in text


@pytest.mark.parametrize("code", ["en", "fa"])
def test_long_names_in_either_direction_stay_on_one_page(database: Database, code: str) -> None:
    from clabber_league.store.league import rename_team, season_team  # noqa: PLC0415

    for name in TEAMS:
        rename_team(database, season_team(database, "Spring", name).id, f"{name} {LONG}"[:48])
    i18n.install(code)
    for week in (1, 2, 3):
        texts = page_texts(pdf_bytes(RecapRenderer(recap_from_store(database, "Spring", week))))
        assert len(texts) == 1
    sheets = week_sheets_from_store(database, "Spring", 2)
    assert len(page_texts(pdf_bytes(BlankSheetRenderer(sheets)))) == 2


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_week_s_sheet_is_mirrored_in_persian(database: Database, code: str) -> None:
    """The home team's columns come first in reading order: at the left, or the right."""
    i18n.install(code)
    seen = placed(BlankSheetRenderer(week_sheets_from_store(database, "Spring", 1)))
    home = min(x for x, _y, text in seen if text == "Eagles")
    away = min(x for x, _y, text in seen if text == "Owls")
    assert (home > away) is (code == "fa")
