"""standings from the games: the hand-kept tallies dropped

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

- ``team_tally``, ``team_total`` and ``player_tally`` are dropped: the standings
  and the player figures are counted from the stored games by one query
  (``store.standings``), so nothing beside the games can disagree with them.
- ``ix_game_standings``: an index of the games holding every column the
  standings count, so that query reads the index alone, not the games' wide
  rows (half the time at 30,000 games). The database keeps it, as any index.

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


#: What the standings read of a finished game (``store.standings``), in the index's order.
STANDINGS_COLUMNS = [
    "season_id",
    "team_a_id",
    "team_b_id",
    "winner",
    "total_a",
    "total_b",
    "made_a",
    "made_b",
    "sets_a",
    "sets_b",
    "reneges_a",
    "reneges_b",
    "unknown_makers",
]


def upgrade() -> None:
    op.create_index("ix_game_standings", "game", STANDINGS_COLUMNS)
    op.drop_table("team_total")
    op.drop_table("player_tally")
    op.drop_table("team_tally")


def downgrade() -> None:
    op.drop_index("ix_game_standings", "game")
    scripts = context.script
    for made_them in ("0005", "0007"):
        script = scripts.get_revision(made_them)
        assert script is not None
        script.module.upgrade()
