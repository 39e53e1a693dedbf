"""A match's state in words ("to play", "postponed"), as the schedule list and the
published site say it.

The keys are the store's states (``store.league``'s ``SCHEDULED`` … ``ENTERED``; a test
holds them equal): this layer sits below the store and names them as strings.
"""

from __future__ import annotations

from clabber_league.i18n import N_, _

STATE_WORDS = {
    "scheduled": N_("scheduled"),
    "postponed": N_("postponed"),
    "forfeit": N_("forfeit"),
    "bye": N_("bye"),
    "to play": N_("to play"),
    "entered": N_("entered"),
}


def state_words(state: str) -> str:
    """A match's state ("to play", "postponed") in the current language."""
    return _(STATE_WORDS[state]) if state in STATE_WORDS else state
