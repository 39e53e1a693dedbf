"""Substitutes: a player who sits in one seat of one match instead of the roster's.

Every place that fills a new match game's seats (Key in and a league game at the
window, a league night phone, a season import) asks ``match_seats``: the teams'
rosters in order (``league.roster_seats``), any seat given by hand, and over
them the match's substitutes. A substitute takes effect for the games begun from
then on; a game already begun keeps who sat (its ``GameSeat`` rows are facts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import Session

from clabber_league.rules import RuleSet
from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import player_named
from clabber_league.store.league import (
    BYE,
    clean_player_name,
    get_team,
    lock_match,
    match_substitutes,
    match_week,
    roster_seats,
    rosters,
    season_rules,
)
from clabber_league.store.models import Fixture, FixtureSubstitute


def match_seats(
    session: Session,
    fixture: Fixture,
    rules: RuleSet,
    players: Mapping[str, str] | None = None,
    *,
    side_rosters: Sequence[Sequence[str]] | None = None,
) -> dict[str, str]:
    """Who sits where in the match's next game: ``players`` (seat → name) when given,
    else the teams' rosters (``side_rosters``, home first, or as they stand now), and
    the match's substitutes over either."""
    if players is None:
        if side_rosters is None:
            teams = [fixture.home_team_id, fixture.away_team_id]
            found = rosters(session=session, team_ids=[team for team in teams if team])
            side_rosters = [found.get(team or 0, ()) for team in teams]
        players = roster_seats(rules, side_rosters)
    assert fixture.id is not None
    substitutes = match_substitutes(session=session, match_ids=[fixture.id])
    return {**players, **substitutes.get(fixture.id, {})}


def set_substitute(database: Database, match_id: int, seat: str, name: str | None) -> None:
    """``name`` sits in ``seat`` for the match's games begun from now on (``None``: the
    roster's player again). Refused for a seat the season's rules do not have, a bad
    name, a name already seated elsewhere at that match, or a bye."""
    with database.session(write=True) as session:
        fixture = lock_match(session, match_id)
        if fixture.status == BYE or fixture.away_team_id is None:
            raise StoreError(problem("a bye has no game to seat a substitute in"))
        _, season = match_week(session, fixture)
        rules = season_rules(season)
        seat = seat.strip().upper()
        if seat not in rules.seats:
            raise StoreError(
                problem(
                    "{seat!r} is not a seat under these rules: {seats}",
                    seat=seat,
                    seats=", ".join(rules.seats),
                )
            )
        assert fixture.id is not None
        kept = session.get(FixtureSubstitute, (fixture.id, seat))
        if name is None:
            if kept is None:
                raise StoreError(
                    problem(
                        "match {match_id} has no substitute in {seat}", match_id=match_id, seat=seat
                    )
                )
            session.delete(kept)
            session.commit()
            return
        player_name = clean_player_name(name)
        seated = match_seats(session, fixture, rules)
        for other, sitting in seated.items():
            if other != seat and name_key(sitting) == name_key(player_name):
                team = fixture.home_team_id if other in rules.layout.seats_of("A") else None
                side = get_team(session, team or fixture.away_team_id).name
                raise StoreError(
                    problem(
                        "{name} already sits in {seat} ({team}) at this match",
                        name=sitting,
                        seat=other,
                        team=side,
                    )
                )
        player = player_named(session, player_name)
        assert player.id is not None
        if kept is None:
            kept = FixtureSubstitute(fixture_id=fixture.id, seat=seat, player_id=player.id)
        kept.player_id = player.id
        session.add(kept)
        session.commit()
