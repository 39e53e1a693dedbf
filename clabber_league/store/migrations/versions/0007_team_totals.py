"""team totals: each team's season summed, beside its tallies per opponent

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

- ``team_total``: per season and team, its ``team_tally`` rows against every
  opponent added up (the same figures).

The standings read one row per team here instead of summing a row per team and
opponent each time (a hundred teams: ten thousand rows); ``store.tallies`` keeps
it in the transaction of every change, as it keeps ``team_tally``. The upgrade
fills it from ``team_tally``.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
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


def upgrade() -> None:
    op.create_table(
        "team_total",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        *(
            sa.Column(name, sa.Integer(), nullable=False, server_default="0")
            for name in _TEAM_FIGURES
        ),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"]),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"]),
        sa.PrimaryKeyConstraint("season_id", "team_id"),
    )
    columns = ", ".join(_TEAM_FIGURES)
    sums = ", ".join(f"sum({figure})" for figure in _TEAM_FIGURES)
    op.execute(
        f"INSERT INTO team_total (season_id, team_id, {columns}) "
        f"SELECT season_id, team_id, {sums} FROM team_tally GROUP BY season_id, team_id"
    )


def downgrade() -> None:
    op.drop_table("team_total")
