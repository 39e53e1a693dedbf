"""A progressive tournament's printouts: the standings player by player in rank order
(after which round, the order in a footnote), the movement sheet, every table's game
sheet; and in Persian the standings run from the right."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from clabber_league import i18n
from clabber_league.league.progressive import PlayerScore
from clabber_league.reports import gather
from clabber_league.reports.filled import FilledSheetsRenderer
from clabber_league.reports.movement_sheet import MovementSheetRenderer
from clabber_league.reports.styles import Paper
from clabber_league.reports.tournament_standings import (
    RoundProgress,
    TournamentStandingsRenderer,
    progress_words,
    tournament_standings_data,
)
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.tournaments import (
    TournamentInfo,
    tournament_movement,
    tournament_standings,
)
from tests.reports.conftest import page_texts, pdf_bytes
from tests.reports.test_mirrored import placed, row_of
from tests.store.tournament_play import played_tournament


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    database = Database.open(str(tmp_path / "league.sqlite3"))
    yield database
    database.close()


@pytest.fixture
def party(database: Database) -> TournamentInfo:
    return played_tournament(database)


def test_the_standings_print_every_player_in_rank_order(
    database: Database, party: TournamentInfo
) -> None:
    scores = database.read(tournament_standings, tournament_id=party.id)
    data = gather.tournament_standings_from_store(database, "card party")
    assert data.tournament == "Card Party"
    assert data.rows == tuple(
        (str(s.rank), s.player, str(s.points), str(s.wins), str(s.played), str(s.byes), str(s.best))
        for s in scores
    )
    (text,) = page_texts(pdf_bytes(TournamentStandingsRenderer(data)))
    assert "Card Party" in text
    assert "After round 2 of 4" in text
    assert "Ranked by points, then games won, then the best round played" in text
    lines = text.splitlines()
    ranked = [
        next(i for i, line in enumerate(lines) if f" {s.player} " in f" {line} ") for s in scores
    ]
    assert ranked == sorted(ranked)
    assert sum(s.played for s in scores) == 2 * 8  # two rounds, eight seated a round
    assert sum(s.byes for s in scores) == 2


@pytest.mark.parametrize(
    ("rounds", "words"),
    [
        ((RoundProgress(1, 2, 0), RoundProgress(2, 2, 0)), "Before the first round"),
        ((RoundProgress(1, 2, 1), RoundProgress(2, 2, 0)), "Round 1: 1 of 2 tables finished"),
        ((RoundProgress(1, 2, 2), RoundProgress(2, 2, 0)), "After round 1 of 2"),
        (
            (RoundProgress(1, 2, 2), RoundProgress(2, 2, 1)),
            "After round 1 of 2 · Round 2: 1 of 2 tables finished",
        ),
        ((RoundProgress(1, 2, 2), RoundProgress(2, 2, 2)), "After round 2 of 2"),
    ],
)
def test_which_round_the_standings_are_after(rounds: tuple[RoundProgress, ...], words: str) -> None:
    assert progress_words(rounds) == words


def test_in_persian_the_standings_run_from_the_right(
    database: Database, party: TournamentInfo
) -> None:
    i18n.install("fa")
    leader = database.read(tournament_standings, tournament_id=party.id)[0]
    seen = placed(
        TournamentStandingsRenderer(gather.tournament_standings_from_store(database, party.name))
    )
    line = sorted(row_of(seen, leader.player))
    texts = [text for _x, _y, text in line]
    # From the left: best round, byes, games, wins, points, the player, the rank.
    assert texts == [
        str(leader.best), str(leader.byes), str(leader.played), str(leader.wins),
        str(leader.points), leader.player, "1",
    ]  # fmt: skip
    # The title is the highest "Card Party" (the footer names it too, at the foot).
    title = max((y, x) for x, y, text in seen if text == "Card Party")[1]
    assert title > line[0][0]  # the title starts at the right


def test_the_movement_sheet_has_every_round_s_tables_and_sit_outs(
    database: Database, party: TournamentInfo
) -> None:
    movement = database.read(tournament_movement, tournament_id=party.id)
    text = "\n".join(
        page_texts(
            pdf_bytes(MovementSheetRenderer(gather.movement_sheet_from_store(database, party.name)))
        )
    )
    for found in movement.rounds:
        assert f"Round {found.round}" in text
        for table in found.tables:
            assert " & ".join(table.sides[0]) in text
            assert " & ".join(table.sides[1]) in text
        assert f"Sitting out: {', '.join(found.byes)}" in text


def test_every_table_s_sheet_one_a_page_round_by_round(
    database: Database, party: TournamentInfo
) -> None:
    name, sheets = gather.tournament_sheets_from_store(database, "CARD PARTY")
    assert name == "Card Party"
    assert [sheet.title.split(" — ")[0] for sheet in sheets] == [
        "Round 1, table 1", "Round 1, table 2", "Round 2, table 1", "Round 2, table 2",
    ]  # fmt: skip
    texts = page_texts(pdf_bytes(FilledSheetsRenderer(sheets, title=name)))
    assert len(texts) == 4
    for text, sheet in zip(texts, sheets, strict=True):
        assert sheet.title in text
        assert "Card Party — Card Party" not in text  # league and season, said once
    _name, second = gather.tournament_sheets_from_store(database, "Card Party", 2)
    assert [sheet.title for sheet in second] == [sheet.title for sheet in sheets[2:]]


@pytest.mark.parametrize(
    ("round_no", "words"),
    [
        (5, "Card Party has no round 5: its rounds are 1 to 4"),
        (3, "round 3 of Card Party has no game yet"),
    ],
)
def test_a_round_without_sheets_is_refused(
    database: Database, party: TournamentInfo, round_no: int, words: str
) -> None:
    with pytest.raises(StoreError, match=words):
        gather.tournament_sheets_from_store(database, party.name, round_no)


def test_sixty_four_players_run_on_with_the_headings_repeated() -> None:
    scores = [PlayerScore(n, f"Player {n:02d}", 5000 - n, 3, 6, 1, 400) for n in range(1, 65)]
    rounds = [RoundProgress(r, 16, 16) for r in range(1, 8)]
    data = tournament_standings_data(
        tournament="Big Party", scores=scores, rounds=rounds, stamp=date(2026, 3, 6)
    )
    texts = page_texts(pdf_bytes(TournamentStandingsRenderer(data, paper=Paper.A4)))
    assert len(texts) == 2
    assert all("Best round" in text for text in texts)
    assert "After round 7 of 7 · As of Fri 06 Mar 2026" in texts[0]
    shown = [n for n in range(1, 65) if f"Player {n:02d}" in "".join(texts)]
    assert shown == list(range(1, 65))
    assert "Ranked by points" in texts[1]
