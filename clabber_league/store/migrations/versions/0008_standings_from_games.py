"""standings from the games: the hand-kept tallies dropped

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

- ``team_tally``, ``team_total`` and ``player_tally`` are dropped: the standings
  and the player figures are counted from the stored games by one query
  (``store.standings``), so nothing beside the games can disagree with them.

The downgrade makes the three tables again and fills them from the games and
forfeits, by the very revisions that first made them (0005, then 0007), so an
older version of the app finds them as it would have kept them.
"""

from collections.abc import Sequence

from alembic import context, op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_table("team_total")
    op.drop_table("player_tally")
    op.drop_table("team_tally")


def downgrade() -> None:
    scripts = context.script
    for made_them in ("0005", "0007"):
        script = scripts.get_revision(made_them)
        assert script is not None
        script.module.upgrade()
