"""leagues, seasons, rosters and the schedule

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "league",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("rules_preset", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("options_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("games_per_match", sa.Integer(), nullable=False),
        sa.Column("tie_break_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("forfeit_winner_score", sa.Integer(), nullable=False),
        sa.Column("forfeit_loser_score", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["league.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "name"),
    )
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_season_league_id"), ["league_id"], unique=False)

    op.create_table(
        "week",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("played_on", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(
            ["season_id"],
            ["season.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id", "number"),
    )
    with op.batch_alter_table("week", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_week_season_id"), ["season_id"], unique=False)

    op.create_table(
        "fixture",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("week_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("home_team_id", sa.Integer(), nullable=False),
        sa.Column("away_team_id", sa.Integer(), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("forfeited_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["away_team_id"],
            ["team.id"],
        ),
        sa.ForeignKeyConstraint(
            ["forfeited_by"],
            ["team.id"],
        ),
        sa.ForeignKeyConstraint(
            ["home_team_id"],
            ["team.id"],
        ),
        sa.ForeignKeyConstraint(
            ["week_id"],
            ["week.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("fixture", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fixture_week_id"), ["week_id"], unique=False)

    op.create_table(
        "team_member",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("joined_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("left_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["team.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("team_member", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_member_team_id"), ["team_id"], unique=False)

    with op.batch_alter_table("game", schema=None) as batch_op:
        for tally in ("made", "sets", "reneges"):
            for side in "ab":
                batch_op.add_column(
                    sa.Column(f"{tally}_{side}", sa.Integer(), nullable=False, server_default="0")
                )
            batch_op.add_column(sa.Column(f"{tally}_c", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("season_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("fixture_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_game_fixture_id"), ["fixture_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_season_id"), ["season_id"], unique=False)
        batch_op.create_foreign_key("fk_game_fixture_id_fixture", "fixture", ["fixture_id"], ["id"])
        batch_op.create_foreign_key("fk_game_season_id_season", "season", ["season_id"], ["id"])

    with op.batch_alter_table("team", schema=None) as batch_op:
        batch_op.add_column(sa.Column("season_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_team_season_id"), ["season_id"], unique=False)
        batch_op.create_foreign_key("fk_team_season_id_season", "season", ["season_id"], ["id"])

    # Games stored before this revision get their tallies from their hands.
    for side in "ABC":
        column = side.lower()
        where = f"hand.game_id = game.id AND hand.makers = '{side}'"
        played = f"{where} AND hand.kind = 'played'"
        op.execute(
            f"UPDATE game SET made_{column} = (SELECT count(*) FROM hand WHERE {played}"
            " AND NOT hand.is_set),"
            f" sets_{column} = (SELECT count(*) FROM hand WHERE {played} AND hand.is_set),"
            f" reneges_{column} = (SELECT count(*) FROM hand WHERE hand.game_id = game.id"
            f" AND hand.reneged IN ('{side}', 'both'))"
            + (" WHERE side_c IS NOT NULL" if side == "C" else "")
        )


def downgrade() -> None:
    with op.batch_alter_table("team", schema=None) as batch_op:
        batch_op.drop_constraint("fk_team_season_id_season", type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_team_season_id"))
        batch_op.drop_column("season_id")

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint("fk_game_season_id_season", type_="foreignkey")
        batch_op.drop_constraint("fk_game_fixture_id_fixture", type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_game_season_id"))
        batch_op.drop_index(batch_op.f("ix_game_fixture_id"))
        batch_op.drop_column("fixture_id")
        batch_op.drop_column("season_id")
        for tally in ("made", "sets", "reneges"):
            for side in "abc":
                batch_op.drop_column(f"{tally}_{side}")

    with op.batch_alter_table("team_member", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_member_team_id"))

    op.drop_table("team_member")
    with op.batch_alter_table("fixture", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fixture_week_id"))

    op.drop_table("fixture")
    with op.batch_alter_table("week", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_week_season_id"))

    op.drop_table("week")
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_season_league_id"))

    op.drop_table("season")
    op.drop_table("league")
