"""The published site of a progressive tournament: valid pages with every link inside the
site, the players' standings exactly the store's, the rounds with each table's result
linked to its game, the tournament's printouts, names as text, the same bytes twice, and
``publish --tournament``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clabber_league.site.publish import league_seasons, publish
from clabber_league.store.database import Database
from clabber_league.store.league import season_info
from clabber_league.store.tournaments import (
    TournamentInfo,
    create_tournament,
    tournament_movement,
    tournament_standings,
)
from tests.site.helpers import NS, broken_links, files, pages, parsed
from tests.site.test_command import run
from tests.store.tournament_play import NINE, played_tournament

HOSTILE = "<b>Ann</b>"
PERSIAN = "آرش"


@pytest.fixture
def party(database: Database) -> TournamentInfo:
    return played_tournament(database)


def published(database: Database, info: TournamentInfo, out: Path) -> Path:
    publish(database, out, [season_info(database, info.season, info.league)], league_index=False)
    return out


def table_rows(page: Path, number: int = 0) -> list[list[str]]:
    """The cells' words of the page's ``number``-th table, row by row, headings aside."""
    table = list(parsed(page).iter(f"{NS}table"))[number]
    body = next(table.iter(f"{NS}tbody"))
    return [
        ["".join(cell.itertext()).strip() for cell in row if cell.tag in {f"{NS}td", f"{NS}th"}]
        for row in body.iter(f"{NS}tr")
    ]


def test_every_page_parses_strictly_and_every_link_leads_to_a_file_of_the_site(
    database: Database, party: TournamentInfo, tmp_path: Path
) -> None:
    site = published(database, party, tmp_path / "site")
    made = set(files(site))
    assert {
        "index.html", "schedule.html", "standings.html", "printouts.html",
        "printouts/standings.pdf", "printouts/movement.pdf",
    } <= made  # fmt: skip
    assert any(path.startswith("game/") for path in made)
    assert not any(path.startswith("printouts/recap-") for path in made)
    assert "printouts/schedule.pdf" not in made
    assert "calendar.ics" in made
    assert not any(path.startswith("team/") and path.endswith(".ics") for path in made)
    for page in pages(site):
        parsed(page)
    assert broken_links(site) == []
    listed = "".join(next(parsed(site / "printouts.html").iter(f"{NS}main")).itertext())
    assert "Standings (PDF)" in listed
    assert "Movement (PDF)" in listed
    header = next(parsed(site / "index.html").iter(f"{NS}header"))
    assert "".join(header.itertext()).split("\n")[1] == "Card Party"  # league and season, once


def test_the_standings_are_the_store_s_figure_for_figure(
    database: Database, party: TournamentInfo, tmp_path: Path
) -> None:
    site = published(database, party, tmp_path / "site")
    scores = database.read(tournament_standings, tournament_id=party.id)
    assert table_rows(site / "standings.html") == [
        [str(s.rank), s.player, str(s.points), str(s.wins), str(s.played), str(s.byes), str(s.best)]
        for s in scores
    ]
    assert table_rows(site / "index.html") == [
        [str(s.rank), s.player, str(s.points), str(s.wins)] for s in scores
    ]
    words = "".join(next(parsed(site / "standings.html").iter(f"{NS}main")).itertext())
    assert "After round 2 of 4" in words
    assert "Ranked by points, then games won, then the best round played" in words


def test_the_rounds_show_the_pairs_each_result_linked_to_its_game_and_the_sit_outs(
    database: Database, party: TournamentInfo, tmp_path: Path
) -> None:
    site = published(database, party, tmp_path / "site")
    movement = database.read(tournament_movement, tournament_id=party.id)
    home = parsed(site / "index.html")
    words = "".join(next(home.iter(f"{NS}main")).itertext())
    for page in ("index.html", "schedule.html"):
        tables = list(parsed(site / page).iter(f"{NS}table"))
        rounds = tables[1:] if page == "index.html" else tables
        assert len(rounds) == len(movement.rounds)
        for number, found in enumerate(movement.rounds):
            rows = table_rows(site / page, number + (page == "index.html"))
            assert [[cell.removesuffix(" (won)") for cell in row[:3]] for row in rows] == [
                [str(t.table), " & ".join(t.sides[0]), " & ".join(t.sides[1])] for t in found.tables
            ]
            played = found.round in (1, 2)
            assert all((row[3] != "to play") is played for row in rows)
            winners = [sum(cell.endswith(" (won)") for cell in row[1:3]) for row in rows]
            assert winners == [1 if played and "tied" not in row[3] else 0 for row in rows]
    for found in movement.rounds:
        assert f"Sitting out: {', '.join(found.byes)}" in words
    # Each played table's result leads to the page of that table's game.
    first = movement.rounds[0].tables[0]
    link = next(a for a in home.iter(f"{NS}a") if (a.get("href") or "").startswith("game/"))
    game = "".join(next(parsed(site / link.get("href")).iter(f"{NS}main")).itertext())
    assert " & ".join(first.sides[0]) in game
    assert " & ".join(first.sides[1]) in game
    assert "".join(link.itertext()) in game  # the score, as the game page says it
    match = next(a.get("href") for a in parsed(site / link.get("href")).iter(f"{NS}a")
                 if (a.get("href") or "").startswith("../match/"))  # fmt: skip
    said = "".join(next(parsed(site / "game" / match).iter(f"{NS}main")).itertext())
    assert "Round 1" in said
    assert "Week" not in said


def test_names_come_out_as_text(database: Database, tmp_path: Path) -> None:
    players = (HOSTILE, PERSIAN, *NINE[1:7])
    info = played_tournament(database, name="Odd Names", players=players, played=(1,))
    site = published(database, info, tmp_path / "site")
    for page in ("index.html", "standings.html", "schedule.html"):
        main = next(parsed(site / page).iter(f"{NS}main"))
        assert HOSTILE in "".join(main.itertext())
        assert PERSIAN in "".join(main.itertext())
        assert not list(main.iter(f"{NS}b"))


def test_the_same_database_gives_the_same_bytes(
    database: Database, party: TournamentInfo, tmp_path: Path
) -> None:
    first = files(published(database, party, tmp_path / "one"))
    assert files(published(database, party, tmp_path / "two")) == first


def test_publish_tournament_is_the_season_it_is_played_as(
    database: Database,
    party: TournamentInfo,
    database_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    database.close()
    site = tmp_path / "site"
    db = ("--db", str(database_path))
    code, out, err = run(
        capsys, "publish", *db, "--tournament", "card party", "--out", str(site),
        "--format", "json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert json.loads(out)["seasons"] == ["Card Party"]
    assert "Ann" in (site / "standings.html").read_text(encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    code, out, err = run(capsys, "publish", *db, "--tournament", "Summer", "--out", str(elsewhere))
    assert (code, out) == (2, "")
    assert err == "there is no tournament called 'Summer'; there are Card Party\n"
    code, out, err = run(
        capsys, "publish", *db, "--tournament", "Card Party", "--season", "Spring",
        "--out", str(elsewhere),
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert "leave out --season and --league" in err
    assert not elsewhere.exists()


def test_a_tournament_among_a_league_s_seasons(database: Database, tmp_path: Path) -> None:
    info = create_tournament(database, name="Winter Party", players=NINE, rounds=2, league="Club")
    site = tmp_path / "site"
    publish(database, site, league_seasons(database, "Club"), league_index=True)
    assert broken_links(site) == []
    home = site / f"season-{info.season_id}" / "index.html"
    assert [row[1] for row in table_rows(home)] == sorted(NINE)  # nobody has played: by name
    assert "Before the first round" in "".join(next(parsed(home).iter(f"{NS}main")).itertext())
    spring = season_info(database, "Spring", "Club")
    assert "Team" in (site / f"season-{spring.id}" / "index.html").read_text(encoding="utf-8")
