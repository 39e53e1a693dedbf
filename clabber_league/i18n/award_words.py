"""A season's awards in words, as the printed awards page and the published site say
them: each award's title and its figure."""

from __future__ import annotations

from clabber_league.i18n import N_, _, fill, ngettext
from clabber_league.league.records import (
    BIGGEST_HAND,
    HIGH_GAME,
    LONGEST_STREAK,
    MOST_DEFENDED,
    MOST_MADE,
    PLAYER_OF_SEASON,
    Award,
)

AWARD_TITLES = {
    HIGH_GAME: N_("High game"),
    BIGGEST_HAND: N_("Biggest hand"),
    MOST_DEFENDED: N_("Most sets defended"),
    MOST_MADE: N_("Most hands made"),
    LONGEST_STREAK: N_("Longest winning streak"),
    PLAYER_OF_SEASON: N_("Player of the season"),
}


def award_title(award: Award) -> str:
    """The award's name, translated."""
    return _(AWARD_TITLES[award.title])


def award_figure(award: Award) -> str:
    """What won it: "520 points", "12 sets", "7 games in a row", "rating 18.40"."""
    count = int(award.value)
    if award.title in (HIGH_GAME, BIGGEST_HAND):
        return ngettext("{count} point", "{count} points", count).format(count=count)
    if award.title == MOST_DEFENDED:
        return ngettext("{count} set", "{count} sets", count).format(count=count)
    if award.title == MOST_MADE:
        return ngettext("{count} hand", "{count} hands", count).format(count=count)
    if award.title == LONGEST_STREAK:
        return ngettext("{count} game in a row", "{count} games in a row", count).format(
            count=count
        )
    return fill(_("rating {rating}"), rating=f"{award.value:.2f}")
