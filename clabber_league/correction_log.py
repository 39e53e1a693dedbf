"""The correction log as the table reads it: "Hand 3: Eagles 92 → Eagles 100, 21:14",
and "Game reopened, 21:14" where a finished game was opened for corrections.

The store keeps every change (``recording.Correction``); the window's log
and the printed sheet's footnotes show them in table words — the marks the
hand wrote, the makers, the trump — and leave out a change that was undone
before anything else happened (a quick Ctrl+Z, or an undo and a redo), which
corrected nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from clabber_league.i18n import N_, _, fill
from clabber_league.recording import Correction
from clabber_league.rules import (
    RENEGE_BOTH,
    ClabberError,
    Game,
    HandEntry,
    HandKind,
    PassedHand,
    score_hand,
)


def net_corrections(log: Sequence[Correction]) -> list[Correction]:
    """The log without the changes undone straight away.

    A change followed by its exact reverse (same hand, old and new swapped)
    cancels out; so does a run of them nested inside each other (two undos,
    then two redos), as a stack of changes unwinds.
    """
    kept: list[Correction] = []
    for correction in log:
        if kept and _undoes(correction, kept[-1]):
            kept.pop()
        else:
            kept.append(correction)
    return kept


def _undoes(later: Correction, earlier: Correction) -> bool:
    """Whether ``later`` takes ``earlier`` back; a reopening is taken back by nothing."""
    if later.reopening or earlier.reopening:
        return False
    return later.n == earlier.n and later.old == earlier.new and later.new == earlier.old


def local_time(at: datetime) -> datetime:
    """The store keeps UTC without a zone; the secretary reads local time."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone()


def hand_words(game: Game, n: int, entry: HandEntry | None) -> dict[str, str]:
    """What a hand entry says at the table, scored on its own: each side's mark, who made
    trump and the trump suit ("Eagles" → "92", "made by" → "Eagles", "trump" → "♠")."""
    if entry is None:
        return {}
    if isinstance(entry, PassedHand):
        return {"": "all passed"}
    try:
        result = score_hand(entry, game.rules, number=n, names=game.names)
    except ClabberError:
        return {"": "an entry the rules no longer accept"}
    if result.kind is HandKind.VOID or result.reneged == RENEGE_BOTH:
        return {"": "both reneged"}
    words = {game.names[side]: result.marks[side] for side in game.rules.sides}
    if result.reneged is not None:
        words["renege"] = game.names[result.reneged]
    words["made by"] = game.names[result.makers] if result.makers else "not known"
    words["trump"] = result.trump.symbol if result.trump is not None else "none"
    return words


#: Words that only say how a hand was made; the marks say what it wrote.
_DETAILS = ("made by", "trump")
#: The table words ``hand_words`` uses (keys and values beside the teams' names and marks),
#: as they are said in the current language.
_SAID = {
    "made by": N_("made by"),
    "trump": N_("trump"),
    "renege": N_("renege"),
    "all passed": N_("all passed"),
    "both reneged": N_("both reneged"),
    "an entry the rules no longer accept": N_("an entry the rules no longer accept"),
    "not known": N_("not known"),
    "none": N_("none"),
}


def _said(word: str) -> str:
    return _(_SAID[word]) if word in _SAID else word


def _text(words: dict[str, str], keys: Sequence[str]) -> str:
    return ", ".join(f"{_said(key)} {_said(words[key])}".strip() for key in keys if key in words)


def words_text(words: dict[str, str]) -> str:
    """A hand's table words (``hand_words``) as one phrase in the current language."""
    return _text(words, list(words))


def change_words(game: Game, correction: Correction) -> tuple[str, str]:
    """The hand before and after the change, in the fewest table words that show it:
    the marks that changed, or else whatever else did (the makers, the trump)."""
    before = hand_words(game, correction.n, correction.old)
    after = hand_words(game, correction.n, correction.new)
    keys = list(dict.fromkeys([*before, *after]))
    marks = [key for key in keys if key not in _DETAILS]
    changed = [key for key in keys if before.get(key) != after.get(key)]
    if before and after:
        keys = [key for key in changed if key not in _DETAILS] or changed or marks
    else:
        keys = marks
    return _text(before, keys), _text(after, keys)


def correction_line(game: Game, correction: Correction, *, when: str | None = None) -> str:
    """One line of the log: "Hand 3: Eagles 92 → Eagles 100, 21:14".

    ``when`` overrides the time as written (the printed sheet gives the date too).
    """
    at = when if when is not None else f"{local_time(correction.at):%H:%M}"
    if correction.reopening:
        return fill(_("Game reopened, {at}"), at=at)
    before, after = change_words(game, correction)
    n = correction.n
    if correction.old is None:
        return fill(_("Hand {n} put back in: {after}, {at}"), n=n, after=after, at=at)
    if correction.new is None:
        return fill(_("Hand {n} deleted (it was {before}), {at}"), n=n, before=before, at=at)
    return fill(_("Hand {n}: {before} → {after}, {at}"), n=n, before=before, after=after, at=at)
