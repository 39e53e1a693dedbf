"""tournaments: a progressive tournament's players, and a knockout's double bracket

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02

A tournament is a season of its own (``tournament.season_id``), so its rounds are the
season's weeks, its tables the weeks' matches and its partnerships the season's teams:
the recorder, the night service, the phones and the board play it as they play a
league night. What only a tournament has is kept here:

- ``tournament``: its name (unique by ``name_key``, as a league's), its season, its
  kind (``progressive``: players sign up and partners rotate; ``knockout``: teams
  in a bracket), the seed its movement or draw was made with, and a progressive
  round's number of hands (null: a round is a game to the target).
- ``tournament_player``: a progressive tournament's players in the order they signed
  up, which is the order the movement was planned from. Who sits out a round is
  not kept: it is every player not seated at one of the round's tables.
- ``playoff.double_elimination``: a knockout where a team is out after its second
  loss, not its first; ``fixture.playoff_bracket``: which of its brackets a match is
  in (``winners``, ``losers`` or ``final``; null in a single-elimination bracket).

Both new tables count as ``seasons`` for the change counters (migration 0009), with
the same triggers; the new columns are plain ADD COLUMNs, so the triggers of
``playoff`` and ``fixture`` stay.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TABLES = ("tournament", "tournament_player")
_EVENTS = ("INSERT", "UPDATE", "DELETE")


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("hands_per_round", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id"),
    )
    op.create_index("ux_tournament_name_key", "tournament", ["name_key"], unique=True)
    op.create_table(
        "tournament_player",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "position"),
    )
    op.add_column(
        "playoff",
        sa.Column("double_elimination", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("fixture", sa.Column("playoff_bracket", sa.String(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        for table in _TABLES:
            op.execute(
                f"CREATE TRIGGER changed_{table} AFTER INSERT OR UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION count_change('seasons')"
            )
    else:
        for table in _TABLES:
            for event in _EVENTS:
                op.execute(
                    f"CREATE TRIGGER changed_{table}_{event.lower()} AFTER {event} ON {table} "
                    "FOR EACH ROW BEGIN "
                    "UPDATE change_counter SET n = n + 1 WHERE kind = 'seasons'; END"
                )


def downgrade() -> None:
    op.execute("ALTER TABLE fixture DROP COLUMN playoff_bracket")
    op.execute("ALTER TABLE playoff DROP COLUMN double_elimination")
    op.drop_table("tournament_player")
    op.drop_index("ux_tournament_name_key", table_name="tournament")
    op.drop_table("tournament")
