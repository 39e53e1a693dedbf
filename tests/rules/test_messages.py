"""Problem lines: one line each, short, said once with a count."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given
from hypothesis import strategies as st

from clabber_league.rules.messages import (
    LINE_CHARS,
    MOST_LINES,
    Problem,
    one_line,
    problem,
    shortened,
    tidy,
    word,
)


def test_a_long_number_keeps_its_start_and_end() -> None:
    line = one_line(f"the score {'7' * 4000} is not a number of points")
    assert len(line) <= LINE_CHARS
    assert "…" in line
    assert line.endswith("is not a number of points")


def test_the_same_problem_is_said_once_with_a_count() -> None:
    lines = tidy(["hand 3: a renege needs a side"] * 9999)
    assert lines == ("hand 3: a renege needs a side (9,999 times)",)


def test_many_problems_end_with_a_count_of_the_rest() -> None:
    lines = tidy([f"problem {n}" for n in range(1000)])
    assert len(lines) == MOST_LINES
    assert lines[-1] == "… and 951 more problems"


def test_a_file_path_is_kept_whole() -> None:
    path = "/home/secretary/" + "league-files/" * 8 + "spring.sqlite3"
    line = one_line(f"{path} is damaged (database disk image is malformed): no backup was made")
    assert path in line


@given(st.text())
def test_any_text_is_one_short_line_without_control_characters(text: str) -> None:
    line = one_line(text)
    assert "\n" not in line
    assert not any(ord(char) < 32 for char in line)
    if "/" not in text and "://" not in text:
        assert len(line) <= LINE_CHARS


@given(st.text(), st.integers(min_value=2, max_value=300))
def test_shortened_fits(text: str, width: int) -> None:
    assert len(shortened(text, width)) <= width


def test_a_problem_copies_and_pickles_as_what_it_is_made_of() -> None:
    """A copied line (``dataclasses.asdict`` of a schedule line) is still translatable."""
    line = problem("{rank} of trumps", rank=word("ten", "card"))
    for copied in (copy.deepcopy(line), pickle.loads(pickle.dumps(line))):
        assert isinstance(copied, Problem)
        assert (copied, copied.template, copied.context) == (line, line.template, None)
        rank = copied.values["rank"]
        assert isinstance(rank, Problem)
        assert rank.context == "card"
