"""The site's ratings, awards and career pages: the store's careers, figure for figure.

One truth: the ratings page's lines are ``Career.rating_rows``, a player page's figures
``Career.records``, the awards page ``Career.awards``; the charts are SVG an XML parser
reads; a player's name is text wherever it is shown; and a league's site gives each
player's career over all of the league's seasons.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from clabber_league import i18n
from clabber_league.league.ratings import RANKED_AFTER
from clabber_league.site.chart import PALETTE, line_chart
from clabber_league.site.publish import league_seasons, publish
from clabber_league.store.careers import Career, career
from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, season_info
from clabber_league.store.models import Player
from clabber_league.store.seasons import find_season
from tests.night.helpers import SEASON, played_season
from tests.site.conftest import spring
from tests.site.helpers import NS, broken_links, pages, parsed

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def played(tmp_path: Path) -> Iterator[Database]:
    """A new database holding the played six-team season (Team 01 wins every game)."""
    database = Database.open(str(tmp_path / "played.sqlite3"))
    played_season(database)
    yield database
    database.close()


def published(database: Database, out: Path, season: str = SEASON) -> Path:
    publish(database, out, [season_info(database, season)], league_index=False)
    return out


def season_career(database: Database, season: str = SEASON) -> Career:
    with database.session() as session:
        return career(session, season_id=find_season(session, season).id)


def cells(page: Path, table: int = 0) -> list[list[str]]:
    """The text of each cell of the ``table``-th table body of the page's ``main``."""
    main = next(parsed(page).iter(f"{NS}main"))
    body = list(main.iter(f"{NS}tbody"))[table]
    return [["".join(cell.itertext()) for cell in line] for line in body]


def figures(page: Path) -> dict[str, str]:
    """The page's first list of figures, each term with its value."""
    listed = next(parsed(page).iter(f"{NS}dl"))
    terms = ["".join(term.itertext()) for term in listed.iter(f"{NS}dt")]
    values = ["".join(value.itertext()) for value in listed.iter(f"{NS}dd")]
    return dict(zip(terms, values, strict=True))


def svgs(page: Path) -> list[ET.Element]:
    """Every inline SVG of the page, read by a strict XML parser (not HTML's forgiving
    one): an unclosed element or a bare ``&`` fails here."""
    text = page.read_text(encoding="utf-8")
    return [ET.fromstring(found) for found in re.findall(r"<svg\b.*?</svg>", text, re.DOTALL)]


def test_the_pages_are_there_parse_and_link_inside_the_site(
    played: Database, tmp_path: Path
) -> None:
    site = published(played, tmp_path / "site")
    assert {"ratings.html", "awards.html"} <= {page.name for page in pages(site)}
    for page in pages(site):
        parsed(page)
    assert broken_links(site) == []
    navigation = {a.get("href") for a in parsed(site / "player/1.html").iter(f"{NS}a")}
    assert {"../ratings.html", "../awards.html"} <= navigation


def test_the_ratings_page_is_the_stores_rating_rows_best_first(
    played: Database, tmp_path: Path
) -> None:
    site = published(played, tmp_path / "site")
    found = season_career(played)
    rows = found.rating_rows()
    assert rows
    assert cells(site / "ratings.html") == [
        [str(row.rank) if row.rank is not None else "–", found.names[row.player],
         found.teams[row.player], f"{row.rating:.2f}", f"{row.uncertainty:.2f}", str(row.games)]
        for row in rows
    ]  # fmt: skip
    main = "".join(next(parsed(site / "ratings.html").iter(f"{NS}main")).itertext())
    assert f"Ranked after {RANKED_AFTER} games" in main
    links = [a.get("href") for a in parsed(site / "ratings.html").iter(f"{NS}a")]
    assert f"player/{rows[0].player}.html" in links


def test_the_ratings_chart_is_svg_with_a_title_and_a_line_for_each_top_player(
    played: Database, tmp_path: Path
) -> None:
    site = published(played, tmp_path / "site")
    (chart,) = svgs(site / "ratings.html")
    assert chart.tag == f"{SVG}svg"
    assert chart.get("role") == "img"
    title = chart.find(f"{SVG}title")
    assert title is not None
    assert title.text == "Ratings over the season"
    assert chart.get("aria-labelledby") == title.get("id")
    assert chart.find(f"{SVG}desc") is not None
    lines = chart.findall(f"{SVG}g[@class='line']")
    assert len(lines) == min(len(PALETTE), len(season_career(played).rating_rows()))


def test_the_awards_page_names_the_player_of_the_season(played: Database, tmp_path: Path) -> None:
    site = published(played, tmp_path / "site")
    awards = next(parsed(site / "awards.html").iter(f"{NS}dl"))
    terms = ["".join(term.itertext()) for term in awards.iter(f"{NS}dt")]
    values = list(awards.iter(f"{NS}dd"))
    best = values[terms.index("Player of the season")]
    assert [a.text for a in best.iter(f"{NS}a")] == ["Team 01 North", "Team 01 South"]
    rating = season_career(played).rating_rows()[0].rating
    assert "".join(best.itertext()).endswith(f"rating {rating:.2f}")
    assert len(terms) == len(season_career(played).awards())


def test_an_award_won_in_one_game_links_that_game(database: Database, tmp_path: Path) -> None:
    site = published(database, tmp_path / "site", "Spring")
    found = season_career(database, "Spring")
    one_game = [award for award in found.awards() if award.game is not None]
    assert one_game
    links = {a.get("href") for a in parsed(site / "awards.html").iter(f"{NS}a")}
    assert {f"game/{award.game}.html" for award in one_game} <= links


def test_a_player_page_gives_their_career_as_the_store_records_it(
    played: Database, tmp_path: Path
) -> None:
    site = published(played, tmp_path / "site")
    found = season_career(played)
    rows = {row.player: row for row in found.rating_rows()}
    for player, record in found.records().items():
        page = site / f"player/{player}.html"
        shown = figures(page)
        row = rows[player]
        assert shown["Rating"] == f"{row.rating:.2f} ± {row.uncertainty:.2f}"
        assert shown["Rank"] == (str(row.rank) if row.rank is not None else "–")
        assert [shown[term] for term in (
            "Games", "Won", "Hands as maker", "Made", "Sets", "Sets defended", "Reneges",
            "High game", "Biggest hand", "Longest winning streak",
        )] == [str(figure) for figure in (
            record.games, record.won, record.as_maker, record.made, record.set,
            record.defended, record.reneges, record.high_game.value, record.biggest_hand.value,
            record.longest_streak,
        )]  # fmt: skip
        links = {a.get("href") for a in parsed(page).iter(f"{NS}a")}
        assert f"../game/{record.high_game.game}.html" in links
        partners = cells(page, 0)
        assert partners == [
            [found.names[one.player], str(one.games), str(one.won), f"{one.share:.3f}".lstrip("0")]
            for one in record.partners
        ]
        assert [line[:3] for line in cells(page, 1)] == [
            [found.names[one.player], str(one.games), str(one.won)] for one in record.opponents
        ]
        (chart,) = svgs(page)
        assert chart.find(f"{SVG}title") is not None


def test_the_best_partner_is_named(played: Database, tmp_path: Path) -> None:
    site = published(played, tmp_path / "site")
    found = season_career(played)
    north = next(p for p, name in found.names.items() if name == "Team 01 North")
    assert figures(site / f"player/{north}.html")["Best partner"] == "Team 01 South (5/5)"


def test_a_hostile_players_name_is_text_on_every_page_and_in_the_chart(
    played: Database, tmp_path: Path
) -> None:
    with played.session(write=True) as session:
        player = session.get(Player, 1)
        assert player is not None
        player.name = HOSTILE
        session.add(player)
        session.commit()
    site = published(played, tmp_path / "site")
    for page in pages(site):
        assert list(parsed(page).iter(f"{NS}script")) == []
        svgs(page)
    for name in ("ratings.html", "awards.html", "player/1.html", "player/2.html"):
        assert HOSTILE in "".join(next(parsed(site / name).iter(f"{NS}main")).itertext())
    assert b"&lt;script&gt;" in (site / "ratings.html").read_bytes()


def test_in_persian_the_pages_read_right_to_left_and_the_chart_left_to_right(
    played: Database, tmp_path: Path
) -> None:
    i18n.install("fa")
    site = published(played, tmp_path / "site")
    for name in ("ratings.html", "player/1.html"):
        html = parsed(site / name)
        assert html.get("dir") == "rtl"
        (chart,) = svgs(site / name)
        assert chart.get("direction") == "ltr"
    assert broken_links(site) == []


def test_a_season_with_no_finished_game_says_so(database: Database, tmp_path: Path) -> None:
    spring_empty = "Empty"
    create_season(database, league="Club", season=spring_empty)
    add_team(database, spring_empty, "Loners", ["Lone One", "Lone Two"])
    site = published(database, tmp_path / "site", spring_empty)
    assert svgs(site / "ratings.html") == []
    text = "".join(next(parsed(site / "ratings.html").iter(f"{NS}main")).itertext())
    assert "nobody is rated" in text
    assert "first finished game" in "".join(parsed(site / "awards.html").itertext())


def test_a_leagues_site_gives_each_player_the_career_of_every_season(
    database: Database, tmp_path: Path
) -> None:
    """``publish --league``: the ratings and awards pages are each season's own, a player
    page the player's career over every season of the league, its games linked in their
    own season's folder."""
    spring(database, "Autumn")
    site = tmp_path / "site"
    seasons = league_seasons(database, "Club")
    publish(database, site, seasons, league_index=True)
    assert broken_links(site) == []
    with database.session() as session:
        league_id = find_season(session, "Spring").league_id
        whole = career(session, league_id=league_id)
    first = seasons[0]
    this = season_career(database, first.name)
    player, record = next(iter(whole.records().items()))
    page = site / f"season-{first.id}/player/{player}.html"
    shown = figures(page)
    assert shown["Games"] == str(record.games)
    assert record.games > this.records()[player].games
    assert "Every season of Club" in "".join(parsed(page).itertext())
    ratings = cells(site / f"season-{first.id}/ratings.html")
    assert [line[1] for line in ratings] == [this.names[row.player] for row in this.rating_rows()]


def test_the_chart_keeps_a_nights_last_rating_and_rounds_its_axis() -> None:
    chart = line_chart(
        [("Ann", [(date(2026, 1, 1), 1.0), (date(2026, 1, 1), 2.0), (date(2026, 1, 8), 9.0)])],
        title="t",
        description="d",
        day_text=str,
    )
    assert chart is not None
    (line,) = chart.lines
    assert len(line.points) == 2
    assert [tick.text for tick in chart.y_ticks] == ["2", "4", "6", "8", "10"]
    assert [tick.text for tick in chart.x_ticks] == ["2026-01-01", "2026-01-08"]
    assert line_chart([("Ann", [])], title="t", description="d", day_text=str) is None
