"""The database tables (SQLModel). The schema is created and changed only by
the Alembic migrations in ``migrations/``; never by ``create_all``.

A game freezes everything it was played under (rule set, options, side names)
so that later edits to teams or seasons never re-score it. Each hand keeps
its entry exactly as entered (``entry_json``, a ``clabber-game/1`` hand
object) plus the figures the rules derived from it; the game's row keeps its
result (totals, hands made, set and reneged per side), which the standings
count (``store.standings``). The figures are rewritten whenever a correction
re-derives the game.

Names of leagues, seasons and teams are unique by their ``name_key``
(``rules.names``: case, width, invisible characters ignored), kept in a
column of its own that the ORM fills in on every insert and update, under a
unique index: two stations adding "Eagles" and "EAGLES" at once make one
team, not two.

``version`` (games and matches) is a change counter: 0 for a new game or
match, plus one for every change committed to it (a game's hands or seats;
a match's games, status or place). A writer names the version it saw, and
``store.games`` refuses the write if the row has moved on meanwhile.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Index, UniqueConstraint, event
from sqlmodel import Field, SQLModel

from clabber_league.rules.names import name_key


def utc_now() -> datetime:
    return datetime.now(UTC)


class League(SQLModel, table=True):
    """A club or plant league: the home of its seasons."""

    __table_args__ = (Index("ux_league_name_key", "name_key", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    name_key: str = ""
    created_at: datetime = Field(default_factory=utc_now)


class Season(SQLModel, table=True):
    """A season of a league, with the rules every one of its games is played under."""

    __table_args__ = (
        UniqueConstraint("league_id", "name"),
        Index("ux_season_league_id_name_key", "league_id", "name_key", unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    name: str
    name_key: str = ""
    rules_preset: str
    options_json: str = "{}"
    """The preset's options this season changes, as in a game sheet's ``options``."""
    games_per_match: int = 1
    tie_break_json: str = '["pct", "h2h", "diff", "pf", "name"]'
    forfeit_winner_score: int = 500
    forfeit_loser_score: int = 0
    first_half_weeks: int | None = None
    """A split season: weeks 1 to this one are the first half, the rest the second
    (null: one season, no halves)."""
    created_at: datetime = Field(default_factory=utc_now)


class Team(SQLModel, table=True):
    """A side that plays games: a season's fixed partnership, or a friendly pair."""

    __table_args__ = (Index("ux_team_season_id_name_key", "season_id", "name_key", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    name_key: str = ""
    season_id: int | None = Field(default=None, foreign_key="season.id", index=True)
    retired: bool = False
    division: str | None = None
    """The season's division the team plays in (null: the season has no divisions)."""
    created_at: datetime = Field(default_factory=utc_now)


class TeamMember(SQLModel, table=True):
    """A player on a team's roster from ``joined_at`` until ``left_at``."""

    __tablename__ = "team_member"

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    joined_at: datetime = Field(default_factory=utc_now)
    left_at: datetime | None = None


class Week(SQLModel, table=True):
    """A night of a season's schedule."""

    __table_args__ = (UniqueConstraint("season_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    number: int
    played_on: date | None = None


class Fixture(SQLModel, table=True):
    """A match on the schedule: two teams at a table for a number of games, or a bye.

    ``away_team_id`` is null for a bye. ``status`` is ``scheduled``,
    ``postponed``, ``forfeit`` or ``bye``; whether a scheduled match is
    entered follows from its games.
    """

    __tablename__ = "fixture"

    id: int | None = Field(default=None, primary_key=True)
    week_id: int = Field(foreign_key="week.id", index=True)
    table_no: int = 0
    home_team_id: int = Field(foreign_key="team.id")
    away_team_id: int | None = Field(default=None, foreign_key="team.id")
    status: str = "scheduled"
    forfeited_by: int | None = Field(default=None, foreign_key="team.id")
    version: int = 0
    games_per_match: int | None = None
    """This match's own number of games (a playoff's); null: the season's."""
    playoff_round: int | None = None
    """Round 1, 2… of the season's playoffs; null for a regular-season match, whose games
    alone count in the standings."""
    playoff_slot: int | None = None
    """The match's place in its playoff round, from the top of the bracket (1, 2…)."""
    makeup_on: date | None = None
    """A postponed match's make-up date (migration 0011); null: its week's night. It stays
    in its week for the standings."""
    playoff_bracket: str | None = None
    """A double-elimination playoff's bracket of this match: ``winners``, ``losers`` or
    ``final`` (migration 0013); null in a single-elimination bracket."""


class FixtureSubstitute(SQLModel, table=True):
    """A substitute for one match: ``player_id`` sits in ``seat`` (``A2``) in the
    match's games begun from then on, instead of the roster's player."""

    __tablename__ = "fixture_substitute"

    fixture_id: int = Field(foreign_key="fixture.id", primary_key=True)
    seat: str = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")


class Playoff(SQLModel, table=True):
    """A season's playoff bracket: its seeds (``PlayoffSeed``) and the playoff matches
    (``Fixture.playoff_round``)."""

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", unique=True)
    team_count: int
    games_per_match: int
    reseed: bool = False
    """Each round pairs the best seed left with the worst, not by the bracket's lines."""
    double_elimination: bool = False
    """A team is out after its second loss: a winners' and a losers' bracket and a final
    (``Fixture.playoff_bracket``; migration 0013)."""
    created_at: datetime = Field(default_factory=utc_now)


class PlayoffSeed(SQLModel, table=True):
    """A team's seed in a playoff, as the standings stood when the bracket was made."""

    __tablename__ = "playoff_seed"

    playoff_id: int = Field(foreign_key="playoff.id", primary_key=True)
    seed: int = Field(primary_key=True)
    team_id: int = Field(foreign_key="team.id")


class Tournament(SQLModel, table=True):
    """A tournament: a season of its own whose rounds are its weeks, whose tables are
    the weeks' matches and whose partnerships are its teams (migration 0013)."""

    __table_args__ = (Index("ux_tournament_name_key", "name_key", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = ""
    season_id: int = Field(foreign_key="season.id", unique=True)
    kind: str
    """``progressive`` (players sign up, partners rotate) or ``knockout`` (teams, a
    bracket)."""
    seed: int = 0
    """The seed the movement (or the knockout's draw) was made with."""
    hands_per_round: int | None = None
    """A progressive round's hands; null: a round is one game to the target."""
    created_at: datetime = Field(default_factory=utc_now)


class TournamentPlayer(SQLModel, table=True):
    """A progressive tournament's player, in sign-up order: the order the movement was
    planned from. A round's sit-outs are the players seated at none of its tables."""

    __tablename__ = "tournament_player"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    position: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")


class Player(SQLModel, table=True):
    """A person who sits at the table."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    created_at: datetime = Field(default_factory=utc_now)


class StoredGame(SQLModel, table=True):
    """One game, with its rules frozen in and its result kept up to date."""

    __tablename__ = "game"
    __table_args__ = (
        Index("ux_game_fixture_id_game_no", "fixture_id", "game_no", unique=True),
        # Every column the standings count, so they read the index alone (migration 0008).
        Index(
            "ix_game_standings",
            *("season_id", "team_a_id", "team_b_id", "winner", "total_a", "total_b"),
            *("made_a", "made_b", "sets_a", "sets_b", "reneges_a", "reneges_b", "unknown_makers"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    header_json: str
    """The ``clabber-game/1`` document without its hands: rules, options, sides, dealer."""
    rules_preset: str
    side_a: str
    side_b: str
    side_c: str | None = None
    team_a_id: int | None = Field(default=None, foreign_key="team.id")
    team_b_id: int | None = Field(default=None, foreign_key="team.id")
    team_c_id: int | None = Field(default=None, foreign_key="team.id")
    season_id: int | None = Field(default=None, foreign_key="season.id", index=True)
    fixture_id: int | None = Field(default=None, foreign_key="fixture.id", index=True)
    game_no: int | None = None
    """Game 1, 2… of its match (null for a friendly): one game per number, and no number
    above the season's games per match."""
    version: int = 0
    first_dealer: str
    started_at: datetime = Field(default_factory=utc_now)
    finished_at: datetime | None = None
    winner: str | None = None
    """The winning side's letter, ``"tie"``, or null while the game goes on."""
    total_a: int = 0
    total_b: int = 0
    total_c: int | None = None
    hand_count: int = 0
    # Each side's hands made and set as makers, and reneged in, kept with the
    # totals so that standings are one GROUP BY over games, not over hands.
    made_a: int = 0
    made_b: int = 0
    made_c: int | None = None
    sets_a: int = 0
    sets_b: int = 0
    sets_c: int | None = None
    reneges_a: int = 0
    reneges_b: int = 0
    reneges_c: int | None = None
    unknown_makers: int = 0
    """Hands copied off paper without their makers: made by neither side in the standings."""
    paper_copy: bool = False
    """The game is copied off a paper sheet: the window opens it in paper-copy mode."""
    reopened: bool = False
    """A finished game reopened for corrections (``recording.refuse_if_closed``); its W
    given again closes it (migration 0012)."""


class GameSeat(SQLModel, table=True):
    """Who actually sat in a seat for a game."""

    __tablename__ = "game_seat"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seat: str = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")


class StoredHand(SQLModel, table=True):
    """One hand of a game: the entry as made, and what the rules derived from it."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "n"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    n: int
    entry_json: str
    kind: str
    makers: str | None = None
    trump: str | None = None
    reneged: str | None = None
    bell: str | None = None
    dealer: str
    score_a: int = 0
    score_b: int = 0
    score_c: int | None = None
    is_set: bool = False
    recorded_at: datetime = Field(default_factory=utc_now)


class CorrectionEntry(SQLModel, table=True):
    """The correction log: hand ``n`` of a game changed from ``old_json`` to ``new_json``;
    ``n`` 0 with neither is the game reopened (``recording.Correction.reopening``)."""

    __tablename__ = "correction"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    n: int
    old_json: str | None = None
    new_json: str | None = None
    at: datetime = Field(default_factory=utc_now)


class NightToken(SQLModel, table=True):
    """A league night's link: a table's (writes its own match) or the board's (reads).

    Only the token's SHA-256 is kept, so a copy of the database opens no
    table; ``salt`` is what the token is made from with the data folder's
    night key (``store.night``), so the computer that made the tokens can
    show the same links again. ``closed_at`` set: the link is dead.
    """

    __tablename__ = "night_token"

    id: int | None = Field(default=None, primary_key=True)
    week_id: int = Field(foreign_key="week.id", index=True)
    fixture_id: int | None = Field(default=None, foreign_key="fixture.id")
    """The table's match; null for the board's link."""
    token_hash: str = Field(unique=True)
    salt: str
    created_at: datetime = Field(default_factory=utc_now)
    closed_at: datetime | None = None


class NightRequest(SQLModel, table=True):
    """A league night write already answered: the phone's request id and the answer it got,
    stored in the same transaction as the change, so a retry gets the same answer."""

    __tablename__ = "night_request"
    __table_args__ = (UniqueConstraint("fixture_id", "request_id"),)

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", index=True)
    request_id: str
    body_hash: str
    """SHA-256 of the request as it was understood: the same id with another body is refused."""
    status: int
    answer_json: str
    at: datetime = Field(default_factory=utc_now)


class ChangeCounter(SQLModel, table=True):
    """How often one kind of stored thing (``store.changes.KINDS``) has changed: bumped by
    the database's own triggers (migration 0009), read by the watchers."""

    __tablename__ = "change_counter"

    kind: str = Field(primary_key=True)
    n: int


class DatabaseIdentity(SQLModel, table=True):
    """The database's own id (one row, made by migration 0009): every copy of it keeps it,
    so settings kept for a database follow it wherever its file goes."""

    __tablename__ = "database_identity"

    id: str = Field(primary_key=True)


def _keep_name_key(
    _mapper: Any, _connection: Any, target: League | Season | Team | Tournament
) -> None:
    target.name_key = name_key(target.name)


for _named in (League, Season, Team, Tournament):
    event.listen(_named, "before_insert", _keep_name_key)
    event.listen(_named, "before_update", _keep_name_key)
