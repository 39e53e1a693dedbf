"""standing tallies: the standings kept as running sums

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

- ``team_tally``: per season, team and opponent, the games, wins, losses,
  ties, points and hand counts of their finished games and forfeits.
- ``player_tally``: per season, player and team, the finished games the
  player sat in, the games won and the hands set as makers.

The store keeps both in the transaction of every change (``store.tallies``),
so the standings read a few thousand rows instead of walking every game and
hand. The upgrade fills them from the games and forfeits already stored,
counting exactly as ``store.tallies`` does.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEAM_FIGURES = (
    "games",
    "wins",
    "losses",
    "ties",
    "points_for",
    "points_against",
    "made",
    "sets",
    "reneges",
    "unknown_makers",
)

# One line per finished game per side: the side's team against the other side's.
_GAME_SIDE = """
SELECT season_id, team_{me}_id AS team_id, team_{them}_id AS opponent_id, 1 AS games,
       CASE WHEN winner = '{ME}' THEN 1 ELSE 0 END AS wins,
       CASE WHEN winner = '{THEM}' THEN 1 ELSE 0 END AS losses,
       CASE WHEN winner = 'tie' THEN 1 ELSE 0 END AS ties,
       total_{me} AS points_for, total_{them} AS points_against, made_{me} AS made,
       sets_{me} AS sets, reneges_{me} AS reneges, unknown_makers
FROM game
WHERE season_id IS NOT NULL AND winner IS NOT NULL
  AND team_a_id IS NOT NULL AND team_b_id IS NOT NULL
"""

# One line per forfeited match per team: every game of the match, at the season's score.
_FORFEIT_SIDE = """
SELECT w.season_id AS season_id, {me} AS team_id, {them} AS opponent_id,
       s.games_per_match AS games, {won} * s.games_per_match AS wins,
       {lost} * s.games_per_match AS losses, 0 AS ties,
       s.games_per_match * s.{me_score} AS points_for,
       s.games_per_match * s.{them_score} AS points_against,
       0 AS made, 0 AS sets, 0 AS reneges, 0 AS unknown_makers
FROM fixture f JOIN week w ON w.id = f.week_id JOIN season s ON s.id = w.season_id
WHERE f.status = 'forfeit' AND f.away_team_id IS NOT NULL AND f.forfeited_by IS NOT NULL
"""
_WINNER = "CASE WHEN f.forfeited_by = f.home_team_id THEN f.away_team_id ELSE f.home_team_id END"


def upgrade() -> None:
    figures = [
        sa.Column(name, sa.Integer(), nullable=False, server_default="0") for name in _TEAM_FIGURES
    ]
    op.create_table(
        "team_tally",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("opponent_id", sa.Integer(), nullable=False),
        *figures,
        sa.ForeignKeyConstraint(["season_id"], ["season.id"]),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"]),
        sa.ForeignKeyConstraint(["opponent_id"], ["team.id"]),
        sa.PrimaryKeyConstraint("season_id", "team_id", "opponent_id"),
    )
    op.create_table(
        "player_tally",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        *(
            sa.Column(name, sa.Integer(), nullable=False, server_default="0")
            for name in ("games", "won", "sets")
        ),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("season_id", "player_id", "team_id"),
    )
    sides = [
        _GAME_SIDE.format(me="a", them="b", ME="A", THEM="B"),
        _GAME_SIDE.format(me="b", them="a", ME="B", THEM="A"),
        _FORFEIT_SIDE.format(
            me=_WINNER,
            them="f.forfeited_by",
            won=1,
            lost=0,
            me_score="forfeit_winner_score",
            them_score="forfeit_loser_score",
        ),
        _FORFEIT_SIDE.format(
            me="f.forfeited_by",
            them=_WINNER,
            won=0,
            lost=1,
            me_score="forfeit_loser_score",
            them_score="forfeit_winner_score",
        ),
    ]
    columns = ", ".join(_TEAM_FIGURES)
    sums = ", ".join(f"sum({figure})" for figure in _TEAM_FIGURES)
    op.execute(
        f"INSERT INTO team_tally (season_id, team_id, opponent_id, {columns}) "
        f"SELECT season_id, team_id, opponent_id, {sums} "
        f"FROM ({' UNION ALL '.join(sides)}) AS side "
        "GROUP BY season_id, team_id, opponent_id"
    )
    side = "substr(s.seat, 1, 1)"
    op.execute(
        "INSERT INTO player_tally (season_id, player_id, team_id, games, won, sets) "
        f"SELECT g.season_id, s.player_id, "
        f"COALESCE(CASE {side} WHEN 'A' THEN g.team_a_id WHEN 'B' THEN g.team_b_id "
        "ELSE g.team_c_id END, 0) AS side_team, count(*), "
        f"sum(CASE WHEN g.winner = {side} THEN 1 ELSE 0 END), "
        f"sum(CASE {side} WHEN 'A' THEN g.sets_a WHEN 'B' THEN g.sets_b "
        "ELSE COALESCE(g.sets_c, 0) END) "
        "FROM game_seat s JOIN game g ON g.id = s.game_id "
        "WHERE g.season_id IS NOT NULL AND g.winner IS NOT NULL "
        "GROUP BY g.season_id, s.player_id, side_team"
    )


def downgrade() -> None:
    op.drop_table("player_tally")
    op.drop_table("team_tally")
