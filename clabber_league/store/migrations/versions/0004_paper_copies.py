"""paper copies: the game's entry mode, and its hands with unknown makers

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

- ``game.paper_copy``: the game is being copied off a paper sheet, so the
  window opens it in paper-copy mode (a setting of the game, not the window).
- ``game.unknown_makers``: the game's hands copied without their makers (a
  made hand the paper does not say who made), counted by the standings as
  made by neither side. No hand stored before this revision can have
  unknown makers, so every existing game starts at 0.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("paper_copy", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(
            sa.Column("unknown_makers", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("unknown_makers")
        batch_op.drop_column("paper_copy")
