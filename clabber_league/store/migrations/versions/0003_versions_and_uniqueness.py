"""change counters, game numbers in a match, and names unique by their key

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

- ``game.version`` and ``fixture.version``: change counters (0 to start).
- ``game.game_no``: game 1, 2… of its match, unique per match. Games
  already in a match are numbered in the order they were stored; a match
  that already holds more games than the season plays keeps them all (they
  are numbered on), so the upgrade never drops a game.
- ``name_key`` on leagues, seasons and teams, unique per league / per
  season (``rules.names.name_key``). Names that already collide by key
  keep the first one stored as it is; each later one gets " (2)", " (3)"…
  added to its name, so the upgrade never fails and nothing is lost: the
  secretary sees both teams and can rename or retire one.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

from clabber_league.rules.names import name_key

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Each named table and the column its names are unique within (None: the whole table).
NAMED = (("league", None), ("season", "league_id"), ("team", "season_id"))


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("game_no", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("fixture", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    for table, _scope in NAMED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column(
                    "name_key",
                    sqlmodel.sql.sqltypes.AutoString(),
                    nullable=False,
                    server_default="",
                )
            )
    op.execute(
        "UPDATE game SET game_no = (SELECT count(*) FROM game AS earlier"
        " WHERE earlier.fixture_id = game.fixture_id AND earlier.id <= game.id)"
        " WHERE fixture_id IS NOT NULL"
    )
    for table, scope in NAMED:
        _fill_name_keys(table, scope)
    op.create_index("ux_game_fixture_id_game_no", "game", ["fixture_id", "game_no"], unique=True)
    op.create_index("ux_league_name_key", "league", ["name_key"], unique=True)
    op.create_index(
        "ux_season_league_id_name_key", "season", ["league_id", "name_key"], unique=True
    )
    op.create_index("ux_team_season_id_name_key", "team", ["season_id", "name_key"], unique=True)


def _fill_name_keys(table: str, scope: str | None) -> None:
    """Every row's key; a name that collides with an earlier one gets " (2)", " (3)"…"""
    bind = op.get_bind()
    scope_column = scope or "NULL"
    rows = bind.execute(sa.text(f"SELECT id, name, {scope_column} FROM {table} ORDER BY id")).all()
    used = {(where, name_key(name)) for _, name, where in rows}
    seen: set[tuple[object, str]] = set()
    for row_id, name, where in rows:
        new_name, key = name, name_key(name)
        if (where, key) in seen and (scope is None or where is not None):
            number = 2
            while (where, key) in seen or (where, key) in used:
                new_name = f"{name} ({number})"
                key = name_key(new_name)
                number += 1
        seen.add((where, key))
        bind.execute(
            sa.text(f"UPDATE {table} SET name = :name, name_key = :key WHERE id = :id"),
            {"name": new_name, "key": key, "id": row_id},
        )


def downgrade() -> None:
    op.drop_index("ux_team_season_id_name_key", table_name="team")
    op.drop_index("ux_season_league_id_name_key", table_name="season")
    op.drop_index("ux_league_name_key", table_name="league")
    op.drop_index("ux_game_fixture_id_game_no", table_name="game")
    for table, _scope in NAMED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("name_key")
    with op.batch_alter_table("fixture", schema=None) as batch_op:
        batch_op.drop_column("version")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("version")
        batch_op.drop_column("game_no")
