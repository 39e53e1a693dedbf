"""a make-up date: a postponed match played on a night of its own

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02

- ``fixture.makeup_on``: the date a postponed match is made up on (null: it is
  played on its week's night). It stays in its week, so the standings after a
  week and a season's halves count it where the schedule put it.

The fixture's update trigger (migrations 0009, 0010) is made again to count a
change of that date as a change of the schedule.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COUNTED = (
    "week_id",
    "table_no",
    "home_team_id",
    "away_team_id",
    "status",
    "forfeited_by",
    "games_per_match",
    "playoff_round",
    "playoff_slot",
)


def upgrade() -> None:
    op.add_column("fixture", sa.Column("makeup_on", sa.Date(), nullable=True))
    _fixture_trigger((*_COUNTED, "makeup_on"))


def downgrade() -> None:
    _fixture_trigger(_COUNTED)  # first: the trigger names the column
    op.execute("ALTER TABLE fixture DROP COLUMN makeup_on")


def _fixture_trigger(columns: Sequence[str]) -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    differs = "IS DISTINCT FROM" if postgresql else "IS NOT"
    moved = " OR ".join(f"OLD.{column} {differs} NEW.{column}" for column in columns)
    if postgresql:
        op.execute("DROP TRIGGER IF EXISTS changed_fixture_update ON fixture")
        op.execute(
            "CREATE TRIGGER changed_fixture_update AFTER UPDATE ON fixture FOR EACH ROW "
            f"WHEN ({moved}) EXECUTE FUNCTION count_change('matches')"
        )
    else:
        op.execute("DROP TRIGGER IF EXISTS changed_fixture_update")
        op.execute(
            "CREATE TRIGGER changed_fixture_update AFTER UPDATE ON fixture FOR EACH ROW "
            f"WHEN {moved} BEGIN UPDATE change_counter SET n = n + 1 WHERE kind = 'matches'; END"
        )
