"""A season's hands as the lines of its CSV export, from the figures the store keeps with
each hand.

Every hand row holds what the rules derived when it was recorded (kind,
makers, trump, set, dealer, each side's score), rewritten whenever a
correction re-derives its game. That is all a CSV line needs: the marks
follow from the scores (``rules.judge.side_mark``) and the totals and checks
are running sums. So the export reads two queries for the whole season
instead of opening and re-scoring every game, and builds each line as a tuple
straight from its row.

Only text read from the database is escaped (``escaping.csv_cell``), each
distinct text once (``escaping.CsvCells``): what is computed here (figures,
and marks that are a figure, XX, the zero mark or nothing) never starts a
formula.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from sqlalchemy import select as sa_select
from sqlmodel import col

from clabber_league.escaping import CsvCells
from clabber_league.rules import RENEGE_BOTH, HandKind, RuleSet, rule_set
from clabber_league.rules.judge import side_mark
from clabber_league.rules.rulesets import DEFAULT_PRESET
from clabber_league.store.database import Database
from clabber_league.store.models import Fixture, StoredGame, StoredHand, Week
from clabber_league.store.seasons import find_season

#: The export's columns: a line per hand, as the sheet shows it (``gamesheet.sheet_document``)
#: for the first two sides; the checks count every side.
HAND_COLUMNS = (
    "game", "week", "table", "hand", "dealer", "makers", "trump", "kind", "set",
    "team_a", "team_b", "score_a", "score_b", "mark_a", "mark_b", "total_a", "total_b",
    "hand_check", "running_check",
)  # fmt: skip
#: Hand kinds (their stored values, looked up once) that leave no marks, and a renege.
_UNMARKED = frozenset({HandKind.PASSED.value, HandKind.VOID.value})
_RENEGE = HandKind.RENEGE.value


@dataclass(frozen=True)
class _Game:
    """What every line of a game repeats, its text escaped once."""

    week: object
    table: object
    side_a: object
    side_b: object
    zero: str
    """The rules' mark for nothing."""
    third: bool
    """Whether the rules have a third side, whose score counts in the checks."""


def season_csv_rows(
    database: Database, season: str, league: str | None = None
) -> list[tuple[object, ...]]:
    """Every hand of every game of the season, games in the order entered, as the cells of
    ``HAND_COLUMNS``."""
    text = CsvCells()
    with database.session() as session:
        found = find_season(session, season, league)
        connection = session.connection()  # rows as tuples: no ORM objects to build
        games = {
            game_id: _game(text, week, table, header, (a, b, c))
            for game_id, week, table, header, a, b, c in connection.execute(
                sa_select(
                    col(StoredGame.id),
                    col(Week.number),
                    col(Fixture.table_no),
                    col(StoredGame.header_json),
                    col(StoredGame.side_a),
                    col(StoredGame.side_b),
                    col(StoredGame.side_c),
                )
                .select_from(StoredGame)
                .outerjoin(Fixture, col(StoredGame.fixture_id) == col(Fixture.id))
                .outerjoin(Week, col(Fixture.week_id) == col(Week.id))
                .where(col(StoredGame.season_id) == found.id)
            )
        }
        hands = connection.execute(
            sa_select(
                col(StoredHand.game_id),
                col(StoredHand.n),
                col(StoredHand.dealer),
                col(StoredHand.makers),
                col(StoredHand.trump),
                col(StoredHand.kind),
                col(StoredHand.is_set),
                col(StoredHand.reneged),
                col(StoredHand.score_a),
                col(StoredHand.score_b),
                col(StoredHand.score_c),
            )
            .join(StoredGame, col(StoredHand.game_id) == col(StoredGame.id))
            .where(col(StoredGame.season_id) == found.id)
            # The game's id, not the hand's copy: read in (game, n) order, no sort.
            .order_by(col(StoredGame.id), col(StoredHand.n))
        ).all()
    rows: list[tuple[object, ...]] = []
    current, game = None, None
    total_a = total_b = running = 0
    for game_id, n, dealer, makers, trump, kind, is_set, reneged, a, b, c in hands:
        if game_id != current or game is None:
            current, game = game_id, games[game_id]
            total_a = total_b = running = 0
        total_a += a
        total_b += b
        hand_check = a + b + c if game.third else a + b
        running += hand_check
        if kind in _UNMARKED or reneged == RENEGE_BOTH:
            mark_a = mark_b = ""
        else:
            # XX for makers set, or reneging themselves (``rules.scoring``).
            crossed = (reneged == makers if kind == _RENEGE else is_set) and makers is not None
            mark_a = side_mark(a, crossed and makers == "A", game.zero)
            mark_b = side_mark(b, crossed and makers == "B", game.zero)
        rows.append((game_id, game.week, game.table, n, text[dealer], text[makers], text[trump],
                     text[kind], "yes" if is_set else "", game.side_a, game.side_b, a, b,
                     mark_a, mark_b, total_a, total_b, hand_check, running))  # fmt: skip
    return rows


def _game(
    text: CsvCells, week: int | None, table: int | None, header: str, sides: tuple[str | None, ...]
) -> _Game:
    rules = _rules(header)
    first, second, *_ = (side for side in sides if side is not None)
    return _Game(week or "", table or "", text[first], text[second],
                 rules.options.zero_mark.value, len(rules.sides) > 2)  # fmt: skip


def _rules(header_json: str) -> RuleSet:
    header = json.loads(header_json)
    return _rule_set(header.get("rules", DEFAULT_PRESET), json.dumps(header.get("options", {})))


@cache
def _rule_set(preset: str, options_json: str) -> RuleSet:
    """Each rule set once: a season's games share one."""
    return rule_set(preset, json.loads(options_json))
