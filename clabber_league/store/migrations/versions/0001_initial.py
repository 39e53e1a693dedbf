"""games, hands, teams, players and the correction log

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_player_name"), ["name"], unique=False)

    op.create_table(
        "team",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("retired", sa.Boolean(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("team", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_name"), ["name"], unique=False)

    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("header_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("rules_preset", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("side_a", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("side_b", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("side_c", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("team_a_id", sa.Integer(), nullable=True),
        sa.Column("team_b_id", sa.Integer(), nullable=True),
        sa.Column("team_c_id", sa.Integer(), nullable=True),
        sa.Column("first_dealer", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("started_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("winner", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("total_a", sa.Integer(), nullable=False),
        sa.Column("total_b", sa.Integer(), nullable=False),
        sa.Column("total_c", sa.Integer(), nullable=True),
        sa.Column("hand_count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_a_id"],
            ["team.id"],
        ),
        sa.ForeignKeyConstraint(
            ["team_b_id"],
            ["team.id"],
        ),
        sa.ForeignKeyConstraint(
            ["team_c_id"],
            ["team.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "correction",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("old_json", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("new_json", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("correction", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_correction_game_id"), ["game_id"], unique=False)

    op.create_table(
        "game_seat",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("entry_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("makers", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("trump", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("reneged", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("bell", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("dealer", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("score_a", sa.Integer(), nullable=False),
        sa.Column("score_b", sa.Integer(), nullable=False),
        sa.Column("score_c", sa.Integer(), nullable=True),
        sa.Column("is_set", sa.Boolean(), nullable=False),
        sa.Column("recorded_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "n"),
    )
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_game_id"))

    op.drop_table("hand")
    op.drop_table("game_seat")
    with op.batch_alter_table("correction", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_correction_game_id"))

    op.drop_table("correction")
    op.drop_table("game")
    with op.batch_alter_table("team", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_name"))

    op.drop_table("team")
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_name"))

    op.drop_table("player")
