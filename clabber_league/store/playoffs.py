"""A season's playoffs: the bracket seeded from the standings (or, for a team knockout,
from the order its teams are given: ``store.knockout``), its matches as ordinary
matches of the schedule, and a winner moving on by itself. A double bracket
(``playoff.double_elimination``) keeps the same rows, each match also naming its
bracket (``fixture.playoff_bracket``), and moves on by ``league.double_bracket``.

Nothing of the bracket's progress is kept but the matches: who won a match is read
from its games (or its forfeit, or its bye) each time, by ``league.bracket``'s rule,
so ``playoffs show`` is right from the stored rows alone. Every write that can decide
a playoff match (a game's hands, a game added, a forfeit) calls ``advance`` in its own
transaction, which makes whatever next-round matches are now known, once. A next-round
match made before a correction changed who won its feeder is re-pointed to the new
winner while it has no game; once it has games it is left as played, and the bracket
shows it ``disputed`` (the secretary sorts it out by hand).

This module reads only the models and the standings, so the game writers
(``store.games``) can call it without an import cycle.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clabber_league.league.bracket import (
    MatchGame,
    Pairing,
    first_round,
    match_winner,
    next_round,
    round_count,
    slots_in_round,
)
from clabber_league.league.double_bracket import (
    FINAL,
    LOSERS,
    WINNERS,
    MatchKey,
    bracket_round_name,
    known_matches,
    losers_round_count,
)
from clabber_league.rules.limits import GAMES_PER_MATCH, PLAYOFF_TEAMS
from clabber_league.rules.messages import problem
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError, within
from clabber_league.store.models import (
    Fixture,
    Playoff,
    PlayoffSeed,
    Season,
    StoredGame,
    Team,
    Week,
)
from clabber_league.store.seasons import find_season, match_game_count_column, season_row
from clabber_league.store.standings import standings

_SCHEDULED, _FORFEIT, _BYE = "scheduled", "forfeit", "bye"
"""``store.league``'s statuses (not imported: that module imports the game writers)."""


@dataclass(frozen=True)
class Side:
    team: str
    seed: int


@dataclass(frozen=True)
class BracketMatch:
    """A stored playoff match and what its rows say about it."""

    match_id: int
    round: int
    slot: int
    home: Side
    away: Side | None
    """``None``: a bye."""
    status: str
    games: tuple[tuple[int, int], ...]
    """Each finished game's points, home first."""
    winner: Side | None
    disputed: bool = False
    """Its teams are no longer the ones its feeders' winners make (a correction came
    after it was played)."""
    bracket: str | None = None
    """A double bracket's ``winners``, ``losers`` or ``final``; ``None`` in a single one."""


@dataclass(frozen=True)
class Bracket:
    season: str
    teams: int
    games_per_match: int
    reseed: bool
    seeds: tuple[Side, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]
    """Every round, the first first; a round not yet known has no matches. In a double
    bracket, the winners' bracket."""
    double: bool = False
    """Double elimination: a team is out after its second loss (``league.double_bracket``)."""
    losers: tuple[tuple[BracketMatch, ...], ...] = ()
    """A double bracket's losers' rounds, as ``rounds``."""
    finals: tuple[BracketMatch, ...] = ()
    """A double bracket's grand final, and its reset when one is played."""

    @property
    def champion(self) -> Side | None:
        """The single bracket's final's winner; in a double one the reset's winner, or the
        first final's when the winners' champion won it."""
        if not self.double:
            final = self.rounds[-1]
            return final[0].winner if final else None
        if len(self.finals) > 1:
            return self.finals[1].winner
        top = self.rounds[-1][0].winner if self.rounds[-1] else None
        won = self.finals[0].winner if self.finals else None
        return won if won is not None and won == top else None


# ------------------------------------------------------------------ making it
def create_playoffs(
    database: Database,
    *,
    season: str,
    league: str | None = None,
    teams: int,
    games_per_match: int | None = None,
    reseed: bool = False,
    force: bool = False,
) -> Bracket:
    """Seed the bracket from the standings (the season's tie-break order) and put round 1
    on the schedule, in a new week after the last. Refused: a count outside 2 to 16,
    games per match outside its limit, playoffs already made, fewer ranked teams than
    asked, and regular-season matches still to play unless ``force``."""
    within(PLAYOFF_TEAMS, teams)
    if games_per_match is not None:
        within(GAMES_PER_MATCH, games_per_match)
    with database.session(write=True) as session:
        found = find_season(session, season, league)
        assert found.id is not None
        if session.exec(select(Playoff.id).where(Playoff.season_id == found.id)).first():
            raise StoreError(problem("{name} already has its playoffs", name=found.name))
        overall = standings(session=session, season_id=found.id, by_division=False)
        ranked = [row for row in overall if row.rank]
        if len(ranked) < teams:
            raise StoreError(
                problem(
                    "{name} has {count} ranked teams; a playoff of {teams} needs as many",
                    name=found.name,
                    count=len(ranked),
                    teams=teams,
                )
            )
        unplayed = _unplayed(session, found)
        if unplayed and not force:
            raise StoreError(
                problem(
                    "{name} still has {count} regular-season matches to play; "
                    "play them first, or make the playoffs anyway with --force",
                    name=found.name,
                    count=unplayed,
                )
            )
        make_bracket(
            session,
            season=found,
            team_ids=[row.team for row in ranked[:teams]],
            games_per_match=games_per_match or found.games_per_match,
            reseed=reseed,
        )
        session.commit()
        return season_bracket(session, found.id)


def make_bracket(
    session: Session,
    *,
    season: Season,
    team_ids: Sequence[int],
    games_per_match: int,
    reseed: bool = False,
    double: bool = False,
) -> Playoff:
    """The season's bracket seeded in the order of ``team_ids`` (the first seed 1), with
    round 1 on the schedule in a new week after the last, and whatever byes decide at
    once already moved on; in the caller's transaction. The one way a bracket is made:
    from the standings (``create_playoffs``) or from a knockout's list (``store.knockout``)."""
    assert season.id is not None
    assert not (reseed and double), "a double bracket follows its lines"
    playoff = Playoff(
        season_id=season.id,
        team_count=len(team_ids),
        games_per_match=games_per_match,
        reseed=reseed,
        double_elimination=double,
    )
    session.add(playoff)
    session.flush()
    assert playoff.id is not None
    for seed, team in enumerate(team_ids, 1):
        session.add(PlayoffSeed(playoff_id=playoff.id, seed=seed, team_id=team))
    week = _week_after(session, season.id, _last_week(session, season.id))
    seeds = dict(enumerate(team_ids, 1))
    for pairing in first_round(len(team_ids), reseed=reseed):
        _fixture(
            session,
            week,
            pairing,
            seeds,
            round_no=1,
            playoff=playoff,
            bracket=WINNERS if double else None,
        )
    advance(session, season.id)
    return playoff


def _unplayed(session: Session, season: Season) -> int:
    """The season's regular matches still to play: on (or postponed), not yet all their
    games finished."""
    finished = (
        sa_select(func.count())
        .where(col(StoredGame.fixture_id) == col(Fixture.id), col(StoredGame.winner).is_not(None))
        .scalar_subquery()
    )
    count: int = session.execute(
        sa_select(func.count())
        .select_from(Fixture)
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .where(
            col(Week.season_id) == season.id,
            col(Fixture.playoff_round).is_(None),
            col(Fixture.away_team_id).is_not(None),
            col(Fixture.status).not_in([_FORFEIT, _BYE]),
            finished < match_game_count_column(season),
        )
    ).scalar_one()
    return count


def _last_week(session: Session, season_id: int) -> int:
    number: int = session.execute(
        sa_select(func.coalesce(func.max(col(Week.number)), 0)).where(
            col(Week.season_id) == season_id
        )
    ).scalar_one()
    return number


def _week_after(session: Session, season_id: int, number: int) -> Week:
    """Week ``number + 1`` of the season, made (with no date) if it is not there."""
    week = session.exec(
        select(Week).where(Week.season_id == season_id, Week.number == number + 1)
    ).first()
    if week is None:
        week = Week(season_id=season_id, number=number + 1)
        session.add(week)
        session.flush()
    return week


def _fixture(
    session: Session,
    week: Week,
    pairing: Pairing,
    seeds: dict[int, int],
    *,
    round_no: int,
    playoff: Playoff,
    bracket: str | None,
) -> Fixture:
    """A playoff match at the week's next free table (a bye at none), added and flushed."""
    assert week.id is not None
    tables = session.execute(
        sa_select(func.coalesce(func.max(col(Fixture.table_no)), 0)).where(
            col(Fixture.week_id) == week.id
        )
    ).scalar_one()
    match = Fixture(
        week_id=week.id,
        table_no=0 if pairing.low is None else tables + 1,
        home_team_id=seeds[pairing.high],
        away_team_id=seeds[pairing.low] if pairing.low is not None else None,
        status=_BYE if pairing.low is None else _SCHEDULED,
        games_per_match=playoff.games_per_match,
        playoff_round=round_no,
        playoff_slot=pairing.slot,
        playoff_bracket=bracket,
    )
    session.add(match)
    session.flush()
    return match


# ------------------------------------------------------------------ moving on
def advance_match(session: Session, match_id: int | None) -> None:
    """``advance`` for the season of a match just changed, if it is a playoff match."""
    if match_id is None:
        return
    found = session.execute(
        sa_select(col(Week.season_id))
        .join(Fixture, col(Fixture.week_id) == col(Week.id))
        .where(col(Fixture.id) == match_id, col(Fixture.playoff_round).is_not(None))
    ).first()
    if found is not None:
        advance(session, found[0])


def advance(session: Session, season_id: int) -> None:
    """Make every next-round match the decided matches now determine, in the caller's
    transaction: never twice (a match is looked for by its round and slot), re-pointed
    to new teams while it has no game. The playoff's row is locked first, so two
    stations finishing the two semi-finals at once make one final."""
    playoff = session.exec(
        select(Playoff).where(Playoff.season_id == season_id).with_for_update()
    ).first()
    if playoff is None:
        return
    seeds = _seeds(session, playoff)
    if playoff.double_elimination:
        _advance_double(session, playoff, seeds)
        return
    stored = _stored(session, season_id)
    winners = _winners(session, stored, playoff, seeds)
    for round_no in range(1, round_count(playoff.team_count)):
        this_round = stored.get(round_no, {})
        decided = _decided(this_round, winners)
        slots = slots_in_round(playoff.team_count, round_no)
        later = stored.setdefault(round_no + 1, {})
        for pairing in next_round(decided, slots, reseed=playoff.reseed):
            _place(
                session,
                later,
                pairing,
                seeds,
                partial(_week_after_round, session, season_id, this_round),
                round_no=round_no + 1,
                playoff=playoff,
            )
        winners = _winners(session, stored, playoff, seeds)


def _advance_double(session: Session, playoff: Playoff, seeds: dict[int, int]) -> None:
    """``advance`` for a double bracket: every match ``league.double_bracket`` now knows,
    each in the week of its stage (the winners' round 1 week is stage 1)."""
    stored = _double_stored(session, playoff.season_id)
    first = _round_week(session, stored[WINNERS].get(1, {}))
    for known in known_matches(playoff.team_count, _results(session, stored, playoff, seeds)):
        key = known.key
        _place(
            session,
            stored[key.bracket].setdefault(key.round, {}),
            Pairing(key.slot, known.high, known.low),
            seeds,
            partial(_week_after, session, playoff.season_id, first + known.stage - 2),
            round_no=key.round,
            playoff=playoff,
            bracket=key.bracket,
        )


def _place(
    session: Session,
    later: dict[int, Fixture],
    pairing: Pairing,
    seeds: dict[int, int],
    week: Callable[[], Week],
    *,
    round_no: int,
    playoff: Playoff,
    bracket: str | None = None,
) -> None:
    """Make the match of ``pairing`` in its round (``later``: slot → match) unless it is
    there; re-point it to the pairing's teams while it has no game."""
    home, away = seeds[pairing.high], seeds[pairing.low] if pairing.low else None
    match = later.get(pairing.slot)
    if match is None:
        later[pairing.slot] = _fixture(
            session, week(), pairing, seeds, round_no=round_no, playoff=playoff, bracket=bracket
        )
    elif (match.home_team_id, match.away_team_id) != (home, away) and not _has_games(
        session, match
    ):
        match.home_team_id, match.away_team_id = home, away
        match.status = _BYE if away is None else _SCHEDULED
        match.forfeited_by = None
        match.version += 1
        session.add(match)


def _results(
    session: Session,
    stored: dict[str, dict[int, dict[int, Fixture]]],
    playoff: Playoff,
    seeds: dict[int, int],
) -> dict[MatchKey, tuple[int, int]]:
    """A double bracket's decided matches that were played: where → (winning seed,
    losing seed), as their stored teams say."""
    by_team = {team: seed for seed, team in seeds.items()}
    results: dict[MatchKey, tuple[int, int]] = {}
    for bracket, rounds in stored.items():
        winners = _winners(session, rounds, playoff, seeds)
        for round_no, matches in rounds.items():
            for slot, match in matches.items():
                won = winners.get(match.id or 0)
                if won is None or match.away_team_id is None:
                    continue
                home, away = by_team[match.home_team_id], by_team[match.away_team_id]
                results[MatchKey(bracket, round_no, slot)] = (won, away if won == home else home)
    return results


def _week_after_round(session: Session, season_id: int, matches: dict[int, Fixture]) -> Week:
    """The week after the latest of a round's matches (a single bracket's next round)."""
    return _week_after(session, season_id, _round_week(session, matches))


def _round_week(session: Session, matches: dict[int, Fixture]) -> int:
    """The number of the latest week holding one of a round's matches."""
    ids = [match.week_id for match in matches.values()]
    number: int = session.execute(
        sa_select(func.max(col(Week.number))).where(col(Week.id).in_(ids))
    ).scalar_one()
    return number


def _has_games(session: Session, match: Fixture) -> bool:
    return (
        session.exec(select(StoredGame.id).where(StoredGame.fixture_id == match.id)).first()
        is not None
    )


def _decided(matches: dict[int, Fixture], winners: dict[int, int]) -> dict[int, int]:
    """A round's decided slots: slot → the seed that went on."""
    return {
        slot: winners[match.id]
        for slot, match in matches.items()
        if match.id is not None and match.id in winners
    }


# ------------------------------------------------------------------ reading
def playoff_bracket(database: Database, season: str, league: str | None = None) -> Bracket:
    """The season's bracket as its stored rows stand (``StoreError`` if it has none)."""
    with database.session() as session:
        found = find_season(session, season, league)
        assert found.id is not None
        return season_bracket(session, found.id)


def bracket_if_any(database: Database, season_id: int) -> Bracket | None:
    """The season's bracket, or ``None`` while it has no playoffs (the window's question)."""
    with database.session() as session:
        made = session.exec(select(Playoff.id).where(Playoff.season_id == season_id)).first()
        return season_bracket(session, season_id) if made is not None else None


def week_bracket(session: Session, season_id: int, week_id: int) -> Bracket | None:
    """The season's bracket if the week holds playoff matches (a playoff night)."""
    found = session.exec(
        select(Fixture.id).where(
            Fixture.week_id == week_id, col(Fixture.playoff_round).is_not(None)
        )
    ).first()
    return season_bracket(session, season_id) if found is not None else None


def season_bracket(session: Session, season_id: int) -> Bracket:
    """``playoff_bracket`` by the season's id."""
    season = season_row(session, season_id)
    playoff = session.exec(select(Playoff).where(Playoff.season_id == season_id)).first()
    if playoff is None:
        raise StoreError(problem("{name} has no playoffs yet", name=season.name))
    seeds = _seeds(session, playoff)
    names = dict(
        session.exec(select(Team.id, Team.name).where(col(Team.id).in_(list(seeds.values())))).all()
    )
    reading = _Reading(
        {team: seed for seed, team in seeds.items()},
        {seed: Side(names[team], seed) for seed, team in seeds.items()},
    )
    if playoff.double_elimination:
        return _double_bracket(session, season, playoff, seeds, reading)
    stored = _stored(session, season_id)
    winners = _winners(session, stored, playoff, seeds)
    points = _points(session, stored)
    rounds: list[tuple[BracketMatch, ...]] = []
    for round_no in range(1, round_count(playoff.team_count) + 1):
        expected = {}
        if round_no > 1:
            decided = _decided(stored.get(round_no - 1, {}), winners)
            slots = slots_in_round(playoff.team_count, round_no - 1)
            expected = {
                p.slot: (p.high, p.low) for p in next_round(decided, slots, reseed=playoff.reseed)
            }
        rounds.append(
            tuple(
                reading.match(match, winners, points, expected.get(slot) if round_no > 1 else None)
                for slot, match in sorted(stored.get(round_no, {}).items())
            )
        )
    return Bracket(
        season.name,
        playoff.team_count,
        playoff.games_per_match,
        playoff.reseed,
        reading.seeds(),
        tuple(rounds),
    )


@dataclass(frozen=True)
class _Reading:
    """A bracket's teams as its reads name them: team id → seed, seed → side."""

    by_team: dict[int, int]
    side: dict[int, Side]

    def seeds(self) -> tuple[Side, ...]:
        return tuple(self.side[seed] for seed in sorted(self.side))

    def match(
        self,
        match: Fixture,
        winners: dict[int, int],
        points: dict[int, tuple[tuple[int, int], ...]],
        expected: tuple[int, int | None] | None,
    ) -> BracketMatch:
        """A stored match as the bracket shows it; ``disputed`` when ``expected`` (the
        seeds its feeders now make; ``None``: nothing to compare) differs."""
        assert match.id is not None
        assert match.playoff_round is not None
        assert match.playoff_slot is not None
        home = self.by_team[match.home_team_id]
        away = self.by_team[match.away_team_id] if match.away_team_id is not None else None
        won = winners.get(match.id)
        return BracketMatch(
            match.id,
            match.playoff_round,
            match.playoff_slot,
            self.side[home],
            self.side[away] if away is not None else None,
            match.status,
            points.get(match.id, ()),
            self.side[won] if won else None,
            expected is not None and expected != (home, away),
            match.playoff_bracket,
        )


def _double_bracket(
    session: Session, season: Season, playoff: Playoff, seeds: dict[int, int], reading: _Reading
) -> Bracket:
    """A double bracket's three brackets; a stored match its feeders no longer make (the
    reset final, after a correction gave the first final to the winners' champion) is
    shown disputed, as one whose teams changed."""
    stored = _double_stored(session, playoff.season_id)
    expected = {
        known.key: (known.high, known.low)
        for known in known_matches(playoff.team_count, _results(session, stored, playoff, seeds))
    }
    shown: dict[str, list[tuple[BracketMatch, ...]]] = {}
    counts = {
        WINNERS: round_count(playoff.team_count),
        LOSERS: losers_round_count(playoff.team_count),
        FINAL: 2,
    }
    for bracket, rounds in stored.items():
        winners = _winners(session, rounds, playoff, seeds)
        points = _points(session, rounds)
        shown[bracket] = [
            tuple(
                reading.match(
                    match,
                    winners,
                    points,
                    expected.get(MatchKey(bracket, round_no, slot), (0, 0)),
                )
                for slot, match in sorted(rounds.get(round_no, {}).items())
            )
            for round_no in range(1, counts[bracket] + 1)
        ]
    return Bracket(
        season.name,
        playoff.team_count,
        playoff.games_per_match,
        False,
        reading.seeds(),
        tuple(shown[WINNERS]),
        double=True,
        losers=tuple(shown[LOSERS]),
        finals=tuple(match for final in shown[FINAL] for match in final),
    )


def bracket_document(bracket: Bracket) -> dict[str, Any]:
    """The bracket as ``playoffs show --format json`` and the league night's board give it
    (round names in English). A double bracket adds ``"double_elimination": true``, its
    ``"losers_rounds"`` (as ``"rounds"``, which are its winners' bracket) and its
    ``"finals"`` (the grand final, then the reset when one is played)."""

    def side(found: Side | None) -> dict[str, Any] | None:
        return None if found is None else {"team": found.team, "seed": found.seed}

    def match(found: BracketMatch) -> dict[str, Any]:
        return {
            "match": found.match_id,
            "slot": found.slot,
            "status": found.status,
            "home": side(found.home),
            "away": side(found.away),
            "games": [list(points) for points in found.games],
            "winner": found.winner.team if found.winner else None,
            "disputed": found.disputed,
        }

    def rounds(stages: tuple[tuple[BracketMatch, ...], ...], part: str) -> list[Any]:
        return [
            {
                "round": number,
                "name": str(bracket_round_name(bracket.teams, bracket.double, part, number)),
                "matches": [match(found) for found in matches],
            }
            for number, matches in enumerate(stages, 1)
        ]

    document: dict[str, Any] = {
        "season": bracket.season,
        "teams": bracket.teams,
        "games_per_match": bracket.games_per_match,
        "reseed": bracket.reseed,
        "seeds": [side(seed) for seed in bracket.seeds],
        "rounds": rounds(bracket.rounds, WINNERS),
    }
    if bracket.double:
        document["double_elimination"] = True
        document["losers_rounds"] = rounds(bracket.losers, LOSERS)
        document["finals"] = [
            dict(
                match(found), name=str(bracket_round_name(bracket.teams, True, FINAL, found.round))
            )
            for found in bracket.finals
        ]
    document["champion"] = bracket.champion.team if bracket.champion else None
    return document


def _seeds(session: Session, playoff: Playoff) -> dict[int, int]:
    """Seed → team id."""
    return dict(
        session.exec(
            select(PlayoffSeed.seed, PlayoffSeed.team_id).where(
                PlayoffSeed.playoff_id == playoff.id
            )
        ).all()
    )


def _stored(
    session: Session, season_id: int, bracket: str | None = None
) -> dict[int, dict[int, Fixture]]:
    """The season's playoff matches (of one of a double bracket's brackets): round → slot
    → match."""
    found: dict[int, dict[int, Fixture]] = defaultdict(dict)
    for match in session.exec(
        select(Fixture)
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .where(
            Week.season_id == season_id,
            col(Fixture.playoff_round).is_not(None),
            col(Fixture.playoff_bracket).is_(None)
            if bracket is None
            else col(Fixture.playoff_bracket) == bracket,
        )
        .order_by(col(Fixture.id))
    ).all():
        assert match.playoff_round is not None
        assert match.playoff_slot is not None
        found[match.playoff_round].setdefault(match.playoff_slot, match)
    return dict(found)


def _double_stored(session: Session, season_id: int) -> dict[str, dict[int, dict[int, Fixture]]]:
    """A double bracket's matches: bracket → round → slot → match."""
    return {bracket: _stored(session, season_id, bracket) for bracket in (WINNERS, LOSERS, FINAL)}


def _games(session: Session, stored: dict[int, dict[int, Fixture]]) -> dict[int, list[MatchGame]]:
    """Each playoff match's finished games, from its home side's chair, in order."""
    by_id = {match.id: match for matches in stored.values() for match in matches.values()}
    games: dict[int, list[MatchGame]] = defaultdict(list)
    if not by_id:
        return games
    for match_id, team_a, winner, total_a, total_b in session.execute(
        sa_select(
            col(StoredGame.fixture_id),
            col(StoredGame.team_a_id),
            col(StoredGame.winner),
            col(StoredGame.total_a),
            col(StoredGame.total_b),
        )
        .where(col(StoredGame.fixture_id).in_(list(by_id)), col(StoredGame.winner).is_not(None))
        .order_by(col(StoredGame.game_no), col(StoredGame.id))
    ).all():
        home_is_a = team_a == by_id[match_id].home_team_id
        side = {"A": "home" if home_is_a else "away", "B": "away" if home_is_a else "home"}
        points = (total_a, total_b) if home_is_a else (total_b, total_a)
        games[match_id].append(MatchGame(side.get(winner, "tie"), *points))
    return games


def _points(
    session: Session, stored: dict[int, dict[int, Fixture]]
) -> dict[int, tuple[tuple[int, int], ...]]:
    return {
        match_id: tuple((game.home_points, game.away_points) for game in games)
        for match_id, games in _games(session, stored).items()
    }


def _winners(
    session: Session,
    stored: dict[int, dict[int, Fixture]],
    playoff: Playoff,
    seeds: dict[int, int],
) -> dict[int, int]:
    """Match id → the seed that went on, for every decided playoff match."""
    by_team = {team: seed for seed, team in seeds.items()}
    games = _games(session, stored)
    winners: dict[int, int] = {}
    for matches in stored.values():
        for match in matches.values():
            assert match.id is not None
            home = by_team[match.home_team_id]
            away = by_team[match.away_team_id] if match.away_team_id is not None else None
            high, low = (home, away) if away is None or home < away else (away, home)
            pairing = Pairing(match.playoff_slot or 0, high, low)
            forfeited = (
                by_team.get(match.forfeited_by)
                if match.status == _FORFEIT and match.forfeited_by is not None
                else None
            )
            if match.status in (_SCHEDULED, _FORFEIT, _BYE):
                count = match.games_per_match or playoff.games_per_match
                won = match_winner(
                    pairing,
                    _as_high(games.get(match.id, []), home == high),
                    count,
                    forfeited_by=forfeited,
                )
                if won is not None:
                    winners[match.id] = won
    return winners


def _as_high(games: list[MatchGame], home_is_high: bool) -> list[MatchGame]:
    """The games from the better seed's chair (``match_winner``'s home)."""
    if home_is_high:
        return games
    flip = {"home": "away", "away": "home", "tie": "tie"}
    return [MatchGame(flip[g.winner], g.away_points, g.home_points) for g in games]
