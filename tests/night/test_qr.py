"""The QR code's dark runs are exactly segno's matrix, and always a full-size code."""

from __future__ import annotations

import segno
from hypothesis import given
from hypothesis import strategies as st

from clabber_league.night.qr import QUIET_ZONE, qr_code

TOKEN_CHARS = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", max_size=64
)


def matrix_of(runs: tuple[tuple[int, int, int], ...], size: int) -> list[list[int]]:
    rows = [[0] * size for _ in range(size)]
    for row, column, length in runs:
        for offset in range(length):
            rows[row][column + offset] = 1
    return rows


@given(TOKEN_CHARS)
def test_runs_draw_segnos_matrix_module_for_module(token: str) -> None:
    url = f"http://192.168.1.20:8717/t/{token}"
    code = qr_code(url)
    expected = segno.make(url, error="m", micro=False)
    assert code.size == len(expected.matrix)
    assert matrix_of(code.runs, code.size) == [list(row) for row in expected.matrix]


def test_runs_are_maximal_and_in_reading_order() -> None:
    code = qr_code("http://127.0.0.1:8717/board/abc")
    assert list(code.runs) == sorted(code.runs)
    ends = {(row, column + length) for row, column, length in code.runs}
    starts = {(row, column) for row, column, _ in code.runs}
    assert not ends & starts  # two runs never touch: each is as long as it can be


def test_a_short_link_is_still_a_full_size_code_phones_read() -> None:
    code = qr_code("http://a/t/b")
    assert code.size >= 21  # a Micro QR is at most 17 modules square
    assert code.size_with_quiet_zone == code.size + 2 * QUIET_ZONE
