"""a finished game reopened for corrections, kept with the game

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02

- ``game.reopened``: the game has its W and was reopened (Edit → Reopen game…, the
  phone's Reopen game): its hands may be corrected until its W is given again. Kept
  with the game so every station (a second window, the phones) sees the same; the
  reopening itself is a line of the correction log. Every stored game starts closed.

A reopening also counts up the game's version, so the game's update trigger
(migration 0009, on every column) already counts it as a change of ``games``; its
result does not move, so ``results`` is not counted.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ADD COLUMN, never batch mode: that would make the table again and drop
    # the change triggers.
    op.add_column(
        "game", sa.Column("reopened", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.execute("ALTER TABLE game DROP COLUMN reopened")
