"""A season's pages: home, schedule, standings, ratings, awards, teams, players, a page
per match, team, player (their career) and game, each rendered from the season's reads
(``site.season``).

Every link is relative, so the site reads the same from a web host, a shared folder or
``file://``; paths are the store's ids (``team/12.html``), stable whatever a name holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from markupsafe import Markup

from clabber_league.i18n import (
    N_,
    _,
    current,
    fill,
    is_right_to_left,
    isolate,
    makeup_words,
    said,
)
from clabber_league.i18n.match_words import state_words
from clabber_league.i18n.standings_words import tie_break_text
from clabber_league.league.player_games import LOST, PLAYING, TIED, WON, PlayerGame, player_games
from clabber_league.league.ranking import StandingRow
from clabber_league.league.results import DASH, result_words
from clabber_league.rules.game import TIE
from clabber_league.site.builder import Page
from clabber_league.site.career import CareerPages
from clabber_league.site.season import SeasonData, SeasonGame, TournamentView
from clabber_league.site.templates import night_text, render, sheet_styles
from clabber_league.site.tournament import rounds, standings_values
from clabber_league.store.league import ENTERED, TO_PLAY, MatchInfo

SheetHtml = Callable[[int], Markup]
"""A game's paper sheet as an HTML fragment, by game id (``site.publish.sheet_maker``)."""

_OUTCOMES = {WON: N_("won"), LOST: N_("lost"), TIED: N_("tied"), PLAYING: N_("playing")}


@dataclass(frozen=True)
class Place:
    """Where a season's pages sit in the site: their folder (``""`` or ``"season-3/"``),
    the way back from it to the site's own folder, the style sheets every page links, and
    the folder of every season of the site by id (empty: a site of one season), where a
    career's game of another season is linked."""

    folder: str = ""
    styles: tuple[str, ...] = ("site.css",)
    seasons: Mapping[int, str] = field(default_factory=dict)

    @property
    def up(self) -> str:
        return "../" * self.folder.count("/")


@dataclass(frozen=True)
class _Week:
    number: int
    heading: str
    matches: tuple[dict[str, Any], ...]
    byes: tuple[str, ...]


def season_pages(
    data: SeasonData,
    place: Place,
    sheet: SheetHtml | None = None,
    printouts: Sequence[tuple[str, str]] = (),
) -> list[Page]:
    """Every page of the season, under ``place.folder``; the printouts page lists
    ``printouts`` (each file's path in the site, and its title)."""
    maker = _Maker(data, place, sheet)
    return [*maker.pages(), maker.printouts(printouts)]


class _Maker:
    """The season's pages, each from its template and the season's reads."""

    def __init__(self, data: SeasonData, place: Place, sheet: SheetHtml | None) -> None:
        self.data = data
        self.place = place
        self.sheet = sheet
        self.player_ids = {row.name: row.player for row in data.players}
        self.games_of = player_games(
            {game.id: (game.game, game.seats) for game in data.games.values()}
        )
        self.careers = CareerPages(data, place.up, place.seasons)

    def pages(self) -> list[Page]:
        data = self.data
        pages = [
            *(self._tournament_front(data.tournament) if data.tournament else self._front()),
            self._page("ratings.html", "ratings.html.j2", _("Ratings"), **self.careers.ratings()),
            self._page("awards.html", "awards.html.j2", _("Awards"), **self.careers.awards()),
            self._list(
                "teams.html",
                _("Teams"),
                [(f"team/{team.id}.html", team.name, team.division or "") for team in data.teams],
                _("This season has no teams yet."),
            ),
            self._list(
                "players.html",
                _("Players"),
                [
                    (f"player/{row.player}.html", row.name, "")
                    for row in sorted(data.players, key=lambda row: (row.name, row.player))
                ],
                _("No player has finished a game yet."),
            ),
        ]
        pages += [self._match(match) for match in data.matches if match.away is not None]
        pages += [self._game(game) for game in data.games.values()]
        pages += [self._team(team_id) for team_id in (team.id for team in data.teams)]
        pages += [self._player(row.player, row.name) for row in data.players]
        return pages

    def _front(self) -> list[Page]:
        """A league season's home, schedule and standings pages: teams ranked."""
        data = self.data
        return [
            self._page(
                "index.html",
                "home.html.j2",
                f"{data.info.league} — {data.info.name}",
                **self._home(),
            ),
            self._page(
                "schedule.html", "schedule.html.j2", _("Schedule"), weeks=self._weeks(data.matches)
            ),
            self._page(
                "standings.html",
                "standings.html.j2",
                _("Standings"),
                groups=self._groups(data.standings),
                ties=tie_break_text(data.info.tie_break),
            ),
        ]

    def _tournament_front(self, view: TournamentView) -> list[Page]:
        """A progressive tournament's home, rounds and standings pages: players ranked,
        each round's tables with their results and sit-outs (``site.tournament``)."""
        standing = standings_values(view, self.player_ids)
        played = rounds(self.data, view)
        return [
            self._page(
                "index.html", "tournament_home.html.j2", view.name, rounds=played, **standing
            ),
            self._page("schedule.html", "rounds.html.j2", _("Rounds"), rounds=played),
            self._page(
                "standings.html", "tournament_standings.html.j2", _("Standings"), **standing
            ),
        ]

    def printouts(self, listed: Sequence[tuple[str, str]]) -> Page:
        """The season's printouts, calendars and feeds, linked from the season's folder."""
        return self._list(
            "printouts.html",
            _("Printouts"),
            [(path.removeprefix(self.place.folder), title, "") for path, title in listed],
            _("Nothing is printed before the season's first night."),
        )

    # ------------------------------------------------------------------ parts
    def _page(self, path: str, template: str, title: str, **values: Any) -> Page:
        """``path`` (inside the season's folder) rendered from ``template``: the layout's
        values, then the page's own (``styles`` among them, where it has more)."""
        root = "../" * path.count("/")
        layout: dict[str, Any] = {
            "lang": current(),
            "rtl": is_right_to_left(),
            "title": title,
            "league": self.data.info.league,
            "season": self.data.info.name,
            "root": root,
            "top": root + self.place.up,
            "styles": self.place.styles,
        }
        return Page(self.place.folder + path, render(template, **(layout | values)))

    def _list(
        self, path: str, title: str, items: Iterable[tuple[str, str, str]], empty: str
    ) -> Page:
        return self._page(
            path,
            "list.html.j2",
            title,
            items=[{"href": href, "name": name, "note": note} for href, name, note in items],
            empty=empty,
        )

    def _home(self) -> dict[str, Any]:
        data = self.data
        latest, coming = data.latest_week(), data.next_week()
        return {
            "latest": self._weeks(data.week(latest))[0] if latest is not None else None,
            "coming": self._weeks(data.week(coming))[0] if coming is not None else None,
            "groups": self._groups(data.standings),
        }

    def _weeks(self, matches: Sequence[MatchInfo]) -> list[_Week]:
        weeks = []
        for number, group in groupby(matches, key=lambda match: match.week):
            lines = list(group)
            night = lines[0].played_on
            heading = fill(_("Week {number}"), number=number)
            if night is not None:
                heading += fill(_(" — {night}"), night=night_text(night))
            weeks.append(
                _Week(
                    number,
                    heading,
                    tuple(
                        {
                            "id": match.id,
                            "table": match.table,
                            "home": match.home,
                            "away": match.away,
                            "state": _state(match),
                            "result": _result(match),
                        }
                        for match in lines
                        if match.away is not None
                    ),
                    tuple(match.home for match in lines if match.away is None),
                )
            )
        return weeks

    def _groups(self, rows: Sequence[StandingRow]) -> list[dict[str, Any]]:
        divided = any(row.division for row in rows)
        return [
            {"title": (division or _("No division")) if divided else "", "rows": list(group)}
            for division, group in groupby(rows, key=lambda row: row.division)
        ]

    def _match(self, match: MatchInfo) -> Page:
        games = [
            self.data.games[game_id] for game_id in match.game_ids if game_id in self.data.games
        ]
        return self._page(
            f"match/{match.id}.html",
            "match.html.j2",
            _match_title(match),
            match={"table": match.table, "state": _state(match)},
            when=_when(match, tournament=self.data.tournament is not None),
            result=_result(match),
            games=[
                {
                    "id": game.id,
                    "title": fill(_("Game {number}"), number=number),
                    "score": _score(game),
                }
                for number, game in enumerate(games, start=1)
            ],
        )

    def _game(self, game: SeasonGame) -> Page:
        match = game.match
        return self._page(
            f"game/{game.id}.html",
            "game.html.j2",
            _between(game.game.sides),
            styles=(*self.place.styles, *sheet_styles()),
            match_id=match.id if match is not None else None,
            match_title=_match_title(match) if match is not None else "",
            when=night_text(game.place.played_on),
            score=_score(game),
            seated=[
                {
                    "team": team,
                    "players": [
                        {"id": self.player_ids.get(name), "name": name}
                        for seat, name in sorted(game.seats.items())
                        if seat[0] == side
                    ],
                }
                for side, team in game.game.names.items()
            ],
            sheet=self.sheet(game.id) if self.sheet is not None else "",
        )

    def _team(self, team_id: int) -> Page:
        team = next(team for team in self.data.teams if team.id == team_id)
        row = next((row for row in self.data.standings if row.team == team_id), None)
        return self._page(
            f"team/{team.id}.html",
            "team.html.j2",
            team.name,
            team=team,
            row=row,
            roster=[{"id": self.player_ids.get(name), "name": name} for name in team.players],
            matches=[
                {
                    "id": match.id,
                    "week": match.week,
                    "home": match.home,
                    "away": match.away,
                    "result": _result(match),
                    "state": _state(match),
                }
                for match in self.data.team_matches(team.name)
                if match.away is not None
            ],
        )

    def _player(self, player_id: int, name: str) -> Page:
        games: list[PlayerGame] = self.games_of.get(name, [])
        return self._page(
            f"player/{player_id}.html",
            "player.html.j2",
            name,
            **self.careers.career(player_id),
            games=[
                {
                    "id": game.game,
                    "title": _between((game.team, *game.opponents)),
                    "team": game.team,
                    "outcome": _(_OUTCOMES[game.outcome]),
                    "made": game.made,
                    "set": game.set,
                }
                for game in games
            ],
        )


def _state(match: MatchInfo) -> str:
    if match.makeup_on is not None and match.state == TO_PLAY:
        return makeup_words(match.makeup_on)
    return "" if match.state in {TO_PLAY, ENTERED} else state_words(match.state)


def _when(match: MatchInfo, *, tournament: bool = False) -> str:
    """The match's week and night; a tournament's table, its round."""
    if tournament:
        week = fill(_("Round {round}"), round=match.week)
    else:
        week = fill(_("Week {number}"), number=match.week)
    return week + (
        fill(_(" — {night}"), night=night_text(match.played_on)) if match.played_on else ""
    )


def _match_title(match: MatchInfo) -> str:
    return _between((match.home, match.away or ""))


def _between(names: Iterable[str]) -> str:
    """Teams facing each other, each laid out on its own (a Latin name in Persian)."""
    return " — ".join(isolate(name) for name in names)


def _result(match: MatchInfo) -> str:
    """The match's result (``league.results``), a forfeiting team's name isolated."""
    forfeiter = isolate(match.forfeited_by) if match.forfeited_by else None
    return said(result_words(match.results, forfeiter, match.games_per_match))


def _score(game: SeasonGame) -> str:
    totals = game.game.totals
    text = DASH.join(str(totals[side]) for side in game.game.rules.sides)
    if game.game.winner == TIE:
        return text + " · " + _("tied")
    return text
