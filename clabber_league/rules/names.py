"""Names of teams, leagues, seasons and sides: the one rule for when two names are the same,
and the one cleaner for how a name is kept.

Two names are the same name when a scorekeeper could not tell them apart on
the sheet: ``Eagles``, ``EAGLES``, ``Ｅａｇｌｅｓ`` (full-width) and ``Eagles``
with a zero-width space or a right-to-left mark hidden in it are one team.
``name_key`` is that comparison; the store keeps it beside each name with a
unique constraint, so two stations adding "Eagles" at once still make one.
"""

from __future__ import annotations

import functools
import unicodedata

from clabber_league.rules.errors import ClabberError
from clabber_league.rules.messages import N_, Problem

#: Joiners that Persian words and emoji sequences need; every other invisible
#: formatting character (zero-width space, bidi embeddings and marks, BOM…) goes.
KEPT_JOINERS = frozenset({"\u200c", "\u200d"})  # ZWNJ, ZWJ


class InvalidNameError(ClabberError):
    """A name that cannot be kept: empty, too long, or holding a control character."""


#: The three refusals of a name, for each kind of name a caller cleans (``what``), each
#: whole, so that every language can say them in its own grammar: one that holds a control
#: character, an empty one, and one too long.
_REFUSALS: dict[str, tuple[str, str, str]] = {
    "name": (
        N_("the name holds a character that cannot be shown"),
        N_("a name is needed"),
        N_("the name is {length} characters long; at most {most} fit"),
    ),
    "team": (
        N_("the team name holds a character that cannot be shown"),
        N_("the team needs a name"),
        N_("the team name is {length} characters long; at most {most} fit"),
    ),
    "player": (
        N_("the player name holds a character that cannot be shown"),
        N_("the player needs a name"),
        N_("the player name is {length} characters long; at most {most} fit"),
    ),
    "league": (
        N_("the league name holds a character that cannot be shown"),
        N_("the league needs a name"),
        N_("the league name is {length} characters long; at most {most} fit"),
    ),
    "season": (
        N_("the season name holds a character that cannot be shown"),
        N_("the season needs a name"),
        N_("the season name is {length} characters long; at most {most} fit"),
    ),
    "side": (
        N_("the side name holds a character that cannot be shown"),
        N_("the side needs a name"),
        N_("the side name is {length} characters long; at most {most} fit"),
    ),
    "sponsor": (
        N_("the sponsor name holds a character that cannot be shown"),
        N_("the sponsor needs a name"),
        N_("the sponsor name is {length} characters long; at most {most} fit"),
    ),
}


def _without_format_characters(text: str, keep: frozenset[str] = frozenset()) -> str:
    return "".join(char for char in text if char in keep or unicodedata.category(char) != "Cf")


def _single_spaced(text: str) -> str:
    return " ".join(text.split())


@functools.lru_cache(maxsize=4096)  # a season's team names, over and over
def name_key(text: str) -> str:
    """What a name is compared by: NFKC, no invisible formatting (Unicode category Cf),
    whitespace collapsed, stripped, case-folded (and NFKC again, as case folding can
    undo it)."""
    compatible = unicodedata.normalize("NFKC", text)
    visible = _single_spaced(_without_format_characters(compatible))
    return unicodedata.normalize("NFKC", visible.casefold())


@functools.lru_cache(maxsize=4096)
def clean_name(text: str, what: str = "name", *, optional: bool = False) -> str:
    """A name as it is kept and shown, or ``InvalidNameError`` saying why it cannot be.

    NFKC, stripped, inner whitespace collapsed; invisible formatting removed
    except the joiners in ``KEPT_JOINERS``; tabs and line breaks count as spaces;
    any other control character, an empty name (unless ``optional``: then "")
    or one over ``limits.NAME`` characters is refused. ``what`` names the
    thing in the message: "team", "player", "league", "season", "side",
    "sponsor" or "name".
    """
    compatible = unicodedata.normalize("NFKC", text)
    if any(
        unicodedata.category(char) in ("Cc", "Cs") and not char.isspace() for char in compatible
    ):
        raise InvalidNameError(Problem(_REFUSALS[what][0], {}))
    name = _single_spaced(_without_format_characters(compatible, KEPT_JOINERS))
    if not _without_format_characters(name).strip():
        if optional:
            return ""
        raise InvalidNameError(Problem(_REFUSALS[what][1], {}))
    # The limits load here, not with the module: comparing names (``name_key``) is all the
    # ``standings`` command needs, and it prints before the limits would have loaded.
    from clabber_league.rules.limits import NAME  # noqa: PLC0415

    if len(name) > NAME.high:
        raise InvalidNameError(
            Problem(_REFUSALS[what][2], {"length": len(name), "most": NAME.high})
        )
    return name
