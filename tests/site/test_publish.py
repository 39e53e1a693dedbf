"""The published site: valid pages, every link inside the site, names as text, the same
bytes twice, and a publish after a hand rewriting a handful of files."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import Markup

from clabber_league import i18n
from clabber_league.i18n.match_words import STATE_WORDS
from clabber_league.league.player_games import PLAYING, WON, player_games
from clabber_league.league.ranking import pct_text
from clabber_league.site import publish as site_publish
from clabber_league.site.builder import MANIFEST, Page
from clabber_league.site.pages import Place, SheetHtml
from clabber_league.site.publish import Extra, league_seasons, publish
from clabber_league.site.season import SeasonData, read_season
from clabber_league.store.database import Database
from clabber_league.store.divisions import set_team_division
from clabber_league.store.errors import StoreError
from clabber_league.store.league import (
    BYE,
    ENTERED,
    FORFEIT,
    POSTPONED,
    SCHEDULED,
    TO_PLAY,
    add_team,
    list_teams,
    rename_team,
    schedule,
    season_info,
)
from clabber_league.store.matches import start_match_game
from clabber_league.store.standings import standings
from clabber_league.store.team_removal import remove_team
from tests.site.conftest import spring
from tests.site.helpers import NS, broken_links, files, pages, parsed
from tests.store.helpers import made

HOSTILE = '<b>Owls</b><img src="http://evil.example/x.png">'
PERSIAN = "جغدها"


def published(database: Database, out: Path, season: str = "Spring") -> Path:
    publish(database, out, [season_info(database, season)], league_index=False)
    return out


def text_of(page: Path) -> str:
    """The words of the page's ``main`` (the navigation aside)."""
    return "".join(next(parsed(page).iter(f"{NS}main")).itertext())


def test_every_page_parses_strictly_and_every_link_leads_to_a_file_of_the_site(
    database: Database, tmp_path: Path
) -> None:
    site = published(database, tmp_path / "site")
    expected = {
        "index.html", "schedule.html", "standings.html", "teams.html", "players.html",
        "printouts.html", "team/1.html", "match/1.html", "game/1.html", "player/1.html",
        "printouts/standings.pdf", "printouts/schedule.pdf", "printouts/recap-week-1.pdf",
        "printouts/recap-week-3.pdf", "site.css", "sheet.css", "calendar.ics", "team/1.ics",
        "results.atom",
    }  # fmt: skip
    assert expected <= set(files(site))
    for page in pages(site):
        parsed(page)
    assert broken_links(site) == []


def test_a_game_page_holds_its_paper_sheet_and_the_printouts_link_the_calendars(
    database: Database, tmp_path: Path
) -> None:
    site = published(database, tmp_path / "site")
    game = parsed(site / "game/1.html")
    classes = [table.get("class", "").split() for table in game.iter(f"{NS}table")]
    assert sum("paper-sheet" in names for names in classes) == 1
    links = {a.get("href") for a in parsed(site / "printouts.html").iter(f"{NS}a")}
    assert {"calendar.ics", "team/1.ics", "results.atom"} <= links


def test_the_home_page_has_the_latest_week_the_standings_and_the_next_week(
    database: Database, tmp_path: Path
) -> None:
    home = text_of(published(database, tmp_path / "site") / "index.html")
    latest, standings, coming = (
        home.index("Latest results"), home.index("Standings"), home.index("Next week")
    )  # fmt: skip
    assert latest < standings < coming
    assert "Week 3" in home[latest:standings]
    assert "forfeit (Crows)" in home[latest:standings]
    assert "Week 4" in home[coming:]


def test_the_schedule_gives_every_played_matchs_result_and_the_states(
    database: Database, tmp_path: Path
) -> None:
    text = text_of(published(database, tmp_path / "site") / "schedule.html")
    for match in schedule(database, "Spring"):
        assert f"{match.home}" in text
    assert "506–506" in text  # week 2's tied game
    assert "postponed" in text


def test_a_player_page_gives_their_games_made_hands_and_partners(
    database: Database, tmp_path: Path
) -> None:
    site = published(database, tmp_path / "site")
    players = parsed(site / "players.html")
    link = next(a for a in players.iter(f"{NS}a") if a.text == "Eagles One")
    page = text_of(site / link.get("href"))
    assert "Eagles Two" in page  # the partner
    assert "Partners" in page
    assert "won" in page


def test_names_with_markup_and_right_to_left_names_come_out_as_text(
    database: Database, tmp_path: Path
) -> None:
    owls = next(row for row in season_info_teams(database) if row[1] == "Owls")
    rename_team(database, owls[0], HOSTILE)
    add_team(database, "Spring", PERSIAN, ["<script>alert(1)</script>"])
    site = published(database, tmp_path / "site")
    for page in pages(site):
        tree = parsed(page)
        assert list(tree.iter(f"{NS}img")) == []
        assert list(tree.iter(f"{NS}script")) == []
        assert list(tree.iter(f"{NS}b")) == []
    assert HOSTILE in text_of(site / "standings.html")
    assert PERSIAN in text_of(site / "teams.html")
    assert broken_links(site) == []


def season_info_teams(database: Database) -> list[tuple[int, str]]:
    return [(team.id, team.name) for team in list_teams(database, "Spring")]


def test_two_publishes_of_the_same_database_are_byte_identical(
    database: Database, tmp_path: Path
) -> None:
    first = files(published(database, tmp_path / "one"))
    assert files(published(database, tmp_path / "two")) == first


def test_a_publish_after_one_more_hand_rewrites_a_handful_of_files(
    database: Database, tmp_path: Path
) -> None:
    site = published(database, tmp_path / "site")
    week_four = next(match for match in schedule(database, "Spring") if match.week == 4)
    recorder = start_match_game(database, week_four.id)
    published(database, site)
    before = files(site)
    recorder.record(made("A"))
    again = publish(database, site, [season_info(database, "Spring")], league_index=False)
    after = files(site)
    changed = {path for path in after if before.get(path) != after[path]}
    # the game's page and its match's, and the pages of the two who made the hand
    assert changed == {f"game/{recorder.id}.html", f"match/{week_four.id}.html", *makers(site)}
    assert again.written == len(changed) == 4
    assert again.unchanged == len(after) - again.written
    assert again.removed == 0


def makers(site: Path) -> set[str]:
    """The player pages of the players of the home side of the match of week 4."""
    crows = [f"Crows {seat}" for seat in ("One", "Two")]
    players = parsed(site / "players.html")
    return {a.get("href") for a in players.iter(f"{NS}a") if a.text in crows}


def test_a_removed_teams_page_is_removed_and_a_strangers_file_stays(
    database: Database, tmp_path: Path
) -> None:
    add_team(database, "Spring", "Latecomers")
    site = published(database, tmp_path / "site")
    (site / "robots.txt").write_text("User-agent: *\n")
    latecomers = next(team for team, name in season_info_teams(database) if name == "Latecomers")
    assert (site / f"team/{latecomers}.html").is_file()
    remove_team(database, latecomers)
    outcome = publish(database, site, [season_info(database, "Spring")], league_index=False)
    assert outcome.removed == 2  # its page and its calendar
    assert not (site / f"team/{latecomers}.html").exists()
    assert not (site / f"team/{latecomers}.ics").exists()
    assert (site / "robots.txt").is_file()
    assert broken_links(site) == []


def test_every_season_of_a_league_under_an_index(database: Database, tmp_path: Path) -> None:
    spring(database, "Autumn")
    site = tmp_path / "site"
    seasons = league_seasons(database, "club")
    publish(database, site, seasons, league_index=True)
    index = text_of(site / "index.html")
    assert "Spring" in index
    assert "Autumn" in index
    assert {f"season-{info.id}/index.html" for info in seasons} <= set(files(site))
    assert broken_links(site) == []
    assert (site / MANIFEST).is_file()


def test_a_league_the_database_does_not_have_is_refused(database: Database) -> None:
    with pytest.raises(StoreError, match="there is no league called 'Chess'"):
        league_seasons(database, "Chess")


def test_in_persian_the_pages_read_right_to_left(database: Database, tmp_path: Path) -> None:
    i18n.install("fa")
    site = published(database, tmp_path / "site")
    html = parsed(site / "index.html")
    assert html.get("dir") == "rtl"
    assert html.get("lang") == "fa"
    assert broken_links(site) == []
    # A result reads "428–544" as in English, not "544–428" or split across two lines.
    scores = list(parsed(site / "schedule.html").iter(f"{NS}bdi"))
    assert scores
    assert all(bdi.get("dir") == "ltr" and bdi.get("class") == "score" for bdi in scores)


def test_the_standings_page_is_the_stores_standings(database: Database, tmp_path: Path) -> None:
    """One truth: the page's lines are the store's rows, figure for figure."""
    site = published(database, tmp_path / "site")
    table = next(parsed(site / "standings.html").iter(f"{NS}tbody"))
    lines = [["".join(cell.itertext()) for cell in line] for line in table]
    info = season_info(database, "Spring")
    rows = database.read(standings, season_id=info.id)
    assert lines == [
        [str(row.rank), row.name, str(row.gp), str(row.w), str(row.l), str(row.t),
         pct_text(row.pct), str(row.pf), str(row.pa), f"{row.diff:+d}", str(row.made),
         str(row.sets)]
        for row in rows
    ]  # fmt: skip


def test_the_extra_pages_and_the_sheet_maker_join_the_site_where_documented(
    database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the calendars, the feed and the paper sheet plug into (``site.publish``)."""

    def extras(
        _database: Database, _data: SeasonData, place: Place, *, base_url: str | None
    ) -> list[Extra]:
        assert base_url is None
        calendar = Page(place.folder + "calendar.ics", b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        return [Extra(calendar, "The season's calendar")]

    def sheets(_database: Database) -> SheetHtml:
        return lambda game_id: Markup('<table class="paper-sheet" id="g{}"></table>').format(
            game_id
        )

    monkeypatch.setattr(site_publish, "extra_pages", extras)
    monkeypatch.setattr(site_publish, "sheet_maker", sheets)
    site = published(database, tmp_path / "site")
    assert (site / "calendar.ics").is_file()
    assert "The season's calendar" in text_of(site / "printouts.html")
    assert next(parsed(site / "game/1.html").iter(f"{NS}table")).get("id") == "g1"
    assert broken_links(site) == []


def test_the_match_states_words_name_the_stores_states() -> None:
    assert set(STATE_WORDS) == {SCHEDULED, POSTPONED, FORFEIT, BYE, TO_PLAY, ENTERED}


def test_a_season_with_divisions_shows_a_table_per_division(
    database: Database, tmp_path: Path
) -> None:
    for team, name in season_info_teams(database):
        set_team_division(database, team, "North" if name in {"Eagles", "Owls"} else "South")
    site = published(database, tmp_path / "site")
    for page in ("index.html", "standings.html"):
        tree = parsed(site / page)
        headings = ["".join(h.itertext()) for h in tree.iter(f"{NS}h3")]
        assert {"North", "South"} <= set(headings)
        assert len(list(tree.iter(f"{NS}table"))) >= 2


def test_each_players_sets_from_the_sheets_are_the_stores(database: Database) -> None:
    """The long way round: a player's hands set, counted from the scored sheets of their
    finished games (``league.player_games``), are the store's player figures."""
    data = read_season(database, "Spring")
    games = player_games({game.id: (game.game, game.seats) for game in data.games.values()})
    assert data.players
    for row in data.players:
        finished = [game for game in games[row.name] if game.outcome != PLAYING]
        assert len(finished) == row.games
        assert sum(game.set for game in finished) == row.sets
        assert sum(game.outcome == WON for game in finished) == row.won
