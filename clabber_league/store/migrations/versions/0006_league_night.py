"""league night: the tables' and the board's links, and the answers already given

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

- ``night_token``: one row per link of a league night (a table's match, or
  the board when ``fixture_id`` is null). Only the token's SHA-256 is kept;
  ``closed_at`` kills the link (``night close``).
- ``night_request``: each write a phone made (its own request id, unique per
  match) with the answer it was given, so that a retry after a dropped
  connection gets the very same answer and stores nothing twice.

Both tables are new: no existing row changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    text = sqlmodel.sql.sqltypes.AutoString
    op.create_table(
        "night_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("week_id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=True),
        sa.Column("token_hash", text(), nullable=False),
        sa.Column("salt", text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["fixture_id"], ["fixture.id"]),
        sa.ForeignKeyConstraint(["week_id"], ["week.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_night_token_week_id", "night_token", ["week_id"], unique=False)
    op.create_table(
        "night_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("request_id", text(), nullable=False),
        sa.Column("body_hash", text(), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("answer_json", text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["fixture_id"], ["fixture.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("fixture_id", "request_id"),
    )
    op.create_index("ix_night_request_fixture_id", "night_request", ["fixture_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_night_request_fixture_id", table_name="night_request")
    op.drop_table("night_request")
    op.drop_index("ix_night_token_week_id", table_name="night_token")
    op.drop_table("night_token")
