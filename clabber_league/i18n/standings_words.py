"""The standings' own words, as the window, the printouts and the ``standings`` command
say them: the tie-break order, and the note on hands copied without their makers.

Apart from ``i18n.words``, which loads every rule for the game's words: the
``standings`` command prints before the rules would have loaded.
"""

from __future__ import annotations

from collections.abc import Sequence

from clabber_league.i18n import N_, _, fill, ngettext

#: Each tie-break key in words (translated where shown).
TIE_BREAK_WORDS = {
    "pct": N_("pct"),
    "h2h": N_("head-to-head pct"),
    "diff": N_("diff"),
    "pf": N_("points for"),
    "name": N_("team name"),
}


def tie_break_text(keys: Sequence[str]) -> str:
    """The season's tie-break order in words ("Ranked by pct, then head-to-head pct, …")."""
    words = [TIE_BREAK_WORDS.get(key, key) for key in keys]
    if not words:
        return _("Ranked by team name")
    return fill(_("Ranked by {keys}"), keys=_(", then ").join(_(word) for word in words))


def unknown_makers_note(total: int) -> str:
    """What the standings say under the table about hands copied without their makers
    ("" when there are none)."""
    if not total:
        return ""
    return ngettext(
        "{count} hand was copied from paper without the makers: made by neither side, so in "
        "no team's Made or Sets.",
        "{count} hands were copied from paper without the makers: made by neither side, so "
        "in no team's Made or Sets.",
        total,
    ).format(count=total)


def half_title(half: int) -> str:
    """ "First half" or "Second half", as a heading."""
    return _("First half") if half == 1 else _("Second half")


def half_winners(half: int, teams: Sequence[str]) -> str:
    """The half's winner (one per division): the top-ranked team of its standings."""
    if half == 1:
        return _("First-half winner: {teams}").format(teams=", ".join(teams))
    return _("Second-half winner: {teams}").format(teams=", ".join(teams))
