"""Printed sheets in the chosen language: headings, quick reference and footnotes, read back
from the PDF's text (pypdf); Persian letters shaped and in reading order."""

from __future__ import annotations

import re

import arabic_reshaper
import pytest

from clabber_league import i18n
from clabber_league.reports import BlankSheetRenderer, blank_sheet_data
from tests.reports.conftest import page_texts, pdf_bytes
from tests.reports.test_fonts import visual

WORDS = {
    "en": ["League", "Date", "Table", "Team", "Score", "Total", "Check", "Quick reference"],
    "ru": ["Лига", "Дата", "Стол", "Команда", "Очки", "Итог", "Контроль", "Краткая справка"],
    "ko": ["리그", "날짜", "테이블", "팀", "점수", "합계", "검산", "빠른 참고"],
    "fa": ["لیگ", "تاریخ", "میز", "تیم", "امتیاز", "جمع", "کنترل"],
}
RULES = {
    "en": "Makers need more than the defenders",
    "ru": "Создателям нужно больше, чем у защитников",
    "ko": "낙찰 팀은 수비 팀보다 많아야 함",
    "fa": "ارزش کارت‌ها",
}


def squeezed(text: str) -> str:
    return re.sub(r"[\s\u200c]+", "", text)


@pytest.mark.parametrize("code", list(WORDS))
def test_the_blank_sheet_speaks_the_language(code: str) -> None:
    i18n.install(code)
    (text,) = page_texts(pdf_bytes(BlankSheetRenderer(blank_sheet_data(league="Club"))))
    printed = squeezed(text)
    for word in [*WORDS[code], RULES[code]]:
        # Persian is printed in its joined letter forms (pypdf reads them back in reading
        # order); Hangul and the spaces between are drawn in separate runs.
        assert squeezed(arabic_reshaper.reshape(word)) in printed, word
    if code != "en":
        assert "Quick reference" not in text
        assert "Makers need" not in text
        assert "Clabber scoresheet" not in text


def test_a_persian_line_reads_from_the_right() -> None:
    i18n.install("fa")
    line = "جمع Owls"
    assert visual(line).startswith("Owls")
    i18n.install("en")
    assert visual(line).endswith("Owls")
