"""Which stored game the secretary keys in for a match on the schedule."""

from __future__ import annotations

from clabber_league.store import Database, DatabaseRecorder, open_game
from clabber_league.store.league import ENTERED, MatchInfo, match_info, start_match_game


def match_recorder(database: Database, match: MatchInfo) -> DatabaseRecorder:
    """The game to key in: one left unfinished, else a new one while the match has games
    to play, else its last game (finished, so the window shows it locked until reopened).

    Raises ``StoreError`` for a bye, a postponed or forfeited match.
    """
    match = match_info(database, match.id)  # the panel's copy may predate the last key-in
    for game_id in match.game_ids:
        recorder = open_game(database, game_id)
        if not recorder.game.finished:
            return recorder
    if match.state == ENTERED and match.game_ids:
        return open_game(database, match.game_ids[-1])
    return start_match_game(database, match.id)
