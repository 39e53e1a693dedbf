"""A season's awards page for the banquet: the awards, the players' ratings, and every
player's record for the season.

The figures are ``store.careers``' (recounted from the games on every read: the awards
and records of ``league.records``, the ratings of ``league.ratings``); this module only
lays them out, as ``reports.tournament_standings`` lays out its table (from the right in
a right-to-left language).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from reportlab.lib.colors import black
from reportlab.platypus import BaseDocTemplate, Flowable, Spacer

from clabber_league.i18n import N_, _, fill
from clabber_league.i18n.award_words import award_figure, award_title
from clabber_league.league.ratings import RANKED_AFTER, RatingRow
from clabber_league.league.records import Award, Record
from clabber_league.reports.document import Line, Renderer, Words, reading_side
from clabber_league.reports.standings import stamp_text
from clabber_league.reports.styles import Paper
from clabber_league.reports.tournament_standings import heading_lines, mirrored_table

RATING_HEADINGS = ("#", N_("Player"), N_("Team"), N_("Rating"), "±", N_("Games"))
_RATING_WIDTHS = (26, None, None, 52, 44, 44)
RECORD_HEADINGS = (
    N_("Player"), N_("Games"), N_("Won"), N_("Made"), N_("Sets"), N_("Defended"),
    N_("Reneges"), N_("High game"), N_("Biggest hand"), N_("Streak"),
)  # fmt: skip
_RECORD_WIDTHS = (None, 40, 34, 38, 34, 54, 50, 58, 70, 44)


@dataclass(frozen=True)
class AwardsData:
    """A season's awards page, each cell as printed."""

    league: str
    season: str
    stamp: str
    awards: tuple[tuple[str, ...], ...]
    ratings: tuple[tuple[str, ...], ...]
    records: tuple[tuple[str, ...], ...]


def awards_data(
    *,
    league: str,
    season: str,
    awards: Sequence[Award],
    ratings: Sequence[RatingRow],
    records: Mapping[int, Record],
    names: Mapping[int, str],
    teams: Mapping[int, str],
    stamp: date,
) -> AwardsData:
    """The page of a season whose finished games gave ``awards``, ``ratings`` and
    ``records`` (players by id, named by ``names``; ``teams``: each one's team)."""

    def who(players: Sequence[int]) -> str:
        return ", ".join(sorted((names.get(p, "") for p in players), key=str.casefold))

    by_rating = [row.player for row in ratings]
    return AwardsData(
        league=league,
        season=season,
        stamp=stamp_text(stamp),
        awards=tuple((award_title(one), who(one.players), award_figure(one)) for one in awards),
        ratings=tuple(
            (
                str(row.rank) if row.rank is not None else "–",
                names.get(row.player, ""),
                teams.get(row.player, ""),
                f"{row.rating:.2f}",
                f"{row.uncertainty:.2f}",
                str(row.games),
            )
            for row in ratings
        ),
        records=tuple(
            (
                names.get(player, ""),
                *map(
                    str,
                    (
                        record.games,
                        record.won,
                        record.made,
                        record.set,
                        record.defended,
                        record.reneges,
                        record.high_game.value,
                        record.biggest_hand.value,
                        record.longest_streak,
                    ),
                ),
            )
            for player in by_rating
            if (record := records.get(player)) is not None
        ),
    )


class AwardsRenderer(Renderer):
    """The awards, then the ratings, then the records, on as many pages as they need."""

    def __init__(self, data: AwardsData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = fill(_("{season}: awards"), season=data.season)

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        title = f"{data.league} — {data.season}" if data.league != data.season else data.season
        story: list[Flowable] = heading_lines(title, " · ".join((_("Awards"), data.stamp)))
        if not data.awards:
            return [*story, Words(_("No finished game this season: no awards yet."))]
        for title, holders, figure in data.awards:
            story += [
                Line(f"{title} — {figure}", 11, bold=True, align=reading_side("left")),
                Spacer(1, 2),
                Words(holders, 10, color=black),
                Spacer(1, 6),
            ]
        story += [
            Spacer(1, 14),
            Line(_("Ratings"), 12, bold=True, align=reading_side("left")),
            Spacer(1, 4),
            mirrored_table(
                (tuple(_(h) for h in RATING_HEADINGS), *data.ratings),
                _RATING_WIDTHS,
                doc.width,
                names=(1, 2),
            ),
            Spacer(1, 4),
            Words(
                fill(
                    _(
                        "Rating: OpenSkill's mu − 3 sigma over every game of the season; "
                        "ranked from {count} games (“–”: not yet)."
                    ),
                    count=RANKED_AFTER,
                )
            ),
            Spacer(1, 14),
            Line(_("Records"), 12, bold=True, align=reading_side("left")),
            Spacer(1, 4),
            mirrored_table(
                (tuple(_(h) for h in RECORD_HEADINGS), *data.records),
                _RECORD_WIDTHS,
                doc.width,
                names=(0,),
            ),
        ]
        return story
