"""change counters and the database's identity

- ``database_identity``: one row, a random id made here, kept by every copy
  of the database (a backup, a file moved or renamed): the window keeps its
  settings for this database under it (the last game, the league panel).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01

What kinds of stored thing moved, kept by the database itself:

- ``change_counter``: one row per kind of change (``store.changes.KINDS``),
  its ``n`` counting up whenever a table of that kind changes.

Triggers bump the counters on every insert, update and delete, so that no
write path (the window, the command line, the night service, another
station) can forget them; a watcher that reads the five rows knows whether
anything moved since it last looked, whichever process wrote.

- ``games``: a game, its hands or its seats;
- ``results``: a game inserted or deleted, its winner, season, match or
  teams changed, or the figures of a finished (or once finished) game; its
  seats (the player figures follow who sat);
- ``matches``: the schedule (weeks and matches: a forfeit, a postponement, an
  edit; not a match's version, which its games' hands move);
- ``teams``: teams, their rosters and players;
- ``seasons``: leagues and seasons.

On SQLite writers take turns for the whole file, so a trigger per row bumps
its counter. On PostgreSQL a transaction bumps each counter once (a
transaction-local setting remembers it: an import of thousands of rows would
otherwise pile thousands of versions onto one row), and under one advisory
lock, so that two transactions never wait on each other's counters.
"""

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = ("games", "results", "matches", "teams", "seasons")
#: Each table and the kinds any change to it moves (``game`` updates are apart: below).
_TABLES = {
    "hand": ("games",),
    "game_seat": ("games", "results"),
    "week": ("matches",),
    "team": ("teams",),
    "team_member": ("teams",),
    "player": ("teams",),
    "league": ("seasons",),
    "season": ("seasons",),
}
#: What the schedule shows of a match (its ``version`` alone moves with its games' hands,
#: which are ``games``: a match is not shown again for every hand).
_MATCH_COLUMNS = ("week_id", "table_no", "home_team_id", "away_team_id", "status", "forfeited_by")
#: What a game's result is made of: a change to one of these moves ``results``.
_WHERE_IT_COUNTS = ("winner", "season_id", "fixture_id", "team_a_id", "team_b_id", "team_c_id")
#: A finished game's figures (a correction after it was reopened moves its result).
_FIGURES = (
    *(f"{figure}_{side}" for figure in ("total", "made", "sets", "reneges") for side in "abc"),
    "unknown_makers",
    "finished_at",
)
#: The PostgreSQL advisory lock taken before a transaction's first bump.
_LOCK = 0x436C4C67 + 2
_EVENTS = ("INSERT", "UPDATE", "DELETE")


def _any_moved(columns: Sequence[str], differs: str) -> str:
    return " OR ".join(f"OLD.{column} {differs} NEW.{column}" for column in columns)


def _result_moved(differs: str) -> str:
    """The condition on a game's update that moves ``results`` (``differs``: the dialect's
    null-safe "is not")."""
    counts, figures = _any_moved(_WHERE_IT_COUNTS, differs), _any_moved(_FIGURES, differs)
    return f"({counts}) OR ((OLD.winner IS NOT NULL OR NEW.winner IS NOT NULL) AND ({figures}))"


def upgrade() -> None:
    counter = op.create_table(
        "change_counter",
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("kind"),
    )
    op.bulk_insert(counter, [{"kind": kind, "n": 0} for kind in KINDS])
    identity = op.create_table(
        "database_identity",
        sa.Column("id", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.bulk_insert(identity, [{"id": uuid.uuid4().hex}])
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_triggers()
    else:
        _sqlite_triggers()


def _sqlite_triggers() -> None:
    def trigger(name: str, event: str, table: str, kinds: Sequence[str], when: str = "") -> None:
        bumps = "".join(f"UPDATE change_counter SET n = n + 1 WHERE kind = '{k}'; " for k in kinds)
        condition = f" WHEN {when}" if when else ""
        op.execute(
            f"CREATE TRIGGER {name} AFTER {event} ON {table} FOR EACH ROW{condition} "
            f"BEGIN {bumps}END"
        )

    for table, kinds in _TABLES.items():
        for event in _EVENTS:
            trigger(f"changed_{table}_{event.lower()}", event, table, kinds)
    for event in ("INSERT", "DELETE"):
        trigger(f"changed_game_{event.lower()}", event, "game", ("games", "results"))
    trigger("changed_game_update", "UPDATE", "game", ("games",))
    trigger("changed_game_result", "UPDATE", "game", ("results",), _result_moved("IS NOT"))
    for event in ("INSERT", "DELETE"):
        trigger(f"changed_fixture_{event.lower()}", event, "fixture", ("matches",))
    moved = _any_moved(_MATCH_COLUMNS, "IS NOT")
    trigger("changed_fixture_update", "UPDATE", "fixture", ("matches",), moved)


def _sqlite_trigger_names() -> list[str]:
    per_table = [f"changed_{table}_{event.lower()}" for table in _TABLES for event in _EVENTS]
    game = ["changed_game_insert", "changed_game_delete", "changed_game_update"]
    fixture = ["changed_fixture_insert", "changed_fixture_delete", "changed_fixture_update"]
    return [*per_table, *game, "changed_game_result", *fixture]


def _postgresql_triggers() -> None:
    op.execute(
        f"""
        CREATE FUNCTION count_change() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            moved text;
        BEGIN
            FOREACH moved IN ARRAY TG_ARGV LOOP
                IF coalesce(current_setting('clabber.changed_' || moved, true), '') = '' THEN
                    PERFORM pg_advisory_xact_lock({_LOCK});
                    PERFORM set_config('clabber.changed_' || moved, 'yes', true);
                    UPDATE change_counter SET n = n + 1 WHERE kind = moved;
                END IF;
            END LOOP;
            RETURN NULL;
        END
        $$
        """
    )

    def trigger(name: str, events: str, table: str, kinds: Sequence[str], when: str = "") -> None:
        arguments = ", ".join(f"'{kind}'" for kind in kinds)
        condition = f" WHEN ({when})" if when else ""
        op.execute(
            f"CREATE TRIGGER {name} AFTER {events} ON {table} FOR EACH ROW{condition} "
            f"EXECUTE FUNCTION count_change({arguments})"
        )

    for table, kinds in _TABLES.items():
        trigger(f"changed_{table}", " OR ".join(_EVENTS), table, kinds)
    trigger("changed_game", "INSERT OR DELETE", "game", ("games", "results"))
    trigger("changed_game_update", "UPDATE", "game", ("games",))
    moved = _result_moved("IS DISTINCT FROM")
    trigger("changed_game_result", "UPDATE", "game", ("results",), moved)
    trigger("changed_fixture", "INSERT OR DELETE", "fixture", ("matches",))
    moved = _any_moved(_MATCH_COLUMNS, "IS DISTINCT FROM")
    trigger("changed_fixture_update", "UPDATE", "fixture", ("matches",), moved)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION count_change() CASCADE")  # and every trigger calling it
    else:
        for name in _sqlite_trigger_names():
            op.execute(f"DROP TRIGGER {name}")
    op.drop_table("database_identity")
    op.drop_table("change_counter")
