"""the season around the games: divisions, halves, playoffs, substitutes

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02

- ``team.division``: the division a team plays in (null: none);
- ``season.first_half_weeks``: a split season's first half, weeks 1 to N
  (null: no halves);
- ``fixture.games_per_match``: a match's own number of games (a playoff's;
  null: the season's); ``fixture.playoff_round`` and ``playoff_slot``: a
  playoff match's round and place in its bracket (null: a regular-season
  match, the only ones the standings count);
- ``playoff`` and ``playoff_seed``: a season's bracket and its seeds;
- ``fixture_substitute``: a substitute sitting in one seat for one match.

Every existing row keeps its meaning: the new columns are null. The change
counters (migration 0009) count the new tables as ``matches`` (the bracket,
a match's substitutes), and the fixture's update trigger is made again to
count a change to its games or its place in the bracket.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NEW_TABLES = ("playoff", "playoff_seed", "fixture_substitute")
_EVENTS = ("INSERT", "UPDATE", "DELETE")
_OLD_MATCH_COLUMNS = (
    "week_id",
    "table_no",
    "home_team_id",
    "away_team_id",
    "status",
    "forfeited_by",
)
_NEW_MATCH_COLUMNS = ("games_per_match", "playoff_round", "playoff_slot")


def upgrade() -> None:
    text = sqlmodel.sql.sqltypes.AutoString
    # Plain ADD COLUMN, never a batch: SQLite's batch makes the table again, without the
    # change counters' triggers on it.
    op.add_column("team", sa.Column("division", text(), nullable=True))
    op.add_column("season", sa.Column("first_half_weeks", sa.Integer(), nullable=True))
    op.add_column("fixture", sa.Column("games_per_match", sa.Integer(), nullable=True))
    op.add_column("fixture", sa.Column("playoff_round", sa.Integer(), nullable=True))
    op.add_column("fixture", sa.Column("playoff_slot", sa.Integer(), nullable=True))
    op.create_table(
        "playoff",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("team_count", sa.Integer(), nullable=False),
        sa.Column("games_per_match", sa.Integer(), nullable=False),
        sa.Column("reseed", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("season_id"),
    )
    op.create_table(
        "playoff_seed",
        sa.Column("playoff_id", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["playoff_id"], ["playoff.id"]),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"]),
        sa.PrimaryKeyConstraint("playoff_id", "seed"),
    )
    op.create_table(
        "fixture_substitute",
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("seat", text(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["fixture_id"], ["fixture.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("fixture_id", "seat"),
    )
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_triggers(_OLD_MATCH_COLUMNS + _NEW_MATCH_COLUMNS)
    else:
        _sqlite_triggers(_OLD_MATCH_COLUMNS + _NEW_MATCH_COLUMNS)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in _NEW_TABLES:
            op.execute(f"DROP TRIGGER changed_{table} ON {table}")
        _postgresql_fixture_trigger(_OLD_MATCH_COLUMNS)
    else:
        for table in _NEW_TABLES:
            for event in _EVENTS:
                op.execute(f"DROP TRIGGER changed_{table}_{event.lower()}")
        _sqlite_fixture_trigger(_OLD_MATCH_COLUMNS)
    for table in reversed(_NEW_TABLES):
        op.drop_table(table)
    # The fixture's update trigger named the new columns: made again above without them.
    # DROP COLUMN (SQLite 3.35 and later) keeps each table's triggers, as a batch would not.
    for table, column in (
        *(("fixture", column) for column in reversed(_NEW_MATCH_COLUMNS)),
        ("season", "first_half_weeks"),
        ("team", "division"),
    ):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")


def _moved(columns: Sequence[str], differs: str) -> str:
    return " OR ".join(f"OLD.{column} {differs} NEW.{column}" for column in columns)


def _sqlite_triggers(match_columns: Sequence[str]) -> None:
    for table in _NEW_TABLES:
        for event in _EVENTS:
            op.execute(
                f"CREATE TRIGGER changed_{table}_{event.lower()} AFTER {event} ON {table} "
                "FOR EACH ROW BEGIN UPDATE change_counter SET n = n + 1 WHERE kind = 'matches'; END"
            )
    _sqlite_fixture_trigger(match_columns)


def _sqlite_fixture_trigger(match_columns: Sequence[str]) -> None:
    op.execute("DROP TRIGGER IF EXISTS changed_fixture_update")
    op.execute(
        "CREATE TRIGGER changed_fixture_update AFTER UPDATE ON fixture FOR EACH ROW "
        f"WHEN {_moved(match_columns, 'IS NOT')} "
        "BEGIN UPDATE change_counter SET n = n + 1 WHERE kind = 'matches'; END"
    )


def _postgresql_triggers(match_columns: Sequence[str]) -> None:
    for table in _NEW_TABLES:
        op.execute(
            f"CREATE TRIGGER changed_{table} AFTER INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION count_change('matches')"
        )
    _postgresql_fixture_trigger(match_columns)


def _postgresql_fixture_trigger(match_columns: Sequence[str]) -> None:
    op.execute("DROP TRIGGER IF EXISTS changed_fixture_update ON fixture")
    op.execute(
        "CREATE TRIGGER changed_fixture_update AFTER UPDATE ON fixture FOR EACH ROW "
        f"WHEN ({_moved(match_columns, 'IS DISTINCT FROM')}) "
        "EXECUTE FUNCTION count_change('matches')"
    )
