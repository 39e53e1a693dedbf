"""The players' parts of a season's site: the ratings page, the awards page and each
player's career on their page.

Every figure is the store's (``store.careers``, read once by ``site.season``): the
ratings table is ``Career.rating_rows``, the records ``Career.records``, the awards
``Career.awards``; nothing is counted here, only laid out. The season's ratings and
awards are its own games'; a player page's career is ``SeasonData.careers.players``
(every season of the league, in a league's site). A name links to the player's page
where this season has one, a game to its page wherever the site has it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from clabber_league.i18n import _, fill
from clabber_league.i18n.award_words import award_figure, award_title
from clabber_league.league.ratings import RANKED_AFTER, RatingRow, Ratings, rating_rows
from clabber_league.league.records import Record, Together
from clabber_league.site.chart import PALETTE, Chart, Series, line_chart, nightly
from clabber_league.site.season import SeasonData
from clabber_league.site.templates import night_text
from clabber_league.store.careers import Career

UNRANKED = "–"
"""The rank of a player not ranked yet (as ``clabber-league ratings`` prints it)."""


class _Read:
    """One career's ratings, table and records, each worked out once for every page."""

    def __init__(self, career: Career) -> None:
        self.career = career

    @cached_property
    def ratings(self) -> Ratings:
        return self.career.ratings()

    @cached_property
    def rows(self) -> list[RatingRow]:
        return rating_rows(self.ratings, self.career.names)

    @cached_property
    def records(self) -> dict[int, Record]:
        return self.career.records()

    @cached_property
    def seasons(self) -> dict[int, int]:
        """The season of each game, by game id."""
        return {seat.game: seat.season for seat in self.career.seats}


@dataclass(frozen=True)
class _Links:
    """Where the season's pages link a player and a game (relative to the season's
    folder: the templates put the way up to it, ``root``, in front)."""

    season: int
    players: frozenset[int]
    """The players with a page in this season."""
    up: str
    """From the season's folder to the site's."""
    folders: Mapping[int, str]
    """The folder of each season of the site, by id (empty: this season alone)."""

    def player(self, player: int) -> str | None:
        return f"player/{player}.html" if player in self.players else None

    def game(self, game: int, season: int) -> str | None:
        if season == self.season:
            return f"game/{game}.html"
        folder = self.folders.get(season)
        return f"{self.up}{folder}game/{game}.html" if folder is not None else None


class CareerPages:
    """The values of the ratings, awards and player pages of one season."""

    def __init__(self, data: SeasonData, up: str, folders: Mapping[int, str]) -> None:
        self.season = _Read(data.careers.season)
        same = data.careers.players is data.careers.season
        self.players = self.season if same else _Read(data.careers.players)
        self.league_wide = data.careers.league_wide
        self.league = data.info.league
        self.links = _Links(
            data.info.id, frozenset(row.player for row in data.players), up, folders
        )

    def ratings(self) -> dict[str, Any]:
        """The ratings table best first, the chart of its first players' ratings night
        by night, and when a player is ranked."""
        read = self.season
        rows = [self._row(read, row) for row in read.rows]
        top = [row.player for row in read.rows[: len(PALETTE)]]
        series: list[Series] = [
            (read.career.names.get(player, ""), read.ratings.history.get(player, ()))
            for player in top
        ]
        chart = line_chart(
            series,
            title=_("Ratings over the season"),
            description=_(
                "The best-rated players' ratings after each night; the table gives the figures."
            ),
            day_text=night_text,
        )
        return {"rows": rows, "chart": chart, "note": _ranked_note()}

    def awards(self) -> dict[str, Any]:
        """Each award of the season: its title, holders, figure and (a one-game figure)
        the game it was won in."""
        read = self.season
        return {
            "awards": [
                {
                    "title": award_title(award),
                    "holders": [self._player(read, player) for player in award.players],
                    "figure": award_figure(award),
                    "game": (
                        self.links.game(award.game, read.seasons[award.game])
                        if award.game is not None
                        else None
                    ),
                }
                for award in read.career.awards()
            ]
        }

    def career(self, player: int) -> dict[str, Any]:
        """A player's career: their rating and rank, its chart, their records, their
        partners and their opponents (``career`` is ``None`` before a finished game)."""
        read = self.players
        record = read.records.get(player)
        scope = fill(_("Every season of {league}"), league=self.league)
        if not self.league_wide:
            scope = _("This season")
        if record is None:
            return {"career": None, "scope": scope}
        row = next(row for row in read.rows if row.player == player)
        history = nightly(read.ratings.history[player])
        chart: Chart | None = line_chart(
            [(read.career.names.get(player, ""), history)],
            title=_("Rating over time"),
            description=fill(
                _("The rating after each night played: {first} after the first, {last} now."),
                first=f"{history[0][1]:.2f}",
                last=f"{history[-1][1]:.2f}",
            ),
            day_text=night_text,
            height=200,
        )
        best = record.best_partner
        return {
            "scope": scope,
            "note": _ranked_note(),
            "chart": chart,
            "career": {
                **self._row(read, row),
                "won": record.won,
                "as_maker": record.as_maker,
                "made": record.made,
                "set": record.set,
                "defended": record.defended,
                "reneges": record.reneges,
                "high_game": record.high_game.value,
                "high_game_href": self._game(read, record.high_game.game),
                "biggest_hand": record.biggest_hand.value,
                "biggest_hand_href": self._game(read, record.biggest_hand.game),
                "streak": record.longest_streak,
                "best_partner": self._together(read, best) if best is not None else None,
                "partners": [self._together(read, one) for one in record.partners],
                "opponents": [self._together(read, one) for one in record.opponents],
            },
        }

    # ------------------------------------------------------------------ parts
    def _row(self, read: _Read, row: RatingRow) -> dict[str, Any]:
        return {
            **self._player(read, row.player),
            "rank": str(row.rank) if row.rank is not None else UNRANKED,
            "ranked": row.rank is not None,
            "team": read.career.teams.get(row.player, ""),
            "rating": f"{row.rating:.2f}",
            "uncertainty": f"{row.uncertainty:.2f}",
            "games": row.games,
        }

    def _player(self, read: _Read, player: int) -> dict[str, Any]:
        return {"name": read.career.names.get(player, ""), "href": self.links.player(player)}

    def _together(self, read: _Read, one: Together) -> dict[str, Any]:
        return {**self._player(read, one.player), "games": one.games, "won": one.won,
                "share": one.share}  # fmt: skip

    def _game(self, read: _Read, game: int) -> str | None:
        return self.links.game(game, read.seasons[game])


def _ranked_note() -> str:
    return _("Ranked after {count} games; “–”: not yet.").format(count=RANKED_AFTER)
