"""A progressive tournament made and partly played, for the printouts' and the site's
tests: nine players (one sits out each round), four rounds of four hands, the first two
played out with the same random hands every run."""

from __future__ import annotations

import random
from collections.abc import Sequence

from clabber_league.store.database import Database
from clabber_league.store.tournaments import TournamentInfo, create_tournament
from tests.store.test_tournaments import play_round

NINE = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def played_tournament(
    database: Database,
    *,
    name: str = "Card Party",
    players: Sequence[str] = NINE,
    played: Sequence[int] = (1, 2),
) -> TournamentInfo:
    """The tournament, with the rounds ``played`` played out at every table."""
    info = create_tournament(database, name=name, players=players, rounds=4, hands_per_round=4)
    rng = random.Random(1)
    for round_no in played:
        play_round(database, info.season, round_no, rng)
    return info
