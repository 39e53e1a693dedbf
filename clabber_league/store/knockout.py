"""A knockout for teams: a tournament whose teams play a single- or double-elimination
bracket, kept as a season of its own so that the recorder, the night service, the
phones and the board play it as they play a league's playoffs.

The bracket is the league's (``store.playoffs.make_bracket``): seeded in the order the
teams are given, or drawn (shuffled by ``random.Random(seed)``, so the same seed gives
the same draw), with round 1 in week 1 and every later match made by ``advance`` in the
write that decides its feeders.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from clabber_league.rules import RuleSet, rule_set
from clabber_league.rules.errors import RuleSetError
from clabber_league.rules.limits import GAMES_PER_MATCH, PLAYOFF_TEAMS
from clabber_league.rules.messages import problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError, refusal, within
from clabber_league.store.league import add_team_row, new_season, unique_or
from clabber_league.store.models import Tournament
from clabber_league.store.playoffs import Bracket, make_bracket, season_bracket
from clabber_league.store.tournaments import KNOCKOUT, find_tournament, refuse_taken_name

SIDE = 2
"""Players a team: four-handed Clabber is played two a side."""


def create_knockout(
    database: Database,
    *,
    name: str,
    teams: Sequence[tuple[str, Sequence[str]]],
    double: bool = False,
    draw: bool = False,
    seed: int = 0,
    games_per_match: int | None = None,
    rules_preset: str = "evansville",
    league: str | None = None,
) -> Bracket:
    """Make the tournament ``name``: its league (``league``, else one named as the
    tournament; an existing one of that name is used), its season (named as the
    tournament, with the preset), the teams and their rosters, and the bracket with round
    1 in week 1. Refused, changing nothing: a tournament of that name already, fewer than
    2 or more than 16 teams, a team without exactly two players, a player on two teams,
    two teams of one name, a number of games that is not allowed, a rule set that is
    unknown or not four-handed."""
    title = _cleaned(name, "name")
    entries = checked_teams(teams)
    games = within(GAMES_PER_MATCH, games_per_match) if games_per_match is not None else 1
    try:
        rules = rule_set(rules_preset)
    except RuleSetError as exc:
        raise refusal(exc) from None
    if not fits_knockout(rules):
        raise StoreError(
            problem(
                "a knockout for teams needs a four-handed rule set (two a side); {preset} is not",
                preset=rules_preset,
            )
        )
    if draw:
        random.Random(seed).shuffle(entries)
    taken = problem("there is already a tournament called {name}", name=title)
    with database.session(write=True) as session:
        refuse_taken_name(session, title)
        season = new_season(
            session, league=league or title, season=title, rules=rules, games_per_match=games
        )
        assert season.id is not None
        ids = []
        for team, players in entries:
            row = add_team_row(session, season, team, players)
            assert row.id is not None
            ids.append(row.id)
        session.add(Tournament(name=title, season_id=season.id, kind=KNOCKOUT, seed=seed))
        with unique_or(taken):
            session.flush()
        make_bracket(session, season=season, team_ids=ids, games_per_match=games, double=double)
        with unique_or(taken):
            session.commit()
        return season_bracket(session, season.id)


def fits_knockout(rules: RuleSet) -> bool:
    """Whether a knockout for teams can be played by ``rules``: two sides of two (the
    presets the New knockout dialog offers)."""
    return (len(rules.sides), rules.layout.players_per_side) == (2, SIDE)


def checked_teams(teams: Sequence[tuple[str, Sequence[str]]]) -> list[tuple[str, list[str]]]:
    """The teams with their names cleaned, or ``StoreError`` for fewer than 2 or more than
    16 teams, two teams of one name, a team without two players, or a player on two teams
    (``create_knockout``'s refusals of the teams, which the New knockout dialog says as
    they are typed)."""
    within(PLAYOFF_TEAMS, len(teams))
    seen_teams: dict[str, str] = {}
    seen_players: dict[str, str] = {}
    entries: list[tuple[str, list[str]]] = []
    for team, players in teams:
        team_name = _cleaned(team, "team")
        if name_key(team_name) in seen_teams:
            raise StoreError(problem("two teams are called {team}", team=team_name))
        seen_teams[name_key(team_name)] = team_name
        named = (_cleaned(player, "player") for player in players if player.strip())
        roster = list({name_key(player): player for player in named}.values())
        if len(roster) != SIDE:
            raise StoreError(
                problem(
                    "{team}: a knockout team is two players, not {count}",
                    team=team_name,
                    count=len(roster),
                )
            )
        for player in roster:
            other = seen_players.get(name_key(player))
            if other is not None:
                raise StoreError(
                    problem(
                        "{player} is on two teams: {team} and {other}",
                        player=player,
                        team=other,
                        other=team_name,
                    )
                )
            seen_players[name_key(player)] = team_name
        entries.append((team_name, roster))
    return entries


def _cleaned(text: str, what: str) -> str:
    try:
        return clean_name(text, what)
    except InvalidNameError as exc:
        raise refusal(exc) from None


def knockout_bracket(database: Database, name: str) -> Bracket:
    """The bracket of the knockout ``name`` as its stored rows stand."""
    with database.session() as session:
        found = find_tournament(session, name, kind=KNOCKOUT)
        return season_bracket(session, found.season_id)
