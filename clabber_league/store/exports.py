"""A season's hands for the CSV export, from the figures the store keeps with each hand.

Every hand row holds what the rules derived when it was recorded (kind,
makers, trump, set, dealer, each side's score), rewritten whenever a
correction re-derives its game. That is all a CSV line needs: the marks
follow from the scores (``rules.judge.marks_for``) and the totals and checks
are running sums. So the export reads two queries for the whole season
instead of opening and re-scoring every game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from sqlalchemy import select as sa_select
from sqlmodel import col

from clabber_league.rules import RENEGE_BOTH, HandKind, RuleSet, rule_set
from clabber_league.rules.judge import marks_for
from clabber_league.rules.rulesets import DEFAULT_PRESET
from clabber_league.store.database import Database
from clabber_league.store.league import find_season
from clabber_league.store.models import Fixture, StoredGame, StoredHand, Week

#: Hand kinds (their stored values, looked up once) that leave no marks, and a renege.
_UNMARKED = frozenset({HandKind.PASSED.value, HandKind.VOID.value})
_RENEGE = HandKind.RENEGE.value


class HandLine(NamedTuple):
    """One hand of a season game as the sheet shows it (``gamesheet.sheet_document``)."""

    game: int
    week: int | None
    table: int | None
    sides: tuple[str, ...]
    n: int
    dealer: str
    makers: str | None
    trump: str | None
    kind: str
    set: bool
    scores: dict[str, int]
    marks: dict[str, str]
    totals: dict[str, int]
    hand_check: int
    running_check: int


@dataclass(frozen=True)
class _Game:
    week: int | None
    table: int | None
    sides: tuple[str, ...]
    rules: RuleSet
    letters: tuple[str, ...]
    """The sides' letters (``RuleSet.sides``, looked up once a game, not once a hand)."""


def season_hand_lines(
    database: Database, season: str, league: str | None = None
) -> Iterator[HandLine]:
    """Every hand of every game of the season, games in the order entered."""
    with database.session() as session:
        found = find_season(session, season, league)
        connection = session.connection()  # rows as tuples: no ORM objects to build
        games = {
            game_id: _game(week, table, _names(a, b, c), _rules(header))
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
            .order_by(col(StoredHand.game_id), col(StoredHand.n))
        ).all()
    current, game = None, None
    totals: dict[str, int] = {}
    running = 0
    for game_id, n, dealer, makers, trump, kind, is_set, reneged, *scored in hands:
        if game_id != current or game is None:
            current, game = game_id, games[game_id]
            totals, running = dict.fromkeys(game.letters, 0), 0
        scores = dict(zip(game.letters, scored, strict=False))
        totals = {side: totals[side] + score for side, score in scores.items()}
        hand_check = sum(scores.values())
        running += hand_check
        marks = _marks(game, scores, kind=kind, makers=makers, crossed=is_set, reneged=reneged)
        yield HandLine(game_id, game.week, game.table, game.sides, n, dealer, makers, trump,
                       kind, is_set, scores, marks, totals, hand_check, running)  # fmt: skip


def _marks(
    game: _Game,
    scores: dict[str, int],
    *,
    kind: str,
    makers: str | None,
    crossed: bool,
    reneged: str | None,
) -> dict[str, str]:
    """The paper's marks, as the scoring wrote them (``rules.scoring``): none for a passed
    or void hand; XX for makers set (``crossed``), or reneging themselves."""
    if kind in _UNMARKED or reneged == RENEGE_BOTH:
        return dict.fromkeys(game.letters, "")
    if kind == _RENEGE:
        crossed = reneged == makers
    return marks_for(game.rules, scores, makers or "", crossed and makers is not None)


def _game(week: int | None, table: int | None, sides: tuple[str, ...], rules: RuleSet) -> _Game:
    return _Game(week, table, sides, rules, rules.sides)


def _names(*sides: str | None) -> tuple[str, ...]:
    return tuple(side for side in sides if side is not None)


def _rules(header_json: str) -> RuleSet:
    header = json.loads(header_json)
    return _rule_set(header.get("rules", DEFAULT_PRESET), json.dumps(header.get("options", {})))


@cache
def _rule_set(preset: str, options_json: str) -> RuleSet:
    """Each rule set once: a season's games share one."""
    return rule_set(preset, json.loads(options_json))
