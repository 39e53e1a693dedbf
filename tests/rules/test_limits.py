"""The limits in one place: ranges, typed numbers, and the README's table kept in step."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clabber_league.rules.limits import (
    LIMITS,
    RECORD_ID,
    ROUNDS,
    SCHEDULE_DATES,
    LimitError,
    limits_table,
)

README = Path(__file__).parents[2] / "README.md"


def test_the_readme_table_is_the_limits_table() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- limits:start -->\n") + len("<!-- limits:start -->\n")
    end = text.index("\n<!-- limits:end -->")
    assert text[start:end] == limits_table()


def test_every_limit_has_a_low_below_its_high_and_a_unique_key() -> None:
    assert all(limit.low <= limit.high for limit in LIMITS)
    assert len({limit.key for limit in LIMITS}) == len(LIMITS)


@pytest.mark.parametrize(
    "text", ["99999999999999999999", "9" * 5000, "-1", "0", "2147483648", "1e3", "١٢", "", " "]
)
def test_an_id_out_of_range_or_not_a_number_is_one_line(text: str) -> None:
    with pytest.raises(LimitError) as refused:
        RECORD_ID.parse(text)
    message = str(refused.value)
    assert "\n" not in message
    assert len(message) <= 200
    assert "from 1 to 2,147,483,647" in message


@given(st.integers(min_value=ROUNDS.low, max_value=ROUNDS.high))
def test_every_number_in_range_is_read(value: int) -> None:
    assert ROUNDS.parse(f" {value} ") == value


def test_a_date_outside_the_calendar_is_refused() -> None:
    assert SCHEDULE_DATES.check(date(2026, 9, 3)) == date(2026, 9, 3)
    with pytest.raises(LimitError, match="between 01 Jan 1900 and 31 Dec 2199"):
        SCHEDULE_DATES.check(date(9999, 1, 1))
