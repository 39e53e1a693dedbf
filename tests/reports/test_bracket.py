"""The bracket printout's data and page (``reports.bracket``) for a double bracket: the
losers' rounds under the winners', the grand final and its reset after both, and no
box for a match two byes would make."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

from clabber_league import i18n
from clabber_league.reports.bracket import BracketRenderer, bracket_data
from clabber_league.store.database import Database
from clabber_league.store.knockout import create_knockout, knockout_bracket
from tests.reports.test_mirrored import placed
from tests.store.test_knockout import entries, played_through


def test_a_double_bracket_of_five_on_the_page(tmp_path: Path) -> None:
    i18n.install("en")
    database = Database.open(str(tmp_path / "league.sqlite3"))
    try:
        create_knockout(database, name="Cup", teams=entries(5), double=True)
        opening = bracket_data(league="Cup", bracket=knockout_bracket(database, "Cup"),
                               stamp=date(2026, 12, 2))  # fmt: skip
        assert [stage.name for stage in opening.finals] == ["Grand final"]
        assert opening.finals[0].boxes == ()
        done = played_through(database, "Cup", random.Random(5))
    finally:
        database.close()
    data = bracket_data(league="Cup", bracket=done, stamp=date(2026, 12, 2))
    assert [(s.name, s.slots) for s in data.rounds] == [
        ("Winners' round 1", 4),
        ("Winners' round 2", 2),
        ("Winners' final", 1),
    ]
    assert [(s.name, s.slots, s.void) for s in data.losers] == [
        ("Losers' round 1", 2, frozenset({2})),
        ("Losers' round 2", 2, frozenset()),
        ("Losers' round 3", 1, frozenset()),
        ("Losers' final", 1, frozenset()),
    ]
    assert [s.name for s in data.finals] == ["Grand final", "Grand final, reset"][
        : len(done.finals)
    ]
    assert data.champion == (done.champion.team if done.champion else "")
    seen = placed(BracketRenderer(data))
    where = {text: (x, y) for x, y, text in seen}
    assert where["Losers' round 1"][1] < where["Winners' round 1"][1]
    assert where["Grand final"][0] > where["Losers' final"][0] > where["Winners' final"][0]
    assert where["Champion"][0] > where["Grand final"][0]
    assert sum(text == "bye" for _x, _y, text in seen) == sum(
        1 for stage in (*done.rounds, *done.losers) for match in stage if match.away is None
    )


def test_a_single_bracket_has_no_losers_rounds(tmp_path: Path) -> None:
    i18n.install("en")
    database = Database.open(str(tmp_path / "league.sqlite3"))
    try:
        made = create_knockout(database, name="Cup", teams=entries(4))
    finally:
        database.close()
    data = bracket_data(league="Cup", bracket=made, stamp=date(2026, 12, 2))
    assert [s.name for s in data.rounds] == ["Semi-final", "Final"]
    assert (data.losers, data.finals) == ((), ())
    assert "Grand final" not in {text for _x, _y, text in placed(BracketRenderer(data))}
